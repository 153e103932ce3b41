// trap: identity
// misconception: reshaping to a wrong shape
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) { return x.reshape({-1, 7}); }
