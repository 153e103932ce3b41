// judge/grade/session.hpp: judging submissions of one problem against its reference.
//
// A Session owns one problem's test plan: the inputs of every test made from their seeds (once,
// in a private temporary folder), the reference's outputs and the seeded bugs' outputs (run once
// and cached on disk, keyed by the program's content hash, the spec and the seed). Judging a
// submission runs it on each test, compares, and names the seeded bug whose output it reproduces.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "build/builder.hpp"
#include "grade/bugs.hpp"
#include "grade/report.hpp"
#include "problem/spec.hpp"
#include "run/test_run.hpp"
#include "sandbox/sandbox.hpp"
#include "util/files.hpp"

namespace judge {

class Session {
public:
    /// After this many tests hit the time limit, a submission's remaining tests are not run, so a
    /// student's total grading time is at most about max_timeouts * time_per_test_ms plus the rest.
    static constexpr int max_timeouts = 2;

    Session(const Problem& p, uint64_t seed, Builder& builder);

    const Problem& problem() const { return m_p; }
    const std::vector<SeededBug>& bugs() const { return m_bugs; }

    /// The folder holding test `t`'s input files.
    std::filesystem::path inputs_dir(size_t t) const;

    /// Writes every test's inputs (once; later calls return at once). Thread-safe.
    void ensure_inputs();

    /// The reference's executable, built on first use. Throws InputError when it does not build.
    const std::filesystem::path& reference_exe();

    /// The reference's run on test `t`. Throws InputError when the reference does not build.
    const TestRun& reference(size_t t);

    /// Seeded bug `b`'s run on test `t` (built on first use). Empty when the bug does not build.
    const TestRun* bug(size_t b, size_t t);

    /// Builds every seeded bug (in parallel); returns the build results by bug index.
    std::vector<BuildResult> build_bugs();

    /// Judges a submission's source file: compile, run every test, compare, attribute traps.
    Report judge_file(const std::filesystem::path& source, const std::string& display_name);

    /// Judges an already built program without bug attribution. A `trusted` program (reference or
    /// seeded bug, built by build_trusted so that its file name is its content hash) has its runs cached.
    Report judge_program(const std::filesystem::path& exe, bool trusted);

    /// Evaluates one run of test `t` against the reference and the test's checks.
    TestOutcome evaluate(size_t t, const TestRun& run, bool match_bugs);

private:
    /// Runs every test of the built `box/prog` in one bubblewrap launch (judge __box-run inside).
    /// Returns the cutoff; tests before it without a judge_status got no result.
    size_t run_in_box(const std::filesystem::path& box, const Sandbox& sandbox, size_t batch, bool& timed_out);
    TestRun cached_run(const std::filesystem::path& exe, size_t t);
    Report assemble(std::vector<TestOutcome> tests) const;

    const Problem& m_p;
    uint64_t m_seed;
    Builder& m_builder;
    TempDir m_work;
    std::vector<SeededBug> m_bugs;
    std::optional<std::filesystem::path> m_reference_exe;
    std::vector<std::optional<TestRun>> m_reference_runs;
    std::vector<std::optional<BuildResult>> m_bug_builds;
    std::map<std::pair<size_t, size_t>, TestRun> m_bug_runs;
    std::mutex m_mutex;
    std::once_flag m_inputs_once;
};

/// A one-line summary of a test's inputs: "x (2, 5, 12), num_heads = 3".
std::string summarize_inputs(const FunctionSpec& fn, const TestSpec& test);


}  // namespace judge
