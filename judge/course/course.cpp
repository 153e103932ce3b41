#include "course/course.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/errors.hpp"

#ifndef JUDGE_SOURCE_DIR
#define JUDGE_SOURCE_DIR ""
#endif

namespace judge {

namespace fs = std::filesystem;

namespace {

bool holds_problems(const fs::path& dir) {
    std::error_code ec;
    return fs::is_directory(dir / "problems", ec);
}

CourseRoot explicit_root(const std::string& dir, const std::string& found_by) {
    const fs::path p = fs::absolute(dir);
    if (!holds_problems(p)) {
        throw InputError(found_by + ": " + p.string() + " is not a course root (it has no problems/ folder)");
    }
    return {p};
}

}  // namespace

CourseRoot find_course_root(const std::optional<std::string>& flag) {
    if (flag) return explicit_root(*flag, "--root");
    if (const char* env = std::getenv("JUDGE_ROOT"); env != nullptr && *env != '\0') {
        return explicit_root(env, "JUDGE_ROOT");
    }
    std::error_code ec;
    for (fs::path dir = fs::current_path(ec); !ec && !dir.empty(); dir = dir.parent_path()) {
        if (holds_problems(dir)) return {dir};
        if (dir == dir.root_path()) break;
    }
    const fs::path built_from = JUDGE_SOURCE_DIR;
    if (!built_from.empty() && holds_problems(built_from)) return {built_from};
    throw InputError("no course root found: pass --root DIR or set JUDGE_ROOT to a folder that holds problems/");
}

std::vector<std::string> list_problem_names(const fs::path& root) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(root / "problems", ec)) {
        if (entry.is_directory() && fs::exists(entry.path() / "problem.json")) {
            names.push_back(entry.path().filename().string());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

void require_known_problem(const fs::path& root, const std::string& name) {
    const auto names = list_problem_names(root);
    if (std::find(names.begin(), names.end(), name) != names.end()) return;
    std::string known;
    for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
    throw InputError("unknown problem '" + name + "' in " + (root / "problems").string() +
                     (known.empty() ? " (there are no problems there)" : "; known problems: " + known));
}

}  // namespace judge
