// Reference solution for problem_masks: a masked softmax with padding and causal masks (unit 7.2).
#include <judge/tensor.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>

using judge::IntTensor;
using judge::Tensor;

Tensor masked_softmax(const Tensor& scores, const IntTensor& valid_lens, bool causal) {
    if (scores.dim() != 3) throw std::invalid_argument("scores must be (B, Lq, Lk)");
    const int64_t B = scores.size(0), Lq = scores.size(1), Lk = scores.size(2);
    const bool per_query = valid_lens.dim() == 2;
    if (valid_lens.dim() < 1 || valid_lens.dim() > 2 || valid_lens.size(0) != B ||
        (per_query && valid_lens.size(1) != Lq))
        throw std::invalid_argument("valid_lens must be (B,) or (B, Lq)");
    // PyTorch's policy: a masked score is -inf, so a fully masked row is NaN.
    const float masked = -std::numeric_limits<float>::infinity();
    Tensor s = scores;
    for (int64_t b = 0; b < B; ++b) {
        for (int64_t i = 0; i < Lq; ++i) {
            const int64_t len = per_query ? valid_lens.at({b, i}) : valid_lens.at({b});
            for (int64_t j = 0; j < Lk; ++j) {
                if (j >= len || (causal && j > i)) s.at({b, i, j}) = masked;
            }
        }
    }
    return judge::softmax(s, -1);
}
