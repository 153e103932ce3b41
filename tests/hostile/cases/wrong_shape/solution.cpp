// expect: wrong_answer
// tiers: bubblewrap fallback
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) { return x.reshape({-1}); }
