// expect: runtime_error
// tiers: bubblewrap fallback
// check: secret_not_in_report
// Replaces its stderr.txt with a link to a course file, then crashes: a crash on a sample test shows
// the last lines of stderr, and the judge used to follow the link, reading the course's secret as
// root. It must refuse the link.
#include <judge/tensor.hpp>
#include <cstdlib>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    ::unlink("stderr.txt");
    if (::symlink("@COURSE@/reference/probe/secret.txt", "stderr.txt") != 0) return x + 1.0f;
    std::abort();
}
