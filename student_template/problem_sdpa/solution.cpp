// problem_sdpa: scaled dot-product attention with valid_lens.
// Read the statement with `judge show problem_sdpa`; judge with `judge submit problem_sdpa --file solution.cpp`.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

using judge::Tensor;

// Returns {output (B, Lq, dv), weights (B, Lq, Lk)}: softmax over keys of q·kᵀ/√d, with keys at
// j >= valid_lens[b] scored -1e6 (an empty valid_lens means no mask).
std::pair<Tensor, Tensor> scaled_dot_product_attention(const Tensor& queries, const Tensor& keys, const Tensor& values,
                                                       const std::vector<int64_t>& valid_lens) {
    (void)queries;
    (void)keys;
    (void)values;
    (void)valid_lens;
    throw std::logic_error("scaled_dot_product_attention: not implemented yet");
}
