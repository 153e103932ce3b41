// trap: identity
// misconception: doubling the input
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) { return x * 2.0f; }
