// expect: compile_error
// tiers: bubblewrap fallback
#include </dev/random>
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) { return x; }
