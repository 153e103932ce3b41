// judge/authoring/lint.hpp: how far a problem's tests can be trusted to tell the mistakes apart
// (`judge validate`, issue #10). Pure functions over the spec, its generated inputs and the seeded
// bugs' runs; the caller runs the programs.
#pragma once

#include <string>
#include <vector>

#include "problem/spec.hpp"
#include "runs/program_run.hpp"
#include "traps/seeded_bugs.hpp"

namespace judge {

struct LintWarning {
    std::string kind;     // a stable word, e.g. "identical_parameters"
    std::string level;    // "warning"; "note" (shown as one, never counts toward --strict); "info"
    std::string message;  // one line, naming the function, trap, test or bugs
};

/// The spec lint:
///   constant_parameter    an int, float or bool parameter with one value in every test of its
///                         function (a solution that writes it in passes);
///   identical_parameters  two tensor parameters of a function with the same shape hold the same
///                         data in every test of that function (a mistake that swaps them passes);
///   equal_dimensions      two sizes that mistakes confuse (B = H, H = d_k, Lq = Lk; see lint.cpp)
///                         are equal in every test of a trap and of the traps assessed after
///                         it (traps[].after), though some test of the same function has them
///                         differ (a later trap that separates them names such a mistake);
///   no_sample_test, no_hidden_test  a trap without one;
///   python_memory         a problem with a Python template whose memory_mb is below
///                         a language row's min_memory_mb (problem/language.hpp, docs/python.md);
///   seed_independent      tests that keep their sizes and stated values under a grading seed
///                         (problem/redraw.hpp): a pack's stored answers can pass them in the
///                         grade that counts (issue #38).
std::vector<LintWarning> lint_spec(const Problem& p);

/// The domain lint (authoring/domain_lint.cpp), over the spec's "domain" and the reference's run of
/// each test (by test index; nullptr when unknown):
///   outside_domain        a test's lengths outside what the domain allows;
///   boundary_not_reached  a boundary the domain allows that no test of a trap, or of the traps
///                         after it, reaches: a length of 0 (for traps checking zero_beyond_lens
///                         on those lengths), Lq != Lk under a causal check, and an integer output
///                         past 2^31 and 2^53 (on any test comparing it).
std::vector<LintWarning> lint_domains(const Problem& p, const std::vector<const TestRun*>& reference);

/// What validate knows of one seeded bug: its run of each test (nullptr when it did not build, or
/// for a test not run) and whether each test rejects it.
struct BugEvidence {
    const SeededBug* bug = nullptr;
    std::vector<const TestRun*> runs;
    std::vector<bool> killed;
};

/// The traps a bug fails, in list order: failed ones (its own mistakes, as a student with it is
/// told) and blocked ones (they come after a failed one); `killed` says which tests reject it.
struct BugTraps {
    std::vector<std::string> failed;
    std::vector<std::string> blocked;
};
BugTraps bug_traps(const Problem& p, const std::vector<bool>& killed);

/// The bug matrix lint:
///   bugs_not_told_apart   two bugs behave the same on every test (neither can ever be named);
///   bug_fails_other_traps a bug fails other traps than its own, not counting the blocked ones
///                         (traps[].after): a student with it is told of mistakes not made;
///   bug_trap_blocked      a bug's own trap is blocked by another it fails first;
///   bug_caught_by_one_test  (note) a bug that one test alone rejects;
///   bug_caught_only_by_hidden_tests  (note) a bug that no sample test rejects (a hidden test's
///                         purpose may be just that: a note, not a warning);
///   test_catches_nothing  (info) a test that rejects no seeded bug (those expecting an exception
///                         in one line).
std::vector<LintWarning> lint_bugs(const Problem& p, const std::vector<BugEvidence>& bugs);

}  // namespace judge
