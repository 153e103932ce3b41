// An accepted alternative for problem_sdpa: one example at a time (narrow, then cat), the mask
// applied as tensors (scores * keep + fill, keep 1 or 0 and fill 0 or -1e6) instead of written
// into the scores, and the scale applied to the queries before the product.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

using judge::Tensor;

std::pair<Tensor, Tensor> scaled_dot_product_attention(const Tensor& queries, const Tensor& keys, const Tensor& values,
                                                       const std::vector<int64_t>& valid_lens) {
    const int64_t B = queries.size(0), Lq = queries.size(1), d = queries.size(2), Lk = keys.size(1);
    if (!valid_lens.empty() && static_cast<int64_t>(valid_lens.size()) != B)
        throw std::invalid_argument("valid_lens needs one length per example");
    std::vector<Tensor> outputs, weights;
    for (int64_t b = 0; b < B; ++b) {
        const Tensor q = queries.narrow(0, b, 1) / std::sqrt(static_cast<float>(d));
        Tensor scores = judge::matmul(q, keys.narrow(0, b, 1).transpose(1, 2));  // (1, Lq, Lk)
        if (!valid_lens.empty()) {
            std::vector<float> keep(static_cast<size_t>(Lq * Lk), 1.0f), fill(keep.size(), 0.0f);
            for (int64_t i = 0; i < Lq; ++i) {
                for (int64_t j = valid_lens.at(static_cast<size_t>(b)); j < Lk; ++j) {
                    keep[static_cast<size_t>(i * Lk + j)] = 0.0f;
                    fill[static_cast<size_t>(i * Lk + j)] = -1e6f;
                }
            }
            // Exactly the fill: a masked score becomes 0 * s + -1e6.
            scores = scores * judge::from_vector(keep, {1, Lq, Lk}) + judge::from_vector(fill, {1, Lq, Lk});
        }
        const Tensor w = judge::softmax(scores, 2);
        outputs.push_back(judge::matmul(w, values.narrow(0, b, 1)));
        weights.push_back(w);
    }
    return {judge::cat(outputs, 0), judge::cat(weights, 0)};
}
