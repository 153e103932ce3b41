// Accepted for problem_block: LayerNorm in loops with double sums, attention head by head on
// column slices (narrow) joined with cat, the mask as a loop over each head's scores.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <vector>

using judge::Tensor;

Tensor layer_norm(const Tensor& x, const Tensor& gamma, const Tensor& beta) {
    const int64_t D = x.size(-1), rows = x.numel() / D;
    Tensor out = x;
    for (int64_t r = 0; r < rows; ++r) {
        const float* in = x.data() + r * D;
        double sum = 0.0, sq = 0.0;
        for (int64_t c = 0; c < D; ++c) sum += in[c];
        const double mean = sum / static_cast<double>(D);
        for (int64_t c = 0; c < D; ++c) sq += (in[c] - mean) * (in[c] - mean);
        const double inv = 1.0 / std::sqrt(sq / static_cast<double>(D) + 1e-5);
        for (int64_t c = 0; c < D; ++c)
            out.data()[r * D + c] = static_cast<float>((in[c] - mean) * inv * gamma.data()[c] + beta.data()[c]);
    }
    return out;
}

Tensor feed_forward(const Tensor& x, const Tensor& W1, const Tensor& b1, const Tensor& W2, const Tensor& b2) {
    Tensor hidden = judge::matmul(x, W1) + b1;
    for (int64_t i = 0; i < hidden.numel(); ++i) hidden.data()[i] = std::max(hidden.data()[i], 0.0f);
    return judge::matmul(hidden, W2) + b2;
}

Tensor transformer_block(const Tensor& X, const std::vector<int64_t>& valid_lens, int64_t num_heads, const Tensor& W_q,
                         const Tensor& W_k, const Tensor& W_v, const Tensor& W_o, const Tensor& gamma1,
                         const Tensor& beta1, const Tensor& W1, const Tensor& b1, const Tensor& W2, const Tensor& b2,
                         const Tensor& gamma2, const Tensor& beta2) {
    if (X.dim() != 3) throw std::invalid_argument("X must be (B, L, D)");
    if (num_heads <= 0 || X.size(2) % num_heads != 0) throw std::invalid_argument("bad num_heads");
    if (valid_lens.size() != static_cast<size_t>(X.size(0))) throw std::invalid_argument("one length per example");
    const int64_t B = X.size(0), L = X.size(1), dk = X.size(2) / num_heads;
    const Tensor n1 = layer_norm(X, gamma1, beta1);
    const Tensor q = judge::matmul(n1, W_q), k = judge::matmul(n1, W_k), v = judge::matmul(n1, W_v);
    std::vector<Tensor> heads;
    for (int64_t h = 0; h < num_heads; ++h) {
        const Tensor qh = q.narrow(2, h * dk, dk), kh = k.narrow(2, h * dk, dk), vh = v.narrow(2, h * dk, dk);
        Tensor s = judge::matmul(qh, kh.transpose(1, 2)) / std::sqrt(static_cast<float>(dk));
        for (int64_t b = 0; b < B; ++b)
            for (int64_t i = 0; i < L; ++i)
                for (int64_t j = valid_lens[static_cast<size_t>(b)]; j < L; ++j) s.at({b, i, j}) = -1e6f;
        heads.push_back(judge::matmul(judge::softmax(s, 2), vh));
    }
    const Tensor Y = X + judge::matmul(judge::cat(heads, 2), W_o);
    return Y + feed_forward(layer_norm(Y, gamma2, beta2), W1, b1, W2, b2);
}
