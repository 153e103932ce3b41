// Accepted for problem_mha_d2l: heads as slices of the features (narrow and cat), attention_heads
// computed head by head on the unfolded batch, never folding it.
#include <judge/tensor.hpp>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <vector>

using judge::IntTensor;
using judge::Tensor;

Tensor transpose_qkv(const Tensor& X, int64_t num_heads) {
    if (X.dim() != 3 || num_heads < 1 || X.size(2) % num_heads != 0) throw std::invalid_argument("transpose_qkv");
    const int64_t B = X.size(0), L = X.size(1), dk = X.size(2) / num_heads;
    std::vector<Tensor> rows;  // example b, head h: X[b, :, h*dk:(h+1)*dk] as (1, L, dk)
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < num_heads; ++h) rows.push_back(X.narrow(0, b, 1).narrow(2, h * dk, dk));
    return rows.empty() ? judge::zeros({0, L, dk}) : judge::cat(rows, 0);
}

Tensor transpose_output(const Tensor& X, int64_t num_heads) {
    if (X.dim() != 3 || num_heads < 1 || X.size(0) % num_heads != 0) throw std::invalid_argument("transpose_output");
    const int64_t B = X.size(0) / num_heads;
    std::vector<Tensor> examples;
    for (int64_t b = 0; b < B; ++b) {
        std::vector<Tensor> heads;
        for (int64_t h = 0; h < num_heads; ++h) heads.push_back(X.narrow(0, b * num_heads + h, 1));
        examples.push_back(judge::cat(heads, 2));
    }
    return judge::cat(examples, 0);
}

IntTensor repeat_lens(const IntTensor& valid_lens, int64_t num_heads) {
    if (num_heads < 1) throw std::invalid_argument("repeat_lens");
    // Tiling a (B, 1, ...) view num_heads times along the new axis, then merging: interleaved.
    judge::Shape wide = valid_lens.shape();
    wide.insert(wide.begin() + 1, 1);
    judge::Shape reps(wide.size(), 1);
    reps[1] = num_heads;
    judge::Shape out = valid_lens.shape();
    out[0] *= num_heads;
    return judge::repeat(valid_lens.reshape(wide), reps).reshape(out);
}

namespace {

// One example's attention: q (Lq, d), k (Lk, d), v (Lk, dv); lens per query. {output, weights}.
std::tuple<Tensor, Tensor> attend(const Tensor& q, const Tensor& k, const Tensor& v, const std::vector<int64_t>& lens) {
    Tensor s = judge::matmul(q, k.transpose(0, 1)) * (1.0f / std::sqrt(static_cast<float>(q.size(1))));
    for (int64_t i = 0; i < s.size(0); ++i)
        for (int64_t j = lens[static_cast<size_t>(i)]; j < s.size(1); ++j) s.at({i, j}) = -1e6f;
    const Tensor w = judge::softmax(s, 1);
    return {judge::matmul(w, v), w};
}

std::vector<int64_t> lens_of(const IntTensor& lens, int64_t b, int64_t Lq) {
    std::vector<int64_t> out;
    for (int64_t i = 0; i < Lq; ++i) out.push_back(lens.dim() == 1 ? lens.at({b}) : lens.at({b, i}));
    return out;
}

}  // namespace

std::tuple<Tensor, Tensor> folded_attention(const Tensor& queries, const Tensor& keys, const Tensor& values,
                                            const IntTensor& valid_lens) {
    const int64_t d = queries.size(2);
    Tensor scores = judge::matmul(queries, keys.transpose(1, 2)) / std::sqrt(static_cast<float>(d));
    for (int64_t b = 0; b < scores.size(0); ++b)
        for (int64_t i = 0; i < scores.size(1); ++i)
            for (int64_t j = lens_of(valid_lens, b, scores.size(1))[static_cast<size_t>(i)]; j < scores.size(2); ++j)
                scores.at({b, i, j}) = -1e6f;
    const Tensor w = judge::softmax(scores, 2);
    return std::make_tuple(judge::matmul(w, values), w);
}

// The weights of head h of example b are row b*H + h of the folded weights, as D2L keeps them.
std::tuple<Tensor, Tensor> attention_heads(const Tensor& queries, const Tensor& keys, const Tensor& values,
                                           const IntTensor& valid_lens, int64_t num_heads) {
    const int64_t B = queries.size(0), Lq = queries.size(1), dk = queries.size(2) / num_heads;
    if (queries.size(2) % num_heads != 0) throw std::invalid_argument("attention_heads");
    std::vector<Tensor> examples, weights;
    for (int64_t b = 0; b < B; ++b) {
        std::vector<Tensor> heads;
        for (int64_t h = 0; h < num_heads; ++h) {
            const auto slice = [&](const Tensor& t) { return t.narrow(0, b, 1).narrow(2, h * dk, dk).reshape({t.size(1), dk}); };
            const auto [out, w] = attend(slice(queries), slice(keys), slice(values), lens_of(valid_lens, b, Lq));
            heads.push_back(out);
            weights.push_back(w.reshape({1, Lq, -1}));
        }
        examples.push_back(judge::cat(heads, 1).reshape({1, Lq, -1}));
    }
    return {judge::cat(examples, 0), judge::cat(weights, 0)};
}
