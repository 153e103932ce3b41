// expect: memory_limit
// tiers: bubblewrap fallback
// tests/stress/load_stress.sh runs it beside busy loops too: the verdict stays memory_limit.
// Its blocks ask for huge pages (MADV_HUGEPAGE, where the kernel offers them): touching memory 4 KB
// at a time costs more CPU time than the time limit on a VM whose page faults are slow, and then
// the verdict would be the time limit's before the memory is used up.
#include <judge/tensor.hpp>
#include <sys/mman.h>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>
judge::Tensor probe(const judge::Tensor& x) {
    std::vector<char*> blocks;
    for (;;) {
        char* p = static_cast<char*>(std::aligned_alloc(size_t{2} << 20, size_t{64} << 20));
        if (p == nullptr) throw std::bad_alloc();
        ::madvise(p, size_t{64} << 20, MADV_HUGEPAGE);
        std::memset(p, 1, 64 << 20);  // touch it, so it is really used
        blocks.push_back(p);
    }
    return x;
}
