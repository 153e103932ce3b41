#include "problem/inputs.hpp"

#include "problem/types.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "util/hash.hpp"

namespace judge {

namespace {

// A double in (0, 1): 53 random bits, never exactly 0 so that log() is finite.
double unit(uint64_t& state) { return (static_cast<double>(splitmix64(state) >> 11) + 0.5) * 0x1.0p-53; }

int64_t count(const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (int64_t e : shape) n *= e;
    return n;
}

}  // namespace

std::vector<float> generate(const Generator& g, uint64_t grading_seed) {
    const auto n = static_cast<size_t>(count(g.shape));
    std::vector<float> v(n);
    uint64_t state = g.seed;
    if (grading_seed != 0) {
        // Through SHA-256: a student who recovers one tensor's state from its values learns
        // neither the seed nor any other tensor's state.
        state = sha256_u64(fmt::format("judge-generator:{}:{}", grading_seed, g.seed));
    }
    switch (g.kind) {
        case GenKind::arange:
            for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(g.start + g.step * static_cast<double>(i));
            break;
        case GenKind::constant:
            for (float& x : v) x = static_cast<float>(g.value);
            break;
        case GenKind::values:
            for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(g.values[i]);
            break;
        case GenKind::uniform:
            for (float& x : v) x = static_cast<float>(g.low + (g.high - g.low) * unit(state));
            break;
        case GenKind::randn:
            for (size_t i = 0; i < n; i += 2) {
                const double r = std::sqrt(-2.0 * std::log(unit(state)));
                const double th = 2.0 * std::numbers::pi * unit(state);
                v[i] = static_cast<float>(g.scale * r * std::cos(th));
                if (i + 1 < n) v[i + 1] = static_cast<float>(g.scale * r * std::sin(th));
            }
            break;
    }
    return v;
}

InputArrays make_inputs(const TestSpec& test, uint64_t grading_seed) {
    InputArrays out;
    for (const auto& [name, in] : test.inputs) out[name] = type_info(in.type).make(in, grading_seed);
    // Interventions: overwrite the positions past each example's length with other values.
    for (const auto& [name, in] : test.inputs) {
        if (in.type != ParamType::tensor || in.gen.beyond.empty()) continue;
        // With lengths per query (2-D), a position is past the example's length when no query of
        // it may see it: past the longest of its queries' lengths.
        const InputSpec& lens_in = test.inputs.at(in.gen.beyond_lens);
        std::vector<int64_t> lens = lens_in.ints;
        if (lens_in.type == ParamType::int_tensor && lens_in.int_shape.size() == 2) {
            const auto q = static_cast<size_t>(lens_in.int_shape[1]);
            lens.assign(static_cast<size_t>(lens_in.int_shape[0]), 0);
            for (size_t i = 0; i < lens_in.ints.size(); ++i) lens[i / q] = std::max(lens[i / q], lens_in.ints[i]);
        }
        const std::vector<float> other = generate(in.gen.beyond.front(), grading_seed);
        npy::Array& a = out[name];
        const auto axis = static_cast<size_t>(in.gen.beyond_axis);
        int64_t inner = 1;
        for (size_t i = axis + 1; i < a.shape.size(); ++i) inner *= a.shape[i];
        const int64_t extent = a.shape[axis];
        int64_t per_example = 1;
        for (size_t i = 1; i < a.shape.size(); ++i) per_example *= a.shape[i];
        for (size_t flat = 0; flat < a.f32.size(); ++flat) {
            const auto f = static_cast<int64_t>(flat);
            const int64_t example = f / per_example;
            const int64_t pos = (f / inner) % extent;
            if (example < static_cast<int64_t>(lens.size()) && pos >= lens[static_cast<size_t>(example)]) {
                a.f32[flat] = other[flat];
            }
        }
    }
    return out;
}

}  // namespace judge
