// expect: accepted
// tiers: bubblewrap fallback
// No mount of any kind: the classic mount call, the new mount API (fsopen, open_tree), pivot_root
// and chroot, also after trying to gain the capabilities for them in a new user and mount namespace
// (the way an unprivileged process mounts). Anything mounted or entered returns a wrong answer.
#include <judge/tensor.hpp>
#include <sched.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    (void)::unshare(CLONE_NEWUSER | CLONE_NEWNS);
    if (::mount("none", "/tmp", "tmpfs", 0, nullptr) == 0) return x + 1.0f;
    if (::umount2("/tmp", MNT_DETACH) == 0) return x + 1.0f;
    if (::syscall(SYS_fsopen, "tmpfs", 0) >= 0) return x + 1.0f;
    if (::syscall(SYS_open_tree, -100, "/tmp", 1) >= 0) return x + 1.0f;  // OPEN_TREE_CLONE
    if (::syscall(SYS_pivot_root, "/tmp", "/tmp") == 0) return x + 1.0f;
    if (::chroot("/tmp") == 0) return x + 1.0f;
    return x;
}
