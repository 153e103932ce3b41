// judge/pipeline/bug_evidence.hpp: the seeded bugs' runs that naming a misconception needs, and no
// more (issue #62: under a secret each submission has its own draw, so no bug run is shared).
//
// match_bug (traps/misconception.hpp) names bug X when the submission behaves as X on every test X
// fails, some such test tells X from every other bug, and no other bug does the same; judge.cpp
// applies it to all tests, then to each function's tests alone. Its answer depends only on:
//   - whether a bug has a *witness*: a test it fails where the submission does not behave as it
//     does (it is then no candidate in any set of tests that holds the witness). Each wanted bug
//     runs on the tests in order (its own trap's first, where a bug shows) and stops at the first
//     witness; with no witness, it has run on all of them and is a candidate;
//   - for each candidate, whether one test it fails tells it from every other bug: every wanted
//     bug runs on the tests the candidate fails, in order, up to the first that does (with none,
//     every wanted bug has run on all of them, so no bug left unrun passes for "told apart").
// The runs go in stretches of one test, then all the rest; the walks go side by side, in rounds,
// each round's runs of every bug in one box (a box per bug and stretch of 1, 2, 4, ... tests cost a
// bug submission about 20 boxes; a box costs far more than a run in it).
// So match_bug gives the answer it would on every run, from far fewer (`head_width_swapped`, failing
// 22 of problem_mha's 32 tests on a new seed: 347 bug runs when every wanted bug ran on every
// failed test, 61 now). The per-function match does the same over that function's tests
// (complete_scope), only when the match over all tests names none. A bug named on one
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
/// nullptr, with bug_fails false), for a submission whose runs are `runs`.
std::vector<TestEvidence> gather_evidence(const Problem& p, AnswerKey& key, const SubmissionRuns& runs,
                                          const std::vector<bool>& wanted, const ReferenceOf& reference_of);

/// Gives `evidence` the runs that match_bug needs over the tests of `scope` alone (one function's),
/// by the same rule.
void complete_scope(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence,
                    const std::vector<size_t>& scope, const std::vector<bool>& wanted, const ReferenceOf& reference_of);

/// Runs every bug marked in `wanted` on every test of `scope` where `evidence` lacks its run (what
/// match_trap needs).
void complete_every(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence,
                    const std::vector<size_t>& scope, const std::vector<bool>& wanted, const ReferenceOf& reference_of);

/// Runs bug `x` on every test where `evidence` lacks its run.
void complete_bug(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence, size_t x,
                  const ReferenceOf& reference_of);

}  // namespace judge
