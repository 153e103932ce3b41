#include "checks/compare.hpp"

#include "problem/agreement.hpp"
#include "util/text.hpp"

#include <fmt/core.h>
#include <cmath>
#include <optional>

namespace judge {

namespace {

std::vector<int64_t> unravel(const std::vector<int64_t>& shape, int64_t flat) {
    std::vector<int64_t> idx(shape.size());
    for (size_t i = shape.size(); i-- > 0;) {
        idx[i] = shape[i] == 0 ? 0 : flat % shape[i];
        flat = shape[i] == 0 ? 0 : flat / shape[i];
    }
    return idx;
}

// Under the output's NaN policy: an expected NaN passes only when it is `match`.
bool close(double g, double w, const Tolerance& tol, bool nan_match) {
    if (!nan_match && (std::isnan(g) || std::isnan(w))) return false;
    return tol.agrees(g, w);
}

std::string fmt_value(float v) { return float_text(v, 6); }

// "example 0, head 1, position 2" from the output's axis names (all but the last axis).
std::string position_words(const DescribeOptions& how, const std::vector<int64_t>& idx) {
    std::string s;
    for (size_t i = 0; i + 1 < idx.size() && i < how.axes.size(); ++i) {
        s += (s.empty() ? "" : ", ") + how.axes[i] + " " + std::to_string(idx[i]);
    }
    return s;
}

// The source index an arange value came from, if it is one.
std::optional<int64_t> source_of(const TraceSource& t, float value, int64_t total) {
    const double f = (static_cast<double>(value) - t.start) / t.step;
    const double r = std::round(f);
    if (!std::isfinite(f) || std::fabs(f - r) > 1e-3 || r < 0 || r >= static_cast<double>(total)) return std::nullopt;
    return static_cast<int64_t>(r);
}

// "x[0,1,20:40]": `n` consecutive elements of the source's last axis starting at flat index `first`.
std::string slice_words(const TraceSource& t, int64_t first, int64_t n) {
    const std::vector<int64_t> idx = unravel(t.shape, first);
    std::string s = t.name + "[";
    for (size_t i = 0; i + 1 < idx.size(); ++i) s += std::to_string(idx[i]) + ",";
    s += n == 1 ? std::to_string(idx.back()) : fmt::format("{}:{}", idx.back(), idx.back() + n);
    return s + "]";
}

// "[0,1,2]"-style index of flat position `flat` in `shape`.
std::string index_str(const std::vector<int64_t>& shape, int64_t flat) {
    const std::vector<int64_t> idx = unravel(shape, flat);
    std::string s = "[";
    for (size_t i = 0; i < idx.size(); ++i) s += (i ? "," : "") + std::to_string(idx[i]);
    return s + "]";
}

// "at example 0, head 1, query 2, key 3; " for element `flat` when the output names every axis, else "".
std::string at_words(const DescribeOptions& how, const std::vector<int64_t>& shape, int64_t flat) {
    if (shape.empty() || how.axes.size() != shape.size()) return "";
    const std::vector<int64_t> idx = unravel(shape, flat);
    std::string s;
    for (size_t i = 0; i < idx.size(); ++i) s += (i ? ", " : "at ") + how.axes[i] + " " + std::to_string(idx[i]);
    return s + "; ";
}

// Where element `flat` (index `idx`) of output `name` is, for a property check: its axis words, or name[i,j,k].
std::string element_words(const std::string& name, const std::vector<int64_t>& shape, int64_t flat,
                          const std::vector<int64_t>& idx, const DescribeOptions& how) {
    const std::string pos = position_words(how, idx);
    return pos.empty() ? name + index_str(shape, flat) : pos;
}

// The name of the axis `from_end` places from the end (1: the last) when every axis is named, else `fallback`.
std::string axis_word(const DescribeOptions& how, size_t rank, size_t from_end, const char* fallback) {
    return how.axes.size() == rank ? how.axes[rank - from_end] : fallback;
}

}  // namespace

std::string differs_words(const std::string& name) {
    return name + " differs from the expected values (where and by how much are shown on sample tests only)";
}

std::string shape_words(const std::string& name, const std::vector<int64_t>& got, const std::vector<int64_t>& want,
                        const DescribeOptions& how) {
    if (!how.show_values) return name + " has the wrong shape (shapes are shown on sample tests only)";
    return fmt::format("{} has shape {}; expected {}", name, shape_str(got), shape_str(want));
}

std::string too_few_axes(const std::string& name, const std::vector<int64_t>& shape, const DescribeOptions& how) {
    if (!how.show_values) return name + " has too few axes; expected at least 2";
    return fmt::format("{} has shape {}; expected at least 2 dimensions", name, shape_str(shape));
}

bool arrays_close(const npy::Array& got, const npy::Array& want, const Tolerance& tol) {
    if (got.dtype != want.dtype || got.shape != want.shape) return false;
    if (got.dtype == npy::Dtype::int64) return got.i64 == want.i64;
    return !first_disagreement(got, want, tol);
}

namespace {

// Integers: exact. A scalar is named alone ("flops is 120, expected 128").
CheckResult compare_ints(const std::string& name, const npy::Array& got, const npy::Array& want,
                         const DescribeOptions& how) {
    int64_t bad = 0, first = -1;
    for (size_t i = 0; i < got.i64.size(); ++i) {
        if (got.i64[i] == want.i64[i]) continue;
        ++bad;
        if (first < 0) first = static_cast<int64_t>(i);
    }
    if (bad == 0) return {};
    const auto f = static_cast<size_t>(first);
    // A hidden test's: whether a scalar is too high or too low, and no position, count or value.
    if (!how.show_values)
        return {false, got.shape.empty()
                           ? fmt::format("{} is {} than expected", name, got.i64[f] > want.i64[f] ? "higher" : "lower")
                           : differs_words(name)};
    const std::string where = got.shape.empty() ? name : name + index_str(got.shape, first);
    const std::string extent = got.shape.empty() ? "" : fmt::format(" ({} of {} elements differ)", bad, got.i64.size());
    const bool higher = got.i64[f] > want.i64[f];
    const auto by = higher ? static_cast<uint64_t>(got.i64[f]) - static_cast<uint64_t>(want.i64[f])
                           : static_cast<uint64_t>(want.i64[f]) - static_cast<uint64_t>(got.i64[f]);
    return {false, fmt::format("{} is {}, expected {}: {} by {}{}", where, got.i64[f], want.i64[f],
                               higher ? "higher" : "lower", by, extent)};
}

}  // namespace

CheckResult compare_output(const std::string& name, const npy::Array& got, const npy::Array& want, const Tolerance& tol,
                           const DescribeOptions& how, const std::optional<TraceSource>& trace) {
    if (got.shape != want.shape) return {false, shape_words(name, got.shape, want.shape, how)};
    if (got.dtype != want.dtype) {
        return {false, fmt::format("{} holds {} values; expected {}", name, npy::dtype_name(got.dtype),
                                   npy::dtype_name(want.dtype))};
    }
    if (got.dtype == npy::Dtype::int64) return compare_ints(name, got, want, how);
    int64_t bad = 0, first = -1, nan = 0;
    double worst = 0.0;
    for (size_t i = 0; i < got.f32.size(); ++i) {
        if (close(got.f32[i], want.f32[i], tol, how.nan_match)) continue;
        ++bad;
        if (std::isnan(got.f32[i]))
            ++nan;
        else if (!std::isnan(want.f32[i]))
            worst = std::max(worst, std::fabs(static_cast<double>(got.f32[i]) - want.f32[i]));
        if (first < 0) first = static_cast<int64_t>(i);
    }
    if (bad == 0) return {};
    if (!how.show_values) {
        if (nan > 0) return {false, fmt::format("{} holds NaN where the expected values have none", name)};
        if (std::isnan(want.f32[static_cast<size_t>(first)]))
            return {false, fmt::format("{} holds a number where NaN is expected", name)};
        return {false, differs_words(name)};
    }
    const int64_t total = static_cast<int64_t>(got.f32.size());
    const std::string where = got.shape.empty() ? name : name + index_str(got.shape, first);
    const std::string extent = fmt::format("{} of {} elements differ", bad, total);
    const std::string at = at_words(how, got.shape, first);
    if (nan > 0) {
        return {false,
                fmt::format("{} is NaN ({}{} NaN values; {}); {}", where, at, nan, extent,
                            how.nan_match ? "NaN is expected only where the reference has NaN" : "NaN never matches")};
    }
    if (std::isnan(want.f32[static_cast<size_t>(first)])) {
        // The policy asks for NaN here (a fully masked row, PyTorch-style).
        return {false, fmt::format("{} is {}; expected NaN there ({}{})", where,
                                   fmt_value(got.f32[static_cast<size_t>(first)]), at, extent)};
    }
    if (trace && !got.shape.empty()) {
        // Describe the longest run, from the first wrong element along the last axis, in which both
        // the found and the expected values are consecutive elements of one row of the source.
        int64_t sources = 1;
        for (int64_t e : trace->shape) sources *= e;
        const int64_t row = got.shape.back();
        const int64_t row_end = first - first % row + row;
        const auto g0 = source_of(*trace, got.f32[static_cast<size_t>(first)], sources);
        const auto w0 = source_of(*trace, want.f32[static_cast<size_t>(first)], sources);
        if (g0 && w0) {
            const int64_t src_row = trace->shape.back();
            int64_t n = 1;
            while (first + n < row_end) {
                const auto g = source_of(*trace, got.f32[static_cast<size_t>(first + n)], sources);
                const auto w = source_of(*trace, want.f32[static_cast<size_t>(first + n)], sources);
                if (!g || !w || *g != *g0 + n || *w != *w0 + n || *g0 % src_row + n >= src_row ||
                    *w0 % src_row + n >= src_row) {
                    break;
                }
                ++n;
            }
            const std::vector<int64_t> idx = unravel(got.shape, first);
            std::string pos = position_words(how, idx);
            if (first % row != 0 || n != row) {
                const std::string last = idx.size() <= how.axes.size() ? how.axes[idx.size() - 1] : "index";
                const std::string span =
                    n == 1 ? std::to_string(idx.back()) : fmt::format("{}:{}", idx.back(), idx.back() + n);
                pos += (pos.empty() ? "" : ", ") + last + " " + span;
            }
            if (how.axes.empty()) pos = name + index_str(got.shape, first);
            return {false, fmt::format("{} holds {}; expected {} ({})", pos, slice_words(*trace, *g0, n),
                                       slice_words(*trace, *w0, n), extent)};
        }
    }
    const auto f = static_cast<size_t>(first);
    if (got.shape.empty())  // a float output: said without counts
        return {false, fmt::format("{} is {}, expected {}", where, fmt_value(got.f32[f]), fmt_value(want.f32[f]))};
    return {false, fmt::format("{} is {}, expected {} ({}{}; largest error {:.3g})", where, fmt_value(got.f32[f]),
                               fmt_value(want.f32[f]), at, extent, worst)};
}

CheckResult check_zero_beyond_lens(const std::string& name, const npy::Array& got, const Lengths& lens,
                                   const DescribeOptions& how) {
    if (got.shape.size() < 2) return {false, too_few_axes(name, got.shape, how)};
    const bool per_query = lens.shape.size() == 2;
    const int64_t keys = got.shape.back();
    const int64_t queries = got.shape[got.shape.size() - 2];
    if (per_query && (lens.shape[0] != got.shape[0] || lens.shape[1] != queries)) {
        if (!how.show_values)
            return {false, fmt::format("{} has a shape that {} does not fit (one length per example and query)", name,
                                       lens.name)};
        return {false, fmt::format("{} has shape {}, which {} {} does not fit (one length per example and query)", name,
                                   shape_str(got.shape), lens.name, shape_str(lens.shape))};
    }
    int64_t per_example = 1;
    for (size_t i = 1; i < got.shape.size(); ++i) per_example *= got.shape[i];
    const auto length_at = [&](int64_t flat) -> std::optional<size_t> {
        const int64_t example = flat / per_example;
        if (!per_query) {
            if (example >= static_cast<int64_t>(lens.values.size())) return std::nullopt;
            return static_cast<size_t>(example);
        }
        return static_cast<size_t>(example * queries + (flat / keys) % queries);
    };
    int64_t bad = 0, first = -1;
    size_t first_len = 0;
    for (size_t i = 0; i < got.f32.size(); ++i) {
        const auto flat = static_cast<int64_t>(i);
        const std::optional<size_t> l = length_at(flat);
        if (!l) break;
        // Under the NaN policy `match`, a NaN is the value comparison's to judge (a row with no
        // valid key is NaN in PyTorch's masked softmax): it is not a masked key's weight.
        if (how.nan_match && std::isnan(got.f32[i])) continue;
        if (flat % keys >= lens.values[*l] && got.f32[i] != 0.0f) {
            ++bad;
            if (first < 0) {
                first = flat;
                first_len = *l;
            }
        }
    }
    if (bad == 0) return {};
    const std::string key = axis_word(how, got.shape.size(), 1, "key");
    // A hidden test: which key, how many and the weight would give its lengths away.
    if (!how.show_values)
        return {false, fmt::format("{}: a masked {} (beyond {}) has weight; expected exactly 0", name, key, lens.name)};
    const std::vector<int64_t> idx = unravel(got.shape, first);
    const std::string pos = element_words(name, got.shape, first, idx, how);
    const std::string at =
        per_query ? fmt::format("{}, {}", idx.front(), idx[idx.size() - 2]) : std::to_string(idx.front());
    const std::string length = fmt::format(" ({}[{}] = {})", lens.name, at, lens.values[first_len]);
    return {false, fmt::format("{}: {} {} is masked{} but has weight {}; expected exactly 0 ({} not 0)", pos, key,
                               idx.back(), length, fmt_value(got.f32[static_cast<size_t>(first)]),
                               count_words(bad, "masked weight is", "masked weights are"))};
}

CheckResult check_zero_above_diagonal(const std::string& name, const npy::Array& got, int64_t offset,
                                      const DescribeOptions& how) {
    if (got.shape.size() < 2) return {false, too_few_axes(name, got.shape, how)};
    const int64_t keys = got.shape.back();
    const int64_t queries = got.shape[got.shape.size() - 2];
    int64_t bad = 0, first = -1;
    for (size_t i = 0; i < got.f32.size(); ++i) {
        const auto flat = static_cast<int64_t>(i);
        if (flat % keys > (flat / keys) % queries + offset && got.f32[i] != 0.0f) {
            ++bad;
            if (first < 0) first = flat;
        }
    }
    if (bad == 0) return {};
    const std::string key = axis_word(how, got.shape.size(), 1, "key");
    const std::string query = axis_word(how, got.shape.size(), 2, "query");
    if (!how.show_values)
        return {false, fmt::format("{}: a {} after its {} (a causal mask hides it) has weight; expected exactly 0",
                                   name, key, query)};
    const std::vector<int64_t> idx = unravel(got.shape, first);
    const std::string pos = element_words(name, got.shape, first, idx, how);
    const std::string when = offset == 0 ? "" : fmt::format(" + {}", offset);
    return {false, fmt::format("{}: {} {} comes after {} {}{} (a causal mask hides it) but has weight {}; expected "
                               "exactly 0 ({} not 0)",
                               pos, key, idx.back(), query, idx[idx.size() - 2], when,
                               fmt_value(got.f32[static_cast<size_t>(first)]),
                               count_words(bad, "future weight is", "future weights are"))};
}

CheckResult check_rows_sum_to_one(const std::string& name, const npy::Array& got, double tolerance,
                                  const DescribeOptions& how) {
    if (got.shape.empty()) return {false, fmt::format("{} is a scalar; expected rows to sum to 1", name)};
    const auto width = static_cast<size_t>(got.shape.back());
    if (width == 0) return {};
    int64_t bad = 0, first = -1;
    double first_sum = 0;
    for (size_t row = 0; row * width < got.f32.size(); ++row) {
        double sum = 0;
        for (size_t j = 0; j < width; ++j) sum += static_cast<double>(got.f32[row * width + j]);
        if (!(std::fabs(sum - 1.0) <= tolerance)) {  // NaN fails too
            if (first < 0) {
                first = static_cast<int64_t>(row * width);
                first_sum = sum;
            }
            ++bad;
        }
    }
    if (bad == 0) return {};
    const std::string axis = how.axes.empty() ? "the last axis" : "the " + how.axes.back() + " axis";
    if (!how.show_values) return {false, fmt::format("{}: the weights over {} do not sum to 1", name, axis)};
    const std::vector<int64_t> idx = unravel(got.shape, first);
    std::string pos = position_words(how, idx);  // every axis but the last
    if (pos.empty()) {
        pos = name + "[";
        for (size_t i = 0; i + 1 < idx.size(); ++i) pos += std::to_string(idx[i]) + ",";
        pos += ":]";
    }
    return {false, fmt::format("{}: the weights over {} sum to {}; expected 1 ({} of {} rows {})", pos, axis,
                               fmt_value(static_cast<float>(first_sum)), bad,
                               static_cast<int64_t>(got.f32.size() / width), bad == 1 ? "does not" : "do not")};
}

}  // namespace judge
