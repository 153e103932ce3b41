#include "grade/lms_export.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "core/errors.hpp"
#include "util/files.hpp"
#include "util/text.hpp"

namespace judge {

namespace {

// The cell of a grade: empty when the judge failed (no grade, which an import leaves alone).
std::string grade_cell(const Report& r) { return r.verdict == Verdict::judge_error ? "" : std::to_string(r.score); }

// Canvas's gradebook import: the columns of its own export ("Student", "ID", "SIS User ID",
// "SIS Login ID", "Section", then one per assignment) and its "Points Possible" row. Canvas matches
// a row by ID, then SIS User ID, then SIS Login ID: the roster's identifier goes in "SIS Login ID".
std::string canvas(const std::string& assignment, int points_possible, const std::vector<ExportRow>& rows) {
    std::string out = "Student,ID,SIS User ID,SIS Login ID,Section," + csv_cell(assignment) + "\n";
    out += "Points Possible,,,,," + std::to_string(points_possible) + "\n";
    for (const ExportRow& row : rows)
        out += csv_cell(row.name) + ",,," + csv_cell(row.identifier) + ",," + grade_cell(*row.report) + "\n";
    return out;
}

// Moodle's CSV grade import: any columns, mapped when importing: "Identifier" to the user field
// the roster's identifier is (email address, username or ID number), the assignment to a grade
// item, "Feedback" to that item's feedback.
std::string moodle(const std::string& assignment, int /*points_possible*/, const std::vector<ExportRow>& rows) {
    std::string out = "Identifier,Name," + csv_cell(assignment) + ",Feedback\n";
    for (const ExportRow& row : rows)
        out += csv_cell(row.identifier) + "," + csv_cell(row.name) + "," + grade_cell(*row.report) + "," +
               csv_cell(feedback_line(*row.report)) + "\n";
    return out;
}

}  // namespace

const std::vector<LmsFormat>& lms_formats() {
    static const std::vector<LmsFormat> formats = {
        {"canvas", "Canvas's gradebook import (Student, ID, SIS User ID, SIS Login ID, Section, the assignment)",
         canvas},
        {"moodle", "Moodle's CSV grade import (Identifier, Name, the assignment, Feedback)", moodle},
    };
    return formats;
}

const LmsFormat& find_lms_format(const std::string& name) {
    const auto& formats = lms_formats();
    const auto it = std::find_if(formats.begin(), formats.end(), [&](const LmsFormat& f) { return name == f.name; });
    if (it != formats.end()) return *it;
    std::string known;
    for (const LmsFormat& f : formats) known += std::string(known.empty() ? "" : ", ") + f.name;
    throw InputError("--export: unknown LMS \"" + name + "\" (expected one of: " + known + ")");
}

std::string feedback_line(const Report& r) {
    std::string line = verdict_phrase(r.verdict);
    if (r.verdict == Verdict::judge_error) return line + ": not graded (the judge failed; see the report)";
    line += fmt::format(": {} of {} points", r.score, r.max_score);
    if (const TrapOutcome* fix = r.first_fix()) line += "; fix first: " + fix->id + " (" + fix->title + ")";
    return line;
}

ExportSummary export_grades(const std::string& format, const std::string& assignment,
                            const std::vector<std::pair<std::string, const Report*>>& students,
                            const std::vector<RosterEntry>& roster, const std::filesystem::path& file) {
    const LmsFormat& lms = find_lms_format(format);
    ExportSummary s;
    std::map<std::string, const Report*> by_id(students.begin(), students.end());
    std::vector<ExportRow> rows;
    int points_possible = 0;
    for (const RosterEntry& e : roster) {
        const auto found = by_id.find(e.id);
        if (found == by_id.end()) {
            s.not_graded.push_back(e.id);
            continue;
        }
        if (e.identifier.empty()) s.no_identifier.push_back(e.id);
        if (found->second->verdict == Verdict::judge_error) s.no_grade.push_back(e.id);
        points_possible = std::max(points_possible, found->second->max_score);
        // A student without an identifier is written under their username.
        rows.push_back({e.identifier.empty() ? e.id : e.identifier, e.name, found->second});
    }
    for (const auto& [id, report] : students)
        if (std::none_of(roster.begin(), roster.end(), [&](const RosterEntry& e) { return e.id == id; }))
            s.not_on_roster.push_back(id);
    try {
        write_file_atomic(file, lms.render(assignment, points_possible, rows));
    } catch (const std::exception& e) {
        throw InputError("--export: cannot write " + file.string() + ": " + e.what());
    }
    s.rows = rows.size();
    return s;
}

}  // namespace judge
