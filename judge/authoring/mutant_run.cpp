// Mutation analysis: every mutant of the reference built (through the cache, in parallel) and run
// on every test. Killed when any test rejects it; stillborn when it does not compile.
#include <fmt/core.h>

#include <map>
#include <thread>

#include "authoring/mutants.hpp"
#include "authoring/units.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"
#include "util/progress.hpp"

namespace judge::validation_units {

namespace fs = std::filesystem;

MutantSummary run_mutants(const Problem& p, Judge& judge, Builder& builder, const std::vector<Mutant>& mutants,
                          const std::map<std::string, std::string>& reason_of) {
    TempDir dir("judge-mutants");
    enum class Fate { killed, survived, stillborn, equivalent };
    std::vector<Fate> fate(mutants.size(), Fate::stillborn);
    Progress progress("mutants", mutants.size());
    parallel_for(mutants.size(), std::max(1u, std::thread::hardware_concurrency()), [&](size_t i) {
        const fs::path file = dir.path() / fmt::format("mutant-{}.cpp", i);
        write_file_atomic(file, mutants[i].source);
        const BuildResult br = builder.build_trusted(p, file);
        if (br.ok) {
            const bool passes = judge.judge_trusted(br.exe).verdict == Verdict::accepted;
            fate[i] = !passes ? Fate::killed : reason_of.count(mutants[i].id) ? Fate::equivalent : Fate::survived;
        }
        progress.step();
    });
    MutantSummary m;
    m.file = course_path(p, p.reference);
    m.total = mutants.size();
    for (size_t i = 0; i < mutants.size(); ++i) {
        m.killed += fate[i] == Fate::killed ? 1 : 0;
        m.stillborn += fate[i] == Fate::stillborn ? 1 : 0;
        if (fate[i] == Fate::survived) m.survivors.emplace_back(mutants[i].id, mutants[i].diff(m.file));
        if (fate[i] == Fate::equivalent) m.equivalent.emplace_back(mutants[i].id, reason_of.at(mutants[i].id));
    }
    const size_t alive = m.total - m.stillborn - m.equivalent.size();
    m.score = alive == 0 ? 1.0 : static_cast<double>(m.killed) / static_cast<double>(alive);
    return m;
}

}  // namespace judge::validation_units
