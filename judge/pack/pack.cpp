#include "pack/pack.hpp"

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>
#include <set>

#include "core/errors.hpp"
#include "pipeline/counterexample.hpp"
#include "pipeline/judge.hpp"
#include "pipeline/pack_format.hpp"
#include "pipeline/packed_key.hpp"
#include "pipeline/trusted_runs.hpp"
#include "problem/inputs.hpp"
#include "problem/packed.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"
#include "util/parallel.hpp"

namespace judge {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

void put(const fs::path& file, const std::string& bytes) {
    fs::create_directories(file.parent_path());
    write_file_atomic(file, bytes);
}

class KeyWriter {
public:
    explicit KeyWriter(fs::path dir) : m_dir(std::move(dir)) {}

    // Stores a cached run's files as a folder named by their content; returns its name.
    std::string run(const RunFiles& files) {
        Hasher h;
        for (const auto& [f, bytes] : files) h.add(f).add(bytes);
        const std::string name = h.hex();
        if (m_runs.insert(name).second)
            for (const auto& [f, bytes] : files) put(m_dir / "runs" / name / f, bytes);
        return name;
    }

    std::string array(const npy::Array& a) {
        const std::string bytes = npy::encode(a);
        const std::string name = sha256_plain_hex(bytes) + ".npy";
        if (m_arrays.insert(name).second) put(m_dir / "inputs" / name, bytes);
        return name;
    }

private:
    fs::path m_dir;
    std::set<std::string> m_runs, m_arrays;
};

// Packs problem `p` (as released: the tests withheld until after the due date stay out) into `out`.
void pack_problem(const Problem& p, const fs::path& out, Builder& builder, const Sandbox& sandbox) {
    const std::string& name = p.name;
    Judge judge(p, 0, builder, sandbox);
    TrustedRuns& trusted = judge.trusted();
    const fs::path exe = trusted.reference_exe();
    const Report ref = judge.judge_trusted(exe);
    for (const TestOutcome& t : ref.tests)
        if (!t.passed())
            throw InputError(fmt::format("{}: the reference fails test {} ({}); run judge validate {}",
                                         p.reference.string(), t.id, t.message, name));
    // What the student sees: the statement, the spec without hidden inputs, the template.
    put(out / "problems" / name / "problem.json", packed_spec_text(p));
    if (fs::exists(p.dir / p.statement_file))
        put(out / "problems" / name / p.statement_file, read_input_file(p.dir / p.statement_file));
    const fs::path tmpl = p.template_solution.parent_path();
    for (const std::string& f : files_below(tmpl)) put(out / "student_template" / name / f, read_file(tmpl / f));

    // The answer key, as data.
    const fs::path dir = pack::key_dir(out, name);
    KeyWriter w(dir);
    json key = {{"problem", name},
                {"bugs", json::array()},
                {"reference", json::object()},
                {"bug_runs", json::object()},
                {"candidates", json::object()},
                {"hidden_inputs", json::object()}};
    const std::vector<size_t> all = indices(p.tests.size());
    for (size_t t = 0; t < p.tests.size(); ++t) key["reference"][p.tests[t].id] = w.run(trusted.run_files(exe, t));
    spdlog::info("{}: running {} seeded bugs on {} tests", name, trusted.bugs().size(), p.tests.size());
    const std::vector<BuildResult> builds = trusted.build_every_bug();
    // Each bug's runs not cached yet, one box per bug, two bugs at a time.
    parallel_for(builds.size(), 2, [&](size_t b) {
        if (builds[b].ok) trusted.prepare_runs(builds[b].exe, all);
    });
    for (size_t b = 0; b < trusted.bugs().size(); ++b) {
        const SeededBug& bug = trusted.bugs()[b];
        key["bugs"].push_back({{"name", bug.name},
                               {"trap", bug.trap},
                               {"misconception", bug.misconception},
                               {"misconception_in", bug.misconception_in},
                               {"builds", builds[b].ok}});
        if (!builds[b].ok) continue;
        json runs = json::object();
        for (size_t t = 0; t < p.tests.size(); ++t) runs[p.tests[t].id] = w.run(trusted.run_files(builds[b].exe, t));
        key["bug_runs"][bug.name] = runs;
    }
    const Problem cases = all_candidate_cases(p);
    InputFiles case_inputs(cases, 0);
    cache_runs(cases, 0, case_inputs, exe, indices(cases.tests.size()), sandbox);
    for (size_t i = 0; i < cases.tests.size(); ++i)
        key["candidates"][cases.tests[i].id] = w.run(cached_run_files(cases, 0, case_inputs, exe, i, sandbox));
    for (const TestSpec& t : p.tests) {
        if (!t.hidden) continue;
        json inputs = json::object();
        for (const auto& [param, array] : make_inputs(t, 0)) {
            inputs[param] = {{"npy", w.array(array)}};
            if (t.trace == param) inputs[param]["arange"] = {t.inputs.at(param).gen.start, t.inputs.at(param).gen.step};
        }
        key["hidden_inputs"][t.id] = inputs;
    }
    // The harness object, for a student whose compiler is this one (its name says which): their
    // first submit then compiles only their own file. Another compiler builds its own.
    const fs::path harness = builder.harness_object(p);
    put(dir / "harness" / harness.filename(), read_file(harness));
    put(dir / "key.json", key.dump(1) + "\n");
}

// The packed problem must give every test the very inputs the full root gives it.
void check_inputs(const Problem& full, const fs::path& out) {
    const std::string& name = full.name;
    const Problem packed = load_course_problem(out, name);
    for (size_t t = 0; t < full.tests.size(); ++t) {
        const InputArrays a = make_inputs(full.tests[t], 0), b = make_inputs(packed.tests.at(t), 0);
        bool same = a.size() == b.size();
        for (const auto& [param, array] : a)
            same = same && b.count(param) && npy::encode(array) == npy::encode(b.at(param));
        if (!same)
            throw JudgeFailure(fmt::format("pack: {} test {}: the packed inputs differ", name, full.tests[t].id));
    }
}

}  // namespace

PackSummary write_pack(const fs::path& root, const std::vector<std::string>& problems, const fs::path& out,
                       Builder& builder, const Sandbox& sandbox) {
    if (pack::is_pack(root)) throw InputError(pack::needs_full_root("judge pack"));
    std::error_code ec;
    if (fs::exists(out, ec) && !(fs::is_directory(out, ec) && fs::is_empty(out, ec)))
        throw InputError(out.string() +
                         ": already exists; judge pack writes a new folder (remove it, or choose another)");
    const fs::path staging = staging_path(fs::absolute(out).lexically_normal());
    fs::create_directories(staging);
    try {
        json listed = json::object();
        std::vector<Problem> packed;
        for (const std::string& name : problems) {
            spdlog::info("packing {}", name);
            // What students may see now: the tests withheld until after the due date stay out.
            const Problem& p = packed.emplace_back(released(load_problem(root, name), false));
            pack_problem(p, staging, builder, sandbox);
            listed[name] = {
                {"spec_sha256", sha256_plain_hex(p.spec_text)},
                {"packed_spec_sha256", sha256_plain_hex(read_file(staging / "problems" / name / "problem.json"))}};
        }
        PackSummary s;
        json files = json::object();
        for (const std::string& f : files_below(staging)) {
            const std::string bytes = read_file(staging / f);
            files[f] = sha256_plain_hex(bytes);
            ++s.files;
            s.bytes += bytes.size();
        }
        const json manifest = {
            {"format", pack::format_name}, {"judge", pack::judge_identity()}, {"problems", listed}, {"files", files}};
        put(staging / pack::manifest_file, manifest.dump(1) + "\n");
        for (const Problem& p : packed) check_inputs(p, staging);
        pack::verify(staging);
        if (fs::exists(out, ec)) fs::remove(out);
        fs::rename(staging, out);
        return s;
    } catch (...) {
        fs::remove_all(staging, ec);
        throw;
    }
}

}  // namespace judge
