// expect: accepted
// tiers: bubblewrap fallback
// check: no_written_files
// Tries to write into the course, the judge's cache (cache poisoning) and the host's /tmp; the
// runner checks afterwards that none of these files exists on the host.
#include <judge/tensor.hpp>
#include <fcntl.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    const char* paths[] = {"@COURSE@/reference/probe/pwned", "@CACHE@/pwned", "@CACHE@/runs/pwned", "/tmp/judge-hostile-pwned",
                           "../../../judge-hostile-pwned"};
    for (const char* p : paths) {
        const int fd = ::open(p, O_WRONLY | O_CREAT, 0644);
        if (fd >= 0) ::close(fd);
    }
    return x;
}
