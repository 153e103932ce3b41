// expect: accepted
// tiers: bubblewrap
// The runner replaces @COURSE@, @CACHE@ and @HOME@ with real host paths. If any of these files can
// be opened, the probe returns a wrong answer: "accepted" means nothing outside the box was readable.
#include <judge/tensor.hpp>
#include <fcntl.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    const char* paths[] = {
        "@COURSE@/reference/probe/solution.cpp", "@COURSE@/problems/probe/problem.json", "@CACHE@",
        "@HOME@", "../../../../reference/probe/solution.cpp", "/proc/1/root@COURSE@/problems/probe/problem.json",
        "/proc/self/root@COURSE@/problems/probe/problem.json", "/etc/passwd", "/root",
    };
    for (const char* p : paths) {
        const int fd = ::open(p, O_RDONLY);
        if (fd >= 0) return x + 1.0f;
    }
    return x;
}
