// expect: memory_limit
// tiers: bubblewrap fallback
// check: same_under_load
#include <judge/tensor.hpp>
#include <cstring>
#include <vector>
judge::Tensor probe(const judge::Tensor& x) {
    std::vector<char*> blocks;
    for (;;) {
        char* p = new char[64 << 20];
        std::memset(p, 1, 64 << 20);  // touch it, so it is really used
        blocks.push_back(p);
    }
    return x;
}
