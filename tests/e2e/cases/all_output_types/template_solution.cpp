#include <judge/tensor.hpp>
#include <stdexcept>
#include <tuple>
std::tuple<judge::Tensor, judge::IntTensor, int64_t, float> summarize(const judge::Tensor&, const judge::IntTensor&, bool) { throw std::logic_error("todo"); }
