#include "pipeline/trusted_runs.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "core/cache.hpp"
#include "core/errors.hpp"
#include "pipeline/box_check.hpp"
#include "pipeline/trusted_box.hpp"
#include "problem/redraw.hpp"
#include "runs/run_files.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"
#include "util/parallel.hpp"

namespace judge {

namespace fs = std::filesystem;

TrustedRuns::TrustedRuns(const Problem& p, uint64_t seed, Builder& builder, const Sandbox& sandbox, InputFiles& inputs,
                         std::optional<uint64_t> case_seed)
    : m_p(p),
      m_seed(seed),
      m_case_seed(case_seed.value_or(seed)),
      m_builder(builder),
      m_sandbox(sandbox),
      m_inputs(inputs),
      m_bugs(load_bugs(p)),
      m_reference_runs(p.tests.size()),
      m_bug_builds(m_bugs.size()) {}

// Bumped when the meaning of a cached run changes (2: time limits in CPU time, in ms; 3: an entry
// is one file, runs/run_files.hpp).
constexpr const char* run_cache_format = "runs 3";

namespace {

// The digest of a spec's text, hashed once per text (a spec is about 50 KB; each run's key has it).
const std::string& spec_digest(const std::string& spec_text) {
    static std::mutex mutex;
    static std::map<std::string, std::string> digests;
    const std::lock_guard lock(mutex);
    const auto it = digests.find(spec_text);
    return it != digests.end() ? it->second : digests.emplace(spec_text, sha256_hex(spec_text)).first->second;
}

// What every run of program `exe` on `p` under `seed` shares in its key.
void program_key(Hasher& h, const Problem& p, uint64_t seed, const fs::path& exe) {
    h.add(run_cache_format).add(exe.filename().string()).add(spec_digest(p.spec_text)).add(std::to_string(seed));
}

fs::path run_cache_file(const Problem& p, uint64_t seed, const fs::path& exe, size_t t) {
    const TestSpec& test = p.tests[t];
    Hasher h;
    program_key(h, p, seed, exe);
    if (seed != 0) h.add(redraw_version).add(lookup_key(test));  // what the seed drew
    const std::string key = h.add(test.id).hex();
    return cache_root() / "runs" / key.substr(0, 2) / key;
}

// The lock of program `exe`'s runs on `p` under `seed`: a judge runs them under it, so that judges
// sharing the cache run each once (a lock a program and draw, not a lock file a run).
fs::path program_lock(const Problem& p, uint64_t seed, const fs::path& exe) {
    Hasher h;
    program_key(h, p, seed, exe);
    return cache_root() / "runs" / "locks" / h.add("lock").hex();
}

bool is_cached(const fs::path& file) {
    std::error_code ec;
    return fs::is_regular_file(file, ec);
}

std::optional<RunFiles> read_cached(const fs::path& file) {
    if (!is_cached(file)) return std::nullopt;
    return decode_run_files(read_file(file));  // a garbled entry is run again
}

}  // namespace

void cache_runs(const Problem& p, uint64_t seed, InputFiles& inputs, const std::vector<ProgramTest>& runs,
                const Sandbox& sandbox) {
    std::vector<std::pair<fs::path, ProgramTest>> missing;  // each run's entry, and the run
    for (const ProgramTest& run : runs)
        if (fs::path file = run_cache_file(p, seed, run.first, run.second); !is_cached(file))
            missing.emplace_back(std::move(file), run);
    std::sort(missing.begin(), missing.end());
    missing.erase(std::unique(missing.begin(), missing.end()), missing.end());
    if (missing.size() < 2) return;  // one run goes as cached_run_files runs it
    // Each program's lock, taken in the order of their paths (as every judge sharing the cache takes them).
    std::set<fs::path> programs, lock_paths;
    for (const auto& [file, run] : missing) programs.insert(run.first);
    for (const fs::path& exe : programs) lock_paths.insert(program_lock(p, seed, exe));
    std::vector<std::unique_ptr<BuildLock>> locks;
    for (const fs::path& path : lock_paths) locks.push_back(std::make_unique<BuildLock>(path));
    std::vector<TrustedJob> jobs;
    std::vector<fs::path> targets;
    for (const auto& [file, run] : missing) {
        if (is_cached(file)) continue;  // another judge ran it meanwhile
        jobs.push_back({run.first, run.second});
        targets.push_back(file);
    }
    if (jobs.empty()) return;
    inputs.ensure();
    const std::vector<RunFiles> files = run_trusted_batch(sandbox, p, inputs, jobs);
    confirm_runs(files, sandbox, p.limits);  // no run the box failed is kept
    for (size_t i = 0; i < jobs.size(); ++i) write_file_atomic(targets[i], encode_run_files(files[i]));
}

void cache_runs(const Problem& p, uint64_t seed, InputFiles& inputs, const fs::path& exe,
                const std::vector<size_t>& tests, const Sandbox& sandbox) {
    std::vector<ProgramTest> runs;
    for (const size_t t : tests) runs.emplace_back(exe, t);
    cache_runs(p, seed, inputs, runs, sandbox);
}

RunFiles cached_run_files(const Problem& p, uint64_t seed, InputFiles& inputs, const fs::path& exe, size_t t,
                          const Sandbox& sandbox) {
    const fs::path file = run_cache_file(p, seed, exe, t);
    if (std::optional<RunFiles> files = read_cached(file)) return *std::move(files);
    const BuildLock lock(program_lock(p, seed, exe));  // another judge sharing the cache may be running it
    if (std::optional<RunFiles> files = read_cached(file)) return *std::move(files);
    inputs.ensure();
    RunFiles files = run_trusted(sandbox, exe, p.function(p.tests[t].function), inputs.dir(t), p.limits);
    confirm_runs({files}, sandbox, p.limits);
    write_file_atomic(file, encode_run_files(files));  // one rename: no judge reads half an entry
    return files;
}

RunFiles TrustedRuns::run_files(const fs::path& exe, size_t t) {
    return cached_run_files(m_p, m_seed, m_inputs, exe, t, m_sandbox);
}

void TrustedRuns::prepare_runs(const fs::path& exe, const std::vector<size_t>& tests) {
    cache_runs(m_p, m_seed, m_inputs, exe, tests, m_sandbox);
}

TestRun TrustedRuns::cached_run(const fs::path& exe, size_t t) {
    const FunctionSpec& fn = m_p.function(m_p.tests[t].function);
    // A published entry always holds its judge_status (run_trusted records it).
    if (std::optional<TestRun> run = read_finished_run(fn, run_files(exe, t))) return *std::move(run);
    throw JudgeFailure("the cached run of " + m_p.tests[t].id + " cannot be read back");
}

std::optional<TestRun> TrustedRuns::candidate(const Problem& cases, size_t i, InputFiles& inputs) {
    return read_finished_run(cases.function(cases.tests[i].function),
                             cached_run_files(cases, m_case_seed, inputs, reference_exe(), i, m_sandbox));
}

const fs::path& TrustedRuns::reference_exe() {
    const std::lock_guard lock(m_reference_mutex);
    if (!m_reference_exe) {
        const std::string display = (fs::path("reference") / m_p.name / "solution.cpp").string();
        if (!fs::exists(m_p.reference)) throw InputError(display + ": the reference solution is missing");
        BuildResult br = build_trusted(m_builder, m_sandbox, m_p, read_input_file(m_p.reference), display, true);
        if (!br.ok) throw InputError(display + ": the reference does not compile:\n" + br.log);
        m_reference_exe = br.exe;
    }
    return *m_reference_exe;
}

void TrustedRuns::prepare_reference(const std::vector<size_t>& tests) { prepare_runs(reference_exe(), tests); }

void TrustedRuns::prepare_candidates(const Problem& cases, InputFiles& inputs, const std::vector<size_t>& which) {
    cache_runs(cases, m_case_seed, inputs, reference_exe(), which, m_sandbox);
}

const TestRun& TrustedRuns::reference(size_t t) {
    const fs::path& exe = reference_exe();
    {
        const std::lock_guard lock(m_reference_mutex);
        if (m_reference_runs[t]) return *m_reference_runs[t];
    }
    TestRun run = cached_run(exe, t);  // outside the lock: another test's run can go on meanwhile
    const std::lock_guard lock(m_reference_mutex);
    if (!m_reference_runs[t]) m_reference_runs[t] = std::move(run);  // the first one stays: it may be in use
    return *m_reference_runs[t];
}

BuildResult TrustedRuns::build_bug(size_t b) {
    return build_trusted(m_builder, m_sandbox, m_p, m_bugs[b].source, m_bugs[b].path.string());
}

void TrustedRuns::build_missing(const std::vector<size_t>& which) {
    std::vector<size_t> todo;
    {
        const std::lock_guard lock(m_mutex);
        for (const size_t b : which)
            if (!m_bug_builds[b]) todo.push_back(b);
    }
    std::vector<BuildResult> out(todo.size());
    parallel_for(todo.size(), std::max(1u, std::thread::hardware_concurrency()),
                 [&](size_t i) { out[i] = build_bug(todo[i]); });
    const std::lock_guard lock(m_mutex);
    for (size_t i = 0; i < todo.size(); ++i)
        if (!m_bug_builds[todo[i]]) m_bug_builds[todo[i]] = out[i];
}

std::vector<BuildResult> TrustedRuns::build_every_bug() {
    std::vector<size_t> all(m_bugs.size());
    for (size_t b = 0; b < all.size(); ++b) all[b] = b;
    build_missing(all);
    const std::lock_guard lock(m_mutex);
    std::vector<BuildResult> out;
    for (const std::optional<BuildResult>& br : m_bug_builds) out.push_back(*br);
    return out;
}

void TrustedRuns::prepare_bugs(const std::vector<bool>& wanted, const std::vector<size_t>& tests) {
    std::vector<std::pair<size_t, size_t>> runs;
    for (size_t b = 0; b < m_bugs.size(); ++b)
        for (size_t i = 0; wanted[b] && i < tests.size(); ++i) runs.emplace_back(b, tests[i]);
    prepare_bug_runs(runs);
}

void TrustedRuns::prepare_bug_runs(const std::vector<std::pair<size_t, size_t>>& runs) {
    std::vector<size_t> which;
    for (const auto& [b, t] : runs) which.push_back(b);
    std::sort(which.begin(), which.end());
    which.erase(std::unique(which.begin(), which.end()), which.end());
    build_missing(which);
    m_inputs.ensure();
    // Every run not cached yet in one box (cache_runs), whichever bug it is.
    std::vector<ProgramTest> boxed;
    {
        const std::lock_guard lock(m_mutex);
        for (const auto& [b, t] : runs)
            if (m_bug_builds[b]->ok && !m_bug_runs.contains({b, t})) boxed.emplace_back(m_bug_builds[b]->exe, t);
    }
    cache_runs(m_p, m_seed, m_inputs, boxed, m_sandbox);
    parallel_for(runs.size(), std::max(1u, std::thread::hardware_concurrency()),
                 [&](size_t i) { bug(runs[i].first, runs[i].second); });
}

const TestRun* TrustedRuns::bug(size_t b, size_t t) {
    fs::path exe;
    {
        const std::lock_guard lock(m_mutex);
        const auto it = m_bug_runs.find({b, t});
        if (it != m_bug_runs.end()) return &it->second;
        if (m_bug_builds[b]) {
            if (!m_bug_builds[b]->ok) return nullptr;
            exe = m_bug_builds[b]->exe;
        }
    }
    if (exe.empty()) {
        build_missing({b});
        const std::lock_guard lock(m_mutex);
        if (!m_bug_builds[b]->ok) return nullptr;
        exe = m_bug_builds[b]->exe;
    }
    TestRun run = cached_run(exe, t);  // outside the lock: the runs of other bugs and tests go on
    const std::lock_guard lock(m_mutex);
    return &m_bug_runs.emplace(std::make_pair(b, t), std::move(run)).first->second;
}

std::vector<const TestRun*> TrustedRuns::bug_runs(size_t t, const std::vector<bool>& wanted) {
    std::vector<const TestRun*> runs;
    for (size_t b = 0; b < m_bugs.size(); ++b) runs.push_back(wanted[b] ? bug(b, t) : nullptr);
    return runs;
}

std::vector<const TestRun*> TrustedRuns::bug_runs(size_t t) {
    build_every_bug();  // at once when every bug is built
    std::vector<const TestRun*> runs;
    for (size_t b = 0; b < m_bugs.size(); ++b) runs.push_back(bug(b, t));
    return runs;
}

}  // namespace judge
