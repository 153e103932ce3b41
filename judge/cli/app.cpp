#include "cli/app.hpp"

#include <cstdlib>
#include <string_view>
#include "sandbox/sandbox.hpp"

#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/common_options.hpp"
#include "cli/output.hpp"
#include "core/errors.hpp"
#include "runs/python_server.hpp"
#include "util/interrupt.hpp"

#ifndef JUDGE_VERSION
#define JUDGE_VERSION "0.0.0"
#endif

namespace judge {

namespace {

// Every subcommand's options, filled by parsing.
struct CliOptions {
    GlobalOptions global;
    std::string show_problem, show_bug;
    SubmitOptions submit;
    HeadsOptions heads;
    ValidateOptions validate;
    RunOptions run;
    GradeCliOptions grade;
    PackOptions pack;
    MergeOptions merge;
    BoxRunOptions box;
    BugOptions bug;
    PreviewOptions preview;
    TemplateOptions templ;
    SecretOptions secret;
    FeedbackOptions feedback;
};

CLI::App* add_show(CLI::App& app, CliOptions& o) {
    CLI::App* show =
        app.add_subcommand("show", "Print a problem's statement, the signatures to implement and its traps");
    show->add_option("problem", o.show_problem, "Problem name, e.g. problem_mha")->required();
    show->add_option("--bug", o.show_bug,
                     "Print the source of this seeded bug instead (for instructors: a bug written as a .patch is\n"
                     "printed as the reference with the patch applied, the program validate builds)");
    return show;
}

CLI::App* add_heads(CLI::App& app, CliOptions& o) {
    CLI::App* heads = app.add_subcommand(
        "heads",
        "Draw every head of a function's attention weights, yours beside the reference's, on one sample\n"
        "test: the D2L toy input by default. Says which heads match, whether all of yours attend\n"
        "alike while the reference's do not (heads not split), which keys each head weights or masks\n"
        "against the reference, and which known mistake gives your heads. Exit 0 when the test passes.");
    heads->add_option("problem", o.heads.problem, "Problem name, e.g. problem_mha")->required();
    heads->add_option("--file", o.heads.file, "The solution file")->required();
    heads->add_option("--test", o.heads.test, "The test to draw (a sample test; any test on the full course root)");
    heads->add_option("--example", o.heads.example, "Draw this example only (0 is the first); default: every example");
    heads->add_option("--html", o.heads.html, "Also write the panels as a self-contained web page");
    add_lang(heads, o.heads.lang);
    return heads;
}

CLI::App* add_submit(CLI::App& app, CliOptions& o) {
    CLI::App* submit = app.add_subcommand(
        "submit",
        "Compile a submission, run the sample and hidden tests, and report pass or fail per trap.\n"
        "The submission is --file, else <problem>/solution.cpp or solution.cpp in --dir (default: the\n"
        "current directory), else the shipped student template. Exit 0 only when accepted.");
    submit->add_option("problem", o.submit.problem, "Problem name, e.g. problem_mha")->required();
    auto* file_opt = submit->add_option("--file", o.submit.file, "The solution file to judge");
    submit
        ->add_option("--dir", o.submit.dir,
                     "A folder holding <problem>/solution.cpp or solution.cpp (or .py), read as judge grade reads\n"
                     "a student's: a link below it is invalid_submission, never followed (every grading recipe)")
        ->excludes(file_opt);
    add_lang(submit, o.submit.lang);
    submit->add_option(
        "--format", o.submit.format,
        "Report format on stdout: text (default); json (docs/report.md); junit (JUnit XML); gradescope\n"
        "(results.json); classroom (GitHub Classroom's runner result, base64, for its grading reporter);\n"
        "prairielearn (results.json); codegrade (the custom test's points line); html (the page that\n"
        "--html writes); markdown (the text report in a fence, for GitHub). See docs/ci.md. The\n"
        "platforms' formats write a document, score 0, even when the file is missing (exit 1)");
    add_seed(submit, o.submit.seed, o.submit.seed_from_env,
             "Grading seed: 0 (default) uses the spec's inputs; any other value derives unseen ones");
    submit->add_flag_callback(
        "--no-counterexamples", [&o] { o.submit.counterexamples = false; },
        "Do not search fresh small inputs for a counterexample to each failed hidden test");
    submit->add_option("--also", o.submit.also,
                       "Also write the report in another --format to a file, from the same judging: FORMAT=FILE,\n"
                       "repeatable (markdown=summary.md for a GitHub step summary, classroom=result.b64)");
    submit->add_option("--codegrade-fd", o.submit.codegrade_fd,
                       "Also write CodeGrade's points line ({\"tag\": \"points\", ...}) to this open descriptor, as\n"
                       "CodeGrade's custom test reads it (3), while the report goes to standard output");
    submit
        ->add_option("--deadline", o.submit.deadline,
                     "Stop judging SECONDS after the judge starts, and still write the report: the tests not\n"
                     "run by then say \"not run: out of time\", and what only explains a failure is left out.\n"
                     "Set it below the platform's own limit (docs/ci.md gives each recipe's)")
        ->check(CLI::Range(1, 86400));
    submit->add_flag("--after-due-date", o.submit.after_due_date,
                     "Also run the tests withheld until after the due date (visibility after_due_date; full root)");
    submit->add_option("--save-counterexamples", o.submit.save_counterexamples,
                       "Write each counterexample found as DIR/<test>/{inputs,expected,got}/*.npy; inputs/ is what\n"
                       "judge run --inputs takes");
    submit->add_option("--html", o.submit.html,
                       "Also write the report as one self-contained web page: each trap's diagnosis, and pictures\n"
                       "of the failing tests (attention weights one panel per head: expected, yours, difference)");
    submit->add_flag("--pictures", o.submit.pictures,
                     "Draw attention weights of at most 8 x 8 as shaded grids in the text report even when\n"
                     "stdout is not a terminal (on a terminal they are drawn anyway)");
    return submit;
}

CLI::App* add_validate(CLI::App& app, CliOptions& o) {
    CLI::App* validate = app.add_subcommand(
        "validate",
        "Check a problem: the spec is valid, the reference passes every test, the template is rejected,\n"
        "and every seeded bug is caught by its declared trap. Prints the kill matrix. Exit 0 only if all hold.");
    auto* vprob = validate->add_option("problem", o.validate.problem, "Problem name");
    validate->add_flag("--all", o.validate.all, "Validate every problem under the course root")->excludes(vprob);
    validate->add_option("--format", o.validate.format, "text (default) or json (schema in docs/report.md)");
    validate->add_flag("--strict", o.validate.strict,
                       fmt::format("Exit 1 on warnings too; implies --seeds {} unless --seeds is given", strict_seeds));
    validate->add_flag("--mutants", o.validate.mutants,
                       "Mutation analysis: mutants of the reference, each run on every test; a survivor is a warning");
    auto* changed = validate->add_flag("--changed", o.validate.changed,
                                       "With --mutants: run only the mutants of lines changed since the last "
                                       "--mutants run (the others' fates come from its record)");
    validate
        ->add_flag("--survivors", o.validate.survivors,
                   "With --mutants: run again only the mutants that survived the last --mutants run (after adding a "
                   "test)")
        ->excludes(changed);
    validate->add_option("--jobs", o.validate.jobs, "Mutants built and run at a time (default: one per core)")
        ->check(CLI::Range(1, 256));
    validate->add_flag("--cross-check", o.validate.cross_check,
                       "Run the Python reference (reference/<p>/solution.py) and builtin.py, PyTorch's own modules, "
                       "beside the C++ one on every test and small input; report the largest difference");
    validate->add_option("--seeds", o.validate.seeds,
                         "Judge the reference, the accepted alternatives and every seeded bug under N grading seeds\n"
                         "too: an error where one fails, or a bug escapes its trap or is not named (0: none)");
    return validate;
}

CLI::App* add_run(CLI::App& app, CliOptions& o) {
    CLI::App* run = app.add_subcommand(
        "run",
        "Run one function on your own .npy inputs (one file per parameter: float32 tensors, 0-d int64 for\n"
        "ints, 1-D int64 for int lists) and write its outputs as .npy; or rerun a test with --test.\n"
        "Without --file, runs the reference. With --file and --inputs, runs the reference on the same\n"
        "inputs too and says whether yours gives the same (exit 0) or where it differs (exit 1).\n"
        "Shows what the program printed.");
    run->add_option("problem", o.run.problem, "Problem name")->required();
    auto* run_test_opt = run->add_option(
        "--test", o.run.test,
        "A test: writes its inputs (inputs/), the reference's outputs (expected/) and, with --file,\n"
        "yours (got/) under --outputs, and says whether it passes. Hidden tests too on the full course\n"
        "root; a student pack refuses them");
    run->add_option("--function", o.run.function,
                    "The function to call, e.g. split_heads (needed only when the problem has several)")
        ->excludes(run_test_opt);
    run->add_option("--inputs", o.run.inputs, "Folder with <param>.npy files")->excludes(run_test_opt);
    run->add_option("--outputs", o.run.outputs, "Folder to write <output>.npy files into")->required();
    run->add_option("--file", o.run.file, "A solution file (default: the reference)");
    add_lang(run, o.run.lang);
    add_seed(run, o.run.seed, o.run.seed_from_env, "Grading seed of the test's inputs (default 0, as in the spec)");
    return run;
}

// Each JUDGE_* setting is an option too (GitHub Classroom's graders pass the command no
// environment but PATH and HOME): the option sets the variable for this run, over any value.
void add_settings(CLI::App& app) {
    const auto setting = [&app](const char* option, const char* var, const char* what) {
        app.add_option_function<std::string>(
            option, [var](const std::string& v) { ::setenv(var, v.c_str(), 1); },
            std::string(what) + " (the same as $" + var + ", which it overrides)");
    };
    setting("--sandbox", "JUDGE_SANDBOX", "Force the sandbox tier: bubblewrap or fallback");
    setting("--cache", "JUDGE_CACHE", "Cache folder for builds and reference runs");
    setting("--box-uids", "JUDGE_BOX_UIDS", "When root: a range FIRST-LAST of uids, one per box");
}

CLI::App* add_box_run(CLI::App& app, CliOptions& o) {
    // Internal: the judge runs itself inside a submission's box as the test runner. Hidden from help.
    CLI::App* box_run = app.add_subcommand("__box-run", "");
    box_run->group("");
    box_run->add_option("--plan", o.box.plan)->required();
    box_run->add_option("--in", o.box.in)->required();
    box_run->add_option("--out", o.box.out)->required();
    return box_run;
}

// Parses argv into `app`; a usage mistake is an InputError naming it.
void parse(CLI::App& app, int argc, char** argv, int& exit_now) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        exit_now = app.exit(e);
        return;
    } catch (const CLI::CallForAllHelp& e) {
        exit_now = app.exit(e);
        return;
    } catch (const CLI::CallForVersion& e) {
        exit_now = app.exit(e);
        return;
    } catch (const CLI::ParseError& e) {
        // "A subcommand is required" hides the real mistake when an unknown option came first.
        const std::vector<std::string> extra = app.remaining();
        if (!extra.empty() && !extra.front().empty() && extra.front()[0] == '-')
            throw InputError("unknown option " + extra.front() + " (see judge --help)");
        throw InputError(e.what() + std::string(" (see judge --help)"));
    }
}

// What `judge --help` says first.
constexpr const char* about_judge =
    "judge: a trap-aware judge for deep-learning exercises.\n"
    "Compiles a C++ submission, runs hidden and sample tests in a separate process, and reports\n"
    "pass or fail per trap: the misconception each failing test reveals.\n\n"
    "Exit codes: 0 accepted or success, 1 the submission did not pass, 2 bad input or usage,\n"
    "3 the judge itself failed.";

// --root, the settings, -v and -q.
void add_global_options(CLI::App& app, GlobalOptions& g, int& verbose, bool& quiet) {
    app.add_option_function<std::string>(
        "--root", [&g](const std::string& r) { g.root = r; },
        "Course root holding problems/ and reference/ (default: $JUDGE_ROOT, "
        "then the nearest ancestor holding problems/, then the build tree)");
    add_settings(app);
    app.add_flag("-v,--verbose", verbose, "More log output on stderr (repeat for more)");
    app.add_flag("-q,--quiet", quiet, "Only errors on stderr");
}

}  // namespace

int run_cli(int argc, char** argv) {
    // A Python test's client (runs/python_server.hpp), first: judge __py-test <fd> <program> <function> <in> <out>
    if (argc == 7 && std::string_view(argv[1]) == "__py-test")
        return run_python_client(std::atoi(argv[2]), argv[4], argv[5], argv[6]);
    // The program a box check starts as a test (pipeline/box_check.hpp): judge __box-probe <in> <out>
    if (argc == 4 && std::string_view(argv[1]) == box_probe_function) return 0;
    private_mount_namespace();  // first, while the judge has one thread
    handle_interrupts();        // then SIGINT, SIGTERM and SIGHUP unwind the judge (util/interrupt.hpp)
    CLI::App app{about_judge, "judge"};
    app.set_version_flag("-V,--version", std::string("judge ") + JUDGE_VERSION);
    app.require_subcommand(1);
    app.fallthrough();

    CliOptions o;
    GlobalOptions& g = o.global;
    int verbose = 0;
    bool quiet = false;
    add_global_options(app, g, verbose, quiet);

    CLI::App* list = app.add_subcommand("list", "List the problems under the course root with their titles");
    CLI::App* show = add_show(app, o);
    CLI::App* submit = add_submit(app, o);
    CLI::App* validate = add_validate(app, o);
    CLI::App* run = add_run(app, o);
    CLI::App* grade = add_grade(app, o.grade);
    CLI::App* pack = add_pack(app, o.pack);
    CLI::App* merge = add_merge(app, o.merge);
    CLI::App* bug = add_bug(app, o.bug);
    CLI::App* preview = add_preview(app, o.preview);
    CLI::App* templ = add_template(app, o.templ);
    CLI::App* doctor = add_doctor(app);
    CLI::App* secret = add_secret(app, o.secret);
    CLI::App* feedback = add_feedback(app, o.feedback);
    CLI::App* heads = add_heads(app, o);
    CLI::App* box_run = add_box_run(app, o);

    int exit_now = -1;
    parse(app, argc, argv, exit_now);
    if (exit_now >= 0) return exit_now;  // --help or --version
    configure_logging(verbose, quiet);
    if (list->parsed()) return cmd_list(g);
    if (show->parsed()) return cmd_show(g, o.show_problem, o.show_bug);
    if (submit->parsed()) return cmd_submit(g, o.submit);
    if (validate->parsed()) return cmd_validate(g, o.validate);
    if (run->parsed()) return cmd_run(g, o.run);
    if (heads->parsed()) return cmd_heads(g, o.heads);
    if (doctor->parsed()) return cmd_doctor(g);
    if (grade->parsed()) return cmd_grade(g, o.grade);
    if (merge->parsed()) return cmd_merge(g, o.merge);
    if (pack->parsed()) return cmd_pack(g, o.pack);
    if (bug->parsed()) return cmd_bug(g, o.bug);
    if (preview->parsed()) return cmd_preview(g, o.preview);
    if (templ->parsed()) return cmd_template(g, o.templ);
    if (secret->parsed()) return cmd_secret(g, o.secret);
    if (feedback->parsed()) return cmd_feedback(o.feedback);
    if (box_run->parsed()) return cmd_box_run(o.box);
    return static_cast<int>(ExitCode::bad_input);
}

}  // namespace judge
