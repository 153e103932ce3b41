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

/// One student of a roster: the id grading knows them by (their folder's name), and what the
/// course's LMS knows them by (grade/lms_export.hpp).
struct RosterEntry {
    std::string id;          // the GitHub username, else the identifier; a plain list's line
    std::string identifier;  // the roster's identifier (the LMS login or student number); a plain list's id
    std::string name;        // the roster's name column, when it has one
};

/// The students of the roster at `file`, in its order. Throws InputError naming the file and line
/// for an unreadable file, a CSV without the columns, or an id that cannot be a folder's name ("",
/// ".", "..", a '/', a control character).
std::vector<RosterEntry> read_roster(const std::filesystem::path& file);

/// The ids of `roster`, in its order.
std::vector<std::string> roster_ids(const std::vector<RosterEntry>& roster);

/// The students to grade: the folders of the class (`folders`, sorted) and the roster's ids (when
/// one is given), each once, sorted. Throws InputError when there is nobody to grade, or when a
/// roster names students but none of them has a folder (every clone failed), unless `allow_empty`.
/// `not_on_roster` receives the folders the roster does not list (graded all the same).
std::vector<std::string> class_students(const std::vector<std::string>& folders, const std::vector<std::string>& roster,
                                        bool has_roster, bool allow_empty, const std::string& class_dir,
                                        std::vector<std::string>& not_on_roster);

}  // namespace judge
