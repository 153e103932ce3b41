// judge bug new: a seeded bug written for the instructor, as a patch against the reference
// (issue #43, point 4): edit a copy of reference/<p>/solution.cpp, then
//     judge bug new <p> <id> --from edited.cpp --trap <trap> --misconception "<phrase>"
// writes reference/<p>/bugs/<id>.patch, the header lines and a diff -u of the copy.
#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "pipeline/pack_format.hpp"
#include "problem/field.hpp"
#include "problem/spec.hpp"
#include "traps/seeded_bugs.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

CLI::App* add_bug(CLI::App& app, BugOptions& o) {
    CLI::App* bug = app.add_subcommand("bug", "Write a seeded bug for a problem (for instructors)");
    bug->require_subcommand(1);
    CLI::App* make = bug->add_subcommand(
        "new",
        "Write reference/<problem>/bugs/<id>.patch: the header lines (trap, misconception) and the diff from\n"
        "the reference to FILE, an edited copy of reference/<problem>/solution.cpp with one mistake in it");
    make->add_option("problem", o.problem, "Problem name, e.g. problem_mha")->required();
    make->add_option("id", o.id, "The bug's id, its file's name: letters, digits and _")->required();
    make->add_option("--from", o.from, "The edited copy of the reference")->required();
    make->add_option("--trap", o.trap, "The trap that must catch it (or a `// trap:` first line in FILE)");
    make->add_option("--misconception", o.misconception,
                     "The mistake, as a phrase after \"this mistake:\" (or a `// misconception:` line in FILE)");
    make->add_flag("--force", o.force, "Replace bugs/<id>.patch when it exists");
    return bug;
}

int cmd_bug(const GlobalOptions& g, const BugOptions& o) {
    const CourseRoot root = find_course_root(g.root);
    if (pack::is_pack(root.path)) throw InputError(root.path.string() + ": " + pack::needs_full_root("judge bug new"));
    require_known_problem(root.path, o.problem);
    const Problem p = load_problem(root.path, o.problem);
    if (!valid_identifier(o.id))
        throw InputError("bug new: \"" + o.id +
                         "\" is not a valid id (letters, digits and _, not starting with a digit)");
    if (fs::path(o.from).extension() != ".cpp")
        throw InputError("--from: " + o.from + ": a seeded bug is a C++ program, an edited copy of " +
                         (fs::path("reference") / p.name / "solution.cpp").string());
    const fs::path patch = p.bugs_dir / (o.id + ".patch"), whole = p.bugs_dir / (o.id + ".cpp");
    const std::string shown = (fs::path("reference") / p.name / "bugs" / patch.filename()).string();
    if (fs::exists(whole))
        throw InputError("bug new: reference/" + p.name + "/bugs/" + o.id + ".cpp exists; a seeded bug is one file");
    if (fs::exists(patch) && !o.force) throw InputError("bug new: " + shown + " exists; --force replaces it");
    const std::string reference = read_input_file(p.reference);
    const std::string text = make_bug_patch(p, reference, read_input_file(o.from), o.from, o.trap, o.misconception);
    fs::create_directories(p.bugs_dir);
    write_file_atomic(patch, text);
    int changed = 0, hunks = 0;
    for (size_t at = 0; (at = text.find('\n', at)) != std::string::npos && at + 1 < text.size(); ++at) {
        const char c = text[at + 1];
        if (text.compare(at + 1, 4, "--- ") == 0 || text.compare(at + 1, 4, "+++ ") == 0) continue;
        changed += c == '-' || c == '+' ? 1 : 0;
        hunks += text.compare(at + 1, 3, "@@ ") == 0 ? 1 : 0;
    }
    fmt::print("wrote {}: {} line{} changed in {} hunk{}\n", shown, changed, changed == 1 ? "" : "s", hunks,
               hunks == 1 ? "" : "s");
    fmt::print("next: judge show {} --bug {} prints the program; judge validate {} checks that its trap catches it\n",
               p.name, o.id, p.name);
    return code(ExitCode::ok);
}

}  // namespace judge
