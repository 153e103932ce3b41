// judge/pipeline/judge.hpp: judging submissions of one problem, the orchestrator.
//
// A Judge ties the parts together for one problem and one seed: the test inputs (made once), the
// store of trusted runs (reference and seeded bugs, cached), the submission's build and runs in
// the sandbox (pipeline/submission_runs), the evaluation of each run (traps/evaluate) and the naming of the
// misconception a failure reproduces (traps/misconception).
//
// Threads: judge_trusted, key() and trusted() may be called from several threads at once (the
// answer key is thread-safe, and a trusted run touches nothing else of the Judge): validate
// judges seeded bugs and mutants that way. judge_file, judge_source, judge_prepared, too_large and
// set_counterexamples judge one submission at a time: `judge grade` gives each worker a Judge of
// its own (grade/class_grade.cpp's JudgePool). The Builder may be shared by every Judge.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compile/builder.hpp"
#include "languages/build.hpp"
#include "pipeline/input_files.hpp"
#include "pipeline/submission_runs.hpp"
#include "pipeline/trusted_runs.hpp"
#include "report/report.hpp"
#include "sandbox/sandbox.hpp"
#include "traps/misconception.hpp"
#include "util/safe_read.hpp"

namespace judge {

class Judge {
public:
    /// On a full course root the answer key is computed (TrustedRuns); on a pack's problem
    /// (Problem::packed) it is read from the pack (PackedKey), `seed` must be 0 (InputError
    /// otherwise), and `builder` takes the pack's prebuilt harness. The course's programs (the
    /// reference, seeded bugs) build and run in boxes from `sandbox` (pipeline/trusted_box.hpp).
    /// The counterexample cases are drawn for `case_seed` (default: `seed`). Under a secret every
    /// file has a seed of its own, while its cases come from one seed of the problem (the cases
    /// only explain, and each report shows them whole), so the reference's runs on them are shared
    /// by a class (core/seed.hpp: GradingSeed::for_cases).
    Judge(const Problem& p, uint64_t seed, Builder& builder, const Sandbox& sandbox,
          std::optional<uint64_t> case_seed = std::nullopt);

    /// The seed its tests are drawn for (0: the spec's own inputs).
    uint64_t seed() const { return m_seed; }

    /// The problem as judged: its tests drawn for the seed (problem/redraw.hpp).
    const Problem& problem() const { return m_p; }

    /// The Builder every build of this Judge goes through.
    Builder& builder() { return m_builder; }

    /// The sandbox the course's programs run in.
    const Sandbox& sandbox() const { return m_sandbox; }

    /// The answer key, either way.
    AnswerKey& key() { return *m_key; }

    /// The full root's trusted runs. Throws InputError on a pack, which has none.
    TrustedRuns& trusted();

    /// Whether a failed hidden test gets a counterexample (pipeline/counterexample.hpp); on by default.
    void set_counterexamples(bool on) { m_counterexamples = on; }
    bool counterexamples() const { return m_counterexamples; }

    /// When this submission's judging must be over (submit --deadline): the box is stopped then,
    /// its tests without a result are "not run: out of time", and what only explains a failure (the
    /// rerun of wrong answers, naming a misconception, counterexamples) is left out once it has
    /// passed. nullopt (the default): none.
    void set_deadline(std::optional<std::chrono::steady_clock::time_point> at) { m_deadline = at; }

    /// Whether a failed sample test keeps its values for pictures (TestOutcome::pictured, up to
    /// max_pictured_elements each); off by default.
    void set_pictures(bool on) { m_pictures = on; }

    /// Judges a submission's source file as read_named(path, max_source_bytes) read it (a path the
    /// user named: links are followed; its size was checked before it was read): too large is a
    /// compile error. Throws InputError, naming `display_name`, when it was not a readable file.
    Report judge_file(const SafeRead& source, const std::string& display_name, const Sandbox& sandbox,
                      std::optional<Language> language = {});

    /// Judges source text: compile and run every test in `sandbox`, compare, and name the
    /// misconception of each failure that a seeded bug reproduces exactly.
    /// The language is `language`, else choose_language's from the name and the text
    /// (problem/language.hpp, docs/python.md); the report says which, and why.
    Report judge_source(const std::string& text, const std::string& display_name, const Sandbox& sandbox,
                        std::optional<Language> language = {});

    /// Judges a submission already prepared in `box` (languages/build.hpp's prepare_submission, in
    /// `sandbox`): what judge_source does after the build. A prepared file may be judged under
    /// several seeds, one Judge each (validate --seeds does so with accepted alternatives).
    Report judge_prepared(const PreparedSubmission& submission, const std::filesystem::path& box,
                          const std::string& display_name, const Sandbox& sandbox);

    /// The report of a source file over max_source_bytes, which was never read.
    Report too_large(unsigned long long bytes, const std::string& display_name);

    /// Judges a trusted program (the reference or a seeded bug, built by build_trusted), with
    /// cached runs; with `name`, its failures' misconception is named as a student's would be
    /// (validate --seeds: a seeded bug is named as itself). Naming is not safe from several threads.
    Report judge_trusted(const std::filesystem::path& exe, bool name = false);

private:
    /// The outcome of test `t` from what running the submission left.
    TestOutcome outcome(size_t t, const SubmissionRuns& runs, Language lang);

    /// Names each seeded bug that explains the submission's failures (traps/misconception.hpp), on
    /// the failing tests that bug fails too.
    /// The misconception is said in `lang`'s words (a seeded bug's form for its text variant).
    void name_misconceptions(std::vector<TestOutcome>& outcomes, const SubmissionRuns& runs, Language lang);

    /// Each failed trap with no misconception named yet, by match_trap on its own tests, through
    /// `name(bug, tests)`.
    void name_by_trap(const std::vector<TestOutcome>& outcomes, std::vector<TestEvidence>& evidence,
                      const std::vector<bool>& wanted,
                      const std::function<void(size_t, const std::vector<size_t>&)>& name);

    /// The inputs made and the expected outputs loaded (once; later calls do nothing).
    void prepare_expected();

    /// The reference's run of test `t` when evaluating needs it (the test expects no exception).
    const TestRun* reference_for(size_t t);

    const Problem m_p;  // drawn for m_seed
    uint64_t m_seed;
    uint64_t m_case_seed;
    Builder& m_builder;
    const Sandbox& m_sandbox;
    InputFiles m_inputs;
    // The counterexample candidates of every hidden test (all_candidates), run with each submission's
    // sample tests, before its hidden tests (pipeline/counterexample.hpp); their inputs nest in m_inputs.
    Problem m_cases;
    InputFiles m_case_inputs;
    std::unique_ptr<AnswerKey> m_key;
    bool m_counterexamples = true;
    bool m_pictures = false;
    std::optional<std::chrono::steady_clock::time_point> m_deadline;
};

/// Turns a Judge's counterexample search off for as long as it lives, and back as it was after,
/// even when what it guards throws.
class NoCounterexamples {
public:
    explicit NoCounterexamples(Judge& judge) : m_judge(judge), m_was(judge.counterexamples()) {
        judge.set_counterexamples(false);
    }
    ~NoCounterexamples() { m_judge.set_counterexamples(m_was); }
    NoCounterexamples(const NoCounterexamples&) = delete;
    NoCounterexamples& operator=(const NoCounterexamples&) = delete;

private:
    Judge& m_judge;
    bool m_was;
};

}  // namespace judge
