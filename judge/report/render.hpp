// judge/report/render.hpp: a Report as terminal text or as the JSON document of docs/report.md.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "report/report.hpp"
#include "report/style.hpp"

namespace judge {

/// The student-facing text: one line per trap (✓ or ✗) with the diagnosis and hint, then the score.
std::string render_text(const Report& r, const Style& style);

/// The JSON report; its schema is documented in docs/report.md.
nlohmann::json render_json(const Report& r);

/// A JSON document as text, indented by 2. Any invalid UTF-8 left in it (a student id in Latin-1)
/// becomes U+FFFD instead of failing the write.
std::string json_text(const nlohmann::json& j);

}  // namespace judge
