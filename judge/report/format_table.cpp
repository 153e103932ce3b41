#include "report/format_table.hpp"

#include <fmt/core.h>

#include "core/errors.hpp"
#include "report/formats.hpp"
#include "report/html.hpp"
#include "report/platforms.hpp"
#include "report/render.hpp"
#include "report/report_json.hpp"
#include "report/words.hpp"

namespace judge {

namespace {

std::string text(const Report& r, const Problem& p, const RenderContext& c) {
    return render_text(r, c.style) + (c.text_pictures ? render_pictures_text(r, p, c.style) : "");
}

std::string markdown(const Report& r, const Problem&, const RenderContext&) { return render_markdown(r); }

std::string json_report(const Report& r, const Problem&, const RenderContext&) {
    return json_text(render_json(r)) + "\n";
}

std::string junit(const Report& r, const Problem&, const RenderContext&) {
    JunitCounts total;
    // The suite is named after the submission: two students' files merge into two suites.
    const std::string suite = render_junit_suite(r.submission.empty() ? "submission" : r.submission, r, total);
    return render_junit_document(r.problem, suite, total);
}

std::string gradescope(const Report& r, const Problem& p, const RenderContext& c) {
    return json_text(gradescope_results(r, c.seconds, p, true)) + "\n";
}

std::string classroom(const Report& r, const Problem&, const RenderContext&) {
    // One line, as the grading reporter reads its <RUNNER>_RESULTS variable.
    return base64(classroom_results(r).dump()) + "\n";
}

std::string prairielearn(const Report& r, const Problem& p, const RenderContext&) {
    return json_text(prairielearn_results(r, &p)) + "\n";
}

std::string codegrade(const Report& r, const Problem&, const RenderContext&) {
    return codegrade_points(r).dump() + "\n";
}

std::string html(const Report& r, const Problem& p, const RenderContext&) { return render_html(r, p); }

}  // namespace

const std::vector<FormatInfo>& report_formats() {
    static const std::vector<FormatInfo> formats = {
        {"text", false, false, text},          {"json", false, false, json_report},
        {"junit", true, false, junit},         {"gradescope", true, true, gradescope},
        {"classroom", true, false, classroom}, {"prairielearn", true, true, prairielearn},
        {"codegrade", true, false, codegrade}, {"html", false, true, html},
        {"markdown", false, false, markdown},
    };
    return formats;
}

const FormatInfo& report_format(std::string_view name) {
    const std::vector<FormatInfo>& all = report_formats();
    std::string expected;
    for (size_t i = 0; i < all.size(); ++i) {
        if (all[i].name == name) return all[i];
        expected += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(all[i].name);
    }
    throw InputError(fmt::format("--format: expected {}, got \"{}\"", expected, name));
}

}  // namespace judge
