// expect: accepted
// tiers: bubblewrap fallback
// Uses 400 ms of CPU time on each test, 40% of its 1000 ms limit, then answers right.
// tests/stress/load_stress.sh runs it again beside 3x as many busy loops as cores, where 400 ms
// of CPU takes over a second of wall-clock time: the report must be the same (a wall-clock limit
// of 1 s would turn it into time_limit under load).
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
