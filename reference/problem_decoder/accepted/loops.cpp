// Accepted for problem_decoder: both attentions as one generic masked attention, in index loops.
#include <judge/tensor.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <tuple>
#include <vector>

namespace {

// Returns {weights (B, Lq, Lk), weights · values}; visible(b, i, j) says whether key j is seen.
std::pair<judge::Tensor, judge::Tensor> attend(const judge::Tensor& q, const judge::Tensor& kv,
                                               const std::function<bool(int64_t, int64_t, int64_t)>& visible) {
    const int64_t B = q.size(0), Lq = q.size(1), Lk = kv.size(1), D = q.size(2);
    judge::Tensor w = judge::zeros({B, Lq, Lk}), out = judge::zeros({B, Lq, D});
    for (int64_t b = 0; b < B; ++b) {
        for (int64_t i = 0; i < Lq; ++i) {
            std::vector<double> s(static_cast<size_t>(Lk));
            for (int64_t j = 0; j < Lk; ++j) {
                double dot = 0;
                for (int64_t f = 0; f < D; ++f) dot += static_cast<double>(q.at({b, i, f})) * kv.at({b, j, f});
                s[static_cast<size_t>(j)] = visible(b, i, j) ? dot / std::sqrt(static_cast<double>(D)) : -1e6;
            }
            const double mx = *std::max_element(s.begin(), s.end());
            double sum = 0;
            for (double& x : s) sum += (x = std::exp(x - mx));
            for (int64_t j = 0; j < Lk; ++j) w.at({b, i, j}) = static_cast<float>(s[static_cast<size_t>(j)] / sum);
            for (int64_t f = 0; f < D; ++f) {
                double acc = 0;
                for (int64_t j = 0; j < Lk; ++j) acc += static_cast<double>(w.at({b, i, j})) * kv.at({b, j, f});
                out.at({b, i, f}) = static_cast<float>(acc);
            }
        }
    }
    return {w, out};
}

}  // namespace

std::tuple<judge::Tensor, judge::Tensor, judge::Tensor> decoder_attention(const judge::Tensor& X,
                                                                          const judge::Tensor& enc_outputs,
                                                                          const judge::IntTensor& enc_valid_lens,
                                                                          const judge::IntTensor& dec_valid_lens) {
    const auto [self_w, self_out] =
        attend(X, X, [&](int64_t b, int64_t i, int64_t j) { return j <= i && j < dec_valid_lens.at({b, i}); });
    const judge::Tensor Y = X + self_out;
    const auto [cross_w, cross_out] =
        attend(Y, enc_outputs, [&](int64_t b, int64_t, int64_t j) { return j < enc_valid_lens.at({b}); });
    return {Y + cross_out, self_w, cross_w};
}
