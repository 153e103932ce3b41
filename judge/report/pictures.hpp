// judge/report/pictures.hpp: what a failing test's values look like, as grids of numbers.
//
// The HTML page (report/html.hpp), the terminal's shaded grids and the PNG heatmaps all draw the
// same grids. Attention weights (an output whose last two axes are "query" and "key") get one
// grid per head (or per example, without a head axis) in each of three roles: the expected
// weights, the submission's, and got − expected. Any other output gets one grid per role: the
// slice of its last two axes that holds the first differing element.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "problem/spec.hpp"
#include "report/report.hpp"

namespace judge {

/// How a grid's numbers become colours: sequential from `min` (white) to `max` (dark blue), or
/// diverging from −`max` (red) through 0 (white) to `max` (blue).
struct ColourScale {
    bool diverging = false;
    float min = 0, max = 1;
    /// The colour of `v` as {r, g, b}; NaN is grey.
    std::array<uint8_t, 3> colour(float v) const;
};

/// One 2-D slice of an output, rows × cols, row-major.
struct Grid {
    std::string label;  // "head 0", "example 1", or the slice's leading indices: "example 0, head 1"
    int64_t head = -1;  // the head (or panel index) for attention weights; -1 otherwise
    int64_t rows = 0, cols = 0;
    std::vector<float> values;
    // Per row, how many keys the test's lengths leave unmasked (keys at or past it are masked);
    // empty when the test has no lengths this grid can be read against.
    std::vector<int64_t> valid;
    bool masked(int64_t r, int64_t c) const { return !valid.empty() && c >= valid[static_cast<size_t>(r)]; }
    // A causal mask the test checks (zero_above_diagonal): key c is masked for query r when
    // c > r + offset. None when the test checks no such mask here.
    std::optional<int64_t> causal;
    bool causal_masked(int64_t r, int64_t c) const { return causal && c > r + *causal; }
    // A rearrangement's: per cell, where in the source input its value was taken from ("1,4": its
    // index on the source's axes that vary in the picture); empty when not traced.
    std::vector<std::string> source;
    float at(int64_t r, int64_t c) const { return values[static_cast<size_t>(r * cols + c)]; }
};

/// The pictures of one output of one failing test.
struct Picture {
    std::string test;
    std::string output;
    std::string function;
    bool attention = false;       // one grid per head in each role
    bool counterexample = false;  // the values are a counterexample's, not the test's own inputs
    std::string where;            // which slice: "example 0" (attention) or "example 0, head 1"
    std::string row_axis, col_axis;
    std::string panel_axis;  // attention: "head", or the axis the panels run along
    std::string lengths;     // the input the masked keys come from ("valid_lens"), or ""
    // A rearrangement (every value of expected and yours is one value of one tensor input, found
    // there once): that input, and what a cell's `source` stands for ("i,j stands for x[0, i, j]").
    std::string source, source_axes;
    std::vector<Grid> expected, got, diff;
    ColourScale values_scale, diff_scale;
};

/// The picture of output `out` of `c` (expected against got), for test `test`; nullopt when either
/// is missing, not a tensor, or of another shape, or (unless `always`) when they do not differ.
/// The slice is the first that differs; with `example` >= 0, that example's (its first-axis
/// index), drawn whether it differs or not (nullopt past the last example).
/// `causal`: the offset of the causal mask the test checks on this output (its
/// zero_above_diagonal check, where it applies), drawn on attention weights.
std::optional<Picture> output_picture(const std::string& test, const FunctionSpec& fn, const Counterexample& c,
                                      const OutputSpec& out, bool always, int64_t example = -1,
                                      std::optional<int64_t> causal = {});

/// The pictures of test `t`'s differing outputs, from its pictured values, its shown values or its
/// counterexample (in that order); empty when it passed, or returned nothing to compare, or a
/// shape differs. Attention weights come first.
std::vector<Picture> pictures_of(const TestOutcome& t, const Problem& p);

/// The pictures of a report: the failing tests' (pictures_of), in test order.
std::vector<Picture> report_pictures(const Report& r, const Problem& p);

/// "0.25", "-1.3e-05": a number as a picture's title and scale show it (3 significant digits).
std::string short_number(float v);

}  // namespace judge
