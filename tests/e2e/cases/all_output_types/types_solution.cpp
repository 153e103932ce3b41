#include <judge/tensor.hpp>

#include <tuple>

std::tuple<judge::Tensor, judge::IntTensor, int64_t, float> summarize(const judge::Tensor& x,
                                                                       const judge::IntTensor& lens, bool flag) {
    judge::IntTensor shifted = lens;
    for (int64_t i = 0; i < shifted.numel(); ++i) shifted.data()[i] += flag ? 1 : 0;
    float total = 0;
    for (int64_t i = 0; i < x.numel(); ++i) total += x.data()[i];
    return {x * 2.0f, shifted, lens.numel(), total};
}
