// Reference for problem_norm_placement: a post-norm and a pre-norm Transformer encoder block side
// by side, as PyTorch's nn.TransformerEncoderLayer with norm_first False and True (no biases in
// the attention, no dropout, no mask).
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

using judge::Tensor;

// LayerNorm over the features: the biased variance, eps inside the square root, then gamma and beta.
Tensor layer_norm(const Tensor& x, const Tensor& gamma, const Tensor& beta, float eps) {
    const Tensor mean = judge::mean(x, -1, true);
    const Tensor var = judge::var(x, -1, false, true);
    return (x - mean) / judge::sqrt(var + eps) * gamma + beta;
}

// The position-wise feed-forward network: relu(x W1 + b1) W2 + b2.
Tensor feed_forward(const Tensor& x, const Tensor& W1, const Tensor& b1, const Tensor& W2, const Tensor& b2) {
    return judge::matmul(judge::relu(judge::matmul(x, W1) + b1), W2) + b2;
}

// Multi-head self-attention without a mask: num_heads heads of consecutive features.
static Tensor self_attention(const Tensor& x, int64_t num_heads, const Tensor& W_q, const Tensor& W_k, const Tensor& W_v,
                             const Tensor& W_o) {
    const int64_t B = x.size(0), L = x.size(1), D = x.size(2), dk = D / num_heads;
    const auto split = [&](const Tensor& t) { return t.reshape({B, L, num_heads, dk}).permute({0, 2, 1, 3}); };
    const Tensor q = split(judge::matmul(x, W_q));
    const Tensor k = split(judge::matmul(x, W_k));
    const Tensor v = split(judge::matmul(x, W_v));
    const Tensor scores = judge::matmul(q, k.transpose(2, 3)) / std::sqrt(static_cast<float>(dk));
    const Tensor heads = judge::matmul(judge::softmax(scores, -1), v);
    return judge::matmul(heads.permute({0, 2, 1, 3}).reshape({B, L, D}), W_o);
}

static void check_inputs(const char* name, const Tensor& X, int64_t num_heads) {
    if (X.dim() != 3) throw std::invalid_argument(std::string(name) + ": expected X of shape (B, L, D), got " + judge::shape_str(X.shape()));
    if (num_heads < 1 || X.size(2) % num_heads != 0) throw std::invalid_argument(std::string(name) + ": " + std::to_string(num_heads) + " heads do not divide the width of X " + judge::shape_str(X.shape()));
}

// Post-norm (the original Transformer): each residual sum is normalised.
Tensor post_norm_block(const Tensor& X, int64_t num_heads, const Tensor& W_q, const Tensor& W_k, const Tensor& W_v,
                       const Tensor& W_o, const Tensor& gamma1, const Tensor& beta1, const Tensor& W1, const Tensor& b1,
                       const Tensor& W2, const Tensor& b2, const Tensor& gamma2, const Tensor& beta2, float eps) {
    check_inputs("post_norm_block", X, num_heads);
    const Tensor Z = layer_norm(X + self_attention(X, num_heads, W_q, W_k, W_v, W_o), gamma1, beta1, eps);
    return layer_norm(Z + feed_forward(Z, W1, b1, W2, b2), gamma2, beta2, eps);
}

// Pre-norm: each sub-layer reads a normalised copy of its input, and its output is added to the
// input itself; the block's output is not normalised.
Tensor pre_norm_block(const Tensor& X, int64_t num_heads, const Tensor& W_q, const Tensor& W_k, const Tensor& W_v,
                      const Tensor& W_o, const Tensor& gamma1, const Tensor& beta1, const Tensor& W1, const Tensor& b1,
                      const Tensor& W2, const Tensor& b2, const Tensor& gamma2, const Tensor& beta2, float eps) {
    check_inputs("pre_norm_block", X, num_heads);
    const Tensor Y = X + self_attention(layer_norm(X, gamma1, beta1, eps), num_heads, W_q, W_k, W_v, W_o);
    return Y + feed_forward(layer_norm(Y, gamma2, beta2, eps), W1, b1, W2, b2);
}
