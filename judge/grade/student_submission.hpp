// judge/grade/student_submission.hpp: which file of a student's folder is the submission.
//
// A folder may hold a solution.cpp and a solution.py (the Classroom template keeps solution.cpp;
// a Python student adds solution.py beside it). The submission is the file the student wrote: an
// untouched template is never taken over it, and two changed files are no choice the judge makes
// for the student (issue #63). `grade`, `submit --dir`, `submit` in a folder and the suggested bugs
// all choose here.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "problem/spec.hpp"

namespace judge {

/// A student's submission as grading found it.
struct StudentSubmission {
    enum class State { found, missing, invalid, too_large };
    State state = State::missing;
    std::string text;             // the source, read through the descriptor that was checked
    std::string display;          // "<id>/solution.cpp", as reports name it
    std::string why;              // invalid: what is wrong, for the student
    unsigned long long size = 0;  // too_large: its size
};

/// The submission of `id`: in <id>/<problem>/ if it holds a solution.cpp or solution.py, else in
/// <id>/. It must be a regular file reached through no symbolic link below `class_dir`, the
/// student's own folder included; otherwise it is `invalid` (a link to a classmate's file, to the
/// reference or to /proc/self/environ is never read). When the folder holds both files, the one
/// the student changed is taken: a file byte-identical to one of `templates` (shipped_templates) is
/// never taken over a changed one, and two changed files are `invalid`, naming both (issue #63).
StudentSubmission read_submission(const std::filesystem::path& class_dir, const std::string& id,
                                  const std::string& problem, const std::vector<std::string>& templates = {});

/// Of the texts of the candidates one folder holds (in submission_file_names() order), the one the
/// student wrote: an untouched template (equal to one of `templates`) is never taken over a changed
/// file; with none changed, the first. Two changed files are no choice the judge makes for the
/// student: then `index` is empty and `both` names the first two.
struct WrittenOne {
    std::optional<size_t> index;
    std::pair<size_t, size_t> both;
};
WrittenOne written_one(const std::vector<std::string>& texts, const std::vector<std::string>& templates);

/// What a student is told when a folder holds two changed files.
std::string two_written_words(const std::string& a, const std::string& b);

/// The problem's shipped student templates (C++, PyTorch, NumPy), as texts: a file equal to one is
/// an untouched template.
std::vector<std::string> shipped_templates(const Problem& p);

}  // namespace judge
