// A correct solution of the load stress's probe_many (24 tests, 500 ms of CPU time each) that spends
// 300 ms of CPU time, 60% of the limit, on every test (issue #46). On a quiet machine it is accepted;
// beside busy loops its CPU time hardly grows, so it must stay accepted: the box's overall budget
// (6 batches and the cutoff at 3 x 500 ms, plus 10 s: 22 s) counts only the time it did not wait for
// a CPU.
#include <judge/tensor.hpp>
#include <time.h>
judge::Tensor probe(const judge::Tensor& x) {
    timespec t{};
    volatile unsigned long spins = 0;
    do {
        for (int i = 0; i < 100000; ++i) spins = spins + 1;
        ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    } while (t.tv_sec * 1000 + t.tv_nsec / 1000000 < 300);
    return x;
}
