// trap: large_counts
// misconception: computing the counts in double, which rounds past 2^53
#include <judge/tensor.hpp>

#include <cstdint>
#include <stdexcept>
#include <tuple>

std::tuple<int64_t, int64_t, int64_t, int64_t> attention_cost(int64_t batch, int64_t length, int64_t d_model,
                                                              int64_t num_heads, bool bias) {
    if (batch < 1 || length < 1 || d_model < 1 || num_heads < 1)
        throw std::invalid_argument("every size must be at least 1");
    if (d_model % num_heads != 0) throw std::invalid_argument("num_heads must divide d_model");
    const double B = static_cast<double>(batch), L = static_cast<double>(length), D = static_cast<double>(d_model),
                 H = static_cast<double>(num_heads);
    const double tokens = B * L;
    double params = 4 * D * D;
    double projection_flops = 8 * tokens * D * D;
    if (bias) {
        params += 4 * D;
        projection_flops += 4 * tokens * D;
    }
    const double attention_flops = 4 * B * L * L * D;
    const double activations = 5 * tokens * D + B * H * L * L;
    return {static_cast<int64_t>(params), static_cast<int64_t>(projection_flops),
            static_cast<int64_t>(attention_flops), static_cast<int64_t>(activations)};
}
