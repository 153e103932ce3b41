// problem_mha_d2l: multi-head attention in D2L's layout (folded heads, valid_lens per head).
// Read the statement with `judge show problem_mha_d2l`; judge with `judge submit problem_mha_d2l --file solution.cpp`.
#include <judge/tensor.hpp>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <tuple>

using judge::IntTensor;
using judge::Tensor;

// (B, L, D) -> (B*H, L, D/H): row b*H + h is head h of example b.
Tensor transpose_qkv(const Tensor& X, int64_t num_heads) {
    (void)X;
    (void)num_heads;
    throw std::logic_error("transpose_qkv: not implemented yet");
}

// (B*H, L, d_k) -> (B, L, H*d_k): the inverse of transpose_qkv.
Tensor transpose_output(const Tensor& X, int64_t num_heads) {
    (void)X;
    (void)num_heads;
    throw std::logic_error("transpose_output: not implemented yet");
}

// valid_lens (B,) or (B, Lq) -> (B*H,) or (B*H, Lq), each example's row H times in a row.
IntTensor repeat_lens(const IntTensor& valid_lens, int64_t num_heads) {
    (void)valid_lens;
    (void)num_heads;
    throw std::logic_error("repeat_lens: not implemented yet");
}

// D2L's DotProductAttention on folded rows: returns {output, weights}; masked scores are -1e6.
std::tuple<Tensor, Tensor> folded_attention(const Tensor& queries, const Tensor& keys, const Tensor& values,
                                            const IntTensor& valid_lens) {
    (void)queries;
    (void)keys;
    (void)values;
    (void)valid_lens;
    throw std::logic_error("folded_attention: not implemented yet");
}

// Fold, repeat the lengths, attend, unfold: returns {output (B, Lq, D), the folded weights (B*H, Lq, Lk)}.
std::tuple<Tensor, Tensor> attention_heads(const Tensor& queries, const Tensor& keys, const Tensor& values,
                                           const IntTensor& valid_lens, int64_t num_heads) {
    (void)queries;
    (void)keys;
    (void)values;
    (void)valid_lens;
    (void)num_heads;
    throw std::logic_error("attention_heads: not implemented yet");
}
