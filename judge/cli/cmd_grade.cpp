// `judge grade`: a whole class directory, for CI.
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "core/seed.hpp"
#include "course/course.hpp"
#include "grade/class_grade.hpp"
#include "grade/lms_export.hpp"
#include "grade/roster.hpp"
#include "pipeline/pack_format.hpp"
#include "problem/packed.hpp"
#include "problem/redraw.hpp"
#include "sandbox/sandbox.hpp"
#include "util/text.hpp"

namespace judge {

namespace {

std::pair<unsigned, unsigned> parse_shard(const std::string& s) {
    const size_t slash = s.find('/');
    try {
        if (slash != std::string::npos) {
            const unsigned long k = std::stoul(s.substr(0, slash)), n = std::stoul(s.substr(slash + 1));
            if (n >= 1 && k >= 1 && k <= n && s.find_first_not_of("0123456789/") == std::string::npos)
                return {static_cast<unsigned>(k), static_cast<unsigned>(n)};
        }
    } catch (const std::exception&) {}
    throw InputError("--shard: expected K/N with 1 <= K <= N, got \"" + s + "\"");
}

// The run's exit code: 3 when a student could not be graded or written, or the judge failed on one.
int grade_exit(const GradeSummary& s) {
    if (!s.unwritten.empty()) {
        // The others are graded and in the class files; these are not, and a rerun grades them.
        fmt::print(stderr,
                   "judge: error: {} student{} could not be graded or written, and are not in the class files:\n",
                   s.unwritten.size(), s.unwritten.size() == 1 ? "" : "s");
        for (const std::string& line : s.unwritten) fmt::print(stderr, "  {}\n", line);
        return code(ExitCode::judge_error);
    }
    // A student the judge failed on is graded judge_error, not given a grade; the run is the
    // judge's failure (exit 3), so that CI goes red (a machine without python3, say).
    for (const auto& [verdict, n] : s.verdict_counts) {
        if (verdict != "judge_error" || n == 0) continue;
        fmt::print(stderr,
                   "judge: error: the judge failed on {} student{} (judge_error in grades.csv; the reason is in "
                   "each one's report.json, and above)\n",
                   n, n == 1 ? "" : "s");
        return code(ExitCode::judge_error);
    }
    return code(ExitCode::ok);
}

// The roster of --roster, checked with --export before anything is graded: an export needs the
// roster's identifiers, and a known LMS.
std::vector<RosterEntry> roster_for_export(const RosterOptions& o, bool shard) {
    std::vector<RosterEntry> roster;
    if (o.roster) roster = read_roster(*o.roster);
    if (o.export_to.empty()) return roster;
    find_lms_format(o.export_to[0]);
    if (!o.roster) throw InputError("--export needs --roster: the LMS matches each row by the roster's identifier");
    if (shard) throw InputError("--export: a shard holds part of the class; export from judge merge of all shards");
    return roster;
}

// --export: the grades of `out` as the LMS's import file, and what was left out, on stderr.
void export_class(const Problem& p, const std::string& out, const RosterOptions& o,
                  const std::vector<RosterEntry>& roster) {
    if (o.export_to.empty()) return;
    const std::vector<ClassStudent> students = read_class(p, out);
    std::vector<std::pair<std::string, const Report*>> reports;
    for (const ClassStudent& s : students) reports.emplace_back(s.id, &s.report);
    const ExportSummary e = export_grades(o.export_to[0], p.name, reports, roster, o.export_to[1]);
    fmt::print("wrote {} ({} rows, {}'s import)\n", o.export_to[1], e.rows, o.export_to[0]);
    const auto warn = [](const std::vector<std::string>& ids, const char* what) {
        if (ids.empty()) return;
        std::string list;
        for (const std::string& id : ids) list += " " + printable(id);
        fmt::print(stderr, "judge: warning: --export: {}:{}\n", what, list);
    };
    warn(e.not_on_roster, "not on the roster, so with no identifier, and left out");
    warn(e.not_graded, "on the roster but not graded in this output, and left out");
    warn(e.no_grade, "the judge failed on them: their cell is empty (no grade)");
    warn(e.no_identifier, "no identifier on the roster: written under their username");
}

}  // namespace

CLI::App* add_grade(CLI::App& app, GradeCliOptions& o) {
    CLI::App* grade = app.add_subcommand(
        "grade",
        "Grade a class: every subdirectory of --class is one student, whose submission is\n"
        "<id>/<problem>/solution.cpp or <id>/solution.cpp. Writes grades.csv, junit.xml, summary.md and,\n"
        "per student, students/<id>/report.json and students/<id>/results.json (Gradescope) into --out.\n"
        "A rerun into the same --out grades only changed submissions. Exit 0 when every student was\n"
        "graded, whatever the verdicts.");
    grade->add_option("problem", o.problem, "Problem name")->required();
    grade->add_option("--class", o.class_dir, "The class directory")->required();
    grade->add_option("--out", o.out, "Output directory")->required();
    grade->add_option("--jobs", o.jobs, "Students graded in parallel (default 1)");
    grade->add_option("--shard", o.shard, "Grade only shard K of N (K/N), a fixed subset of the students");
    add_seed(grade, o.seed, o.seed_from_env,
             "Grading seed (default 0: the spec's inputs); any other value draws fresh\n"
             "random inputs, so that what a student hard-coded from a pack fails");
    add_roster(grade, o.roster, "The class: Classroom's roster CSV or an id a line (no folder: missing)");
    grade->add_flag("--allow-empty", o.allow_empty, "Grade a class with nobody in it (else exit 2)");
    grade->add_option("--previous", o.previous,
                      "The last grading run's output (a copy of its --out): summary.md and summary.html say\n"
                      "whose verdict or score changed since, and how");
    grade->add_flag("--after-due-date", o.after_due_date,
                    "Release the tests withheld until after the due date (visibility after_due_date)");
    grade->add_flag_callback(
        "--no-counterexamples", [&o] { o.counterexamples = false; },
        "Do not search fresh small inputs for a counterexample to each failed hidden test");
    grade->add_option("--suggest-bugs", o.suggest_bugs,
                      "Write one submission per cluster of 3 or more students who gave the same wrong answers that\n"
                      "no seeded bug names, as DIR/cluster<k>_<trap>.cpp: a candidate seeded bug to review");
    return grade;
}

CLI::App* add_merge(CLI::App& app, MergeOptions& o) {
    CLI::App* merge = app.add_subcommand(
        "merge",
        "Merge the --out directories of judge grade --shard runs into one gradebook, byte-identical to\n"
        "a single run over the whole class.");
    merge->add_option("inputs", o.inputs, "The shard output directories")->required();
    merge->add_option("--out", o.out, "The merged output directory")->required();
    merge->add_option("--seed-from-env", o.seed_from_env,
                      "Shards graded with --seed-from-env VAR: the same variable, to check they used one seed");
    add_roster(merge, o.roster, "The roster the shards were graded with, for --export");
    merge->add_option("--previous", o.previous,
                      "The last grading run's output: the summaries say who changed since, as grade's --previous");
    return merge;
}

int cmd_grade(const GlobalOptions& g, const GradeCliOptions& o) {
    const CourseRoot root = find_course_root(g.root);
    if (pack::is_pack(root.path)) throw InputError(root.path.string() + ": " + pack::needs_full_root("judge grade"));
    require_known_problem(root.path, o.problem);
    const Problem p = released(load_problem(root.path, o.problem), o.after_due_date);
    GradeOptions go;
    go.class_dir = o.class_dir;
    go.out = o.out;
    go.jobs = o.jobs;
    go.seed = choose_seed(o.seed, o.seed_from_env, p.name);
    go.counterexamples = o.counterexamples;
    if (o.shard) go.shard = parse_shard(*o.shard);
    const std::vector<RosterEntry> roster = roster_for_export(o.roster, o.shard.has_value());
    go.roster = roster_ids(roster);
    go.has_roster = o.roster.roster.has_value();
    go.allow_empty = o.allow_empty;
    if (o.jobs < 1) throw InputError("--jobs: must be at least 1");
    if (o.previous) check_previous(*o.previous, o.out);
    if (o.previous) go.previous = *o.previous;
    const std::unique_ptr<Sandbox> sandbox = make_sandbox(probe_sandbox());
    check_isolation(*sandbox, go.seed.secret() ? go.seed.env : "", p.reference);
    Builder builder(detect_toolchain(), cache_root());
    const GradeSummary s = grade_class(p, go, builder, *sandbox);
    fmt::print("{}: {} students ({} graded, {} unchanged){}\n", p.name, s.students, s.graded, s.reused,
               go.shard ? fmt::format(", shard {}/{}", go.shard->first, go.shard->second) : "");
    for (const auto& [verdict, n] : s.verdict_counts) fmt::print("  {:<14} {}\n", verdict, n);
    if (go.seed.drawn()) {
        // What the seed does not protect: tests whose inputs every pack holds (issue #38).
        if (const int fixed = seed_independent_points(p); fixed > 0)
            fmt::print(
                "note: {} of {} points come from tests whose inputs no grading seed changes (their sizes and "
                "stated values); a table built from a student pack's stored answers can pass them (judge validate "
                "{} lists them)\n",
                fixed, p.max_score(), p.name);
        else
            fmt::print("every test's inputs are new under this grading seed\n");
    }
    fmt::print(
        "wrote {}/grades.csv, junit.xml, summary.md, summary.html and students/<student>/report.json, "
        "results.json\n",
        o.out);
    if (o.suggest_bugs) {
        try {
            const size_t n = suggest_bugs(p, o.out, o.class_dir, *o.suggest_bugs);
            if (n > 0) fmt::print("wrote {} candidate seeded bug{} to {}\n", n, n == 1 ? "" : "s", *o.suggest_bugs);
        } catch (const std::filesystem::filesystem_error& e) {
            throw InputError("--suggest-bugs: cannot write " + *o.suggest_bugs + ": " + e.code().message());
        }
    }
    export_class(p, o.out, o.roster, roster);
    return grade_exit(s);
}

int cmd_merge(const GlobalOptions& g, const MergeOptions& o) {
    const CourseRoot root = find_course_root(g.root);
    std::vector<std::filesystem::path> inputs(o.inputs.begin(), o.inputs.end());
    const std::vector<RosterEntry> roster = roster_for_export(o.roster, false);
    if (o.previous) check_previous(*o.previous, o.out);
    const std::optional<std::filesystem::path> previous =
        o.previous ? std::optional<std::filesystem::path>(*o.previous) : std::nullopt;
    const std::string problem = merge_outputs(inputs, o.out, root.path, o.seed_from_env, previous);
    fmt::print("{}: merged {} output directories into {}\n", problem, inputs.size(), o.out);
    export_class(load_problem(root.path, problem), o.out, o.roster, roster);
    return code(ExitCode::ok);
}

}  // namespace judge
