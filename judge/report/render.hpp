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

/// Small attention weights (at most 8 × 8) as shaded grids, expected and yours side by side: one
/// picture for each failed trap whose speaking test has one (report/pictures.hpp), at most three.
/// "" when there is none. The text report adds it on a terminal or with --pictures.
std::string render_pictures_text(const Report& r, const Problem& p, const Style& style);

/// One attention picture as shaded grids, expected and yours side by side, a head after another.
std::string picture_text(const Picture& pic, const Style& style);

}  // namespace judge
