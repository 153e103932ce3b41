// judge/pipeline/bug_evidence.hpp: the seeded bugs' runs that naming a misconception needs, and no
// more (issue #62: under a secret each submission has its own draw, so no bug run is shared).
//
// match_bug (traps/misconception.hpp) names bug X when the submission behaves as X on every test X
// fails, some such test tells X from every other bug, and no other bug does the same; judge.cpp
// applies it to all tests, then to each function's tests alone. Its answer depends only on:
//   - each bug's runs on the tests the submission failed (F): every wanted bug is run there;
//   - whether a bug has a *witness* among the tests matched: a test it fails where the submission
//     does not behave as it does (it is then no candidate in any set of tests that holds the
//     witness). Unless F holds one, the bug runs on the passed tests in order (its own trap's
//     first, where a bug shows), and stops at the first witness; with no witness, it has run on
//     all of them. The per-function match does the same over that function's tests
//     (complete_scope), only when the match over all tests names none;
//   - the other bugs' runs on a candidate's failing tests: those in F are there; a passed test that
//     a bug fails with the submission's very behaviour (tolerance is not transitive) gets every
//     wanted bug's run.
// So match_bug gives the answer it would on every run, from far fewer (a submission failing 5 of
// problem_mha's 32 tests: 502 trusted runs before, far fewer now). A bug named on one
// function's tests alone is then run on every test (complete_bug), for the checks over all of them.
#pragma once

#include <functional>
#include <vector>

#include "pipeline/answer_key.hpp"
#include "pipeline/submission_runs.hpp"
#include "traps/evaluate.hpp"
#include "traps/misconception.hpp"

namespace judge {

/// The reference's run on a test, or nullptr when the test expects an exception.
using ReferenceOf = std::function<const TestRun*(size_t)>;

/// The evidence of every test for the bugs marked in `wanted` (runs that are not needed are
/// nullptr, with bug_fails false), for a submission whose tests ended as `outcomes`.
std::vector<TestEvidence> gather_evidence(const Problem& p, AnswerKey& key, const std::vector<TestOutcome>& outcomes,
                                          const SubmissionRuns& runs, const std::vector<bool>& wanted,
                                          const ReferenceOf& reference_of);

/// Gives `evidence` the runs that match_bug needs over the tests of `scope` alone (one function's):
/// each wanted bug with no witness among them runs on those it has not, up to its first witness.
void complete_scope(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence,
                    const std::vector<size_t>& scope, const std::vector<bool>& wanted, const ReferenceOf& reference_of);

/// Runs bug `x` on every test where `evidence` lacks its run.
void complete_bug(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence, size_t x,
                  const ReferenceOf& reference_of);

}  // namespace judge
