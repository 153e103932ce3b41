// A correct solution in D2L's folded layout (B*H, L, d_k) with repeat_interleave of valid_lens.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using judge::Tensor;

Tensor split_heads(const Tensor& x, int64_t num_heads) {
    if (x.dim() != 3) throw std::invalid_argument("split_heads: expected x of shape (B, L, D), got " + judge::shape_str(x.shape()));
    if (num_heads < 1) throw std::invalid_argument("split_heads: num_heads must be at least 1, got " + std::to_string(num_heads));
    const int64_t B = x.size(0), L = x.size(1), D = x.size(2);
    if (D % num_heads != 0) throw std::invalid_argument("split_heads: width not divisible by the number of heads");
    return x.reshape({B, L, num_heads, D / num_heads}).permute({0, 2, 1, 3});
}

Tensor merge_heads(const Tensor& x) {
    const int64_t B = x.size(0), H = x.size(1), L = x.size(2), dk = x.size(3);
    return x.permute({0, 2, 1, 3}).reshape({B, L, H * dk});
}

// D2L's transpose_qkv: (B, L, D) -> (B*H, L, d_k), batch-major.
static Tensor fold(const Tensor& x, int64_t H) {
    const Tensor s = split_heads(x, H);
    return s.reshape({s.size(0) * H, s.size(2), s.size(3)});
}

std::pair<Tensor, Tensor> multi_head_attention_per_head(const Tensor& query, const Tensor& key, const Tensor& value,
                                                        int64_t num_heads, const std::vector<int64_t>& valid_lens) {
    const int64_t B = query.size(0), H = num_heads;
    const Tensor q = fold(query, H), k = fold(key, H), v = fold(value, H);
    const int64_t Lq = q.size(1), Lk = k.size(1), dk = q.size(2);
    Tensor scores = judge::matmul(q, k.transpose(1, 2)) / std::sqrt(static_cast<float>(dk));
    if (!valid_lens.empty()) {
        // repeat_interleave: folded row r = b*H + h belongs to example b.
        std::vector<int64_t> tiled;
        for (int64_t l : valid_lens) tiled.insert(tiled.end(), static_cast<size_t>(H), l);
        for (int64_t r = 0; r < B * H; ++r)
            for (int64_t i = 0; i < Lq; ++i)
                for (int64_t j = tiled[static_cast<size_t>(r)]; j < Lk; ++j) scores.at({r, i, j}) = -1e6f;
    }
    const Tensor weights = judge::softmax(scores, -1);
    const Tensor out = judge::matmul(weights, v);
    return {out.reshape({B, H, Lq, dk}), weights.reshape({B, H, Lq, Lk})};
}

Tensor multi_head_attention(const Tensor& queries, const Tensor& keys, const Tensor& values, const Tensor& W_q,
                            const Tensor& W_k, const Tensor& W_v, const Tensor& W_o, int64_t num_heads,
                            const std::vector<int64_t>& valid_lens) {
    const Tensor heads = multi_head_attention_per_head(judge::matmul(queries, W_q), judge::matmul(keys, W_k),
                                                       judge::matmul(values, W_v), num_heads, valid_lens).first;
    return judge::matmul(merge_heads(heads), W_o);
}
