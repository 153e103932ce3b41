// expect: accepted
// tiers: bubblewrap fallback
// check: needs_root cache_untouched
// Tries to poison the judge's cache: truncates every file it can open under it (the trusted
// builds, their cached runs, the headers) and drops a file into every folder. A fallback run as
// root once did exactly that, and a later honest submission got wrong_answer. No tier runs a
// submission as root now, so nothing in the cache changes (and the reference is still accepted).
#include <judge/tensor.hpp>
#include <fcntl.h>
#include <ftw.h>
#include <string>
#include <unistd.h>
static int poison(const char* path, const struct stat*, int type, struct FTW*) {
    if (type == FTW_F) {
        const int fd = ::open(path, O_WRONLY | O_TRUNC);
        if (fd >= 0) {
            if (::write(fd, "x", 1) < 0) {}
            ::close(fd);
        }
    } else if (type == FTW_D) {
        const int fd = ::open((std::string(path) + "/pwned").c_str(), O_WRONLY | O_CREAT, 0644);
        if (fd >= 0) ::close(fd);
    }
    return 0;
}
judge::Tensor probe(const judge::Tensor& x) {
    ::nftw("@CACHE@", poison, 16, FTW_PHYS);
    return x;
}
