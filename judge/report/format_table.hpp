// judge/report/format_table.hpp: every format `judge submit --format` writes, one row each. A new
// format is a row here and its renderer in a file of its own (docs/authoring.md, "Adding a report
// format"); nothing else asks a format's name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "problem/spec.hpp"
#include "report/report.hpp"
#include "report/style.hpp"

namespace judge {

/// What a renderer may take besides the report: the run's wall time (Gradescope's
/// execution_time), whether the text report draws its pictures, and the terminal's style.
struct RenderContext {
    long seconds = 0;
    bool text_pictures = false;
    Style style;
};

struct FormatInfo {
    std::string_view name;
    /// A platform's document: written, with score 0 and the reason, even when there is nothing to
    /// judge (Gradescope's rule: results.json is always written).
    bool platform = false;
    /// Shows the pictures of failing tests (as images or on the page), so the judge draws them.
    bool pictures = false;
    /// The whole document, as it goes to stdout.
    std::string (*render)(const Report& r, const Problem& p, const RenderContext& c) = nullptr;
};

/// The formats, in the order --help and errors list them: text first, the default.
const std::vector<FormatInfo>& report_formats();

/// The row named `name`, or InputError "--format: expected text, json, ... or html, got "x"".
const FormatInfo& report_format(std::string_view name);

}  // namespace judge
