// judge/pipeline/rerun.hpp: a failing test run a second time on the same inputs (issue #41). A
// submission whose outputs change from run to run (dropout left on, an unseeded random) gives one
// draw of its answer per run: diagnosing that draw would name a mistake, or give a counterexample,
// that the next run does not reproduce. So the judge says what it saw instead.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "pipeline/submission_runs.hpp"
#include "problem/spec.hpp"
#include "report/report.hpp"
#include "runs/launch.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// What a test says when its outputs changed between two runs on the same inputs.
inline constexpr const char* changing_output_words =
    "the output changes from run to run on the same inputs (is dropout, or a random draw without a fixed seed, "
    "left on?): one run's output cannot say which mistake this is";

/// Runs again, in `box` as `launch` says, every test that failed by returning a wrong answer that
/// no seeded bug explains (one that is exactly a bug's output is no random draw). Returns
/// the tests (indices into p.tests) whose outputs the second run changed beyond the test's
/// tolerance; a second run that did not return (a time-out under load, or the `deadline` of
/// RunSettings reached) says nothing.
std::vector<size_t> changing_outputs(const Problem& p, uint64_t seed, const std::filesystem::path& box,
                                     const LaunchSpec& launch, const Sandbox& sandbox, const SubmissionRuns& runs,
                                     const std::vector<TestOutcome>& outcomes,
                                     std::optional<std::chrono::steady_clock::time_point> deadline = {});

}  // namespace judge
