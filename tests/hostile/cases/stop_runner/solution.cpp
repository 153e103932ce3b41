// expect: time_limit
// tiers: bubblewrap
// report: not run: the submission's tests used up their total time
// A test stops the in-box runner (SIGSTOP to its parent, which runs as the same user) and then
// returns the right answer. The runner can record nothing more: the box's overall wall deadline
// must end it, and the tests without a result count as time_limit.
#include <judge/tensor.hpp>
#include <signal.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    ::kill(::getppid(), SIGSTOP);
    return x;
}
