// expect: accepted
// tiers: bubblewrap fallback
// check: same_under_load
// Uses 400 ms of CPU time on each test, 40% of its 1000 ms limit, then answers right. Run once on a
// quiet machine and once beside three busy loops on two cores, where 400 ms of CPU takes over
// a second of wall-clock time: the report must be the same both times (a wall-clock limit of 1 s
// would turn it into time_limit under load).
#include <judge/tensor.hpp>
#include <time.h>
judge::Tensor probe(const judge::Tensor& x) {
    timespec t{};
    volatile unsigned long spins = 0;
    do {
        for (int i = 0; i < 100000; ++i) spins = spins + 1;
        ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    } while (t.tv_sec * 1000 + t.tv_nsec / 1000000 < 400);
    return x;
}
