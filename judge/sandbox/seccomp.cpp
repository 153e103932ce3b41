#include "sandbox/seccomp.hpp"

#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "core/errors.hpp"

namespace judge {

namespace {

using Filter = std::unique_ptr<std::remove_pointer_t<scmp_filter_ctx>, decltype(&seccomp_release)>;

void check(int rc, const char* what) {
    if (rc < 0) throw JudgeFailure(std::string("cannot build the seccomp filter: ") + what + ": " + std::strerror(-rc));
}

void deny(const Filter& f, const char* name, int error) {
    const int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR) return;  // not a system call of this architecture
    check(seccomp_rule_add(f.get(), SCMP_ACT_ERRNO(static_cast<uint32_t>(error)), nr, 0), name);
}

std::string build() {
    Filter f(seccomp_init(SCMP_ACT_ALLOW), &seccomp_release);
    if (!f) throw JudgeFailure("cannot build the seccomp filter: seccomp_init failed");
    check(seccomp_attr_set(f.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS), "other architectures");
    for (const char* name :
         {"ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "mount", "umount2", "pivot_root", "chroot",
          "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr", "unshare", "setns",
          "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd", "io_uring_setup",
          "io_uring_enter", "io_uring_register", "init_module", "finit_module", "delete_module", "kexec_load",
          "kexec_file_load", "reboot", "swapon", "swapoff", "acct", "name_to_handle_at", "open_by_handle_at", "syslog",
          "lookup_dcookie", "quotactl", "vhangup",
          // System V IPC and POSIX message queues outlive the process that made
          // them: a test could leave its inputs there for another (issue #39).
          "msgget", "msgsnd", "msgrcv", "msgctl", "semget", "semop", "semtimedop", "semctl", "shmget", "shmat", "shmdt",
          "shmctl", "ipc", "mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify", "mq_getsetattr"}) {
        deny(f, name, EPERM);
    }
    deny(f, "clone3", ENOSYS);
    for (const scmp_datum_t flag : {CLONE_NEWUSER, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWUTS, CLONE_NEWIPC,
                                    CLONE_NEWCGROUP, CLONE_NEWTIME}) {
        check(seccomp_rule_add(f.get(), SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                               SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag)),
              "clone");
    }
    for (const int call : {SCMP_SYS(socket), SCMP_SYS(socketpair)}) {
        check(seccomp_rule_add(f.get(), SCMP_ACT_ERRNO(EAFNOSUPPORT), call, 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX)),
              "socket");
    }
    const int mem = ::memfd_create("judge-seccomp", MFD_CLOEXEC);
    if (mem < 0) throw JudgeFailure(std::string("cannot build the seccomp filter: memfd: ") + std::strerror(errno));
    std::string program;
    const int rc = seccomp_export_bpf(f.get(), mem);
    if (rc == 0) {
        const off_t size = ::lseek(mem, 0, SEEK_END);
        program.resize(static_cast<size_t>(size > 0 ? size : 0));
        if (::pread(mem, program.data(), program.size(), 0) != static_cast<ssize_t>(program.size())) program.clear();
    }
    ::close(mem);
    check(rc, "export");
    if (program.empty()) throw JudgeFailure("cannot build the seccomp filter: the exported program is empty");
    return program;
}

}  // namespace

const std::string& seccomp_program() {
    static const std::string program = build();
    return program;
}

SeccompPipe::SeccompPipe() {
    const std::string& program = seccomp_program();
    int p[2];
    if (::pipe2(p, O_CLOEXEC) != 0) throw JudgeFailure(std::string("cannot make a pipe: ") + std::strerror(errno));
    // A few hundred bytes: far below a pipe's buffer, so the write never blocks.
    const ssize_t n = ::write(p[1], program.data(), program.size());
    ::close(p[1]);
    if (n != static_cast<ssize_t>(program.size())) {
        ::close(p[0]);
        throw JudgeFailure("cannot write the seccomp filter to its pipe");
    }
    m_fd = p[0];
}

SeccompPipe::~SeccompPipe() {
    if (m_fd >= 0) ::close(m_fd);
}

}  // namespace judge
