// expect: time_limit
// tiers: bubblewrap fallback
// check: needs_root
// report: did not finish within the time limit of 1000 ms
// Issue #20: a test's CPU time was its main process's. This one leaves the work to three children
// it never waits for, each under the per-process RLIMIT_CPU, and returns once they have used 1.5 s
// of CPU together (it watches their /proc/<pid>/stat) against a 1 s limit. Its cgroup counts them,
// so it is stopped (cpu_limit, or at a very busy machine the wall clock: the same verdict and
// text). On the old judge it was accepted.
#include <unistd.h>
#include <cstdio>
#include <judge/tensor.hpp>
#include <string>
namespace {
long cpu_ticks(pid_t pid) {
    const std::string path = "/proc/" + std::to_string(pid) + "/stat";
    FILE* f = std::fopen(path.c_str(), "r");
    if (f == nullptr) return 0;
    char buf[1024] = {};
    const size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    const std::string s(buf, n);
    const size_t close = s.rfind(')');
    long utime = 0, stime = 0;
    if (close == std::string::npos ||
        std::sscanf(s.c_str() + close + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %ld %ld", &utime, &stime) != 2)
        return 0;
    return utime + stime;
}
}  // namespace
judge::Tensor probe(const judge::Tensor& x) {
    pid_t kids[3];
    for (pid_t& k : kids) {
        k = ::fork();
        if (k == 0) {
            volatile unsigned long spin = 0;
            for (;;) spin = spin + 1;
        }
    }
    const long want = 3 * ::sysconf(_SC_CLK_TCK) / 2;  // 1.5 s
    for (;;) {
        long used = 0;
        for (pid_t k : kids) used += cpu_ticks(k);
        if (used >= want) break;
        ::usleep(10000);
    }
    return x;
}
