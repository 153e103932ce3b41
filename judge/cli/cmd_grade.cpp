// `judge grade`: a whole class directory, for CI.
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "core/seed.hpp"
#include "course/course.hpp"
#include "grade/class_grade.hpp"
#include "grade/roster.hpp"
#include "pipeline/pack_format.hpp"
#include "problem/packed.hpp"
#include "problem/redraw.hpp"
#include "sandbox/sandbox.hpp"

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

}  // namespace

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
    if (o.roster) {
        go.roster = read_roster(*o.roster);
        go.has_roster = true;
    }
    go.allow_empty = o.allow_empty;
    if (o.jobs < 1) throw InputError("--jobs: must be at least 1");
    const std::unique_ptr<Sandbox> sandbox = make_sandbox(probe_sandbox());
    warn_if_not_isolated(*sandbox);
    Builder builder(detect_toolchain(), cache_root());
    const GradeSummary s = grade_class(p, go, builder, *sandbox);
    fmt::print("{}: {} students ({} graded, {} unchanged){}\n", p.name, s.students, s.graded, s.reused,
               go.shard ? fmt::format(", shard {}/{}", go.shard->first, go.shard->second) : "");
    for (const auto& [verdict, n] : s.verdict_counts) fmt::print("  {:<14} {}\n", verdict, n);
    if (go.seed.value != 0) {
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
    return grade_exit(s);
}

int cmd_merge(const GlobalOptions& g, const MergeOptions& o) {
    const CourseRoot root = find_course_root(g.root);
    std::vector<std::filesystem::path> inputs(o.inputs.begin(), o.inputs.end());
    const std::string problem = merge_outputs(inputs, o.out, root.path, o.seed_from_env);
    fmt::print("{}: merged {} output directories into {}\n", problem, inputs.size(), o.out);
    return code(ExitCode::ok);
}

}  // namespace judge
