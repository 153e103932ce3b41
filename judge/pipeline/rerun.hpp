// judge/pipeline/rerun.hpp: a failing test run a second time on the same inputs (issue #41). A
// submission whose outputs change from run to run (dropout left on, an unseeded random) gives one
// draw of its answer per run: diagnosing that draw would name a mistake, or give a counterexample,
// that the next run does not reproduce. So the judge says what it saw instead.
#pragma once

#include <vector>

#include "pipeline/submission_runs.hpp"
#include "problem/spec.hpp"
#include "report/report.hpp"

namespace judge {

/// What a test says when its outputs changed between two runs on the same inputs.
inline constexpr const char* changing_output_words =
    "the output changes from run to run on the same inputs (is dropout, or a random draw without a fixed seed, "
    "left on?): one run's output cannot say which mistake this is";

/// The tests worth a second run on the same inputs (RunSettings::again, in the same box), by their
/// first runs' `outcomes`: each that returned a wrong answer, on a test that expects no exception.
/// (Whether a seeded bug explains it is known only later; changing_outputs leaves those out.)
std::vector<size_t> worth_running_again(const Problem& p, const SubmissionRuns& runs,
                                        const std::vector<TestOutcome>& outcomes);

/// Of the tests that failed with a wrong answer that no seeded bug explains (one that is exactly a
/// bug's output is no random draw), those whose second run (SubmissionRuns::again) changed the
/// outputs beyond the test's tolerance; a second run that did not return (a time-out under load,
/// or the judging deadline reached) says nothing.
std::vector<size_t> changing_outputs(const Problem& p, const SubmissionRuns& runs,
                                     const std::vector<TestOutcome>& outcomes);

}  // namespace judge
