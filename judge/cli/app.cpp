#include "cli/app.hpp"
#include "sandbox/sandbox.hpp"

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "core/errors.hpp"
#include "util/interrupt.hpp"

#ifndef JUDGE_VERSION
#define JUDGE_VERSION "0.0.0"
#endif

namespace judge {

namespace {

// A seed is a whole number from 0 up: "-1" must not wrap around to 18446744073709551615.
CLI::Validator seed_validator() {
    return CLI::Validator(
        [](std::string& s) -> std::string {
            if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
                return "expected a whole number from 0 to 18446744073709551615, got \"" + s + "\"";
            return "";
        },
        "SEED");
}

}  // namespace

int run_cli(int argc, char** argv) {
    private_mount_namespace();  // first, while the judge has one thread
    handle_interrupts();        // then SIGINT, SIGTERM and SIGHUP unwind the judge (util/interrupt.hpp)
    CLI::App app{
        "judge: a trap-aware judge for deep-learning exercises.\n"
        "Compiles a C++ submission, runs hidden and sample tests in a separate process, and reports\n"
        "pass or fail per trap: the misconception each failing test reveals.\n\n"
        "Exit codes: 0 accepted or success, 1 the submission did not pass, 2 bad input or usage,\n"
        "3 the judge itself failed.",
        "judge"};
    app.set_version_flag("-V,--version", std::string("judge ") + JUDGE_VERSION);
    app.require_subcommand(1);
    app.fallthrough();

    GlobalOptions g;
    int verbose = 0;
    bool quiet = false;
    app.add_option_function<std::string>(
        "--root", [&](const std::string& r) { g.root = r; },
        "Course root holding problems/ and reference/ (default: $JUDGE_ROOT, "
        "then the nearest ancestor holding problems/, then the build tree)");
    app.add_flag("-v,--verbose", verbose, "More log output on stderr (repeat for more)");
    app.add_flag("-q,--quiet", quiet, "Only errors on stderr");

    auto* list = app.add_subcommand("list", "List the problems under the course root with their titles");

    std::string show_problem;
    auto* show = app.add_subcommand("show", "Print a problem's statement, the signatures to implement and its traps");
    show->add_option("problem", show_problem, "Problem name, e.g. problem_mha")->required();
    std::string show_bug;
    show->add_option("--bug", show_bug,
                     "Print the source of this seeded bug instead (for instructors: a bug written as a .patch is\n"
                     "printed as the reference with the patch applied, the program validate builds)");

    SubmitOptions submit_opts;
    auto* submit = app.add_subcommand(
        "submit",
        "Compile a submission, run the sample and hidden tests, and report pass or fail per trap.\n"
        "The submission is --file, else <problem>/solution.cpp or solution.cpp in --dir (default: the\n"
        "current directory), else the shipped student template. Exit 0 only when accepted.");
    submit->add_option("problem", submit_opts.problem, "Problem name, e.g. problem_mha")->required();
    auto* file_opt = submit->add_option("--file", submit_opts.file, "The solution file to judge");
    submit->add_option("--dir", submit_opts.dir, "A folder holding <problem>/solution.cpp or solution.cpp")
        ->excludes(file_opt);
    submit->add_option(
        "--format", submit_opts.format,
        "Report format on stdout: text (default), json (docs/report.md), junit (JUnit XML) or gradescope\n"
        "(Gradescope's results.json)");
    submit
        ->add_option("--seed", submit_opts.seed,
                     "Grading seed: 0 (default) uses the spec's inputs; any other value derives unseen ones")
        ->check(seed_validator());
    submit->add_flag("!--no-counterexamples", submit_opts.counterexamples,
                     "Do not search fresh small inputs for a counterexample to each failed hidden test");
    submit->add_flag("--after-due-date", submit_opts.after_due_date,
                     "Also run the tests withheld until after the due date (visibility after_due_date; full root)");
    submit->add_option("--save-counterexamples", submit_opts.save_counterexamples,
                       "Write each counterexample found as DIR/<test>/{inputs,expected,got}/*.npy; inputs/ is what\n"
                       "judge run --inputs takes");

    ValidateOptions validate_opts;
    auto* validate = app.add_subcommand(
        "validate",
        "Check a problem: the spec is valid, the reference passes every test, the template is rejected,\n"
        "and every seeded bug is caught by its declared trap. Prints the kill matrix. Exit 0 only if all hold.");
    auto* vprob = validate->add_option("problem", validate_opts.problem, "Problem name");
    validate->add_flag("--all", validate_opts.all, "Validate every problem under the course root")->excludes(vprob);
    validate->add_option("--format", validate_opts.format, "text (default) or json (schema in docs/report.md)");
    validate->add_flag("--strict", validate_opts.strict, "Exit 1 on warnings too, not only on errors");
    validate->add_flag("--mutants", validate_opts.mutants,
                       "Mutation analysis: mutants of the reference, each run on every test; a survivor is a warning");

    RunOptions run_opts;
    auto* run = app.add_subcommand(
        "run",
        "Run one function on your own .npy inputs (one file per parameter: float32 tensors, 0-d int64 for\n"
        "ints, 1-D int64 for int lists) and write its outputs as .npy; or rerun a sample test with --test.\n"
        "Without --file, runs the reference. With --file and --inputs, runs the reference on the same\n"
        "inputs too and says whether yours gives the same (exit 0) or where it differs (exit 1).\n"
        "Shows what the program printed.");
    run->add_option("problem", run_opts.problem, "Problem name")->required();
    auto* run_test_opt = run->add_option(
        "--test", run_opts.test,
        "A sample test: writes its inputs (inputs/), the reference's outputs (expected/) and, with --file,\n"
        "yours (got/) under --outputs, and says whether it passes. Hidden tests are refused");
    run->add_option("--function", run_opts.function,
                    "The function to call, e.g. split_heads (needed only when the problem has several)")
        ->excludes(run_test_opt);
    run->add_option("--inputs", run_opts.inputs, "Folder with <param>.npy files")->excludes(run_test_opt);
    run->add_option("--outputs", run_opts.outputs, "Folder to write <output>.npy files into")->required();
    run->add_option("--file", run_opts.file, "A solution file (default: the reference)");
    run->add_option("--seed", run_opts.seed, "Grading seed of the sample test's inputs (default 0, as in the spec)")
        ->check(seed_validator());

    GradeCliOptions grade_opts;
    auto* grade = app.add_subcommand(
        "grade",
        "Grade a class: every subdirectory of --class is one student, whose submission is\n"
        "<id>/<problem>/solution.cpp or <id>/solution.cpp. Writes grades.csv, junit.xml, summary.md and\n"
        "<id>/report.json and <id>/results.json (Gradescope) into --out. A rerun into the same --out\n"
        "grades only changed submissions. Exit 0 when every student was graded, whatever the verdicts.");
    grade->add_option("problem", grade_opts.problem, "Problem name")->required();
    grade->add_option("--class", grade_opts.class_dir, "The class directory")->required();
    grade->add_option("--out", grade_opts.out, "Output directory")->required();
    grade->add_option("--jobs", grade_opts.jobs, "Students graded in parallel (default 1)");
    grade->add_option("--shard", grade_opts.shard, "Grade only shard K of N (K/N), a fixed subset of the students");
    auto* grade_seed = grade
                           ->add_option("--seed", grade_opts.seed,
                                        "Grading seed (default 0: the spec's inputs); any other value draws fresh\n"
                                        "random inputs, so that what a student hard-coded from a pack fails")
                           ->check(seed_validator());
    grade
        ->add_option("--seed-from-env", grade_opts.seed_from_env,
                     "Read the grading seed from this environment variable (a CI secret): it never appears in\n"
                     "a log, and grade.json keeps only its SHA-256")
        ->excludes(grade_seed);
    grade->add_flag("--after-due-date", grade_opts.after_due_date,
                    "Release the tests withheld until after the due date (visibility after_due_date)");
    grade->add_flag("!--no-counterexamples", grade_opts.counterexamples,
                    "Do not search fresh small inputs for a counterexample to each failed hidden test");

    PackOptions pack_opts;
    auto* pack = app.add_subcommand(
        "pack",
        "Write a student course root to --out: statements, specs without hidden inputs, templates, and the\n"
        "answer key as data (the reference's and seeded bugs' outputs), with a manifest of hashes. No\n"
        "reference, bug or accepted source goes in; judge submit on it gives the full root's report.");
    auto* pack_problems = pack->add_option("problems", pack_opts.problems, "Problem names");
    pack->add_flag("--all", pack_opts.all, "Pack every problem under the course root")->excludes(pack_problems);
    pack->add_option("--out", pack_opts.out, "The folder to write (must not exist yet); with --gradescope, the .zip")
        ->required();
    pack->add_flag("--gradescope", pack_opts.gradescope,
                   "Write instead Gradescope's autograder zip of one problem: setup.sh, run_autograder, the full\n"
                   "course root of the problem and the judge's source (Gradescope keeps it private)");
    pack->add_option("--judge-source", pack_opts.judge_source,
                     "With --gradescope: the judge's source tree to put in the zip (default: the one this judge\n"
                     "was built from)");

    MergeOptions merge_opts;
    auto* merge = app.add_subcommand(
        "merge",
        "Merge the --out directories of judge grade --shard runs into one gradebook, byte-identical to\n"
        "a single run over the whole class.");
    merge->add_option("inputs", merge_opts.inputs, "The shard output directories")->required();
    merge->add_option("--out", merge_opts.out, "The merged output directory")->required();

    auto* doctor = app.add_subcommand(
        "doctor",
        "Show what this machine offers for isolating submissions (bubblewrap, user namespaces, cgroups,\n"
        "the uid) and which sandbox tier submit will use. Set JUDGE_SANDBOX=fallback or =bubblewrap to force one.");

    // Internal: the judge runs itself inside a submission's box as the test runner. Hidden from help.
    BoxRunOptions box_opts;
    auto* box_run = app.add_subcommand("__box-run", "");
    box_run->group("");
    box_run->add_option("--plan", box_opts.plan)->required();
    box_run->add_option("--exe", box_opts.exe)->required();
    box_run->add_option("--in", box_opts.in)->required();
    box_run->add_option("--out", box_opts.out)->required();

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // "A subcommand is required" hides the real mistake when an unknown option came first.
        const std::vector<std::string> extra = app.remaining();
        if (!extra.empty() && !extra.front().empty() && extra.front()[0] == '-')
            throw InputError("unknown option " + extra.front() + " (see judge --help)");
        throw InputError(e.what() + std::string(" (see judge --help)"));
    }
    configure_logging(verbose, quiet);

    if (list->parsed()) return cmd_list(g);
    if (show->parsed()) return cmd_show(g, show_problem, show_bug);
    if (submit->parsed()) return cmd_submit(g, submit_opts);
    if (validate->parsed()) return cmd_validate(g, validate_opts);
    if (run->parsed()) return cmd_run(g, run_opts);
    if (doctor->parsed()) return cmd_doctor(g);
    if (grade->parsed()) return cmd_grade(g, grade_opts);
    if (merge->parsed()) return cmd_merge(g, merge_opts);
    if (pack->parsed()) return cmd_pack(g, pack_opts);
    if (box_run->parsed()) return cmd_box_run(box_opts);
    return static_cast<int>(ExitCode::bad_input);
}

}  // namespace judge
