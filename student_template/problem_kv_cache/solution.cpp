// problem_kv_cache: one step of causal multi-head self-attention with a key-value cache.
// Read the statement with `judge show problem_kv_cache`;
// judge with `judge submit problem_kv_cache --file solution.cpp`.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <tuple>

using judge::Tensor;

// Returns {output (B, n, D), K_new (B, T + n, D), V_new (B, T + n, D)}: the new tokens' attention
// over the cache and themselves, and the caches grown by their projected keys and values.
std::tuple<Tensor, Tensor, Tensor> attend_step(const Tensor& x, const Tensor& K_cache, const Tensor& V_cache,
                                               int64_t num_heads, const Tensor& W_q, const Tensor& W_k,
                                               const Tensor& W_v, const Tensor& W_o) {
    (void)x, (void)K_cache, (void)V_cache, (void)num_heads, (void)W_q, (void)W_k, (void)W_v, (void)W_o;
    throw std::logic_error("attend_step: not implemented yet");
}
