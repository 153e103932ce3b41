#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) { return x; }
judge::Tensor pair(const judge::Tensor& a, const judge::Tensor&, int64_t) { return a; }
