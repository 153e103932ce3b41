// judge/judging/counterexample.hpp: for a failed hidden test, fresh small inputs on which the
// submission and the reference differ the way that test checks (issue #11).
//
// Hidden inputs are never shown. Instead the judge tries fresh cases, smallest first: the small
// inputs the spec gives for the test's function (functions[].small_inputs) under new seeds, and
// the test's own generators under new seeds when every tensor stays small. A case counts when the
// reference handles it as the test expects (returns, or throws the named exception), and the
// submission's run, judged by the test's own checks, fails with the same verdict. The smallest
// such case is kept, whole: every tensor of it has at most max_shown_elements elements.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "compile/builder.hpp"
#include "problem/spec.hpp"
#include "report/report.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// Seeds tried per small input (the spec's own seed first): a case with no random generator is
/// tried once.
constexpr int counterexample_seeds = 3;

/// The time limit of one case, far above what a small case needs: a submission that loops on them
/// costs at most box::default_max_timeouts of these.
constexpr int counterexample_time_ms = 250;

/// Fills `counterexample` and `counterexample_tried` of each failed (wrong_answer or runtime_error)
/// hidden test in `outcomes`, running the built submission `box/prog` through `sandbox` and the
/// reference `reference_exe` as a trusted program. Deterministic for a given seed.
void find_counterexamples(const Problem& p, uint64_t seed, Builder& builder, const std::filesystem::path& reference_exe,
                          const std::filesystem::path& box, const Sandbox& sandbox, std::vector<TestOutcome>& outcomes);

/// The candidate cases for test `t` of `p`, smallest first (by the number of input elements), as
/// tests of t's function with t's checks; `id`s are unique within the returned list.
std::vector<TestSpec> counterexample_candidates(const Problem& p, size_t t);

}  // namespace judge
