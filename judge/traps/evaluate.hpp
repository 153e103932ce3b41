// judge/traps/evaluate.hpp: from one run of one test to that test's outcome. Pure functions of
// their arguments: no files, no processes, so they are tested with hand-made runs.
#pragma once

#include <cstddef>
#include <string>

#include "problem/spec.hpp"
#include "report/report.hpp"
#include "runs/program_run.hpp"

namespace judge {

/// Checks `run` of test `t` of `p` against what the test expects: the exception it names, or the
/// reference's run `ref` of the same test (shapes, then property checks, then values). `ref` must
/// be given unless the test expects an exception. Throws InputError when the run returned
/// normally and the reference itself failed the test: the course is broken, not the submission.
/// The outcome's words are in `lang`'s ("raised ValueError"): the language of the program that ran.
TestOutcome evaluate(const Problem& p, size_t t, const TestRun& run, const TestRun* ref, Language lang);

/// Throws that InputError when the reference's run `ref` of `test` did not return normally (and
/// the test expects no exception), naming the test, its inputs and what the reference did.
void check_reference_run(const Problem& p, const TestSpec& test, const TestRun* ref);

/// The same for a test that is not one of p's (a counterexample candidate).
TestOutcome evaluate_spec(const Problem& p, const TestSpec& test, const TestRun& run, const TestRun* ref,
                          Language lang);

/// What a run that raised, or returned what the spec does not declare, did, in `lang`'s words, as
/// a sample test says it: "raised ValueError: bad heads".
std::string raised_words(const TestRun& run, Language lang);

/// A test that produced no run to evaluate: not compiled, cut off, or lost with its runner.
TestOutcome not_run(const TestSpec& ts, Verdict verdict, std::string message);

/// Whether a property check applies to a test: always, or where its `when` flag is true.
bool check_applies(const TestSpec& test, const PropertyCheck& pc);

/// A one-line summary of a test's inputs: "x (2, 5, 12) from randn, num_heads = 3".
std::string summarize_inputs(const FunctionSpec& fn, const TestSpec& test);

}  // namespace judge
