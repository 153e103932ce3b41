// Reference for problem_block: a pre-norm Transformer encoder block (unit 7.5), as PyTorch's
// nn.TransformerEncoderLayer(norm_first=True) with no biases in the attention and no dropout.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

using judge::Tensor;

// LayerNorm over the features: the biased variance, eps inside the square root, then gamma and beta.
// Each row is first shifted by its first feature, which LayerNorm ignores: on a row of tiny spread
// around a large offset (1 + 1e-3 * randn) the shift is exact, and what is left is normalised as
// exactly as float32 allows, where the row's own mean would be off by up to 5e-5 once normalised.
Tensor layer_norm(const Tensor& x, const Tensor& gamma, const Tensor& beta) {
    const Tensor c = x - x.narrow(x.dim() - 1, 0, 1);
    const Tensor mean = judge::mean(c, -1, true);
    const Tensor var = judge::var(c, -1, false, true);
    return (c - mean) / judge::sqrt(var + 1e-5f) * gamma + beta;
}

// The position-wise feed-forward network: relu(x W1 + b1) W2 + b2.
Tensor feed_forward(const Tensor& x, const Tensor& W1, const Tensor& b1, const Tensor& W2, const Tensor& b2) {
    return judge::matmul(judge::relu(judge::matmul(x, W1) + b1), W2) + b2;
}

// Multi-head self-attention; keys at or past an example's length score -1e6, as in D2L.
Tensor self_attention(const Tensor& x, const std::vector<int64_t>& valid_lens, int64_t num_heads, const Tensor& W_q,
                      const Tensor& W_k, const Tensor& W_v, const Tensor& W_o) {
    const int64_t B = x.size(0), L = x.size(1), D = x.size(2), dk = D / num_heads;
    const auto split = [&](const Tensor& t) { return t.reshape({B, L, num_heads, dk}).permute({0, 2, 1, 3}); };
    const Tensor q = split(judge::matmul(x, W_q));
    const Tensor k = split(judge::matmul(x, W_k));
    const Tensor v = split(judge::matmul(x, W_v));
    Tensor scores = judge::matmul(q, k.transpose(2, 3)) / std::sqrt(static_cast<float>(dk));
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < num_heads; ++h)
            for (int64_t i = 0; i < L; ++i)
                for (int64_t j = valid_lens.at(static_cast<size_t>(b)); j < L; ++j) scores.at({b, h, i, j}) = -1e6f;
    const Tensor heads = judge::matmul(judge::softmax(scores, -1), v);
    return judge::matmul(heads.permute({0, 2, 1, 3}).reshape({B, L, D}), W_o);
}

Tensor transformer_block(const Tensor& X, const std::vector<int64_t>& valid_lens, int64_t num_heads, const Tensor& W_q,
                         const Tensor& W_k, const Tensor& W_v, const Tensor& W_o, const Tensor& gamma1,
                         const Tensor& beta1, const Tensor& W1, const Tensor& b1, const Tensor& W2, const Tensor& b2,
                         const Tensor& gamma2, const Tensor& beta2) {
    if (X.dim() != 3) throw std::invalid_argument("transformer_block: expected X of shape (B, L, D), got " + judge::shape_str(X.shape()));
    if (num_heads < 1 || X.size(2) % num_heads != 0) throw std::invalid_argument("transformer_block: " + std::to_string(num_heads) + " heads do not divide the width of X " + judge::shape_str(X.shape()));
    if (static_cast<int64_t>(valid_lens.size()) != X.size(0)) throw std::invalid_argument("transformer_block: " + std::to_string(valid_lens.size()) + " lengths for X " + judge::shape_str(X.shape()));
    // Pre-norm: each sub-layer reads LN(x), and its output is added to x itself.
    const Tensor Y = X + self_attention(layer_norm(X, gamma1, beta1), valid_lens, num_heads, W_q, W_k, W_v, W_o);
    return Y + feed_forward(layer_norm(Y, gamma2, beta2), W1, b1, W2, b2);
}
