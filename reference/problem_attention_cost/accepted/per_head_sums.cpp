// Accepted for problem_attention_cost: sums the cost head by head, as the layer computes it.
#include <judge/tensor.hpp>

#include <cstdint>
#include <stdexcept>
#include <tuple>

std::tuple<int64_t, int64_t, int64_t, int64_t> attention_cost(int64_t batch, int64_t length, int64_t d_model,
                                                              int64_t num_heads, bool bias) {
    if (batch <= 0 || length <= 0 || d_model <= 0 || num_heads <= 0) throw std::invalid_argument("sizes must be > 0");
    const int64_t d_k = d_model / num_heads;
    if (d_k * num_heads != d_model) throw std::invalid_argument("d_model is not a multiple of num_heads");
    int64_t params = 0, proj = 0, attn = 0, act = 0;
    for (int64_t h = 0; h < num_heads; ++h) {
        // This head's slice of W_q, W_k and W_v (D x d_k each), and of W_o (d_k x D).
        params += 3 * d_model * d_k + d_k * d_model;
        proj += 3 * 2 * batch * length * d_model * d_k + 2 * batch * length * d_k * d_model;
        attn += 2 * batch * length * d_k * length + 2 * batch * length * length * d_k;
        act += 4 * batch * length * d_k + batch * length * length;  // q, k, v, head output; weights
    }
    act += batch * length * d_model;  // the final output
    if (bias) {
        params += 4 * d_model;
        proj += 4 * batch * length * d_model;
    }
    return std::make_tuple(params, proj, attn, act);
}
