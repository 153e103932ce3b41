// judge/report/png.cpp: PNG heatmaps through libpng (png.hpp).
#include "report/png.hpp"

#include <png.h>

#include <fmt/core.h>
#include <algorithm>
#include <stdexcept>
#include <vector>

#include "report/words.hpp"

namespace judge {

namespace {

constexpr int gap = 6;      // pixels between panels and rows
constexpr int target = 96;  // a panel's longest side, about

struct Canvas {
    int width = 0, height = 0;
    std::vector<uint8_t> rgb;
    void fill(int x, int y, int w, int h, std::array<uint8_t, 3> c) {
        for (int j = std::max(0, y); j < std::min(height, y + h); ++j)
            for (int i = std::max(0, x); i < std::min(width, x + w); ++i)
                std::copy(c.begin(), c.end(), rgb.begin() + (static_cast<size_t>(j) * width + i) * 3);
    }
};

int cell_size(const Grid& g) {
    return static_cast<int>(std::clamp<int64_t>(target / std::max<int64_t>({g.rows, g.cols, 1}), 2, 16));
}

void draw(Canvas& c, const Grid& g, const ColourScale& s, int x, int y, int cell) {
    const std::array<uint8_t, 3> border{120, 120, 120}, mask{230, 97, 1}, causal{94, 60, 153};
    c.fill(x - 1, y - 1, static_cast<int>(g.cols) * cell + 2, static_cast<int>(g.rows) * cell + 2, border);
    for (int64_t r = 0; r < g.rows; ++r) {
        for (int64_t k = 0; k < g.cols; ++k) {
            const int cx = x + static_cast<int>(k) * cell, cy = y + static_cast<int>(r) * cell;
            c.fill(cx, cy, cell, cell, s.colour(g.at(r, k)));
            const int m = std::max(2, cell / 3);
            if (g.masked(r, k) && cell >= 6)
                for (int d = 0; d < m; ++d) c.fill(cx + cell - m + d, cy + d, m - d, 1, mask);
            if (g.causal_masked(r, k) && cell >= 6)
                for (int d = 0; d < m; ++d) c.fill(cx, cy + d, m - d, 1, causal);
        }
    }
}

void on_error(png_structp, png_const_charp message) { throw std::runtime_error(std::string("libpng: ") + message); }
void on_warning(png_structp, png_const_charp) {}
void on_write(png_structp png, png_bytep data, png_size_t n) {
    static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), n);
}
void on_flush(png_structp) {}

std::string encode(const Canvas& c) {
    std::string out;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, on_error, on_warning);
    if (png == nullptr) throw std::runtime_error("libpng: cannot start a PNG");
    png_infop info = png_create_info_struct(png);
    try {
        if (info == nullptr) throw std::runtime_error("libpng: cannot start a PNG");
        png_set_write_fn(png, &out, on_write, on_flush);
        png_set_IHDR(png, info, static_cast<png_uint_32>(c.width), static_cast<png_uint_32>(c.height), 8,
                     PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_set_compression_level(png, 9);
        png_write_info(png, info);
        for (int y = 0; y < c.height; ++y)
            png_write_row(png, const_cast<png_bytep>(c.rgb.data() + static_cast<size_t>(y) * c.width * 3));
        png_write_end(png, nullptr);
    } catch (...) {
        png_destroy_write_struct(&png, &info);
        throw;
    }
    png_destroy_write_struct(&png, &info);
    return out;
}

}  // namespace

std::string picture_png(const Picture& pic) {
    const std::vector<const std::vector<Grid>*> rows = {&pic.expected, &pic.got, &pic.diff};
    const std::vector<const ColourScale*> scales = {&pic.values_scale, &pic.values_scale, &pic.diff_scale};
    const Grid& first = pic.expected.front();
    const int cell = cell_size(first);
    const int pw = static_cast<int>(first.cols) * cell, ph = static_cast<int>(first.rows) * cell;
    Canvas c;
    // Attention: a row per role, a panel per head. One slice: the three roles side by side.
    const int across = pic.attention ? static_cast<int>(pic.expected.size()) : 3;
    const int down = pic.attention ? 3 : 1;
    c.width = gap + across * (pw + gap);
    c.height = gap + down * (ph + gap);
    c.rgb.assign(static_cast<size_t>(c.width) * c.height * 3, 255);
    for (size_t role = 0; role < rows.size(); ++role) {
        for (size_t k = 0; k < rows[role]->size(); ++k) {
            const int col = pic.attention ? static_cast<int>(k) : static_cast<int>(role);
            const int row = pic.attention ? static_cast<int>(role) : 0;
            draw(c, (*rows[role])[k], *scales[role], gap + col * (pw + gap), gap + row * (ph + gap), cell);
        }
    }
    return encode(c);
}

std::string picture_label(const Picture& pic) {
    const ColourScale& s = pic.values_scale;
    const std::string lo = short_number(s.diverging ? -s.max : s.min), hi = short_number(s.max);
    const std::string scale =
        s.diverging ? fmt::format("red {}, white 0, blue {}", lo, hi) : fmt::format("white {} to dark blue {}", lo, hi);
    return fmt::format("test {}: {}{} ({}: expected, yours, difference{}; {})", pic.test, pic.output,
                       pic.where.empty() ? "" : " at " + pic.where, pic.attention ? "rows" : "left to right",
                       pic.attention ? "; a panel per " + pic.panel_axis : "", scale);
}

std::string png_data_url(const std::string& png) { return "data:image/png;base64," + base64(png); }

}  // namespace judge
