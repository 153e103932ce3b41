// judge/pipeline/counterexample.hpp: for a failed hidden test, fresh small inputs on which the
// submission and the reference differ the way that test checks (issue #11).
//
// Hidden inputs are never shown, nor copied. Instead the judge tries fresh cases, smallest first:
// the small inputs the spec gives for the test's function (functions[].small_inputs) under new
// seeds; nothing of a case comes from the hidden test but its checks. A case counts when the
// reference passes the test's own checks on it (or throws the exception the test expects), and
// the submission returns something else there and fails those checks with the test's verdict.
// The smallest such case is kept, whole: every tensor of it has at most max_shown_elements
// elements. The cases run under the problem's own limits, like every test.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "languages/build.hpp"
#include "pipeline/answer_key.hpp"
#include "pipeline/input_files.hpp"
#include "problem/spec.hpp"
#include "report/report.hpp"
#include "runs/program_run.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// Seeds tried per small input (the spec's own seed first): a case with no random generator is
/// tried once.
constexpr int counterexample_seeds = 3;

/// Fills `counterexample` and `counterexample_tried` of each failed (wrong_answer or runtime_error)
/// hidden test in `outcomes`, from `got`: the submission's runs of `cases` (every case any hidden
/// test may try: candidate_problem(p) with all_candidates(p), inputs in `inputs`), which ran before
/// any hidden test (FeedbackCases, pipeline/submission_runs.hpp), so that nothing a hidden test does
/// reaches the values shown. The reference's runs come from `key` (a case it does not know is not
/// used). `lang` is the submission's language, for the words. Deterministic for a given seed.
void pick_counterexamples(const Problem& p, uint64_t seed, AnswerKey& key, const Problem& cases, InputFiles& inputs,
                          const std::vector<std::optional<TestRun>>& got, Language lang,
                          std::vector<TestOutcome>& outcomes);

/// The candidate cases for test `t` of `p`, smallest first (by the number of input elements), as
/// tests of t's function with t's checks; `id`s are unique within the returned list and name the
/// small input and the seed only (candidate_id), so the same case serves every test of a function.
std::vector<TestSpec> counterexample_candidates(const Problem& p, size_t t);

/// "small_<function>_<i>_<k>": small input i of `function` under its k-th seed.
std::string candidate_id(const std::string& function, size_t i, int k);

/// `p` without its tests, as the problem the cases become tests of.
Problem candidate_problem(const Problem& p);

/// The cases that tests `tests` of `p` may try, each distinct case once: `problem` holds them as
/// its tests (candidate_problem(p) with them, in first-use order), and `of_test[k]` lists tests[k]'s
/// candidates as (index into problem.tests, the case with tests[k]'s checks), smallest first.
struct CandidateCases {
    Problem problem;
    std::vector<std::vector<std::pair<size_t, TestSpec>>> of_test;
};
CandidateCases candidate_cases(const Problem& p, const std::vector<size_t>& tests);

/// Every distinct case any hidden test of `p` may try, in first-use order.
std::vector<TestSpec> all_candidates(const Problem& p);

/// candidate_problem(p) with all_candidates(p) as its tests.
Problem all_candidate_cases(const Problem& p);

/// The small inputs that can never serve as a counterexample, as (function, index): on each of
/// its seeds, the reference fails the checks of every hidden test of that function there (a NaN
/// row under "nan": "never", lengths a property check cannot pass). Runs the reference through `key`.
std::vector<std::pair<std::string, size_t>> unusable_small_inputs(const Problem& p, AnswerKey& key);

/// A test's inputs and outputs shown whole (Counterexample without a message), when every input
/// and output has at most `limit` elements: for a failing sample test, whose inputs are the
/// student's to see. `ref` is the reference's run (nullptr for a test that expects an exception).
std::optional<Counterexample> shown_case(const Problem& p, const TestSpec& test, uint64_t seed, const TestRun& got,
                                         const TestRun* ref, int64_t limit = max_shown_elements);

/// The most elements an input or output may have for a picture of it (TestOutcome::pictured).
inline constexpr int64_t max_pictured_elements = 4096;

/// The reference's run `ref` on `candidate` can serve as a counterexample's expectation: it passes
/// the candidate's checks (NaN policy, properties) against itself, or throws what it must.
bool reference_passes(const Problem& p, const TestSpec& candidate, const TestRun& ref);

}  // namespace judge
