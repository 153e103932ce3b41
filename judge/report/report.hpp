// judge/report/report.hpp: the result of judging one submission, as data.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/protocol/npy.hpp"
#include "problem/language.hpp"

namespace judge {

/// Verdicts in priority order: when several apply, the first in this list wins.
enum class Verdict {
    judge_error,
    missing,             // no submission at all (judge grade): nothing was read, compiled or run
    invalid_submission,  // refused before compiling: a link, not a regular file (judge grade)
    compile_error,
    time_limit,
    memory_limit,
    output_limit,
    runtime_error,
    wrong_answer,
    accepted
};

std::string to_string(Verdict v);

/// What a report says, as a version: `judge grade` reuses no report of another (its resume key).
/// Bump it when the same submission would be reported otherwise. 2: a hidden test says its verdict
/// only, and counterexample candidates run before the hidden tests (issue #62).
inline constexpr const char* report_version = "report 2";

/// "wrong answer", "time limit": a verdict as a sentence says it.
std::string verdict_phrase(Verdict v);

/// "Wrong answer", "Time limit": a verdict as a heading says it.
std::string verdict_words(Verdict v);

/// How a test's message begins when its function returned what the spec does not declare (a Python
/// result of another arity or kind: "attention_heads returned a tensor; expected a tuple of 2
/// (output, weights)"). No trap can be named from such runs: a report says it before any trap.
inline constexpr std::string_view wrong_return_words = "did not return what the spec declares: ";

/// How a test's message begins when the library failed the student's call (a function the box's
/// torch or NumPy does not have, an exception raised inside the library's own code): it names the
/// library, its version in the box and the line that called it. No trap's mistake: a report says it
/// before any trap, with no trap's checklist (issue #64, point 3).
inline constexpr std::string_view library_words = "stopped in the library: ";

/// The verdict a name (to_string's) stands for; nullopt for no verdict's name.
std::optional<Verdict> verdict_named(const std::string& name);

/// Whether anything of the submission ran: not judge_error, missing, invalid_submission or compile_error.
bool ran(Verdict v);

/// The more severe of two verdicts (the one earlier in the priority order).
Verdict worse(Verdict a, Verdict b);

/// One value of a counterexample, shown whole: a tensor, an int, an int list or a float.
struct ShownValue {
    std::string name;
    bool tensor = true;  // else a scalar (0-d) or a list (1-D) of ints, or a scalar float
    npy::Array array;
    bool boolean = false;  // a bool, held as a 0-d int64 of 0 or 1
};

/// Fresh small inputs on which a submission and the reference differ the way a failed hidden test
/// checks: it stands in for the hidden inputs, which are never shown.
struct Counterexample {
    std::string function;
    std::vector<ShownValue> inputs;
    std::vector<ShownValue> expected;
    std::string expected_exception;  // instead of outputs, for a test that expects one, e.g. "invalid_argument"
    std::vector<ShownValue> got;     // empty when the submission did not return
    std::string message;             // the diagnosis on it, as on a sample test
};

struct TestOutcome {
    std::string id;
    std::string trap;
    std::string function;
    std::string description;
    bool hidden = true;
    Verdict verdict = Verdict::accepted;
    int points = 0;
    int max_points = 0;
    std::string message;            // what was expected and what was found; "" when passed
    std::string misconception;      // set when the trap's failures are exactly one seeded bug's
    std::string misconception_bug;  // and that bug's id
    std::string inputs;             // a summary of the inputs, for sample tests only
    // Why the failure looks like its trap's mistake, or "" when nothing says so: "property" (a
    // property check of the test failed), "throws" (the exception the test expects), "shape" (a
    // test of shapes only), "intervention" (inputs that must change nothing changed the output),
    // "seeded_bug" (one of the trap's seeded bugs gives exactly this output).
    std::string evidence;
    std::optional<Counterexample> counterexample;  // for a failed hidden test, when one was found
    std::optional<Counterexample> values;          // a failed sample test's own inputs and outputs, when small
    // The same up to max_pictured_elements, for pictures (Judge::set_pictures); not in the JSON report.
    std::optional<Counterexample> pictured;
    // For a failed test that ran: a digest of what the submission gave (its outputs, or the
    // exception, or how it stopped), so that `judge grade` can tell students who gave the same
    // wrong answers (grade/clusters.hpp). Not in the JSON report: on a hidden test it would let a
    // student check guesses of the hidden inputs.
    std::string output_digest;
    // How it failed, coarser than the digest, for grouping students by behaviour: its verdict, and
    // per compared output the sign of the first difference beyond the tolerance ("weights+") or
    // "shape"; an exception's type. Not in the JSON report either.
    std::string behaviour;
    int counterexample_tried = 0;  // fresh cases tried for it (0: not searched)
    // Its outputs changed between two runs on the same inputs (pipeline/rerun.hpp): not diagnosed.
    bool changing = false;
    bool passed() const { return verdict == Verdict::accepted; }
};

struct TrapOutcome {
    std::string id;
    std::string title;
    std::string hint;
    bool passed = true;
    std::string message;  // the first failing test's diagnosis
    std::string failed_test;
    // Failed while a trap it comes after (spec: traps[].after) failed: not assessed, and not
    // counted as a mistake of its own. blocked_by names those failed traps, in list order.
    bool blocked = false;
    std::vector<std::string> blocked_by;
    // A failing test of it shows evidence of the trap's own mistake (TestOutcome::evidence). When
    // none does, the report does not name the trap as the mistake, nor give its hint.
    bool explained = true;
    int points = 0;               // the points its tests scored
    int max_points = 0;           // the points its tests are worth (spec: tests[].points)
    bool after_due_date = false;  // any of its tests is shown only after the due date
    /// "passed", "failed" or "blocked".
    std::string status() const { return passed ? "passed" : blocked ? "blocked" : "failed"; }
};

struct Report {
    std::string problem;
    Verdict verdict = Verdict::accepted;
    int score = 0;
    int max_score = 0;
    int withheld = 0;             // tests withheld until after the due date: not run, not in score or max_score
    unsigned long long seed = 0;  // the grading seed; 0 with seed_env
    std::string seed_env;         // a secret seed's variable: the report says "secret" (core/seed.hpp)
    std::string sandbox;
    std::string submission;
    Language language = Language::cpp;  // problem/language.hpp (docs/python.md)
    std::string language_reason;        // why: "it imports torch on line 3"; "" when not known (an old report)
    std::string runtime;                // a Python submission's versions: "Python 3.11.2, torch 1.13.1, NumPy 1.24.2"
    bool compile_ok = true;
    std::string compile_log;
    std::vector<TrapOutcome> traps;
    std::vector<TestOutcome> tests;
    bool untouched_template = false;  // judge grade: the shipped template, unchanged (no attempt)
    /// The first failed (not blocked) trap in the order they are assessed: what to fix first.
    /// nullptr when none failed, when nothing ran (a compile error, a missing submission), or when a
    /// test's output changed between two runs (TestOutcome::changing).
    const TrapOutcome* first_fix() const;
    /// The test with this id; nullptr when there is none.
    const TestOutcome* test(const std::string& id) const;
};

/// How a report in `language` says that a call throws `spec_type`: "throws std::invalid_argument",
/// or "raises ValueError" to a Python submission (problem/language.hpp's exception_name).
std::string throws_words(Language language, const std::string& spec_type);

/// Which failing test of trap `trap` speaks for it: a sample one (its words are whole, and it can
/// be rerun), else a hidden one with a counterexample, else any; the first of these in test order.
/// nullptr when none of its tests failed. The text report, every format and the trap's own
/// message and failed_test all take this one.
const TestOutcome* speaker(const std::vector<TestOutcome>& tests, const std::string& trap);

/// The sentence that names a misconception: "This is exactly the output of this mistake: <text>."
std::string misconception_sentence(const std::string& text);

/// The same at the top of a report, for `tests` tests: "Your output on 3 tests is exactly ...".
std::string misconception_summary(int tests, const std::string& text);

/// What the "Fix first" line says of a failed trap: "<id> (<title>)" when it is explained, else
/// "test <t> of trap <id> fails (its output differs); no known mistake of <id> explains it", where
/// <t> is the trap's failed_test in `r`. Either names the function <t> calls (" in split_heads")
/// when the report's tests call more than one (report/lead.hpp's in_function).
std::string fix_first_words(const TrapOutcome& t, const Report& r);

/// The first shown test whose function returned what the spec does not declare, or nullptr.
const TestOutcome* wrong_return_test(const Report& r);

/// The first shown test the library failed (library_words), or nullptr.
const TestOutcome* library_test(const Report& r);

/// Whether a failed trap's hint (or checklist) is said under it: not when the test that speaks for
/// it failed in the library, which is no mistake the trap checks.
bool trap_hint_applies(const Report& r, const TrapOutcome& t);

/// The line under a failed trap, as a label and its text: "hint" and the trap's hint when the
/// failure looks like the trap's mistake (explained); else "this trap checks" and the same text,
/// which then says what the trap wants and claims nothing about the student's code.
std::pair<std::string, std::string> hint_line(const TrapOutcome& t);

/// What a blocked trap says: "not assessed until chunk_order passes" ("a and b pass" for two).
std::string blocked_words(const std::vector<std::string>& blocked_by);

/// A blocked trap's words with what it scores: "not assessed until X passes (0 of 4 points until
/// then)" (docs/report.md, "Points").
std::string blocked_trap_words(const TrapOutcome& t);

/// For a failing sample test: the command that writes its inputs, the expected outputs and the
/// submission's as .npy files; "" for other tests.
std::string rerun_command(const Report& r, const TestOutcome& t);

/// Makes `r` a report of a secret seed: the seed is dropped, `$env` is named instead (its rerun
/// command says `--seed-from-env env`), and the JSON says "seed": "secret".
void hide_seed(Report& r, const std::string& env);

/// The submission a rerun_command names (its --file word, unquoted); "" when it names none.
std::string rerun_file(const std::string& cmd);

/// How a rerun command ends under a grading secret: it runs the test on the problem's own inputs
/// (the pack's), which a student can; the graded ones were drawn from the secret.
inline constexpr std::string_view secret_rerun_words =
    "  # on this test's inputs in the pack: the graded ones were drawn from the grading secret";

}  // namespace judge
