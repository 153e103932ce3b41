// expect: accepted
// tiers: bubblewrap fallback
// check: no_inherited_fds secret_not_in_report
// The runner starts the judge with a secret open on descriptor 7 and a host file open for append
// on descriptor 8, as `judge submit ... 7</secret 8>>file` would. No descriptor above 2 may reach
// the compiler or a test: the include below then finds nothing, the read and the write fail, and
// the submission is accepted with the secret unread and the host file untouched.
#if __has_include("/proc/self/fd/7")
#include "/proc/self/fd/7"
#endif
#include <judge/tensor.hpp>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    char buf[64];
    if (::read(7, buf, sizeof buf) > 0) return x + 1.0f;
    if (::write(8, "pwned\n", 6) > 0) return x + 1.0f;
    return x;
}
