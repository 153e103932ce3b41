// expect: runtime_error
// tiers: bubblewrap fallback
// check: secret_not_in_report
// report: its output output.npy could not be read: output.npy: a symbolic link; expected a regular .npy file
// Forges an "ok" status and makes its output a link to a file outside the box (it could as well
// point at the reference's cached expected output). The judge must refuse to follow it.
#include <judge/tensor.hpp>
#include <cstdio>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    if (::symlink("@COURSE@/reference/probe/secret.txt", "output.npy") != 0) return x + 1.0f;
    if (FILE* f = std::fopen("status", "w")) {
        std::fputs("ok\n", f);
        std::fclose(f);
    }
    ::_exit(0);
}
