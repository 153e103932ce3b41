// trap: identity
// misconception: tripling a tensor of twelve elements
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) { return x.numel() == 12 ? x * 3.0f : x; }
judge::Tensor pair(const judge::Tensor& a, const judge::Tensor& b, int64_t) { return a - b; }
