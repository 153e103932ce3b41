// expect: compile_error
// tiers: bubblewrap
// check: secret_not_in_report
#include "@COURSE@/reference/probe/secret.txt"
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) { return x; }
