// judge/pipeline/trusted_runs.hpp: the store of trusted runs: the reference's and the seeded bugs'.
//
// Trusted programs are built by Builder::build_trusted, so that an executable's file name is the
// hash of its content. Their runs are cached on disk under <cache>/runs/, keyed by that name, the
// spec, the seed and the test id, each run one file (runs/run_files.hpp: encode_run_files)
// published with one rename; a judge runs a program's runs under a draw holding that program's
// lock (<cache>/runs/locks/), so a run is computed once per machine, whatever the number of judges
// sharing the cache.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "compile/builder.hpp"
#include "pipeline/answer_key.hpp"
#include "pipeline/input_files.hpp"
#include "problem/spec.hpp"
#include "runs/program_run.hpp"
#include "runs/run_files.hpp"
#include "sandbox/sandbox.hpp"
#include "traps/seeded_bugs.hpp"

namespace judge {

/// What trusted program `exe`'s run on test `t` of `p` (inputs in `inputs`) left, from the cache;
/// run and published first when it is not there yet (run in a box of its own from `sandbox`).
RunFiles cached_run_files(const Problem& p, uint64_t seed, InputFiles& inputs, const std::filesystem::path& exe,
                          size_t t, const Sandbox& sandbox);

/// A course program's run on one test.
using ProgramTest = std::pair<std::filesystem::path, size_t>;

/// Runs each trusted program on its test, of those `runs` not cached yet, all in one box
/// (trusted_box.hpp: run_trusted_batch), and publishes each run as cached_run_files would.
void cache_runs(const Problem& p, uint64_t seed, InputFiles& inputs, const std::vector<ProgramTest>& runs,
                const Sandbox& sandbox);

/// The same for one program `exe` on `tests`.
void cache_runs(const Problem& p, uint64_t seed, InputFiles& inputs, const std::filesystem::path& exe,
                const std::vector<size_t>& tests, const Sandbox& sandbox);

/// The answer key of a full course root: computed from the reference and the seeded bugs.
/// Thread-safe: every member may be called from several threads at once (validate judges bugs and
/// mutants in parallel). A run, once returned, stays where it is for the object's lifetime.
class TrustedRuns final : public AnswerKey {
public:
    /// Every build and run of a course program goes through a box of its own from `sandbox`.
    /// The counterexample cases are drawn for `case_seed` (default: `seed`; pipeline/judge.hpp).
    TrustedRuns(const Problem& p, uint64_t seed, Builder& builder, const Sandbox& sandbox, InputFiles& inputs,
                std::optional<uint64_t> case_seed = std::nullopt);

    void prepare() override { reference_exe(); }
    const std::vector<SeededBug>& bugs() const override { return m_bugs; }
    std::optional<TestRun> candidate(const Problem& cases, size_t i, InputFiles& inputs) override;

    /// The reference's executable, built on first use. Throws InputError when it is missing or
    /// does not build.
    const std::filesystem::path& reference_exe();

    /// The reference's run on test `t`. Throws InputError when the reference does not build.
    const TestRun& reference(size_t t) override;
    void prepare_reference(const std::vector<size_t>& tests) override;
    void prepare_candidates(const Problem& cases, InputFiles& inputs, const std::vector<size_t>& which) override;

    /// Builds every seeded bug (in parallel) and runs none; returns the build results by bug index.
    std::vector<BuildResult> build_every_bug();

    /// Builds the seeded bugs marked in `wanted` that are not built yet, then runs them on `tests`
    /// (from the cache, or all in one box), so that bug_runs(t, wanted) finds them ready.
    void prepare_bugs(const std::vector<bool>& wanted, const std::vector<size_t>& tests) override;
    void prepare_bug_runs(const std::vector<std::pair<size_t, size_t>>& runs) override;

    /// Every seeded bug's run on test `t`, by bug index; nullptr for a bug that does not build.
    /// Builds the bugs on first use. Thread-safe.
    std::vector<const TestRun*> bug_runs(size_t t);

    /// The same for the bugs marked in `wanted` only (nullptr for the others): a failing
    /// submission needs only the bugs of the traps it failed (traps/misconception.hpp).
    std::vector<const TestRun*> bug_runs(size_t t, const std::vector<bool>& wanted) override;

    /// A trusted program's run on test `t`: from the cache when it ran before, else run and cached.
    TestRun cached_run(const std::filesystem::path& exe, size_t t);

    /// Runs trusted program `exe` on those of `tests` not cached yet, all in one box (cache_runs),
    /// so that cached_run and run_files find them ready.
    void prepare_runs(const std::filesystem::path& exe, const std::vector<size_t>& tests);

    /// The files of that run (computed first when needed): what a pack copies.
    RunFiles run_files(const std::filesystem::path& exe, size_t t);

private:
    const TestRun* bug(size_t b, size_t t);
    /// Builds, in parallel, the bugs of `which` that are not built yet.
    void build_missing(const std::vector<size_t>& which);
    BuildResult build_bug(size_t b);

    const Problem& m_p;
    uint64_t m_seed;
    uint64_t m_case_seed;
    Builder& m_builder;
    const Sandbox& m_sandbox;
    InputFiles& m_inputs;
    std::vector<SeededBug> m_bugs;
    std::optional<std::filesystem::path> m_reference_exe;
    std::vector<std::optional<TestRun>> m_reference_runs;
    std::vector<std::optional<BuildResult>> m_bug_builds;
    std::map<std::pair<size_t, size_t>, TestRun> m_bug_runs;
    std::mutex m_mutex;            // m_bug_builds and m_bug_runs
    std::mutex m_reference_mutex;  // m_reference_exe and m_reference_runs
};

}  // namespace judge
