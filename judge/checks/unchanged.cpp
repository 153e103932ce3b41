// The unchanged check (checks/compare.hpp): an output keeps another output's entries exactly.
#include <fmt/core.h>

#include <cmath>
#include <vector>

#include "checks/compare.hpp"
#include "protocol/shape.hpp"
#include "util/text.hpp"

namespace judge {

CheckResult check_unchanged(const std::string& name, const npy::Array& got, const std::string& from_name,
                            const npy::Array& from, const DescribeOptions& how) {
    bool fits = got.shape.size() == from.shape.size() && got.dtype == from.dtype && got.dtype == npy::Dtype::float32;
    for (size_t a = 0; fits && a < got.shape.size(); ++a) fits = from.shape[a] <= got.shape[a];
    if (!fits) {
        if (!how.show_values) return {false, fmt::format("{} does not hold every entry of {}", name, from_name)};
        return {false, fmt::format("{} has shape {}, which cannot hold {} of shape {}; expected {} kept in it", name,
                                   shape_str(got.shape), from_name, shape_str(from.shape), from_name)};
    }
    // Walk `from` in row-major order; the same index in `got` is its flat position there.
    const size_t rank = from.shape.size();
    std::vector<int64_t> idx(rank, 0);
    int64_t changed = 0;
    std::vector<int64_t> first;
    float was = 0, is = 0;
    for (size_t k = 0; k < from.f32.size(); ++k) {
        int64_t flat = 0;
        for (size_t a = 0; a < rank; ++a) flat = flat * got.shape[a] + idx[a];
        const float w = from.f32[k], g = got.f32[static_cast<size_t>(flat)];
        const bool same = (std::isnan(w) && std::isnan(g)) || w == g;
        if (!same && changed++ == 0) {
            first = idx;
            was = w;
            is = g;
        }
        for (size_t a = rank; a-- > 0;) {
            if (++idx[a] < from.shape[a]) break;
            idx[a] = 0;
        }
    }
    if (changed == 0) return {};
    if (!how.show_values)
        return {false, fmt::format("{}: an entry it keeps from {} has changed; expected it exactly as it was", name,
                                   from_name)};
    std::string at;
    for (size_t a = 0; a < rank; ++a) at += (a ? ", " : "") + std::to_string(first[a]);
    std::string where;
    for (size_t a = 0; a < rank && how.axes.size() == rank; ++a)
        where += (a ? ", " : " (at ") + how.axes[a] + " " + std::to_string(first[a]);
    if (!where.empty()) where += ")";
    return {false,
            fmt::format("{}[{}] is {}, but {} held {} there{}: kept entries must not change ({} of {} changed)", name,
                        at, float_text(is, 6), from_name, float_text(was, 6), where, changed, from.f32.size())};
}

}  // namespace judge
