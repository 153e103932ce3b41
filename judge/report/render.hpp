// judge/report/render.hpp: a Report as terminal text (the JSON document is report_json.hpp's).
#pragma once

#include <string>

#include "problem/spec.hpp"
#include "report/pictures.hpp"
#include "report/report.hpp"
#include "report/style.hpp"

namespace judge {

/// The student-facing text: one line per trap (✓ or ✗) with the diagnosis and hint, then the score.
std::string render_text(const Report& r, const Style& style);

/// The report as Markdown, for a student to read on GitHub (an issue, a step summary, a file in their
/// repository): a heading with the points, then render_text in a code fence longer than any run of
/// backticks in it, so that nothing a submission put in its report (a compile error quotes its
/// source) can end the fence and write Markdown. `judge submit --format markdown`; each graded
/// student's report.md.
std::string render_markdown(const Report& r);

/// Small attention weights (at most 8 × 8) as shaded grids, expected and yours side by side: one
/// picture for each failed trap whose speaking test has one (report/pictures.hpp), at most three.
/// "" when there is none. The text report adds it on a terminal or with --pictures.
std::string render_pictures_text(const Report& r, const Problem& p, const Style& style);

/// One attention picture as shaded grids, expected and yours side by side, a head after another.
std::string picture_text(const Picture& pic, const Style& style);

}  // namespace judge
