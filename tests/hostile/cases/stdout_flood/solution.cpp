// expect: output_limit
// tiers: bubblewrap fallback
#include <judge/tensor.hpp>
#include <cstdio>
judge::Tensor probe(const judge::Tensor& x) {
    static char line[4096];
    for (auto& c : line) c = 'y';
    for (;;) std::fwrite(line, 1, sizeof line, stdout);
    return x;
}
