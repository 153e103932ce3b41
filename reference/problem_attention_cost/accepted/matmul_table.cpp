// Accepted for problem_attention_cost: one helper for the cost of a matrix product, used per product.
#include <judge/tensor.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <tuple>

namespace {

// (m x k) times (k x n): m * n dot products of length k, each k multiplications and k additions.
int64_t matmul_flops(int64_t m, int64_t k, int64_t n) { return 2 * m * k * n; }

}  // namespace

std::tuple<int64_t, int64_t, int64_t, int64_t> attention_cost(int64_t batch, int64_t length, int64_t d_model,
                                                              int64_t num_heads, bool bias) {
    if (std::min({batch, length, d_model, num_heads}) < 1) throw std::invalid_argument("a size is below 1");
    if (d_model % num_heads) throw std::invalid_argument("d_model % num_heads != 0");
    const int64_t n = batch * length, d_k = d_model / num_heads, bh = batch * num_heads;
    const int64_t weights = d_model * d_model + (bias ? d_model : 0);
    const int64_t proj = 4 * (matmul_flops(n, d_model, d_model) + (bias ? n * d_model : 0));
    const int64_t attn = bh * (matmul_flops(length, d_k, length) + matmul_flops(length, length, d_k));
    const int64_t act = 3 * n * d_model + bh * length * length + n * d_model + n * d_model;
    return {4 * weights, proj, attn, act};
}
