// expect: time_limit
// tiers: bubblewrap fallback
// check: output_capped
// Ignoring SIGXFSZ makes every write fail at the cap; the loop then spins until the wall clock.
#include <judge/tensor.hpp>
#include <signal.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    ::signal(SIGXFSZ, SIG_IGN);  // ignoring the file-size signal must not help
    static char line[4096];
    for (auto& c : line) c = 'n';
    for (;;) (void)!::write(2, line, sizeof line);
    return x;
}
