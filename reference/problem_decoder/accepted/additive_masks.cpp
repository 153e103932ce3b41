// Accepted for problem_decoder: masks as tensors built once (a causal one, and one from each set
// of lengths), 1 where a key is seen and 0 where it is masked, applied with tensor arithmetic.
#include <judge/tensor.hpp>

#include <cmath>
#include <cstdint>
#include <tuple>

namespace {

judge::Tensor self_mask(int64_t B, int64_t L, const judge::IntTensor& dec_lens) {
    judge::Tensor m = judge::zeros({B, L, L});
    for (int64_t b = 0; b < B; ++b)
        for (int64_t i = 0; i < L; ++i)
            for (int64_t j = 0; j < L; ++j)
                m.at({b, i, j}) = (j > i || j >= dec_lens.at({b, i})) ? 0.0f : 1.0f;
    return m;
}

judge::Tensor length_mask(int64_t B, int64_t Lq, int64_t Lk, const judge::IntTensor& lens) {
    judge::Tensor m = judge::zeros({B, Lq, Lk}) + 1.0f;
    for (int64_t b = 0; b < B; ++b)
        for (int64_t i = 0; i < Lq; ++i)
            for (int64_t j = lens.at({b}); j < Lk; ++j) m.at({b, i, j}) = 0.0f;
    return m;
}

// keep ? score : -1e6, as masked_fill does. Adding -1e6 to a score would not do: a row with no
// key seen would be softmax(scores - 1e6), not D2L's uniform weights.
judge::Tensor masked(const judge::Tensor& scores, const judge::Tensor& keep) {
    return scores * keep + (keep - 1.0f) * 1e6f;
}

}  // namespace

std::tuple<judge::Tensor, judge::Tensor, judge::Tensor> decoder_attention(const judge::Tensor& X,
                                                                          const judge::Tensor& enc_outputs,
                                                                          const judge::IntTensor& enc_valid_lens,
                                                                          const judge::IntTensor& dec_valid_lens) {
    const int64_t B = X.size(0), Lq = X.size(1), Lk = enc_outputs.size(1);
    const float scale = 1.0f / std::sqrt(static_cast<float>(X.size(2)));
    const judge::Tensor sw =
        judge::softmax(masked(judge::matmul(X, X.transpose(1, 2)) * scale, self_mask(B, Lq, dec_valid_lens)), 2);
    const judge::Tensor Y = X + judge::matmul(sw, X);
    const judge::Tensor cw = judge::softmax(
        masked(judge::matmul(Y, enc_outputs.transpose(1, 2)) * scale, length_mask(B, Lq, Lk, enc_valid_lens)), 2);
    return std::make_tuple(Y + judge::matmul(cw, enc_outputs), sw, cw);
}
