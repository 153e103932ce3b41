// judge template: a Python student template generated from the spec (issue #43, point 4): one stub
// per function, with the parameters' and outputs' types in its docstring. For instructors writing
// a problem's solution.py and solution_numpy.py, which validate then checks load and are rejected.
#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "languages/python.hpp"
#include "pipeline/packed_key.hpp"
#include "problem/language.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

CLI::App* add_template(CLI::App& app, TemplateOptions& o) {
    CLI::App* t = app.add_subcommand(
        "template",
        "For instructors: a Python student template generated from the spec, a stub per function with the\n"
        "types in its docstring (printed, or written with --out)");
    t->add_option("problem", o.problem, "Problem name, e.g. problem_mha")->required();
    t->add_option("--lang", o.lang, "torch (default: solution.py) or numpy (solution_numpy.py)");
    t->add_option("--out", o.out, "Write it to this file instead of printing it");
    t->add_flag("--force", o.force, "Replace the --out file when it exists");
    return t;
}

int cmd_template(const GlobalOptions& g, const TemplateOptions& o) {
    const std::optional<Language> lang = parse_language(o.lang);
    if (!lang || language_info(*lang).tensor_type.empty() || language_info(*lang).import_line.empty())
        throw InputError("--lang: expected numpy or torch, got \"" + o.lang +
                         "\" (the C++ template is written by hand)");
    const CourseRoot root = find_course_root(g.root);
    require_known_problem(root.path, o.problem);
    const std::string text = python_template(load_course_problem(root.path, o.problem), language_info(*lang));
    if (!o.out) {
        fmt::print("{}", text);
        return code(ExitCode::ok);
    }
    if (fs::exists(*o.out) && !o.force) throw InputError("--out: " + *o.out + " exists; --force replaces it");
    write_file_atomic(*o.out, text);
    fmt::print("wrote {}; judge validate {} checks that it loads and is rejected, once it is the template\n", *o.out,
               o.problem);
    return code(ExitCode::ok);
}

}  // namespace judge
