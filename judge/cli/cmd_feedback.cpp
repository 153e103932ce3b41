// judge feedback OUT --student ID: one student's report.md from a grade or merge output, cut to fit
// the platform it is handed to (issue #63, point 2; report/fit.hpp). The workflow's feedback step
// names the student as the roster does; the judge finds the folder, however the id was escaped.
//   exit 0: the feedback is on stdout (cut or not: a cut says so on stderr too)
//   exit 1: OUT holds no feedback for that student, and stderr says why
//   exit 2: OUT is not a grade output, or a bad option
#include <fmt/core.h>

#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "grade/class_grade.hpp"
#include "report/fit.hpp"
#include "util/safe_read.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// A student's report.md is a few hundred kilobytes at most (a compile log is capped); past this
// it is not one the judge wrote.
constexpr size_t max_feedback_file = 16u << 20;

}  // namespace

CLI::App* add_feedback(CLI::App& app, FeedbackOptions& o) {
    CLI::App* feedback = app.add_subcommand(
        "feedback",
        "For instructors: print one student's feedback (students/<folder>/report.md of a judge grade\n"
        "or merge output) for a workflow to hand them, cut to fit the platform when it is longer, saying\n"
        "what was cut and where the whole report is. Exit 0 printed; 1 OUT holds no feedback for that\n"
        "student (stderr says why); 2 OUT is not a grade output.");
    feedback->add_option("out", o.out, "The --out folder of judge grade or judge merge")->required();
    feedback->add_option("--student", o.student, "The student's id, as grades.csv and the roster spell it")->required();
    feedback->add_option("--limit", o.limit,
                         fmt::format("The most bytes to print, which is at most as many characters however the\n"
                                     "platform counts them (default {}: a GitHub issue's or comment's body;\n"
                                     "at least {})",
                                     github_issue_limit, min_fit_limit));
    feedback->add_option("--whole-at", o.whole_at,
                         "Where a student finds the whole report when it is cut, in Markdown (default: their\n"
                         "folder of the grade output, which their instructor has)");
    return feedback;
}

int cmd_feedback(const FeedbackOptions& o) {
    if (o.limit < min_fit_limit)
        throw InputError(fmt::format("--limit {}: expected at least {} bytes", o.limit, min_fit_limit));
    if (o.whole_at && o.whole_at->size() > max_whole_at)
        throw InputError(fmt::format("--whole-at: at most {} bytes, got {}", max_whole_at, o.whole_at->size()));
    const fs::path out(o.out);
    std::error_code ec;
    if (!fs::is_directory(out, ec)) throw InputError(o.out + ": not a folder; expected the --out of judge grade");
    if (!fs::is_regular_file(out / "grade.json", ec) || fs::is_symlink(out / "grade.json", ec))
        throw InputError((out / "grade.json").string() + ": missing; is " + o.out +
                         " the --out of a judge grade or merge run?");
    const std::string folder = student_folder(o.student);
    const fs::path rel = fs::path(folder) / student_feedback_file;
    const SafeRead md = read_below(out / "students", rel, max_feedback_file, ReadPart::whole);
    if (md.fault == ReadFault::missing) {
        const bool known = fs::is_directory(out / "students" / folder, ec);
        spdlog::error("no feedback for {}: {}", o.student,
                      known ? (out / "students" / rel).string() + " is missing; grade the class again into " + o.out
                            : o.out + " has no student \"" + o.student +
                                  "\" (its students are the class's folders and the roster's, spelled as in "
                                  "grades.csv)");
        return code(ExitCode::not_passed);
    }
    if (!md.ok()) {
        spdlog::error("no feedback for {}: {}: {}", o.student, (out / "students" / rel).string(), describe(md.fault));
        return code(ExitCode::not_passed);
    }
    const std::string whole_at =
        o.whole_at ? *o.whole_at : "`students/" + rel.generic_string() + "` of the grade, which your instructor has";
    const Fitted f = fit_markdown(md.bytes, o.limit, whole_at);
    fmt::print("{}", f.text);
    std::fflush(stdout);
    if (f.cut)
        spdlog::warn("feedback for {}: {} bytes of {} left out to fit --limit {}; the note under its heading says so",
                     o.student, f.bytes_cut, md.bytes.size(), o.limit);
    return code(ExitCode::ok);
}

}  // namespace judge
