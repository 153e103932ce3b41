// Seeded bug for problem_mha: not checking num_heads (no std::invalid_argument for num_heads < 1 or D % num_heads != 0).
// trap: input_validation
// misconception: not checking num_heads (no std::invalid_argument for num_heads < 1 or D % num_heads != 0)
// misconception_python: not checking num_heads (no ValueError for num_heads < 1 or D % num_heads != 0)
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using judge::Tensor;

Tensor split_heads(const Tensor& x, int64_t num_heads) {
    if (x.dim() != 3) throw std::invalid_argument("split_heads: expected x of shape (B, L, D), got " + judge::shape_str(x.shape()));
    const int64_t B = x.size(0), L = x.size(1), D = x.size(2);
    // (B, L, D) -> (B, L, H, d_k): consecutive chunks of D; then move the head axis next to the batch.
    return x.reshape({B, L, num_heads, D / num_heads}).permute({0, 2, 1, 3});
}

Tensor merge_heads(const Tensor& x) {
    const int64_t B = x.size(0), H = x.size(1), L = x.size(2), dk = x.size(3);
    return x.permute({0, 2, 1, 3}).reshape({B, L, H * dk});
}

std::pair<Tensor, Tensor> multi_head_attention_per_head(const Tensor& query, const Tensor& key, const Tensor& value,
                                                        int64_t num_heads, const std::vector<int64_t>& valid_lens) {
    const Tensor q = split_heads(query, num_heads);
    const Tensor k = split_heads(key, num_heads);
    const Tensor v = split_heads(value, num_heads);
    const int64_t B = q.size(0), H = q.size(1), Lq = q.size(2), dk = q.size(3), Lk = k.size(2);
    Tensor scores = judge::matmul(q, k.transpose(2, 3)) / std::sqrt(static_cast<float>(dk));
    if (!valid_lens.empty()) {
        if (static_cast<int64_t>(valid_lens.size()) != B) {
            throw std::invalid_argument("valid_lens has " + std::to_string(valid_lens.size()) + " entries for a batch of " + std::to_string(B));
        }
        // D2L's masked_softmax: every key position at or past the example's length scores -1e6.
        for (int64_t b = 0; b < B; ++b)
            for (int64_t h = 0; h < H; ++h)
                for (int64_t i = 0; i < Lq; ++i)
                    for (int64_t j = valid_lens[static_cast<size_t>(b)]; j < Lk; ++j) scores.at({b, h, i, j}) = -1e6f;
    }
    Tensor weights = judge::softmax(scores, -1);
    return {judge::matmul(weights, v), weights};
}

Tensor multi_head_attention(const Tensor& queries, const Tensor& keys, const Tensor& values, const Tensor& W_q,
                            const Tensor& W_k, const Tensor& W_v, const Tensor& W_o, int64_t num_heads,
                            const std::vector<int64_t>& valid_lens) {
    const Tensor q = judge::matmul(queries, W_q);
    const Tensor k = judge::matmul(keys, W_k);
    const Tensor v = judge::matmul(values, W_v);
    const Tensor heads = multi_head_attention_per_head(q, k, v, num_heads, valid_lens).first;
    return judge::matmul(merge_heads(heads), W_o);
}
