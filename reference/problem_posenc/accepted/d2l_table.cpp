// Accepted for problem_posenc: D2L's table, P[:, 0::2] = sin(angles) and P[:, 1::2] = cos(angles),
// filled column by column, then added to each example.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>

using judge::Tensor;

Tensor add_positional_encoding(const Tensor& X) {
    if (X.dim() != 3) throw std::invalid_argument("add_positional_encoding: X must be (B, L, D)");
    const int64_t L = X.size(1), D = X.size(2);
    Tensor P = judge::zeros({1, L, D});
    for (int64_t c = 0; c < D; c += 2) {
        const float freq = std::pow(10000.0f, static_cast<float>(c) / static_cast<float>(D));
        for (int64_t i = 0; i < L; ++i) {
            const float angle = static_cast<float>(i) / freq;
            P.at({0, i, c}) = std::sin(angle);
            if (c + 1 < D) P.at({0, i, c + 1}) = std::cos(angle);
        }
    }
    return X + P;
}
