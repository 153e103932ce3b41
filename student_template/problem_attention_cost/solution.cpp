// problem_attention_cost: the parameters, FLOPs and activation memory of a multi-head attention layer.
// Read the statement with `judge show problem_attention_cost`;
// judge with `judge submit problem_attention_cost --file solution.cpp`.
#include <judge/tensor.hpp>

#include <cstdint>
#include <stdexcept>
#include <tuple>

// Returns {params, projection_flops, attention_flops, activations} for self-attention on B
// sequences of L tokens of D features with H heads; bias says whether the projections have biases.
std::tuple<int64_t, int64_t, int64_t, int64_t> attention_cost(int64_t batch, int64_t length, int64_t d_model,
                                                              int64_t num_heads, bool bias) {
    (void)batch;
    (void)length;
    (void)d_model;
    (void)num_heads;
    (void)bias;
    throw std::logic_error("attention_cost: not implemented yet");
}
