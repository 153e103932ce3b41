// Accepted for problem_kv_cache: attention of every position the cache and the new tokens hold,
// with the full causal mask of T + n positions, keeping the rows of the new tokens. The cached
// keys and values stand in for the earlier tokens, whose queries are not needed: their rows are
// computed from zeros and thrown away.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <tuple>

using judge::Tensor;

std::tuple<Tensor, Tensor, Tensor> attend_step(const Tensor& x, const Tensor& K_cache, const Tensor& V_cache,
                                               int64_t num_heads, const Tensor& W_q, const Tensor& W_k,
                                               const Tensor& W_v, const Tensor& W_o) {
    if (x.dim() != 3 || num_heads < 1 || x.size(2) % num_heads != 0)
        throw std::invalid_argument("x must be (B, n, D) and num_heads must divide D");
    if (K_cache.dim() != 3 || K_cache.shape() != V_cache.shape() || K_cache.size(0) != x.size(0) ||
        K_cache.size(2) != x.size(2))
        throw std::invalid_argument("the caches must be (B, T, D) for x's B and D");
    const int64_t B = x.size(0), n = x.size(1), D = x.size(2), T = K_cache.size(1), L = T + n, H = num_heads;
    const Tensor K_new = judge::cat({K_cache, judge::matmul(x, W_k)}, 1);
    const Tensor V_new = judge::cat({V_cache, judge::matmul(x, W_v)}, 1);
    const Tensor Q = judge::cat({judge::zeros({B, T, D}), judge::matmul(x, W_q)}, 1);
    const auto heads = [&](const Tensor& t) { return t.reshape({B, L, H, D / H}).transpose(1, 2); };
    Tensor s = judge::matmul(heads(Q), heads(K_new).transpose(-2, -1)) / std::sqrt(static_cast<float>(D / H));
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < H; ++h)
            for (int64_t p = 0; p < L; ++p)
                for (int64_t j = p + 1; j < L; ++j) s.at({b, h, p, j}) = -INFINITY;
    const Tensor all = judge::matmul(judge::softmax(s, -1), heads(V_new)).transpose(1, 2).reshape({B, L, D});
    return {judge::matmul(all.narrow(1, T, n), W_o), K_new, V_new};
}
