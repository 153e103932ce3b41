// judge/course/course.hpp: finding the course root and the problems in it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace judge {

/// The folder that holds problems/ and reference/.
struct CourseRoot {
    std::filesystem::path path;
};

/// Finds the course root; first match wins: `flag`, $JUDGE_ROOT, the nearest ancestor of the
/// current directory holding problems/, the source tree this binary was built from.
/// Throws InputError when an explicit root does not hold problems/.
CourseRoot find_course_root(const std::optional<std::string>& flag);

/// The names of the problem folders under root/problems that hold a problem.json, sorted.
std::vector<std::string> list_problem_names(const std::filesystem::path& root);

/// Throws InputError naming `name` and listing the known problems when `name` is not one of them.
void require_known_problem(const std::filesystem::path& root, const std::string& name);

}  // namespace judge
