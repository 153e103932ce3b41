// judge/cli/commands.hpp: one function per subcommand; each returns the process exit code.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/common_options.hpp"

namespace CLI {
class App;
}  // namespace CLI

namespace judge {

struct GlobalOptions {
    std::optional<std::string> root;
};

struct SubmitOptions {
    std::string problem;
    std::optional<std::string> file;
    std::optional<std::string> dir;
    std::string format = "text";
    uint64_t seed = 0;
    std::optional<std::string> seed_from_env;  // a secret seed (core/seed.hpp)
    bool counterexamples = true;
    std::optional<std::string> save_counterexamples;
    bool after_due_date = false;
    std::optional<std::string> html;  // --html FILE: the page, beside the report on stdout
    bool pictures = false;            // --pictures: shaded grids in the text report off a terminal
    std::optional<std::string> lang;  // --lang cpp|numpy|torch: else from the file (docs/python.md)
    std::optional<int> codegrade_fd;  // --codegrade-fd N: CodeGrade's points line on descriptor N too
    std::vector<std::string> also;    // --also FORMAT=FILE: the same report in another format, to FILE
    std::optional<int> deadline;      // --deadline SECONDS: judging stops then (Judge::set_deadline)
};

struct HeadsOptions {
    std::string problem;
    std::string file;
    std::optional<std::string> test;
    std::optional<std::string> html;
    std::optional<std::string> lang;  // --lang: else from the file (problem/language.hpp)
    std::optional<int64_t> example;   // --example: only this one; else every example
};

struct ValidateOptions {
    std::optional<std::string> problem;
    bool all = false;
    std::string format = "text";
    bool strict = false;
    bool mutants = false;
    bool changed = false;    // --changed: the mutants of changed lines only
    bool survivors = false;  // --survivors: the last run's survivors only
    unsigned jobs = 0;       // --jobs: mutants at a time (0: one per core)
    bool cross_check = false;
    std::optional<int> seeds;  // --seeds N; unset: strict_seeds with --strict, else none
};

/// The grading seeds `validate --strict` proves a problem under when --seeds is not given (issue #38).
inline constexpr int strict_seeds = 20;

struct RunOptions {
    std::string problem;
    std::string function;  // with inputs; or test
    std::string inputs;
    std::optional<std::string> test;
    std::string outputs;
    std::optional<std::string> file;
    std::optional<std::string> lang;  // --lang: else from the file (problem/language.hpp)
    uint64_t seed = 0;
    std::optional<std::string> seed_from_env;
};

struct GradeCliOptions {
    std::string problem;
    std::string class_dir;
    std::string out;
    unsigned jobs = 1;
    std::optional<std::string> shard;
    uint64_t seed = 0;
    std::optional<std::string> seed_from_env;
    bool after_due_date = false;
    bool counterexamples = true;
    std::optional<std::string> suggest_bugs;
    RosterOptions roster;  // --roster FILE (grade/roster.hpp), --export LMS FILE (grade/lms_export.hpp)
    bool allow_empty = false;
    std::optional<std::string> previous;  // --previous DIR: the last grading run's output
};

struct PackOptions {
    std::vector<std::string> problems;
    bool all = false;
    std::string out;
    bool gradescope = false;
    std::optional<std::string> judge_source;
    std::optional<std::string> seed_from_env;  // --gradescope: the secret its autograder grades with
};

struct MergeOptions {
    std::vector<std::string> inputs;
    std::string out;
    std::optional<std::string> seed_from_env;  // the variable the shards' secret seed came from
    RosterOptions roster;                      // --roster and --export, as grade has them
    std::optional<std::string> previous;       // --previous DIR, as grade has it
};

struct BoxRunOptions {
    std::string plan, in, out;
};

/// judge bug new PROBLEM ID --from FILE [--trap T] [--misconception TEXT] [--force].
struct BugOptions {
    std::string problem, id, from, trap, misconception;
    bool force = false;
};

/// judge secret new | judge secret key PROBLEM [--from-env VAR].
struct SecretOptions {
    std::string action;  // "new" or "key"
    std::string problem;
    std::string env = "GRADING_SEED";
};

/// `judge secret` (cli/cmd_secret.cpp).
CLI::App* add_secret(CLI::App& app, SecretOptions& o);
int cmd_secret(const GlobalOptions& g, const SecretOptions& o);

/// judge feedback OUT --student ID [--limit BYTES] [--whole-at TEXT] (cli/cmd_feedback.cpp).
struct FeedbackOptions {
    std::string out, student;
    size_t limit = 65536;  // report/fit.hpp: github_issue_limit
    std::optional<std::string> whole_at;
};

CLI::App* add_feedback(CLI::App& app, FeedbackOptions& o);
int cmd_feedback(const FeedbackOptions& o);

int cmd_list(const GlobalOptions& g);
/// judge preview PROBLEM [--bug ID] [--format F].
struct PreviewOptions {
    std::string problem;
    std::optional<std::string> bug;
    std::string format = "text";
};

/// judge template PROBLEM [--lang numpy|torch] [--out FILE] [--force].
struct TemplateOptions {
    std::string problem;
    std::string lang = "torch";
    std::optional<std::string> out;
    bool force = false;
};

/// `judge template` (cli/cmd_template.cpp).
CLI::App* add_template(CLI::App& app, TemplateOptions& o);
int cmd_template(const GlobalOptions& g, const TemplateOptions& o);

/// `judge preview` (cli/cmd_preview.cpp).
CLI::App* add_preview(CLI::App& app, PreviewOptions& o);
int cmd_preview(const GlobalOptions& g, const PreviewOptions& o);

/// `judge bug` and its one subcommand, `new` (cli/cmd_bug.cpp).
CLI::App* add_bug(CLI::App& app, BugOptions& o);
int cmd_bug(const GlobalOptions& g, const BugOptions& o);
int cmd_box_run(const BoxRunOptions& o);
/// With a non-empty `bug`, prints that seeded bug's source (the patch applied) instead of the statement.
int cmd_show(const GlobalOptions& g, const std::string& problem, const std::string& bug);
int cmd_submit(const GlobalOptions& g, const SubmitOptions& o);
int cmd_validate(const GlobalOptions& g, const ValidateOptions& o);
int cmd_heads(const GlobalOptions& g, const HeadsOptions& o);
int cmd_run(const GlobalOptions& g, const RunOptions& o);
int cmd_doctor(const GlobalOptions& g);
CLI::App* add_doctor(CLI::App& app);
int cmd_grade(const GlobalOptions& g, const GradeCliOptions& o);
CLI::App* add_grade(CLI::App& app, GradeCliOptions& o);
CLI::App* add_merge(CLI::App& app, MergeOptions& o);
int cmd_pack(const GlobalOptions& g, const PackOptions& o);
CLI::App* add_pack(CLI::App& app, PackOptions& o);
int cmd_merge(const GlobalOptions& g, const MergeOptions& o);

}  // namespace judge
