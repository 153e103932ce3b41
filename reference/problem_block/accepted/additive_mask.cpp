// Accepted for problem_block: the variance as mean((x - mean)^2) with pow, and the padding mask as
// a (B, 1, 1, L) tensor of 0 and -1e6 that broadcasts over the heads and the queries.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <vector>

using judge::Tensor;

Tensor layer_norm(const Tensor& x, const Tensor& gamma, const Tensor& beta) {
    const Tensor centred = x - judge::mean(x, -1, true);
    const Tensor var = judge::mean(judge::pow(centred, 2.0f), -1, true);
    return gamma * (centred / judge::pow(var + 1e-5f, 0.5f)) + beta;
}

Tensor feed_forward(const Tensor& x, const Tensor& W1, const Tensor& b1, const Tensor& W2, const Tensor& b2) {
    const Tensor hidden = judge::maximum(judge::matmul(x, W1) + b1, judge::zeros({1}));
    return judge::matmul(hidden, W2) + b2;
}

Tensor transformer_block(const Tensor& X, const std::vector<int64_t>& valid_lens, int64_t num_heads, const Tensor& W_q,
                         const Tensor& W_k, const Tensor& W_v, const Tensor& W_o, const Tensor& gamma1,
                         const Tensor& beta1, const Tensor& W1, const Tensor& b1, const Tensor& W2, const Tensor& b2,
                         const Tensor& gamma2, const Tensor& beta2) {
    if (X.dim() != 3 || num_heads < 1 || X.size(2) % num_heads != 0 ||
        static_cast<int64_t>(valid_lens.size()) != X.size(0))
        throw std::invalid_argument("transformer_block: X must be (B, L, D), H must divide D, one length per example");
    const int64_t B = X.size(0), L = X.size(1), D = X.size(2), H = num_heads;
    Tensor mask = judge::zeros({B, 1, 1, L});
    for (int64_t b = 0; b < B; ++b)
        for (int64_t j = valid_lens[static_cast<size_t>(b)]; j < L; ++j) mask.at({b, 0, 0, j}) = -1e6f;
    const auto heads = [&](const Tensor& t) { return t.reshape({B, L, H, D / H}).transpose(1, 2); };
    const Tensor n1 = layer_norm(X, gamma1, beta1);
    const Tensor q = heads(judge::matmul(n1, W_q)), k = heads(judge::matmul(n1, W_k)), v = heads(judge::matmul(n1, W_v));
    const Tensor scores = judge::matmul(q, k.transpose(-1, -2)) / std::sqrt(static_cast<float>(D / H)) + mask;
    const Tensor attended = judge::matmul(judge::softmax(scores, -1), v).transpose(1, 2).reshape({B, L, D});
    const Tensor Y = X + judge::matmul(attended, W_o);
    return Y + feed_forward(layer_norm(Y, gamma2, beta2), W1, b1, W2, b2);
}
