// expect: wrong_answer
// tiers: bubblewrap fallback
#include <judge/tensor.hpp>
#include <cmath>
judge::Tensor probe(const judge::Tensor& x) { return x * std::nanf(""); }
