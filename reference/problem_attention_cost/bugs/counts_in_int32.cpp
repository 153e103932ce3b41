// trap: large_counts
// misconception: computing the counts in 32-bit int, which wraps past 2^31
#include <judge/tensor.hpp>

#include <cstdint>
#include <stdexcept>
#include <tuple>

std::tuple<int64_t, int64_t, int64_t, int64_t> attention_cost(int64_t batch, int64_t length, int64_t d_model,
                                                              int64_t num_heads, bool bias) {
    if (batch < 1 || length < 1 || d_model < 1 || num_heads < 1)
        throw std::invalid_argument("every size must be at least 1");
    if (d_model % num_heads != 0) throw std::invalid_argument("num_heads must divide d_model");
    // What `int` arithmetic gives: the exact count modulo 2^32, as a signed 32-bit value (C++20
    // defines the conversion; the wrapping products of a student's ints give the same).
    const int64_t tokens = batch * length;
    int64_t params = 4 * d_model * d_model;
    int64_t projection_flops = 4 * 2 * tokens * d_model * d_model;
    if (bias) {
        params += 4 * d_model;
        projection_flops += 4 * tokens * d_model;
    }
    const int64_t attention_flops = 2 * 2 * batch * length * length * d_model;
    const int64_t activations = 5 * tokens * d_model + batch * num_heads * length * length;
    return {static_cast<int32_t>(params), static_cast<int32_t>(projection_flops), static_cast<int32_t>(attention_flops),
            static_cast<int32_t>(activations)};
}
