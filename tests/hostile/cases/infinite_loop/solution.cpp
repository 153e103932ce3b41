// expect: time_limit
// tiers: bubblewrap fallback
#include <judge/tensor.hpp>
judge::Tensor probe(const judge::Tensor& x) {
    volatile unsigned long n = 0;
    for (;;) ++n;
    return x;
}
