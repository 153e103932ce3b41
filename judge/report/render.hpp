// judge/report/render.hpp: a Report as terminal text (the JSON document is report_json.hpp's).
#pragma once

#include <string>

#include "report/report.hpp"
#include "report/style.hpp"

namespace judge {

/// The student-facing text: one line per trap (✓ or ✗) with the diagnosis and hint, then the score.
std::string render_text(const Report& r, const Style& style);

}  // namespace judge
