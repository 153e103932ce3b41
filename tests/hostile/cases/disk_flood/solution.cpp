// expect: output_limit
// tiers: bubblewrap
// check: disk_bounded
// Writes files of 60 KB (under the 64 KB file limit) everywhere it might write: the box's output
// folder, /tmp, /dev/shm, the box itself, / and /dev, until a write fails or 2 GB are written. The
// places it may write are bounded tmpfs mounts, the rest is read-only, so it must fill one early;
// having written more than 600 MB in all returns x + 1 (wrong_answer, a failure here).
#include <judge/tensor.hpp>
#include <fcntl.h>
#include <unistd.h>
#include <string>
judge::Tensor probe(const judge::Tensor& x) {
    static char block[60 * 1024];
    long long written = 0;
    for (const char* dir : {".", "/tmp", "/dev/shm", "/box", "/", "/dev"}) {
        for (int i = 0; i < 40000 && written < (2LL << 30); ++i) {
            const std::string f = std::string(dir) + "/flood-" + std::to_string(i);
            const int fd = ::open(f.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd < 0) break;
            const ssize_t n = ::write(fd, block, sizeof block);
            ::close(fd);
            if (n != static_cast<ssize_t>(sizeof block)) break;
            written += n;
        }
    }
    return written > (600LL << 20) ? x + 1.0f : x;
}
