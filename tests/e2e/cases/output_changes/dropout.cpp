// problem_sdpa with a dropout of its own, drawn from the system's entropy: outputs that change from run to run.
#include <judge/tensor.hpp>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using judge::Tensor;

std::pair<Tensor, Tensor> scaled_dot_product_attention(const Tensor& queries, const Tensor& keys, const Tensor& values,
                                                       const std::vector<int64_t>& valid_lens) {
    const int64_t B = queries.size(0), Lq = queries.size(1), d = queries.size(2), Lk = keys.size(1);
    Tensor scores = judge::matmul(queries, keys.transpose(1, 2)) / std::sqrt(static_cast<float>(d));
    if (!valid_lens.empty()) {
        if (static_cast<int64_t>(valid_lens.size()) != B) throw std::invalid_argument("valid_lens needs one length per example");
        for (int64_t b = 0; b < B; ++b)
            for (int64_t i = 0; i < Lq; ++i)
                for (int64_t j = valid_lens.at(static_cast<size_t>(b)); j < Lk; ++j) scores.at({b, i, j}) = -1e6f;
    }
    Tensor weights = judge::softmax(scores, -1);
    std::random_device entropy;
    std::bernoulli_distribution keep(0.5);
    for (int64_t i = 0; i < weights.numel(); ++i) weights.data()[i] = keep(entropy) ? 2 * weights.data()[i] : 0.0f;
    return {judge::matmul(weights, values), weights};
}
