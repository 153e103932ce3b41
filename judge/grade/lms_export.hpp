// judge/grade/lms_export.hpp: the class's grades as a file an LMS gradebook imports (issue #45,
// point 4): `judge grade --export canvas|moodle FILE` and `judge merge --export ...`.
//
// One table row per LMS (lms_formats): its name, what it is, and how it writes the file. Rows follow
// the roster (grade/roster.hpp), whose identifier is what the LMS matches a student by; a folder the
// roster does not list has no identifier and is left out, and a student the judge failed on
// (judge_error) gets an empty cell, which both LMSs read as "no grade", never a 0.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grade/roster.hpp"
#include "report/report.hpp"

namespace judge {

/// One student's row: what the LMS knows them by, and the report of the grade that counts.
struct ExportRow {
    std::string identifier;  // the roster's identifier, else (none on the roster) the id
    std::string name;
    const Report* report = nullptr;
};

struct LmsFormat {
    const char* name;  // "canvas"
    const char* what;  // for --help and the docs
    std::string (*render)(const std::string& assignment, int points_possible, const std::vector<ExportRow>& rows);
};

/// Every LMS --export knows, in the order --help lists them.
const std::vector<LmsFormat>& lms_formats();

/// The format named `name`; throws InputError naming the known ones when there is none.
const LmsFormat& find_lms_format(const std::string& name);

/// What an export wrote, for the closing lines.
struct ExportSummary {
    size_t rows = 0;
    std::vector<std::string> not_on_roster;  // graded folders the roster does not list: left out
    std::vector<std::string> not_graded;     // roster students with no report in OUT: left out
    std::vector<std::string> no_grade;       // judge_error: an empty cell
    std::vector<std::string> no_identifier;  // a roster line without an identifier: its username instead
};

/// Writes the grades of OUT's reports (`students`: id and report, in id order) as `format`'s file at
/// `file`, one row per roster student in the roster's order. Throws InputError for an unknown
/// format (naming the known ones) or a file that cannot be written.
ExportSummary export_grades(const std::string& format, const std::string& assignment,
                            const std::vector<std::pair<std::string, const Report*>>& students,
                            const std::vector<RosterEntry>& roster, const std::filesystem::path& file);

/// "wrong answer: 25 of 32 points; fix first: masking (mask before the softmax)": the one line of
/// feedback a gradebook cell holds.
std::string feedback_line(const Report& r);

}  // namespace judge
