#include <judge/tensor.hpp>
judge::Tensor flip(const judge::Tensor& x, bool) { return x; }
