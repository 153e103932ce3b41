// expect: compile_error
// tiers: bubblewrap fallback
// check: huge
// The runner pads this file past 1 MiB.
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) { return x; }
