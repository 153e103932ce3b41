// Reference solution for problem_decoder: the two attentions of D2L's TransformerDecoderBlock (D2L 11.7).
#include <judge/tensor.hpp>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <tuple>

using judge::IntTensor;
using judge::Tensor;

namespace {

// Scaled dot-product scores of queries (B, Lq, D) against keys (B, Lk, D).
Tensor scores_of(const Tensor& queries, const Tensor& keys) {
    return judge::matmul(queries, keys.transpose(1, 2)) / std::sqrt(static_cast<float>(queries.size(2)));
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> decoder_attention(const Tensor& X, const Tensor& enc_outputs,
                                                     const IntTensor& enc_valid_lens,
                                                     const IntTensor& dec_valid_lens) {
    const int64_t B = X.size(0), Lq = X.size(1), Lk = enc_outputs.size(1);
    // 1. Causal self-attention: query i sees keys j <= i and j < dec_valid_lens[b, i].
    Tensor self_scores = scores_of(X, X);
    for (int64_t b = 0; b < B; ++b)
        for (int64_t i = 0; i < Lq; ++i)
            for (int64_t j = 0; j < Lq; ++j)
                if (j > i || j >= dec_valid_lens.at({b, i})) self_scores.at({b, i, j}) = -1e6f;
    const Tensor self_weights = judge::softmax(self_scores, -1);
    const Tensor Y = X + judge::matmul(self_weights, X);
    // 2. Cross-attention: Y's queries against the encoder's outputs, within the encoder's lengths.
    Tensor cross_scores = scores_of(Y, enc_outputs);
    for (int64_t b = 0; b < B; ++b)
        for (int64_t i = 0; i < Lq; ++i)
            for (int64_t j = enc_valid_lens.at({b}); j < Lk; ++j) cross_scores.at({b, i, j}) = -1e6f;
    const Tensor cross_weights = judge::softmax(cross_scores, -1);
    const Tensor Z = Y + judge::matmul(cross_weights, enc_outputs);
    return {Z, self_weights, cross_weights};
}
