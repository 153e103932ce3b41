// judge/traps/misconception.hpp: naming the misconception behind failed tests, by finding the one
// seeded bug whose runs behave exactly as the submission's.
//
// A wrong "this is exactly what X produces" is worse than none, so the claim is made only when it
// is exact and unambiguous (issue #10):
//   - the submission behaves exactly as bug X on every test that X fails, whatever its trap (the
//     same outputs within tolerance, or the same exception from the same operation). Issue #10
//     asks this of the tests of the trap; asking it of all of them also keeps a submission whose
//     own mistake happens to coincide with X on one trap's tests (a lens indexed by head when
//     B divides H; a transpose that throws in the same matmul) from being told it made X;
//   - at least one of those tests separates X from every other seeded bug;
//   - no other bug meets both (match_bug). Two candidates name neither: silence beats a coin toss,
//     unless each is told apart from the other (match_bugs names each on its own tests).
// Only the bugs of the traps the submission failed need to be built and run: every bug fails a
// test of its own trap (`judge validate` checks it), and on a trap the submission passed it differs
// from that bug. A bug that is not run counts as telling X apart.
// The misconception is then named on the failing tests X fails. A submission with two mistakes
// matches no single bug over all its tests; the same rule is then applied to each function's tests
// alone (pipeline/judge.cpp, issue #41), so that a function whose outputs are exactly X's on every
// test of that function is named there, and the report says which function. Two bugs that each
// meet the rule (two mistakes on different tests) are each named on their own tests; and a trap
// whose every failing test is exactly one bug's outputs, and no other of its tests fails that
// bug, names it there whatever fails elsewhere (match_trap, issue #64). Where nothing matches,
// there is no misconception line: it says less, never something false.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "problem/spec.hpp"
#include "runs/program_run.hpp"

namespace judge {

/// Whether a failed run says anything about which mistake it is: not when a limit stopped it
/// (a time-out or an output flood looks the same whatever the mistake).
bool can_match(const TestRun& run);

/// The stable part of an exception message: the failing operation ("matmul" of "matmul: shapes
/// [2, 3] and [4, 5] ..."), or the whole message when it names none.
std::string failing_operation(const std::string& message);

/// True when two runs are the same observable behaviour: the same way of ending, the same
/// exception type from the same operation, the same crash, or outputs equal within `tol`. On a test
/// that expects an exception (`expects_exception`), every failure that is no raise of the
/// submission's own is one behaviour, whatever the language: a crash (SIGFPE), a library's
/// exception (the tensor header's, NumPy's, torch's) or Python's own (ZeroDivisionError): the
/// check the test asks for is missing (issue #40).
bool same_behaviour(const TestRun& a, const TestRun& b, const Tolerance& tol, bool expects_exception);

/// What the match sees of one test.
struct TestEvidence {
    const TestSpec* test = nullptr;
    const TestRun* submission = nullptr;  // nullptr: not run, or stopped by a limit (can_match)
    std::vector<const TestRun*> bugs;     // each seeded bug's run; nullptr when it did not build
    std::vector<bool> bug_fails;          // whether that bug fails this test
};

/// Every seeded bug that explains the submission's failures by the rule above but its last point:
/// two mistakes, each exactly a bug's on the tests it fails and each told apart from every other
/// bug somewhere, are both there (issue #64, point 2).
std::vector<size_t> match_bugs(const std::vector<TestEvidence>& tests);

/// The index of the one seeded bug that explains the submission's failures (the rule above), or
/// nullopt.
std::optional<size_t> match_bug(const std::vector<TestEvidence>& tests);

/// On the tests of one trap (`failing`: which the submission fails), the one bug that fails
/// exactly those, behaving on each exactly as the submission does, or nullopt (none, or two alike
/// there). Every bug's run on every test is needed (complete_every). What fails elsewhere does
/// not matter: no failing test of the trap contradicts the name.
std::optional<size_t> match_trap(const std::vector<TestEvidence>& tests, const std::vector<bool>& failing);

}  // namespace judge
