// A correct solution written with index loops and double accumulation, never calling matmul or
// softmax: the judge must accept any correct style.
#include <judge/tensor.hpp>

#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

using judge::Tensor;

Tensor split_heads(const Tensor& x, int64_t num_heads) {
    if (num_heads < 1 || x.size(2) % num_heads != 0) throw std::invalid_argument("bad num_heads");
    const int64_t B = x.size(0), L = x.size(1), dk = x.size(2) / num_heads;
    Tensor out = judge::zeros({B, num_heads, L, dk});
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < num_heads; ++h)
            for (int64_t t = 0; t < L; ++t)
                for (int64_t j = 0; j < dk; ++j) out.at({b, h, t, j}) = x.at({b, t, h * dk + j});
    return out;
}

Tensor merge_heads(const Tensor& x) {
    const int64_t B = x.size(0), H = x.size(1), L = x.size(2), dk = x.size(3);
    Tensor out = judge::zeros({B, L, H * dk});
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < H; ++h)
            for (int64_t t = 0; t < L; ++t)
                for (int64_t j = 0; j < dk; ++j) out.at({b, t, h * dk + j}) = x.at({b, h, t, j});
    return out;
}

std::pair<Tensor, Tensor> multi_head_attention_per_head(const Tensor& query, const Tensor& key, const Tensor& value,
                                                        int64_t num_heads, const std::vector<int64_t>& valid_lens) {
    const Tensor q = split_heads(query, num_heads), k = split_heads(key, num_heads), v = split_heads(value, num_heads);
    const int64_t B = q.size(0), H = q.size(1), Lq = q.size(2), dk = q.size(3), Lk = k.size(2);
    Tensor out = judge::zeros({B, H, Lq, dk});
    Tensor w = judge::zeros({B, H, Lq, Lk});
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < H; ++h)
            for (int64_t i = 0; i < Lq; ++i) {
                std::vector<double> s(static_cast<size_t>(Lk));
                double mx = -1e300;
                for (int64_t j = 0; j < Lk; ++j) {
                    double dot = 0;
                    for (int64_t c = 0; c < dk; ++c) dot += double(q.at({b, h, i, c})) * k.at({b, h, j, c});
                    dot /= std::sqrt(double(dk));
                    if (!valid_lens.empty() && j >= valid_lens[static_cast<size_t>(b)]) dot = -1e6;
                    s[static_cast<size_t>(j)] = dot;
                    mx = std::max(mx, dot);
                }
                double sum = 0;
                for (double& e : s) sum += (e = std::exp(e - mx));
                for (int64_t j = 0; j < Lk; ++j) w.at({b, h, i, j}) = float(s[static_cast<size_t>(j)] / sum);
                for (int64_t c = 0; c < dk; ++c) {
                    double acc = 0;
                    for (int64_t j = 0; j < Lk; ++j) acc += s[static_cast<size_t>(j)] / sum * v.at({b, h, j, c});
                    out.at({b, h, i, c}) = float(acc);
                }
            }
    return {out, w};
}

static Tensor project(const Tensor& x, const Tensor& W) {
    const int64_t B = x.size(0), L = x.size(1), Din = x.size(2), Dout = W.size(1);
    Tensor out = judge::zeros({B, L, Dout});
    for (int64_t b = 0; b < B; ++b)
        for (int64_t t = 0; t < L; ++t)
            for (int64_t o = 0; o < Dout; ++o) {
                double acc = 0;
                for (int64_t i = 0; i < Din; ++i) acc += double(x.at({b, t, i})) * W.at({i, o});
                out.at({b, t, o}) = float(acc);
            }
    return out;
}

Tensor multi_head_attention(const Tensor& queries, const Tensor& keys, const Tensor& values, const Tensor& W_q,
                            const Tensor& W_k, const Tensor& W_v, const Tensor& W_o, int64_t num_heads,
                            const std::vector<int64_t>& valid_lens) {
    const auto heads = multi_head_attention_per_head(project(queries, W_q), project(keys, W_k), project(values, W_v),
                                                     num_heads, valid_lens);
    return project(merge_heads(heads.first), W_o);
}
