// expect: accepted
// tiers: bubblewrap fallback
// New namespaces (a user namespace first: inside it, mounts and more become possible) must be
// refused by unshare, setns and clone alike, and clone3 must fail (ENOSYS) so that the C library
// falls back to clone, whose flags the filter reads. A thread must still start. Any namespace made
// returns a wrong answer.
#include <judge/tensor.hpp>
#include <fcntl.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <thread>
judge::Tensor probe(const judge::Tensor& x) {
    for (const int flag : {CLONE_NEWUSER, CLONE_NEWNS, CLONE_NEWNET, CLONE_NEWPID, CLONE_NEWIPC, CLONE_NEWUTS})
        if (::unshare(flag) == 0) return x + 1.0f;
    const long pid = ::syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
    if (pid == 0) ::_exit(0);
    if (pid > 0) {
        ::waitpid(static_cast<pid_t>(pid), nullptr, 0);
        return x + 1.0f;
    }
    clone_args args{};
    args.flags = CLONE_NEWUSER;
    args.exit_signal = SIGCHLD;
    const long pid3 = ::syscall(SYS_clone3, &args, sizeof args);
    if (pid3 == 0) ::_exit(0);
    if (pid3 > 0) {
        ::waitpid(static_cast<pid_t>(pid3), nullptr, 0);
        return x + 1.0f;
    }
    const int ns = ::open("/proc/self/ns/net", O_RDONLY);
    if (ns >= 0 && ::setns(ns, 0) == 0) return x + 1.0f;
    int from_thread = 0;
    std::thread([&] { from_thread = 1; }).join();
    return from_thread == 1 ? x : x + 2.0f;
}
