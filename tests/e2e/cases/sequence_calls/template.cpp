#include <judge/tensor.hpp>

#include <stdexcept>
#include <tuple>

std::tuple<judge::Tensor, judge::Tensor> push(const judge::Tensor& cache, const judge::Tensor& x) {
    (void)cache, (void)x;
    throw std::logic_error("push: not implemented yet");
}
