#include "report/weights_view.hpp"

namespace judge {

namespace {

// `a`, of shape (..., n, H*K), as (..., H, n, K): head h holds columns h*K to h*K + K - 1.
std::optional<npy::Array> split_heads(const npy::Array& a, int64_t heads) {
    const size_t rank = a.shape.size();
    if (rank < 2 || heads < 1 || a.shape[rank - 1] % heads != 0) return std::nullopt;
    const int64_t n = a.shape[rank - 2], width = a.shape[rank - 1], k = width / heads;
    std::vector<float> from(a.f32);
    if (a.dtype != npy::Dtype::float32) from.assign(a.i64.begin(), a.i64.end());
    if (from.size() != static_cast<size_t>(a.numel())) return std::nullopt;
    npy::Array out;
    out.shape.assign(a.shape.begin(), a.shape.end() - 2);
    out.shape.insert(out.shape.end(), {heads, n, k});
    out.f32.resize(from.size());
    const int64_t block = n * width;
    for (int64_t lead = 0; lead * block < static_cast<int64_t>(from.size()); ++lead)
        for (int64_t h = 0; h < heads; ++h)
            for (int64_t i = 0; i < n; ++i)
                for (int64_t j = 0; j < k; ++j)
                    out.f32[static_cast<size_t>(lead * block + (h * n + i) * k + j)] =
                        from[static_cast<size_t>(lead * block + i * width + h * k + j)];
    return out;
}

}  // namespace

std::optional<WeightsView> weights_view(const TestSpec& test, const OutputSpec& out, const Counterexample& c) {
    if (test.weights != out.name || out.axes.size() < 3) return std::nullopt;
    WeightsView v{out, c};
    std::vector<std::string>& axes = v.output.axes;
    axes[axes.size() - 2] = "query";
    axes[axes.size() - 1] = "key";
    if (test.weights_heads.empty()) return v;
    int64_t heads = 0;
    for (const ShownValue& s : c.inputs)
        if (s.name == test.weights_heads && !s.array.i64.empty()) heads = s.array.i64.front();
    for (std::vector<ShownValue>* values : {&v.values.expected, &v.values.got})
        for (ShownValue& s : *values) {
            if (s.name != out.name) continue;
            std::optional<npy::Array> split = split_heads(s.array, heads);
            if (!split) return std::nullopt;
            s.array = std::move(*split);
        }
    axes.insert(axes.end() - 2, "head");
    return v;
}

}  // namespace judge
