// An accepted alternative for problem_sdpa: every sum an explicit loop, accumulated in double, and
// the softmax written out (max-shifted); masked keys are left out of it, which is what the -1e6
// fill gives (exp(-1e6 - max) is exactly 0 in float).
#include <judge/tensor.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

using judge::Tensor;

std::pair<Tensor, Tensor> scaled_dot_product_attention(const Tensor& queries, const Tensor& keys, const Tensor& values,
                                                       const std::vector<int64_t>& valid_lens) {
    const int64_t B = queries.size(0), Lq = queries.size(1), d = queries.size(2), Lk = keys.size(1),
                  dv = values.size(2);
    if (!valid_lens.empty() && static_cast<int64_t>(valid_lens.size()) != B)
        throw std::invalid_argument("valid_lens needs one length per example");
    Tensor weights = judge::zeros({B, Lq, Lk});
    Tensor output = judge::zeros({B, Lq, dv});
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    for (int64_t b = 0; b < B; ++b) {
        // D2L's masked softmax: a length of 0 masks every key, and the -1e6 fill then spreads the
        // weight evenly over all of them.
        int64_t len = valid_lens.empty() ? Lk : std::min(Lk, valid_lens.at(static_cast<size_t>(b)));
        const bool all_masked = len <= 0;
        if (all_masked) len = Lk;
        for (int64_t i = 0; i < Lq; ++i) {
            std::vector<double> s(static_cast<size_t>(len));
            for (int64_t j = 0; j < len; ++j) {
                double dot = 0;
                for (int64_t k = 0; k < d; ++k) dot += double(queries.at({b, i, k})) * double(keys.at({b, j, k}));
                s[static_cast<size_t>(j)] = all_masked ? 0.0 : dot * scale;
            }
            const double top = *std::max_element(s.begin(), s.end());
            double sum = 0;
            for (double& v : s) sum += (v = std::exp(v - top));
            for (int64_t j = 0; j < len; ++j) weights.at({b, i, j}) = static_cast<float>(s[static_cast<size_t>(j)] / sum);
            for (int64_t f = 0; f < dv; ++f) {
                double acc = 0;
                for (int64_t j = 0; j < len; ++j) acc += double(weights.at({b, i, j})) * double(values.at({b, j, f}));
                output.at({b, i, f}) = static_cast<float>(acc);
            }
        }
    }
    return {output, weights};
}
