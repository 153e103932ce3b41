// Accepted for problem_masks: an additive mask tensor (0 where visible, -inf where hidden), as
// PyTorch's attn_mask works, added to the scores before one softmax.
#include <judge/tensor.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace {

judge::Tensor additive_mask(const judge::Shape& shape, const judge::IntTensor& lens, bool causal) {
    const int64_t B = shape[0], Lq = shape[1], Lk = shape[2];
    judge::Tensor mask = judge::zeros(shape);
    const judge::IntTensor per_query =
        lens.dim() == 1 ? judge::repeat_interleave(lens, Lq, 0).reshape({B, Lq}) : lens;
    for (int64_t b = 0; b < B; ++b)
        for (int64_t i = 0; i < Lq; ++i)
            for (int64_t j = 0; j < Lk; ++j)
                if (j >= per_query.at({b, i}) || (causal && j > i))
                    mask.at({b, i, j}) = -std::numeric_limits<float>::infinity();
    return mask;
}

}  // namespace

judge::Tensor masked_softmax(const judge::Tensor& scores, const judge::IntTensor& valid_lens, bool causal) {
    if (scores.dim() != 3) throw std::invalid_argument("scores must have 3 dimensions");
    if (valid_lens.dim() == 0 || valid_lens.dim() > 2 || valid_lens.size(0) != scores.size(0) ||
        (valid_lens.dim() == 2 && valid_lens.size(1) != scores.size(1)))
        throw std::invalid_argument("valid_lens does not fit the scores");
    return judge::softmax(scores + additive_mask(scores.shape(), valid_lens, causal), 2);
}
