// judge/pipeline/submission_runs.hpp: running a submission's built program on every test, in either
// sandbox tier, and collecting the runs.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/input_files.hpp"
#include "problem/spec.hpp"
#include "report/report.hpp"
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
};

/// Makes a new, empty output folder in `box` under a random name, for a second run of the same
/// box, and returns the name.
std::string fresh_out_folder(const std::filesystem::path& box);

/// The order in which a submission's tests run: its sample tests (in spec order), then the others;
/// `first_phase` is the number of sample tests when hidden ones follow, else 0.
std::vector<size_t> run_order(const Problem& p, size_t& first_phase);

/// Runs every test of the submission built in `box`, started as `launch` says, through `sandbox`, in ordered batches
/// (two per core) with the time-out cutoff applied in run_order, so which tests count as "not run" never depends on the
/// number of cores or on scheduling. The sample tests' results are read before any hidden test
/// starts (issue #39: no hidden test can leave anything for them). In the bubblewrap tier all tests share one box, run
/// by the in-box runner (a bubblewrap launch costs about 6 ms, a test about 3 ms); in the fallback tier the judge runs
/// each test itself. The tests write below `box / out_name` (a fresh name for each run of the same box).
SubmissionRuns run_submission(const Problem& p, const std::filesystem::path& box, const LaunchSpec& launch,
                              const InputFiles& inputs, const Sandbox& sandbox, const std::string& out_name = "out");

}  // namespace judge
