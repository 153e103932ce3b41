// judge/report/report_json.hpp: a Report as the JSON document of docs/report.md, and back.
//
// render_json writes the one schema; report_from_json is the one reader of it (judge grade's
// resume and class files, judge merge), and refuses a document that this problem's judging could
// not have written. Every other format is a function of the Report it gives.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "problem/spec.hpp"
#include "report/report.hpp"

namespace judge {

/// The JSON report; its schema is documented in docs/report.md.
nlohmann::json render_json(const Report& r);

/// A JSON document as text, indented by 2. Any invalid UTF-8 left in it (a student id in Latin-1)
/// becomes U+FFFD instead of failing the write.
std::string json_text(const nlohmann::json& j);

/// Sets each trap's points (its tests' in `r`), max_points and after_due_date (from the spec).
void add_trap_points(const Problem& p, Report& r);

/// The Report that `j` (render_json's document) holds, for problem `p`. What the JSON does not
/// keep comes from the spec: each trap's maximum and due-date visibility, each test's description.
/// Throws InputError naming `file` when `j` is not a report of this problem's judging: a field
/// missing or of the wrong type, an unknown verdict, trap or test, a score over its maximum, or
/// points that do not add up. render_json(report_from_json(j)) == j for every report it accepts.
Report report_from_json(const nlohmann::json& j, const Problem& p, const std::string& file);

/// The same from the document's text; invalid JSON is an InputError naming `file` too.
Report report_from_text(const std::string& text, const Problem& p, const std::string& file);

}  // namespace judge
