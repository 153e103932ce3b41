// expect: runtime_error
// tiers: bubblewrap fallback
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) {
    throw 42;  // not even a std::exception
    return x;
}
