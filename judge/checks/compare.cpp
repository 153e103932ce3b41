#include "checks/compare.hpp"

#include <cmath>
#include <fmt/core.h>

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

bool close(double g, double w, const Tolerance& tol) {
    if (std::isnan(g) || std::isnan(w)) return false;
    if (std::isinf(g) || std::isinf(w)) return g == w;
    return std::fabs(g - w) <= tol.atol + tol.rtol * std::fabs(w);
}

std::string fmt_value(float v) { return fmt::format("{:.6g}", v); }

// "example 0, head 1, position 2" from the output's axis names (all but the last axis).
std::string position_words(const DescribeOptions& how, const std::vector<int64_t>& idx) {
    std::string s;
    for (size_t i = 0; i + 1 < idx.size() && i < how.axes.size(); ++i) {
        s += (s.empty() ? "" : ", ") + how.axes[i] + " " + std::to_string(idx[i]);
    }
    return s;
}

// Which elements of the trace source a run of output values came from: "x[0,1,20:40]" when the
// run is one contiguous slice of the source's last axis, else the first few indices.
std::optional<std::string> describe_trace(const TraceSource& t, const float* values, int64_t n) {
    int64_t total = 1;
    for (int64_t e : t.shape) total *= e;
    std::vector<int64_t> flats;
    for (int64_t i = 0; i < n; ++i) {
        const double f = (static_cast<double>(values[i]) - t.start) / t.step;
        const double r = std::round(f);
        if (!std::isfinite(f) || std::fabs(f - r) > 1e-3 || r < 0 || r >= static_cast<double>(total)) return std::nullopt;
        flats.push_back(static_cast<int64_t>(r));
    }
    if (flats.empty()) return std::nullopt;
    const std::vector<int64_t> first = unravel(t.shape, flats.front());
    bool contiguous = static_cast<int64_t>(first.back()) + n <= t.shape.back();
    for (int64_t i = 1; contiguous && i < n; ++i) contiguous = flats[static_cast<size_t>(i)] == flats.front() + i;
    std::string s = t.name + "[";
    for (size_t i = 0; i + 1 < first.size(); ++i) s += std::to_string(first[i]) + ",";
    if (contiguous) {
        s += n == 1 ? std::to_string(first.back()) : fmt::format("{}:{}", first.back(), first.back() + n);
        return s + "]";
    }
    std::string list;
    for (size_t i = 0; i < flats.size() && i < 3; ++i) list += (i ? ", " : "") + t.name + index_str(t.shape, flats[i]);
    return list + (flats.size() > 3 ? ", ..." : "");
}

}  // namespace

std::string index_str(const std::vector<int64_t>& shape, int64_t flat) {
    const std::vector<int64_t> idx = unravel(shape, flat);
    std::string s = "[";
    for (size_t i = 0; i < idx.size(); ++i) s += (i ? "," : "") + std::to_string(idx[i]);
    return s + "]";
}

bool arrays_close(const npy::Array& got, const npy::Array& want, const Tolerance& tol) {
    if (got.dtype != npy::Dtype::float32 || want.dtype != npy::Dtype::float32 || got.shape != want.shape) return false;
    for (size_t i = 0; i < got.f32.size(); ++i) {
        if (!close(got.f32[i], want.f32[i], tol)) return false;
    }
    return true;
}

CheckResult compare_output(const std::string& name, const npy::Array& got, const npy::Array& want, const Tolerance& tol,
                           const DescribeOptions& how, const std::optional<TraceSource>& trace) {
    if (got.shape != want.shape) {
        return {false, fmt::format("{} has shape {}; expected {}", name, shape_str(got.shape), shape_str(want.shape))};
    }
    int64_t bad = 0, first = -1, nan = 0;
    double worst = 0.0;
    for (size_t i = 0; i < got.f32.size(); ++i) {
        if (close(got.f32[i], want.f32[i], tol)) continue;
        ++bad;
        if (std::isnan(got.f32[i])) ++nan;
        else worst = std::max(worst, std::fabs(static_cast<double>(got.f32[i]) - want.f32[i]));
        if (first < 0) first = static_cast<int64_t>(i);
    }
    if (bad == 0) return {};
    const int64_t total = static_cast<int64_t>(got.f32.size());
    const std::string where = name + index_str(got.shape, first);
    const std::string extent = fmt::format("{} of {} elements differ", bad, total);
    if (nan > 0) {
        return {false, fmt::format("{} is NaN ({} NaN values; {}); NaN never matches", where, nan, extent)};
    }
    if (trace && !got.shape.empty()) {
        const int64_t row = got.shape.back();
        const int64_t row_start = first - first % row;
        const auto found = describe_trace(*trace, got.f32.data() + row_start, row);
        const auto expected = describe_trace(*trace, want.f32.data() + row_start, row);
        if (found && expected) {
            std::string pos = position_words(how, unravel(got.shape, row_start));
            if (pos.empty()) pos = name + index_str(got.shape, row_start);
            return {false, fmt::format("{} holds {}; expected {} ({})", pos, *found, *expected, extent)};
        }
    }
    if (how.show_values) {
        return {false, fmt::format("{} is {}, expected {} ({}; largest error {:.3g})", where, fmt_value(got.f32[static_cast<size_t>(first)]),
                                   fmt_value(want.f32[static_cast<size_t>(first)]), extent, worst)};
    }
    return {false, fmt::format("{} differs from the expected value ({}; largest error {:.3g})", where, extent, worst)};
}

CheckResult check_zero_beyond_lens(const std::string& name, const npy::Array& got, const std::vector<int64_t>& lens,
                                   const DescribeOptions& how) {
    if (got.shape.size() < 2) return {false, fmt::format("{} has shape {}; expected at least 2 dimensions", name, shape_str(got.shape))};
    const int64_t keys = got.shape.back();
    int64_t per_example = 1;
    for (size_t i = 1; i < got.shape.size(); ++i) per_example *= got.shape[i];
    int64_t bad = 0, first = -1;
    for (size_t i = 0; i < got.f32.size(); ++i) {
        const auto flat = static_cast<int64_t>(i);
        const auto example = static_cast<size_t>(flat / per_example);
        if (example >= lens.size()) break;
        if (flat % keys >= lens[example] && got.f32[i] != 0.0f) {
            ++bad;
            if (first < 0) first = flat;
        }
    }
    if (bad == 0) return {};
    const std::vector<int64_t> idx = unravel(got.shape, first);
    const int64_t example = idx.front();
    std::string pos = position_words(how, idx);
    if (pos.empty()) pos = name + index_str(got.shape, first);
    return {false, fmt::format("{}: key {} is masked (valid_lens[{}] = {}) but has weight {}; expected exactly 0 "
                               "({} masked weights are not 0)",
                               pos, idx.back(), example, lens[static_cast<size_t>(example)],
                               fmt_value(got.f32[static_cast<size_t>(first)]), bad)};
}

}  // namespace judge
