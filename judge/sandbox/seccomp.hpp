// judge/sandbox/seccomp.hpp: the system-call filter every untrusted process runs under.
//
// Namespaces, dropped capabilities and the uid already stop most of what these calls could do; the
// filter is the second wall, and it removes kernel attack surface the box never needs. Denied, with
// EPERM: ptrace and reading other processes' memory; mount, pivot_root and every new-mount call;
// unshare, setns and clone with a namespace flag (bwrap's --disable-userns says the same for user
// namespaces); keyctl and the key calls; bpf; perf_event_open; userfaultfd; io_uring (whose
// operations bypass this filter); module loading, kexec, reboot, swap, acct. socket and socketpair
// outside AF_UNIX fail with EAFNOSUPPORT. clone3 fails with ENOSYS, since a filter cannot read its
// flags: the C library then falls back to clone, whose flags it can. Any other architecture's
// system calls (i386 or x32 on x86-64) kill the process.
#pragma once

#include <string>

namespace judge {

/// The filter as a classic BPF program (an array of struct sock_filter), built once with
/// libseccomp. Throws JudgeFailure when libseccomp cannot build it.
const std::string& seccomp_program();

/// The program in a pipe, for bwrap's `--seccomp FD`: the read end stays open (close-on-exec in the
/// judge; the child keeps it through ProcessSpec::inherit_fds) until this object dies.
class SeccompPipe {
public:
    SeccompPipe();
    ~SeccompPipe();
    SeccompPipe(const SeccompPipe&) = delete;
    SeccompPipe& operator=(const SeccompPipe&) = delete;
    int fd() const { return m_fd; }

private:
    int m_fd = -1;
};

}  // namespace judge
