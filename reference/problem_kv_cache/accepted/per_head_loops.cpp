// Accepted for problem_kv_cache: the cache grown row by row, and each head's attention of each new
// token over the cached keys and itself in loops with double sums: a step that reads only the
// cache and the new tokens, never the earlier tokens themselves.
#include <judge/tensor.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>
#include <vector>

using judge::Tensor;

std::tuple<Tensor, Tensor, Tensor> attend_step(const Tensor& x, const Tensor& K_cache, const Tensor& V_cache,
                                               int64_t num_heads, const Tensor& W_q, const Tensor& W_k,
                                               const Tensor& W_v, const Tensor& W_o) {
    if (x.dim() != 3) throw std::invalid_argument("x must be (B, n, D)");
    if (K_cache.dim() != 3 || K_cache.shape() != V_cache.shape() || K_cache.size(0) != x.size(0) ||
        K_cache.size(2) != x.size(2))
        throw std::invalid_argument("the caches must be (B, T, D)");
    if (num_heads <= 0 || x.size(2) % num_heads != 0) throw std::invalid_argument("bad num_heads");
    const int64_t B = x.size(0), n = x.size(1), D = x.size(2), T = K_cache.size(1), dk = D / num_heads;
    const Tensor q = judge::matmul(x, W_q), k = judge::matmul(x, W_k), v = judge::matmul(x, W_v);
    Tensor K_new = judge::zeros({B, T + n, D}), V_new = judge::zeros({B, T + n, D});
    for (int64_t b = 0; b < B; ++b)
        for (int64_t t = 0; t < T + n; ++t)
            for (int64_t c = 0; c < D; ++c) {
                K_new.at({b, t, c}) = t < T ? K_cache.at({b, t, c}) : k.at({b, t - T, c});
                V_new.at({b, t, c}) = t < T ? V_cache.at({b, t, c}) : v.at({b, t - T, c});
            }
    Tensor heads = judge::zeros({B, n, D});
    std::vector<double> w(static_cast<size_t>(T + n));
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < num_heads; ++h)
            for (int64_t i = 0; i < n; ++i) {
                const int64_t seen = T + i + 1;  // keys 0 .. T + i
                double top = -INFINITY, sum = 0;
                for (int64_t j = 0; j < seen; ++j) {
                    double s = 0;
                    for (int64_t c = h * dk; c < (h + 1) * dk; ++c) s += double(q.at({b, i, c})) * K_new.at({b, j, c});
                    w[static_cast<size_t>(j)] = s / std::sqrt(double(dk));
                    top = std::max(top, w[static_cast<size_t>(j)]);
                }
                for (int64_t j = 0; j < seen; ++j) sum += w[static_cast<size_t>(j)] = std::exp(w[static_cast<size_t>(j)] - top);
                for (int64_t c = h * dk; c < (h + 1) * dk; ++c) {
                    double acc = 0;
                    for (int64_t j = 0; j < seen; ++j) acc += w[static_cast<size_t>(j)] / sum * V_new.at({b, j, c});
                    heads.at({b, i, c}) = static_cast<float>(acc);
                }
            }
    return {judge::matmul(heads, W_o), K_new, V_new};
}
