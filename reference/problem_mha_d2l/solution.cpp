// Reference solution for problem_mha_d2l: D2L's multi-head attention layout (D2L 11.5).
#include <judge/tensor.hpp>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <tuple>

using judge::IntTensor;
using judge::Tensor;

// (B, L, D) -> (B*H, L, D/H): head h of example b is row b*H + h.
Tensor transpose_qkv(const Tensor& X, int64_t num_heads) {
    if (X.dim() != 3 || num_heads < 1 || X.size(2) % num_heads != 0)
        throw std::invalid_argument("transpose_qkv: X must be (B, L, D) with num_heads dividing D");
    const int64_t B = X.size(0), L = X.size(1);
    return X.reshape({B, L, num_heads, -1}).permute({0, 2, 1, 3}).reshape({B * num_heads, L, -1});
}

// (B*H, L, d_k) -> (B, L, H*d_k): the inverse of transpose_qkv.
Tensor transpose_output(const Tensor& X, int64_t num_heads) {
    if (X.dim() != 3 || num_heads < 1 || X.size(0) % num_heads != 0)
        throw std::invalid_argument("transpose_output: X must be (B*H, L, d_k)");
    const int64_t L = X.size(1);
    return X.reshape({-1, num_heads, L, X.size(2)}).permute({0, 2, 1, 3}).reshape({X.size(0) / num_heads, L, -1});
}

// Each example's lengths once per head, in a row, to match transpose_qkv's rows.
IntTensor repeat_lens(const IntTensor& valid_lens, int64_t num_heads) {
    if (num_heads < 1) throw std::invalid_argument("repeat_lens: num_heads must be at least 1");
    return judge::repeat_interleave(valid_lens, num_heads, 0);
}

// D2L's DotProductAttention on the folded batch: valid_lens has one row per folded example.
std::tuple<Tensor, Tensor> folded_attention(const Tensor& queries, const Tensor& keys, const Tensor& values,
                                            const IntTensor& valid_lens) {
    const int64_t n = queries.size(0), Lq = queries.size(1), d = queries.size(2), Lk = keys.size(1);
    Tensor scores = judge::matmul(queries, keys.transpose(1, 2)) / std::sqrt(static_cast<float>(d));
    for (int64_t b = 0; b < n; ++b) {
        for (int64_t i = 0; i < Lq; ++i) {
            const int64_t len = valid_lens.dim() == 2 ? valid_lens.at({b, i}) : valid_lens.at({b});
            for (int64_t j = len; j < Lk; ++j) scores.at({b, i, j}) = -1e6f;  // D2L's masked_softmax
        }
    }
    Tensor weights = judge::softmax(scores, -1);
    return {judge::matmul(weights, values), weights};
}

// Multi-head attention without the projections: fold the heads, attend, unfold the output; the
// weights stay folded, as D2L's layer keeps them.
std::tuple<Tensor, Tensor> attention_heads(const Tensor& queries, const Tensor& keys, const Tensor& values,
                                           const IntTensor& valid_lens, int64_t num_heads) {
    const IntTensor lens = repeat_lens(valid_lens, num_heads);
    const std::tuple<Tensor, Tensor> folded = folded_attention(
        transpose_qkv(queries, num_heads), transpose_qkv(keys, num_heads), transpose_qkv(values, num_heads), lens);
    return {transpose_output(std::get<0>(folded), num_heads), std::get<1>(folded)};
}
