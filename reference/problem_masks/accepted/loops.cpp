// Accepted for problem_masks: the softmax written out, row by row, over the keys each query may see.
#include <judge/tensor.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

judge::Tensor masked_softmax(const judge::Tensor& scores, const judge::IntTensor& valid_lens, bool causal) {
    if (scores.dim() != 3) throw std::invalid_argument("scores: expected 3 dimensions");
    const int64_t B = scores.size(0), Lq = scores.size(1), Lk = scores.size(2);
    const bool ok = (valid_lens.dim() == 1 && valid_lens.size(0) == B) ||
                    (valid_lens.dim() == 2 && valid_lens.size(0) == B && valid_lens.size(1) == Lq);
    if (!ok) throw std::invalid_argument("valid_lens: expected (B,) or (B, Lq)");
    judge::Tensor out = judge::zeros(scores.shape());
    for (int64_t b = 0; b < B; ++b) {
        for (int64_t i = 0; i < Lq; ++i) {
            int64_t visible = valid_lens.dim() == 1 ? valid_lens.at({b}) : valid_lens.at({b, i});
            if (causal) visible = std::min(visible, i + 1);
            visible = std::min(visible, Lk);
            if (visible <= 0) {  // nothing to attend to: PyTorch gives NaN
                for (int64_t j = 0; j < Lk; ++j) out.at({b, i, j}) = std::numeric_limits<float>::quiet_NaN();
                continue;
            }
            float mx = scores.at({b, i, 0});
            for (int64_t j = 1; j < visible; ++j) mx = std::max(mx, scores.at({b, i, j}));
            double sum = 0;
            for (int64_t j = 0; j < visible; ++j) sum += std::exp(static_cast<double>(scores.at({b, i, j}) - mx));
            for (int64_t j = 0; j < visible; ++j)
                out.at({b, i, j}) = static_cast<float>(std::exp(static_cast<double>(scores.at({b, i, j}) - mx)) / sum);
        }
    }
    return out;
}
