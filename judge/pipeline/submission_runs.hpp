// judge/pipeline/submission_runs.hpp: running a submission's built program on every test, in either
// sandbox tier, and collecting the runs.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/box_launch.hpp"
#include "pipeline/input_files.hpp"
#include "problem/spec.hpp"
#include "report/report.hpp"
#include "runs/box_protocol.hpp"
#include "runs/launch.hpp"
#include "runs/program_run.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// What running a submission's tests left behind.
struct SubmissionRuns {
    std::vector<std::optional<TestRun>> runs;  // by test; empty for a test that left no result
    // By test: not run, because the tests that ran before it used up the time-out budget.
    std::vector<bool> cut;
    bool cut_off(size_t t) const { return t < cut.size() && cut[t]; }
    Verdict missing_verdict = Verdict::runtime_error;  // what a test before the cutoff without a run becomes
    std::string missing_message;
    // By feedback case (FeedbackCases): its run, empty when it has none that counts (skipped after
    // time-outs, cut off, or not run because the problem has no hidden test).
    std::vector<std::optional<TestRun>> feedback;
    // By test: its second run, for the tests RunSettings::again named.
    std::vector<std::optional<TestRun>> again;
};

/// Cases run with a submission's tests for feedback only (counterexample candidates): in the first
/// phase, after the sample tests and before any hidden test, so that nothing a hidden test does
/// can reach their values, which a report shows (issue #62). They earn nothing, and their
/// time-outs never cut a graded test. Run only when the problem has hidden tests.
struct FeedbackCases {
    const Problem* cases = nullptr;      // as tests of the problem's functions (candidate_problem)
    const InputFiles* inputs = nullptr;  // theirs, nested in the tests' (InputFiles's nested constructor)
};

/// How one run of a box goes, beyond its tests.
struct RunSettings {
    FeedbackCases feedback;
    // When all judging must be over (submit --deadline): the box is stopped then, and its tests
    // without a result are "not run: out of time" (deadline_words). nullopt: none.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    // A box of course programs: their tests a few to a process (box::Plan::together).
    bool together = false;
    // Called once every test has ended, with their runs, while the box still stands: the tests
    // (indices into the problem's) to run once more, in the same box, into SubmissionRuns::again
    // (box::Plan::again). Empty: none.
    std::function<std::vector<size_t>(const SubmissionRuns&)> again;
};

/// What a test that the judging deadline left unrun says.
inline constexpr const char* deadline_words = "not run: out of time (the time for judging this submission ran out)";

/// The order in which a submission's tests run: its sample tests (in spec order), then `feedback`
/// feedback cases (numbered from p.tests.size() on) when hidden tests follow, then the hidden
/// tests; `first_phase` is the number before the hidden ones when there are any, else 0.
std::vector<size_t> run_order(const Problem& p, size_t& first_phase, size_t feedback = 0);

/// Runs every test of the submission built in `box`, started as `launch` says, through `sandbox`, in ordered batches
/// (two per core) with the time-out cutoff applied in run_order, so which tests count as "not run" never depends on the
/// number of cores or on scheduling. The sample tests' results are read before any hidden test
/// starts (issue #39: no hidden test can leave anything for them). In the bubblewrap tier all tests share one box, run
/// by the in-box runner (a bubblewrap launch costs about 6 ms, a test about 3 ms); in the fallback tier the judge runs
/// each test itself. The tests write below `box / box_out`.
SubmissionRuns run_submission(const Problem& p, const std::filesystem::path& box, const LaunchSpec& launch,
                              const InputFiles& inputs, const Sandbox& sandbox, const RunSettings& options = {});

}  // namespace judge
