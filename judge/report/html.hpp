// judge/report/html.hpp: the report as one self-contained web page (`judge submit --html`).
//
// No network, no script, no font: a style sheet and inline SVG. Every picture panel is an <svg
// class="panel"> with data-test, data-head, data-role ("expected", "got", "diff"), data-output,
// data-rows, data-cols, data-values (the grid as JSON rows), data-scale ("sequential" or
// "diverging"), data-min and data-max, and a <title> in words; its cells are <rect> elements
// with data-row, data-col and, for a masked key, data-masked. docs/report.md describes the page.
#pragma once

#include <string>
#include <vector>

#include "problem/spec.hpp"
#include "report/pictures.hpp"
#include "report/report.hpp"

namespace judge {

/// The submit page: the verdict and score, what to fix first, each trap's diagnosis (as the text
/// report gives it), and the pictures of the failing tests.
/// `file_link`, when given, links the submission's name to the file judged (a student's page in a
/// grade output: grade/class_grade.hpp's submitted_link).
std::string render_html(const Report& r, const Problem& p, const std::string& file_link = "");

/// One picture as a <figure>: a row of panels per role, each row with its colour scale.
std::string picture_html(const Picture& pic);

/// The page's <head> and style sheet, opening <body>; `title` is escaped here.
std::string html_page_start(const std::string& title);

/// The style sheet's end of the page.
inline std::string html_page_end() { return "</body>\n</html>\n"; }

}  // namespace judge
