// judge/grade/roster.hpp: the students a class has, from a roster (issue #45, point 3), so that a
// student whose repository is missing is graded as `missing` instead of vanishing, and a class
// that holds nobody is an error rather than an empty, green gradebook.
//
// A roster is GitHub Classroom's roster CSV (a header row with "identifier" and
// "github_username"; a student's id is the username, as the class folders are named, or the
// identifier when no account is linked), or a plain list: one id per line, '#' comments.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace judge {

/// The ids of the roster at `file`, in its order. Throws InputError naming the file and line for an
/// unreadable file, a CSV without the columns, or an id that cannot be a folder's name ("", ".",
/// "..", a '/', a control character).
std::vector<std::string> read_roster(const std::filesystem::path& file);

/// The students to grade: the folders of the class (`folders`, sorted) and the roster's ids (when
/// one is given), each once, sorted. Throws InputError when there is nobody to grade, or when a
/// roster names students but none of them has a folder (every clone failed), unless `allow_empty`.
/// `not_on_roster` receives the folders the roster does not list (graded all the same).
std::vector<std::string> class_students(const std::vector<std::string>& folders, const std::vector<std::string>& roster,
                                        bool has_roster, bool allow_empty, const std::string& class_dir,
                                        std::vector<std::string>& not_on_roster);

}  // namespace judge
