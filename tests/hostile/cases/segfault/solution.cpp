// expect: runtime_error
// tiers: bubblewrap fallback
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) {
    volatile int* p = nullptr;
    *p = 1;
    return x;
}
