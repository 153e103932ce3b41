// problem_mha: split heads and multi-head attention.
// Read the statement with `judge show problem_mha`, then replace each stub below.
// Judge your work with `judge submit problem_mha --file solution.cpp`.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

using judge::Tensor;

// x (B, L, D) -> (B, H, L, d_k) with out[b,h,t,j] = x[b,t,h*d_k + j], d_k = D / num_heads.
// Throw std::invalid_argument when num_heads < 1 or D % num_heads != 0.
Tensor split_heads(const Tensor& x, int64_t num_heads) {
    (void)x;
    (void)num_heads;
    throw std::logic_error("split_heads: not implemented yet");
}

// x (B, H, L, d_k) -> (B, L, H*d_k) with out[b,t,h*d_k + j] = x[b,h,t,j].
Tensor merge_heads(const Tensor& x) {
    (void)x;
    throw std::logic_error("merge_heads: not implemented yet");
}

// Returns {output (B, H, Lq, d_k), weights (B, H, Lq, Lk)}. Scores are q_h k_h^T / sqrt(d_k); keys at
// positions j >= valid_lens[b] score -1e6 in every head; an empty valid_lens means no mask.
std::pair<Tensor, Tensor> multi_head_attention_per_head(const Tensor& query, const Tensor& key, const Tensor& value,
                                                        int64_t num_heads, const std::vector<int64_t>& valid_lens) {
    (void)query;
    (void)key;
    (void)value;
    (void)num_heads;
    (void)valid_lens;
    throw std::logic_error("multi_head_attention_per_head: not implemented yet");
}

// queries·W_q, keys·W_k, values·W_v, per-head attention, merge_heads, then ·W_o: (B, Lq, D).
Tensor multi_head_attention(const Tensor& queries, const Tensor& keys, const Tensor& values, const Tensor& W_q,
                            const Tensor& W_k, const Tensor& W_v, const Tensor& W_o, int64_t num_heads,
                            const std::vector<int64_t>& valid_lens) {
    (void)queries;
    (void)keys;
    (void)values;
    (void)W_q;
    (void)W_k;
    (void)W_v;
    (void)W_o;
    (void)num_heads;
    (void)valid_lens;
    throw std::logic_error("multi_head_attention: not implemented yet");
}
