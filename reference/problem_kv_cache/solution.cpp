// Reference for problem_kv_cache: one step of incremental causal multi-head self-attention with a
// key-value cache, equal to full causal attention over every token so far, for the new queries.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <tuple>

using judge::Tensor;

static void check_inputs(const Tensor& x, const Tensor& K_cache, const Tensor& V_cache, int64_t num_heads) {
    if (x.dim() != 3) throw std::invalid_argument("attend_step: expected x of shape (B, n, D), got " + judge::shape_str(x.shape()));
    if (K_cache.dim() != 3 || V_cache.shape() != K_cache.shape() || K_cache.size(0) != x.size(0) || K_cache.size(2) != x.size(2))
        throw std::invalid_argument("attend_step: caches of shapes " + judge::shape_str(K_cache.shape()) + " and " + judge::shape_str(V_cache.shape()) + " do not fit x " + judge::shape_str(x.shape()));
    if (num_heads < 1 || x.size(2) % num_heads != 0) throw std::invalid_argument("attend_step: " + std::to_string(num_heads) + " heads do not divide the width of x " + judge::shape_str(x.shape()));
}

std::tuple<Tensor, Tensor, Tensor> attend_step(const Tensor& x, const Tensor& K_cache, const Tensor& V_cache, int64_t num_heads,
                                               const Tensor& W_q, const Tensor& W_k, const Tensor& W_v, const Tensor& W_o) {
    check_inputs(x, K_cache, V_cache, num_heads);
    const int64_t B = x.size(0), n = x.size(1), D = x.size(2), T = K_cache.size(1), dk = D / num_heads;
    // The cache grows by the new tokens' projected keys and values, after the old ones.
    const Tensor K_new = judge::cat({K_cache, judge::matmul(x, W_k)}, 1);
    const Tensor V_new = judge::cat({V_cache, judge::matmul(x, W_v)}, 1);
    const auto split = [&](const Tensor& t, int64_t L) { return t.reshape({B, L, num_heads, dk}).permute({0, 2, 1, 3}); };
    const Tensor q = split(judge::matmul(x, W_q), n);
    const Tensor k = split(K_new, T + n);
    const Tensor v = split(V_new, T + n);
    Tensor scores = judge::matmul(q, k.transpose(2, 3)) / std::sqrt(static_cast<float>(dk));
    // New token i sits at position T + i: it sees the cache and the new tokens up to itself.
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < num_heads; ++h)
            for (int64_t i = 0; i < n; ++i)
                for (int64_t j = T + i + 1; j < T + n; ++j) scores.at({b, h, i, j}) = -INFINITY;
    const Tensor heads = judge::matmul(judge::softmax(scores, -1), v);
    const Tensor output = judge::matmul(heads.permute({0, 2, 1, 3}).reshape({B, n, D}), W_o);
    return {output, K_new, V_new};
}
