// trap: identity
// misconception: doubling, and adding
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) { return x * 2.0f; }
judge::Tensor pair(const judge::Tensor& a, const judge::Tensor& b, int64_t) { return a + b; }
