// judge/traps/misconception.hpp: naming the misconception behind a failed test, by finding the
// seeded bug whose run of the same test behaves exactly the same.
#pragma once

#include <string>
#include <vector>

#include "execution/test_process.hpp"
#include "problem/spec.hpp"
#include "traps/seeded_bugs.hpp"

namespace judge {

/// Whether a failed run says anything about which mistake it is: not when a limit stopped it
/// (a time-out or an output flood looks the same whatever the mistake).
bool can_match(const TestRun& run);

/// True when two runs are the same observable behaviour: the same way of ending, the same
/// exception type, the same crash, or outputs equal within `tol`.
bool same_behaviour(const TestRun& a, const TestRun& b, const Tolerance& tol);

/// The misconception of the seeded bug whose run of `test` (bug_runs[b] for bugs[b]; nullptr when
/// that bug does not build) behaves exactly as `run`. A bug declared for the test's trap is
/// preferred; otherwise the first in file order. "" when no bug matches.
std::string match_misconception(const TestSpec& test, const TestRun& run, const std::vector<SeededBug>& bugs,
                                const std::vector<const TestRun*>& bug_runs);

}  // namespace judge
