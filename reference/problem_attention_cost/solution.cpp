// Reference solution for problem_attention_cost: the cost of a multi-head attention layer.
#include <judge/tensor.hpp>

#include <cstdint>
#include <stdexcept>
#include <tuple>

std::tuple<int64_t, int64_t, int64_t, int64_t> attention_cost(int64_t batch, int64_t length, int64_t d_model,
                                                              int64_t num_heads, bool bias) {
    if (batch < 1 || length < 1 || d_model < 1 || num_heads < 1)
        throw std::invalid_argument("every size must be at least 1");
    if (d_model % num_heads != 0) throw std::invalid_argument("num_heads must divide d_model");
    const int64_t tokens = batch * length;
    // Four D x D projections (queries, keys, values, output), whatever the number of heads.
    int64_t params = 4 * d_model * d_model;
    int64_t projection_flops = 4 * 2 * tokens * d_model * d_model;
    if (bias) {
        params += 4 * d_model;
        projection_flops += 4 * tokens * d_model;
    }
    // Per head, scores (L x d_k)(d_k x L) and weighting (L x L)(L x d_k); the heads add up to D.
    const int64_t attention_flops = 2 * 2 * batch * length * length * d_model;
    // Q, K, V, the heads' outputs and the final output, plus one L x L weight map per head.
    const int64_t activations = 5 * tokens * d_model + batch * num_heads * length * length;
    return {params, projection_flops, attention_flops, activations};
}
