// expect: runtime_error
// tiers: bubblewrap fallback
#include <judge/tensor.hpp>
static int deep(volatile int n) {
    volatile char pad[4096];
    pad[0] = static_cast<char>(n);
    return deep(n + 1) + pad[0];
}
judge::Tensor probe(const judge::Tensor& x) { return x + static_cast<float>(deep(0)); }
