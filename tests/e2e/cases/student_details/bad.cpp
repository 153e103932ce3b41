#include <judge/tensor.hpp>
judge::Tensor merge_heads(const judge::Tensor& x) { return x }
