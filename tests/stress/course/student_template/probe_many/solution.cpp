#include <judge/tensor.hpp>

#include <stdexcept>

judge::Tensor probe(const judge::Tensor& x) {
    (void)x;
    throw std::logic_error("probe: not implemented yet");
}
