// Accepted for problem_mha_d2l: every function as explicit index loops, no reshape or permute.
#include <judge/tensor.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <vector>

judge::Tensor transpose_qkv(const judge::Tensor& X, int64_t num_heads) {
    if (X.dim() != 3 || num_heads <= 0 || X.size(2) % num_heads) throw std::invalid_argument("bad transpose_qkv");
    const int64_t B = X.size(0), L = X.size(1), dk = X.size(2) / num_heads;
    judge::Tensor out = judge::zeros({B * num_heads, L, dk});
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < num_heads; ++h)
            for (int64_t l = 0; l < L; ++l)
                for (int64_t f = 0; f < dk; ++f) out.at({b * num_heads + h, l, f}) = X.at({b, l, h * dk + f});
    return out;
}

judge::Tensor transpose_output(const judge::Tensor& X, int64_t num_heads) {
    if (X.dim() != 3 || num_heads <= 0 || X.size(0) % num_heads) throw std::invalid_argument("bad transpose_output");
    const int64_t B = X.size(0) / num_heads, L = X.size(1), dk = X.size(2);
    judge::Tensor out = judge::zeros({B, L, num_heads * dk});
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < num_heads; ++h)
            for (int64_t l = 0; l < L; ++l)
                for (int64_t f = 0; f < dk; ++f) out.at({b, l, h * dk + f}) = X.at({b * num_heads + h, l, f});
    return out;
}

judge::IntTensor repeat_lens(const judge::IntTensor& valid_lens, int64_t num_heads) {
    if (num_heads <= 0) throw std::invalid_argument("num_heads <= 0");
    const int64_t rows = valid_lens.size(0), per_row = valid_lens.numel() / (rows == 0 ? 1 : rows);
    std::vector<int64_t> out;
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t h = 0; h < num_heads; ++h)
            out.insert(out.end(), valid_lens.data() + r * per_row, valid_lens.data() + (r + 1) * per_row);
    judge::Shape shape = valid_lens.shape();
    shape[0] = rows * num_heads;
    return judge::IntTensor(shape, out);
}

std::tuple<judge::Tensor, judge::Tensor> folded_attention(const judge::Tensor& queries, const judge::Tensor& keys,
                                                          const judge::Tensor& values,
                                                          const judge::IntTensor& valid_lens) {
    const int64_t n = queries.size(0), Lq = queries.size(1), d = queries.size(2), Lk = keys.size(1),
                  dv = values.size(2);
    judge::Tensor weights = judge::zeros({n, Lq, Lk}), out = judge::zeros({n, Lq, dv});
    for (int64_t b = 0; b < n; ++b) {
        for (int64_t i = 0; i < Lq; ++i) {
            const int64_t len = valid_lens.dim() == 1 ? valid_lens.at({b}) : valid_lens.at({b, i});
            std::vector<double> s(static_cast<size_t>(Lk));
            double mx = -1e30;
            for (int64_t j = 0; j < Lk; ++j) {
                double dot = 0;
                for (int64_t f = 0; f < d; ++f) dot += double(queries.at({b, i, f})) * keys.at({b, j, f});
                s[static_cast<size_t>(j)] = j < len ? dot / std::sqrt(double(d)) : -1e6;
                mx = std::max(mx, s[static_cast<size_t>(j)]);
            }
            double sum = 0;
            for (double& x : s) sum += (x = std::exp(x - mx));
            for (int64_t j = 0; j < Lk; ++j) weights.at({b, i, j}) = float(s[static_cast<size_t>(j)] / sum);
            for (int64_t f = 0; f < dv; ++f) {
                double acc = 0;
                for (int64_t j = 0; j < Lk; ++j) acc += double(weights.at({b, i, j})) * values.at({b, j, f});
                out.at({b, i, f}) = float(acc);
            }
        }
    }
    return {out, weights};
}

std::tuple<judge::Tensor, judge::Tensor> attention_heads(const judge::Tensor& queries, const judge::Tensor& keys,
                                                         const judge::Tensor& values,
                                                         const judge::IntTensor& valid_lens, int64_t num_heads) {
    auto folded = folded_attention(transpose_qkv(queries, num_heads), transpose_qkv(keys, num_heads),
                                   transpose_qkv(values, num_heads), repeat_lens(valid_lens, num_heads));
    return {transpose_output(std::get<0>(folded), num_heads), std::get<1>(folded)};
}
