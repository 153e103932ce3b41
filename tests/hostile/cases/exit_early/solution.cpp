// expect: runtime_error
// tiers: bubblewrap fallback
#include <judge/tensor.hpp>
#include <cstdlib>
judge::Tensor probe(const judge::Tensor& x) {
    std::exit(0);
    return x;
}
