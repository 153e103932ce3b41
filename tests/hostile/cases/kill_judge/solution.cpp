// expect: runtime_error
// tiers: bubblewrap
// Tries to kill its parent and every process it can signal. The judge must survive and report.
#include <judge/tensor.hpp>
#include <signal.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    ::kill(::getppid(), SIGKILL);
    ::kill(-1, SIGKILL);
    ::kill(::getpid(), SIGKILL);
    return x;
}
