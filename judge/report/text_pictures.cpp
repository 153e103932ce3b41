// judge/report/text_pictures.cpp: small attention weights as shaded grids (render.hpp).
#include <fmt/core.h>
#include <algorithm>
#include <cmath>

#include "report/pictures.hpp"
#include "report/render.hpp"

namespace judge {

namespace {

constexpr int64_t max_cells = 8;  // rows and columns drawn in a terminal
constexpr int max_pictures = 3;

// Five shades from the scale's low end to its high end, two columns a cell; NaN is "??".
std::string shade(float v, const ColourScale& s) {
    if (std::isnan(v)) return "??";
    static const char* levels[] = {"··", "░░", "▒▒", "▓▓", "██"};
    const float lo = s.diverging ? -s.max : s.min;
    const float t = s.max > lo ? std::clamp((v - lo) / (s.max - lo), 0.0f, 1.0f) : 0.0f;
    return levels[std::lround(t * 4)];
}

std::string grid_row(const Grid& g, int64_t r, const ColourScale& s) {
    std::string out;
    for (int64_t c = 0; c < g.cols; ++c) out += shade(g.at(r, c), s);
    return out;
}

}  // namespace

std::string picture_text(const Picture& pic, const Style& style) {
    const ColourScale& s = pic.values_scale;
    const float lo = s.diverging ? -s.max : s.min;
    bool nan = false;
    for (const std::vector<Grid>* role : {&pic.expected, &pic.got})
        for (const Grid& g : *role)
            nan = nan || std::any_of(g.values.begin(), g.values.end(), [](float v) { return std::isnan(v); });
    std::string out =
        fmt::format("  {} {}{}: rows are {}, columns {}; ·· is {}, ██ is {}{}\n",
                    style.paint("test " + pic.test, "bold"), pic.output, pic.where.empty() ? "" : " at " + pic.where,
                    pic.row_axis, pic.col_axis, short_number(lo), short_number(s.max), nan ? ", ?? is NaN" : "");
    const int width = static_cast<int>(pic.expected.front().cols) * 2;
    for (size_t k = 0; k < pic.expected.size(); ++k) {
        const Grid& e = pic.expected[k];
        const Grid& g = pic.got[k];
        out += fmt::format("    {:<10} {:<{}}   {}\n", e.label, "expected", width, "yours");
        for (int64_t r = 0; r < e.rows; ++r)
            out += fmt::format("    {:<10} {}   {}\n", "", grid_row(e, r, s), grid_row(g, r, s));
    }
    return out;
}

namespace {

bool drawable(const Picture& pic) {
    return pic.attention && !pic.expected.empty() && pic.expected.front().rows <= max_cells &&
           pic.expected.front().cols <= max_cells;
}

}  // namespace

std::string render_pictures_text(const Report& r, const Problem& p, const Style& style) {
    std::string out;
    int shown = 0;
    for (const TrapOutcome& trap : r.traps) {
        if (trap.passed || trap.blocked || shown == max_pictures) continue;
        const TestOutcome* t = speaker(r.tests, trap.id);
        if (t == nullptr) continue;
        for (const Picture& pic : pictures_of(*t, p)) {
            if (!drawable(pic)) continue;
            out += picture_text(pic, style);
            ++shown;
            break;
        }
    }
    return out.empty() ? "" : "\n" + style.paint("Pictures", "bold") + " (the weights, shaded):\n" + out;
}

// A value's colour on its scale, which the page, the PNG and the terminal's shades share.
std::array<uint8_t, 3> ColourScale::colour(float v) const {
    if (std::isnan(v)) return {160, 160, 160};
    const auto mix = [](std::array<float, 3> to, float t) {
        t = std::clamp(t, 0.0f, 1.0f);
        std::array<uint8_t, 3> c{};
        for (size_t k = 0; k < 3; ++k) c[k] = static_cast<uint8_t>(std::lround(255.0f + t * (to[k] - 255.0f)));
        return c;
    };
    if (!diverging) return mix({8, 48, 107}, max > min ? (v - min) / (max - min) : 0.0f);
    const float t = v / max;
    return t < 0 ? mix({178, 24, 43}, -t) : mix({33, 102, 172}, t);
}

}  // namespace judge
