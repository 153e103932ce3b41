// expect: accepted
// tiers: bubblewrap fallback
// No process may trace or read another: ptrace (attach to a child, or a child's PTRACE_TRACEME) and
// process_vm_readv must fail. Either working returns a wrong answer.
#include <judge/tensor.hpp>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    const pid_t child = ::fork();
    if (child == 0) {
        ::_exit(::ptrace(PTRACE_TRACEME, 0, nullptr, nullptr) == 0 ? 1 : 0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 1) return x + 1.0f;
    const pid_t sleeper = ::fork();
    if (sleeper == 0) {
        ::pause();
        ::_exit(0);
    }
    const bool attached = ::ptrace(PTRACE_ATTACH, sleeper, nullptr, nullptr) == 0;
    ::kill(sleeper, SIGKILL);
    ::waitpid(sleeper, nullptr, 0);
    if (attached) return x + 1.0f;
    char here[8] = "secret", there[8] = {};
    iovec local{there, sizeof there}, remote{here, sizeof here};
    if (::process_vm_readv(::getpid(), &local, 1, &remote, 1, 0) > 0) return x + 1.0f;
    return x;
}
