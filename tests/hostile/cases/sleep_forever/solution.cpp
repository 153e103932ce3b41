// expect: time_limit
// tiers: bubblewrap fallback
#include <judge/tensor.hpp>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    for (;;) ::sleep(1000);
    return x;
}
