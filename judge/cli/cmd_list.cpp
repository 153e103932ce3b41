#include <fmt/core.h>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "pipeline/pack_format.hpp"
#include "problem/spec.hpp"

namespace judge {

int cmd_list(const GlobalOptions& g) {
    const CourseRoot root = find_course_root(g.root);
    if (pack::is_pack(root.path)) pack::verify(root.path);
    const auto names = list_problem_names(root.path);
    if (names.empty()) {
        fmt::print("no problems under {}\n", (root.path / "problems").string());
        return code(ExitCode::ok);
    }
    size_t width = 0;
    for (const auto& n : names) width = std::max(width, n.size());
    for (const auto& n : names) {
        std::string title;
        try {
            title = load_problem(root.path, n).title;
        } catch (const InputError& e) {
            title = paint("(invalid spec: " + std::string(e.what()) + ")", "red");
        }
        fmt::print("{:<{}}  {}\n", n, width, title);
    }
    return code(ExitCode::ok);
}

}  // namespace judge
