// judge/checks/heads.cpp: heads_differ, the course unit's "identical panels expose a split bug".
#include <fmt/core.h>
#include <algorithm>
#include <cmath>

#include "checks/compare.hpp"

namespace judge {

bool head_agrees(const npy::Array& a, int64_t ha, const npy::Array& b, int64_t hb, int64_t head_axis,
                 const Tolerance& tol) {
    int64_t outer = 1, inner = 1;
    for (int64_t d = 0; d < head_axis; ++d) outer *= a.shape[static_cast<size_t>(d)];
    for (size_t d = static_cast<size_t>(head_axis) + 1; d < a.shape.size(); ++d) inner *= a.shape[d];
    const int64_t heads = a.shape[static_cast<size_t>(head_axis)];
    for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
            const float x = a.f32[static_cast<size_t>((o * heads + ha) * inner + i)];
            const float y = b.f32[static_cast<size_t>((o * heads + hb) * inner + i)];
            if (!tol.agrees(x, y)) return false;
        }
    return true;
}

namespace {

// Whether every head of `a` equals head 0 within `tol`, in every slice of the other axes.
bool heads_alike(const npy::Array& a, int64_t head_axis, const Tolerance& tol) {
    for (int64_t h = 1; h < a.shape[static_cast<size_t>(head_axis)]; ++h)
        if (!head_agrees(a, h, a, 0, head_axis, tol)) return false;
    return true;
}

}  // namespace

CheckResult check_heads_differ(const std::string& name, const npy::Array& got, const npy::Array& want,
                               int64_t head_axis, const Tolerance& tol, const DescribeOptions& how) {
    if (got.shape != want.shape || got.dtype != npy::Dtype::float32 || want.dtype != npy::Dtype::float32 ||
        head_axis < 0 || static_cast<size_t>(head_axis) >= want.shape.size())
        return {};
    const int64_t heads = want.shape[static_cast<size_t>(head_axis)];
    if (heads < 2 || heads_alike(want, head_axis, tol) || !heads_alike(got, head_axis, tol)) return {};
    const bool weights = std::find(how.axes.begin(), how.axes.end(), "key") != how.axes.end();
    const char* same = weights ? "attend the same way" : "hold the same values";
    if (!how.show_values)  // the number of heads is an input of a hidden test
        return {false, fmt::format("{}: all heads {}; the reference's do not: heads are not split", name, same)};
    return {false, fmt::format("{}: all {} heads {}; the reference's do not: heads are not split", name, heads, same)};
}

}  // namespace judge
