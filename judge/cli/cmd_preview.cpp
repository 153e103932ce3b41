// judge preview: what a student of a problem sees, from the full course root, without writing a
// pack (issue #43, point 5): the statement and the signatures as `judge show` prints them on a
// pack, and with --bug ID the report a student whose file makes that seeded bug's mistake gets.
// A pack gives the same report as the full root for every seeded bug (e2e pack_same_reports), so
// the report is judged here, on the full root.
#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "pipeline/pack_format.hpp"
#include "problem/spec.hpp"
#include "traps/seeded_bugs.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

CLI::App* add_preview(CLI::App& app, PreviewOptions& o) {
    CLI::App* preview = app.add_subcommand(
        "preview",
        "For instructors: what a student sees, from the full course root, without writing a pack: the\n"
        "statement, the signatures and the traps; with --bug ID, the report a student whose file makes that\n"
        "seeded bug's mistake gets (the same on a pack)");
    preview->add_option("problem", o.problem, "Problem name, e.g. problem_mha")->required();
    preview->add_option("--bug", o.bug, "A seeded bug's id: judge it as a student's file and print its report");
    preview->add_option("--format", o.format, "The report's format, as judge submit takes it (default text)");
    return preview;
}

int cmd_preview(const GlobalOptions& g, const PreviewOptions& o) {
    const CourseRoot root = find_course_root(g.root);
    if (pack::is_pack(root.path)) throw InputError(root.path.string() + ": " + pack::needs_full_root("judge preview"));
    require_known_problem(root.path, o.problem);
    if (!o.bug) return cmd_show(g, o.problem, "");
    const Problem p = load_problem(root.path, o.problem);
    const SeededBug b = find_seeded_bug(p, *o.bug);
    // The student's file: the program the bug is, as a student would hand it in.
    TempDir dir("judge-preview");
    write_file_atomic(dir.path() / "solution.cpp", b.source);
    if (o.format == "text")
        fmt::print("{}\n\n", paint(fmt::format("A student whose solution makes the mistake of {} ({}) gets:", b.name,
                                               b.misconception),
                                   "bold"));
    // Judged from the file's folder as `--file solution.cpp`, so that the report's commands
    // (a failed test's rerun) read as the student's do.
    GlobalOptions at_root = g;
    at_root.root = fs::absolute(root.path).string();
    const fs::path here = fs::current_path();
    fs::current_path(dir.path());
    SubmitOptions s;
    s.problem = o.problem;
    s.file = "solution.cpp";
    s.format = o.format;
    try {
        cmd_submit(at_root, s);  // its exit code is the student's; the preview itself succeeded
    } catch (...) {
        fs::current_path(here);
        throw;
    }
    fs::current_path(here);
    return code(ExitCode::ok);
}

}  // namespace judge
