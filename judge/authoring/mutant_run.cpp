// Mutation analysis: every mutant of the reference built (through the cache, in parallel) and run
// on every test. Killed when any test rejects it; stillborn when it does not compile. With
// --changed or --survivors, the mutants the last run's record answers for are not run again.
#include <fmt/core.h>

#include <map>
#include <thread>

#include "authoring/mutant_record.hpp"
#include "authoring/mutants.hpp"
#include "authoring/units.hpp"
#include "core/cache.hpp"
#include "pipeline/trusted_box.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"
#include "util/progress.hpp"

namespace judge::validation_units {

namespace fs = std::filesystem;

namespace {

// Whether the record answers for the mutant of `key` under `scope`: --changed trusts every fate it
// holds (the mutant's line is unchanged), --survivors every fate but a pass.
bool answered(MutantScope scope, const MutantRecord& record, const std::string& key) {
    const auto r = record.find(key);
    if (scope == MutantScope::all || r == record.end()) return false;
    return scope == MutantScope::changed || r->second != MutantFate::passes;
}

}  // namespace

MutantSummary run_mutants(const Problem& p, Judge& judge, Builder& builder, const std::vector<Mutant>& mutants,
                          const std::map<std::string, std::string>& reason_of, const ValidationSettings& s) {
    const std::vector<std::string> keys = mutant_keys(mutants);
    const fs::path record_file = mutant_record_path(cache_root(), p.reference);
    const MutantRecord record = s.mutant_scope == MutantScope::all ? MutantRecord{} : load_mutant_record(record_file);
    MutantSummary m;
    if (s.mutant_scope != MutantScope::all && record.empty())
        m.scope_note = "no record of an earlier validate --mutants of this reference: every mutant ran";
    std::vector<size_t> to_run;
    std::vector<MutantFate> fate(mutants.size(), MutantFate::stillborn);
    for (size_t i = 0; i < mutants.size(); ++i) {
        if (answered(s.mutant_scope, record, keys[i]))
            fate[i] = record.at(keys[i]);
        else
            to_run.push_back(i);
    }
    Progress progress("mutants", to_run.size());
    const unsigned jobs = s.jobs > 0 ? s.jobs : std::max(1u, std::thread::hardware_concurrency());
    parallel_for(to_run.size(), jobs, [&](size_t k) {
        const size_t i = to_run[k];
        const BuildResult br =
            build_trusted(builder, judge.sandbox(), p, mutants[i].source, fmt::format("mutant {}", mutants[i].id));
        if (br.ok)
            fate[i] =
                judge.judge_trusted(br.exe).verdict == Verdict::accepted ? MutantFate::passes : MutantFate::killed;
        progress.step();
    });
    MutantRecord now;
    for (size_t i = 0; i < mutants.size(); ++i) now[keys[i]] = fate[i];
    save_mutant_record(record_file, now);

    m.file = course_path(p, p.reference);
    m.total = mutants.size();
    m.reused = mutants.size() - to_run.size();
    size_t equivalent = 0;
    for (size_t i = 0; i < mutants.size(); ++i) {
        m.killed += fate[i] == MutantFate::killed ? 1 : 0;
        m.stillborn += fate[i] == MutantFate::stillborn ? 1 : 0;
        if (fate[i] != MutantFate::passes) continue;
        if (const auto r = reason_of.find(mutants[i].id); r != reason_of.end()) {
            m.equivalent.emplace_back(mutants[i].id, r->second);
            ++equivalent;
        } else {
            m.survivors.emplace_back(mutants[i].id, mutants[i].diff(m.file));
        }
    }
    const size_t alive = m.total - m.stillborn - equivalent;
    m.score = alive == 0 ? 1.0 : static_cast<double>(m.killed) / static_cast<double>(alive);
    return m;
}

}  // namespace judge::validation_units
