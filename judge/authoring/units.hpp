// judge/authoring/units.hpp: the units validate_problem runs (authoring/validation.hpp), each
// testable on its own. Every one takes the problem's Judge, whose trusted runs it shares.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "authoring/mutants.hpp"
#include "authoring/validation.hpp"
#include "pipeline/judge.hpp"

namespace judge::validation_units {

void check_statement(const Problem& p, Diagnostics& d);
/// The reference's report on every test; an error per test it fails.
Report check_reference(const Problem& p, Judge& judge, Diagnostics& d);
/// Each accepted alternative (reference/<problem>/accepted/*.cpp, *.py), judged as a student's
/// file in the settings' sandbox: id, and whether it passes all.
std::vector<std::pair<std::string, bool>> check_accepted(const Problem& p, Judge& judge, const ValidationSettings& s,
                                                         Diagnostics& d);
/// Every language's student template builds in the sandbox and is rejected.
void check_template(const Problem& p, Judge& judge, const ValidationSettings& s, Diagnostics& d);
void lint_problem(const Problem& p, Judge& judge, bool reference_ok, size_t accepted, Diagnostics& d);

/// Every seeded bug built and run on every test (authoring/bug_matrix.cpp): its row and lines.
std::vector<BugResult> run_bug_matrix(const Problem& p, Judge& judge);
/// lint_bugs over those runs.
std::vector<Finding> lint_bug_matrix(const Problem& p, Judge& judge, const std::vector<BugResult>& bugs);
/// A warning per seeded bug that fails a hidden test while no small input of that test's function
/// shows it (authoring/bug_counterexamples.cpp): a student with it would get no counterexample.
std::vector<Finding> lint_bug_counterexamples(const Problem& p, Judge& judge, const std::vector<BugResult>& bugs);
/// The reference, the accepted alternatives and every seeded bug under `n` grading seeds
/// (authoring/seeds_check.cpp): an error per seed where the reference or an alternative fails a
/// test, or a bug is caught by no test of its own trap. Each alternative is prepared once, in
/// `sandbox`, and judged under every seed.
SeedSummary check_seeds(const Problem& p, Builder& builder, const Sandbox& sandbox, int n);
/// Every mutant of the reference built and run on every test (authoring/mutant_run.cpp).
/// `mutants` are make_mutants of the reference; `reason_of` the declared equivalent ones, by id.
/// Runs those `s.mutant_scope` asks for, `s.jobs` at a time, and keeps each one's fate in the
/// reference's record (authoring/mutant_record.hpp) for the next --changed or --survivors.
MutantSummary run_mutants(const Problem& p, Judge& judge, Builder& builder, const std::vector<Mutant>& mutants,
                          const std::map<std::string, std::string>& reason_of, const ValidationSettings& s);

}  // namespace judge::validation_units
