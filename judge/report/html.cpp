// judge/report/html.cpp: the submit page (html.hpp).
#include "report/html.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "report/lead.hpp"
#include "report/words.hpp"

namespace judge {

namespace {

constexpr int max_panel_px = 174;  // a panel's longest side

std::string hex(const std::array<uint8_t, 3>& c) { return fmt::format("#{:02x}{:02x}{:02x}", c[0], c[1], c[2]); }

std::string grid_json(const Grid& g) {
    nlohmann::json rows = nlohmann::json::array();
    for (int64_t r = 0; r < g.rows; ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (int64_t c = 0; c < g.cols; ++c) row.push_back(g.at(r, c));  // NaN becomes null
        rows.push_back(row);
    }
    return rows.dump();
}

std::string scale_name(const ColourScale& s) { return s.diverging ? "diverging" : "sequential"; }

// Black or white, whichever reads on colour `c`.
const char* ink(const std::array<uint8_t, 3>& c) {
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] < 128 ? "#fff" : "#000";
}

// A panel's cell side in pixels; from 28 up, each cell holds its number, in 9 px type: "-0.12"
// fits its cell, never its neighbour's (issue #64).
int cell_px(const Grid& g) {
    return static_cast<int>(std::clamp<int64_t>(max_panel_px / std::max(g.rows, g.cols), 4, 29));
}
constexpr int numbered_cell_px = 28;

// A cell's number in at most 5 characters, which its cell holds in 9 px type: two decimals below
// 10 ("0.18", "-0.12"; "0" for what rounds to it), whole numbers below 1000, else a power of ten.
std::string cell_number(float v) {
    if (std::isnan(v)) return "NaN";
    const float a = std::fabs(v);
    if (a < 0.005f) return "0";
    if (a < 9.995f) return fmt::format("{:.2f}", v);
    if (a < 999.5f) return fmt::format("{:.0f}", v);
    return fmt::format("{:.0e}", v);
}

std::string panel(const Picture& pic, const Grid& g, const std::string& role, const ColourScale& scale) {
    const int cell = cell_px(g);
    // Margins for the axes' names and index ticks: rows on the left (the name read downwards),
    // columns on top; every k-th index where the cells are too small for each.
    const int ml = 26, mt = 22, every = std::max(1, (10 + cell - 1) / cell);
    const int64_t w = ml + g.cols * cell, h = mt + g.rows * cell;
    std::string s = fmt::format(
        "<svg class=\"panel\" xmlns=\"http://www.w3.org/2000/svg\" data-test=\"{}\" data-output=\"{}\" "
        "data-head=\"{}\" data-role=\"{}\" data-rows=\"{}\" data-cols=\"{}\" data-scale=\"{}\" data-min=\"{}\" "
        "data-max=\"{}\" data-values=\"{}\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">",
        html_escape(pic.test), html_escape(pic.output), g.head >= 0 ? std::to_string(g.head) : "none", role, g.rows,
        g.cols, scale_name(scale), scale.min, scale.max, html_escape(grid_json(g)), w, h, w, h);
    s += fmt::format("<title>{}: {} {}, {} rows × {} columns ({} × {})</title>", html_escape(pic.output),
                     html_escape(g.label), role, g.rows, g.cols, html_escape(pic.row_axis), html_escape(pic.col_axis));
    s +=
        fmt::format("<text class=\"axis\" x=\"{}\" y=\"8\" font-size=\"8\">{} →</text>", ml, html_escape(pic.col_axis));
    if (!pic.row_axis.empty())
        s += fmt::format("<text class=\"axis\" transform=\"translate(3,{}) rotate(90)\" font-size=\"8\">{} →</text>",
                         mt, html_escape(pic.row_axis));
    for (int64_t c = 0; c < g.cols; c += every)
        s += fmt::format("<text class=\"tick\" x=\"{}\" y=\"19\" font-size=\"8\" text-anchor=\"middle\">{}</text>",
                         ml + c * cell + cell / 2, c);
    for (int64_t r = 0; r < g.rows; r += every)
        s += fmt::format("<text class=\"tick\" x=\"{}\" y=\"{}\" font-size=\"8\" text-anchor=\"end\">{}</text>", ml - 3,
                         mt + r * cell + cell / 2 + 3, r);
    for (int64_t r = 0; r < g.rows; ++r) {
        for (int64_t c = 0; c < g.cols; ++c) {
            const float v = g.at(r, c);
            const std::array<uint8_t, 3> colour = scale.colour(v);
            s += fmt::format(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" data-row=\"{}\" "
                "data-col=\"{}\"{}{}><title>[{}, {}] = {}{}</title></rect>",
                ml + c * cell, mt + r * cell, cell, cell, hex(colour), r, c, g.masked(r, c) ? " data-masked=\"1\"" : "",
                g.causal_masked(r, c) ? " data-causal=\"1\"" : "", r, c, short_number(v),
                g.masked(r, c)          ? " (masked key)"
                : g.causal_masked(r, c) ? " (a later key: causally masked)"
                                        : "");
            // Its number, in the cell's lower part (its middle keeps the value's colour), where the
            // cells are large enough to hold one: a rearrangement's, where the value came from.
            const auto k = static_cast<size_t>(r * g.cols + c);
            if (cell >= numbered_cell_px)
                s += fmt::format("<text class=\"{}\" x=\"{}\" y=\"{}\" font-size=\"9\" fill=\"{}\">{}</text>",
                                 g.source.empty() ? "value" : "source", ml + c * cell + 2, mt + (r + 1) * cell - 2,
                                 ink(colour), !g.source.empty() ? html_escape(g.source[k]) : cell_number(v));
        }
    }
    // A masked key: a small orange corner at the top right, leaving the cell's middle its value's
    // colour; a causally masked one, a purple corner at the top left.
    const int m = std::max(3, cell / 3);
    for (int64_t r = 0; r < g.rows; ++r)
        for (int64_t c = 0; c < g.cols; ++c) {
            if (g.masked(r, c))
                s += fmt::format("<path class=\"mask\" d=\"M{} {}h{}v{}z\"/>", ml + (c + 1) * cell - m, mt + r * cell,
                                 m, m);
            if (g.causal_masked(r, c))
                s += fmt::format("<path class=\"causal\" d=\"M{} {}h{}l-{} {}z\"/>", ml + c * cell, mt + r * cell, m, m,
                                 m);
        }
    return s + "</svg>";
}

std::string legend(const ColourScale& s, const std::string& what) {
    const float lo = s.diverging ? -s.max : s.min;
    const float mid = s.diverging ? 0.0f : (s.min + s.max) / 2;
    std::string stops;
    for (int k = 0; k <= 8; ++k)
        stops += fmt::format("<stop offset=\"{}\" stop-color=\"{}\"/>", k / 8.0,
                             hex(s.colour(lo + (s.max - lo) * static_cast<float>(k) / 8.0f)));
    const std::string id = fmt::format("g{}{}", s.diverging ? "d" : "s", std::hash<std::string>{}(what) % 100000);
    return fmt::format(
        "<div class=\"scale\"><svg width=\"160\" height=\"10\" aria-hidden=\"true\"><defs><linearGradient id=\"{}\">{}"
        "</linearGradient></defs><rect width=\"160\" height=\"10\" fill=\"url(#{})\"/></svg>"
        "<span class=\"ticks\"><span>{}</span><span>{}</span><span>{}</span></span> <span>{}</span></div>",
        id, stops, id, short_number(lo), short_number(mid), short_number(s.max), html_escape(what));
}

std::string role_row(const Picture& pic, const std::vector<Grid>& grids, const std::string& role,
                     const std::string& label, const ColourScale& scale) {
    std::string s = fmt::format("<div class=\"role\" data-role=\"{}\"><h4>{}</h4><div class=\"panels\">", role, label);
    for (const Grid& g : grids)
        s += fmt::format("<div class=\"cell\">{}<span>{}</span></div>", panel(pic, g, role, scale),
                         html_escape(g.label));
    // Expected and yours share one scale: its legend comes once, under yours.
    if (role == "expected") return s + "</div></div>";
    return s + "</div>" + legend(scale, role == "diff" ? "got − expected" : "expected and yours") + "</div>";
}

const char* style_sheet = R"(
body{overflow-wrap:anywhere;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:64rem;
margin:0 auto;padding:1rem;
color:#1a1a1a;background:#fff;line-height:1.4}
h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.15rem;margin-top:1.5rem}h4{margin:.4rem 0 .2rem;font-size:.95rem}
.verdict.accepted{color:#1a7f37}.verdict.failed{color:#b42318}
.fix{border-left:4px solid #b42318;padding:.3rem .8rem;background:#fff5f5}
ul.traps{list-style:none;padding:0}
ul.traps li{margin:.15rem 0;padding:.1rem 0}
.trap.passed .mark{color:#1a7f37}.trap.failed .mark{color:#b42318}.trap.blocked .mark{color:#777}
pre{white-space:pre-wrap;word-break:break-word;font-size:.85rem;margin:.3rem 0;background:#f6f8fa;padding:.4rem}
.misconception{font-weight:600}
figure{margin:.6rem 0;padding:.5rem;border:1px solid #ddd;border-radius:4px;break-inside:avoid}
figcaption{font-weight:600;margin-bottom:.3rem}
.panels{display:flex;flex-wrap:wrap;gap:.6rem}
.cell{display:flex;flex-direction:column;align-items:center;font-size:.8rem}
svg.panel{max-width:100%;height:auto;border:1px solid #999}.mask{fill:#e66101}.causal{fill:#5e3c99}
text.axis{fill:#555;font-style:italic}
.scale{display:flex;align-items:center;gap:.4rem;font-size:.75rem;margin:.2rem 0 .3rem;flex-wrap:wrap}
.ticks{display:inline-flex;justify-content:space-between;width:160px;margin-left:-164px;margin-top:1.6rem}
.note{color:#555;font-size:.85rem}
details.trap{border:1px solid #ddd;border-radius:4px;padding:.3rem .6rem;margin:.5rem 0}summary{cursor:pointer}
@media print{body{max-width:none}svg,rect,.mask{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
@media (max-width:480px){body{padding:.5rem}h1{font-size:1.15rem}}
)";

// A trap's line in the list of every trap: its mark, id and title, and for a trap not assessed
// what it waits for. The diagnoses are in the sections above the list.
std::string trap_item(const TrapOutcome& t) {
    const char* mark = t.passed ? "✓" : t.blocked ? "·" : "✗";
    std::string s = fmt::format("<li class=\"trap {}\" data-trap=\"{}\"><span class=\"mark\">{}</span> <b>{}</b> {}",
                                t.status(), html_escape(t.id), mark, html_escape(t.id), html_escape(t.title));
    if (t.blocked) s += "<br><span class=\"note\">" + html_escape(blocked_trap_words(t)) + "</span>";
    return s + "</li>\n";
}

// What a picture shows, for drawing each picture once: the output and every value of each role.
std::string picture_key(const Picture& pic) {
    std::string k = pic.function + "/" + pic.output;
    for (const std::vector<Grid>* role : {&pic.expected, &pic.got})
        for (const Grid& g : *role) {
            k += fmt::format("|{}x{}:", g.rows, g.cols);
            for (const float v : g.values) k += fmt::format("{},", v);
        }
    return k;
}

// The pictures of a failed trap: those of the test that speaks for it, else of its first failing
// test that has any. A picture already drawn on the page (the same values under another test) is
// named, not drawn again.
std::string trap_pictures(const Report& r, const Problem& p, const TrapOutcome& trap,
                          std::map<std::string, std::string>& drawn) {
    std::vector<const TestOutcome*> order;
    if (const TestOutcome* t = speaker(r.tests, trap.id)) order.push_back(t);
    for (const TestOutcome& t : r.tests)
        if (t.trap == trap.id && !t.passed()) order.push_back(&t);
    for (const TestOutcome* t : order) {
        const std::vector<Picture> pics = pictures_of(*t, p);
        if (pics.empty()) continue;
        // The first picture (attention weights first), and the test's other outputs collapsed.
        std::string first, more;
        size_t n_more = 0;
        for (const Picture& pic : pics) {
            const auto [it, fresh] = drawn.emplace(picture_key(pic), pic.test);
            const std::string one =
                fresh ? picture_html(pic)
                      : fmt::format(
                            "<p class=\"note\">Test {}'s {}: the same values as the picture of test {} "
                            "above.</p>\n",
                            html_escape(pic.test), html_escape(pic.output), html_escape(it->second));
            if (first.empty()) {
                first = one;
            } else {
                more += one;
                ++n_more;
            }
        }
        if (n_more > 0)
            first +=
                fmt::format("<details class=\"more\"><summary>{} more picture{} of test {}</summary>\n{}</details>\n",
                            n_more, n_more == 1 ? "" : "s", html_escape(pics.front().test), more);
        return first;
    }
    return "";
}

}  // namespace

std::string html_page_start(const std::string& title) {
    return fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n"
        "<style>{}</style>\n</head>\n<body>\n",
        html_escape(title), style_sheet);
}

std::string picture_html(const Picture& pic) {
    std::string s =
        fmt::format("<figure class=\"picture\" data-test=\"{}\" data-output=\"{}\"{}>", html_escape(pic.test),
                    html_escape(pic.output), pic.attention ? " data-attention=\"1\"" : "");
    std::string where = pic.where.empty() ? "" : " at " + pic.where;
    s += fmt::format("<figcaption>test {}: {}{}{}</figcaption>", html_escape(pic.test), html_escape(pic.output),
                     html_escape(where), pic.attention ? ", one panel per " + html_escape(pic.panel_axis) : "");
    s += "<p class=\"note\">";
    s += pic.counterexample ? "On a counterexample: fresh small inputs on which your code differs the way this hidden "
                              "test checks."
                            : "On this sample test's own inputs.";
    s += fmt::format(" Rows are {}, columns {}.", html_escape(pic.row_axis.empty() ? "one" : pic.row_axis),
                     html_escape(pic.col_axis));
    // The legend says what is drawn: the masked corners and the NaN cells when there are some.
    bool masked = false, causal = false, nan = false;
    for (const std::vector<Grid>* role : {&pic.expected, &pic.got})
        for (const Grid& g : *role) {
            for (int64_t r = 0; r < g.rows; ++r)
                for (int64_t c = 0; c < g.cols; ++c) {
                    masked = masked || g.masked(r, c);
                    causal = causal || g.causal_masked(r, c);
                }
            nan = nan || std::any_of(g.values.begin(), g.values.end(), [](float v) { return std::isnan(v); });
        }
    if (!pic.source.empty() && cell_px(pic.got.front()) >= numbered_cell_px)
        s += fmt::format(" Each number in expected and yours is where in {} the value was taken from: {}.",
                         html_escape(pic.source), html_escape(pic.source_axes));
    if (masked) s += " An orange corner marks a masked key (past " + html_escape(pic.lengths) + ").";
    if (causal) s += " A purple corner marks a key after its query, which the causal mask hides.";
    if (nan) s += " A grey cell is NaN.";
    s += "</p>";
    if (pic.attention) {
        s += role_row(pic, pic.expected, "expected", "expected", pic.values_scale);
        s += role_row(pic, pic.got, "got", "yours", pic.values_scale);
        s += role_row(pic, pic.diff, "diff", "difference", pic.diff_scale);
        return s + "</figure>\n";
    }
    // One slice: the three roles side by side.
    s += "<div class=\"panels\">";
    for (const auto& [grids, role, label, scale] :
         {std::tuple{&pic.expected, "expected", "expected", &pic.values_scale},
          {&pic.got, "got", "yours", &pic.values_scale},
          {&pic.diff, "diff", "difference", &pic.diff_scale}})
        s += fmt::format("<div class=\"cell\" data-role=\"{}\">{}<span>{}</span></div>", role,
                         panel(pic, grids->front(), role, *scale), label);
    s += "</div>" + legend(pic.values_scale, "expected and yours") + legend(pic.diff_scale, "got − expected");
    return s + "</figure>\n";
}

std::string render_html(const Report& r, const Problem& p, const std::string& file_link) {
    const bool ok = r.verdict == Verdict::accepted;
    std::string s = html_page_start(fmt::format("{}: {}", r.problem, to_string(r.verdict)));
    s += fmt::format("<header><h1>{}</h1><p class=\"verdict {}\" data-verdict=\"{}\">{}: {}/{} points{}</p>",
                     html_escape(r.problem), ok ? "accepted" : "failed", to_string(r.verdict),
                     ok ? "Accepted: every test passes" : html_escape(verdict_words(r.verdict)), r.score, r.max_score,
                     r.submission.empty() ? ""
                     : file_link.empty()  ? " for " + html_escape(r.submission)
                                          : fmt::format(" for <a class=\"file\" href=\"{}\">{}</a>",
                                                        html_escape(file_link), html_escape(r.submission)));
    s += "</header>\n";
    if (!r.compile_ok) s += "<h2>Compile error</h2><pre class=\"compile\">" + html_escape(r.compile_log) + "</pre>\n";
    // A limit hit, then what to fix first, its misconception and its hint (lead.hpp).
    const std::vector<LeadLine> lead = lead_lines(r);
    if (!lead.empty()) {
        s += "<section class=\"fix\">";
        for (const LeadLine& l : lead) {
            if (!l.under) {
                s += "<p><b>" + html_escape(l.label) + ":</b> " + html_escape(l.text) + "</p>";
            } else {
                const TrapOutcome* fix = r.first_fix();
                const TestOutcome* t = fix != nullptr ? speaker(r.tests, fix->id) : nullptr;
                if (t && !t->misconception.empty())
                    s += "<p class=\"misconception\">" + html_escape(misconception_sentence(t->misconception)) + "</p>";
                s += "<p>" + html_escape(l.label) + ": " + html_escape(l.text) + "</p>";
            }
        }
        s += "</section>\n";
    }
    // The trap to fix first, its diagnosis and its pictures; then the other failed traps,
    // collapsed; then every trap in a line. A trap not assessed has no picture.
    std::map<std::string, std::string> drawn;  // picture_key -> the test it was drawn for
    const TrapOutcome* fix = r.first_fix();
    if (fix != nullptr) {
        s += fmt::format(
            "<section class=\"fix-first\" data-trap=\"{}\"><h2>The trap to fix first: <code>{}</code> {}</h2>\n",
            html_escape(fix->id), html_escape(fix->id), html_escape(fix->title));
        // The lead above says its misconception and hint: the evidence is what is left to show.
        s += "<pre class=\"diagnosis\">" + html_escape(trap_diagnosis(r, *fix, false)) + "</pre>\n";
        s += trap_pictures(r, p, *fix, drawn) + "</section>\n";
    }
    std::string others;
    for (const TrapOutcome& t : r.traps) {
        if (!ran(r.verdict) || t.passed || t.blocked || &t == fix) continue;  // nothing ran: the verdict says it
        others += fmt::format(
            "<details class=\"trap failed\" data-trap=\"{}\"><summary><span class=\"mark\">✗</span> <b>{}</b> {}"
            "</summary>\n<pre class=\"diagnosis\">{}</pre>\n{}</details>\n",
            html_escape(t.id), html_escape(t.id), html_escape(t.title), html_escape(trap_diagnosis(r, t)),
            trap_pictures(r, p, t, drawn));
    }
    if (!others.empty()) s += "<h2>Also failed</h2>\n" + others;
    s += "<h2>Traps</h2>\n<ul class=\"traps\">\n";
    for (const TrapOutcome& t : r.traps) s += trap_item(t);
    s += "</ul>\n";
    if (!ok && drawn.empty())
        s += "<p class=\"note\">No pictures: no failing test has values small enough to draw.</p>\n";
    return s + html_page_end();
}

}  // namespace judge
