// expect: runtime_error
// tiers: bubblewrap fallback
// report: probe stopped with an error (hidden test: only its verdict is shown)
// absent: 112
// absent: SIGUSR2
// absent: signal
// Issue #62: a hidden test's exit code and signal are the submission's to choose, so each could
// carry what the test was given (8 bits an exit code). The sample test passes; the hidden test
// with 6 elements exits with 100 + 2 x 6, the one with 12 raises SIGUSR2: the report says each
// failed, and nothing else. (An exception's class: py_relay_exit_code, and the unit tests.)
#include <judge/tensor.hpp>
#include <csignal>
#include <cstdlib>
judge::Tensor probe(const judge::Tensor& x) {
    if (x.numel() == 4) return x;  // the sample test, 2 x 2
    if (x.numel() == 6) std::_Exit(100 + 2 * static_cast<int>(x.numel()));
    std::raise(SIGUSR2);
    return x;
}
