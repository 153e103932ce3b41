// expect: accepted
// tiers: bubblewrap fallback
// check: shared_places_closed
// Issue #62: the host's places that anyone may write (/tmp, /var/tmp, /dev/shm) carry a file from
// one submission to the next on a host where boxes share them (the fallback tier). The runner
// leaves a world-readable file in /tmp and /dev/shm first, as an earlier submission would; this one
// tries to read them and to leave files of its own. Anything it can open makes the answer wrong,
// and the runner checks afterwards that nothing was left.
#include <judge/tensor.hpp>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    for (const char* p : {"/tmp/judge-left-@TAG@", "/dev/shm/judge-left-@TAG@"}) {
        const int fd = ::open(p, O_RDONLY);
        if (fd >= 0) return x + 1.0f;
    }
    for (const char* p : {"/tmp/judge-relay-@TAG@", "/var/tmp/judge-relay-@TAG@", "/dev/shm/judge-relay-@TAG@"}) {
        const int fd = ::open(p, O_WRONLY | O_CREAT, 0644);
        // In the bubblewrap tier these are the box's own tmpfs mounts: writable, and gone with it.
        if (fd >= 0) ::close(fd);
    }
    ::mkdir("/tmp/judge-relay-dir-@TAG@", 0777);
    return x;
}
