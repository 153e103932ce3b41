#include <judge/tensor.hpp>

judge::Tensor probe(const judge::Tensor& x) { return x; }
