// judge/traps/misconception.hpp: naming the misconception behind a failed trap, by finding the one
// seeded bug whose runs behave exactly as the submission's.
//
// A wrong "this is exactly what X produces" is worse than none, so the claim is made only when it
// is exact and unambiguous (issue #10):
//   - the submission behaves exactly as bug X on every test of the trap that X fails (the same
//     outputs within tolerance, or the same exception from the same operation);
//   - at least one of those tests separates X from every other seeded bug;
//   - no other bug meets both. Two candidates name neither: silence beats a coin toss.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "execution/test_process.hpp"
#include "problem/spec.hpp"

namespace judge {

/// Whether a failed run says anything about which mistake it is: not when a limit stopped it
/// (a time-out or an output flood looks the same whatever the mistake).
bool can_match(const TestRun& run);

/// The stable part of an exception message: the failing operation ("matmul" of "matmul: shapes
/// [2, 3] and [4, 5] ..."), or the whole message when it names none.
std::string failing_operation(const std::string& message);

/// True when two runs are the same observable behaviour: the same way of ending, the same
/// exception type from the same operation, the same crash, or outputs equal within `tol`.
bool same_behaviour(const TestRun& a, const TestRun& b, const Tolerance& tol);

/// What the match sees of one test of the trap.
struct TrapEvidence {
    const TestSpec* test = nullptr;
    const TestRun* submission = nullptr;  // nullptr: not run, or stopped by a limit (can_match)
    std::vector<const TestRun*> bugs;     // each seeded bug's run; nullptr when it did not build
    std::vector<bool> bug_fails;          // whether that bug fails this test
};

/// The index of the one seeded bug that explains the submission's failures on a trap (the rule
/// above), or nullopt.
std::optional<size_t> match_trap(const std::vector<TrapEvidence>& tests);

}  // namespace judge
