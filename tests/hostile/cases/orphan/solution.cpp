// expect: accepted
// tiers: bubblewrap fallback
// check: no_survivors
// Leaves a grandchild behind in a new session (double fork + setsid), then answers correctly.
#include <judge/tensor.hpp>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    if (::fork() == 0) {
        ::setsid();
        if (::fork() == 0) {
            ::execl("/bin/sleep", "sleep", "4242@TAG@", static_cast<char*>(nullptr));
            ::_exit(0);
        }
        ::_exit(0);
    }
    ::usleep(50000);
    return x;
}
