#include "process/exec_parts.hpp"

#include <fcntl.h>
#include <grp.h>
#include <linux/close_range.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <system_error>

extern char** environ;

namespace judge {

std::filesystem::path search_path(const std::string& program) {
    const char* path = std::getenv("PATH");
    std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
    for (size_t start = 0; start <= dirs.size();) {
        size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const std::filesystem::path candidate =
            std::filesystem::path(end > start ? dirs.substr(start, end - start) : ".") / program;
        std::error_code ec;
        if (std::filesystem::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
        start = end + 1;
    }
    return {};
}

int open_output(const std::filesystem::path& f) {
    if (f.empty()) return ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    const int fd = ::open(f.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd >= 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

char** CStrings::array() {
    pointers.clear();
    for (std::string& s : strings) pointers.push_back(s.data());
    pointers.push_back(nullptr);
    return pointers.data();
}

CStrings child_environment(const ProcessSpec& spec) {
    std::map<std::string, std::string> vars;
    if (!spec.clear_env) {
        for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
            const std::string kv = *e;
            const size_t eq = kv.find('=');
            if (eq != std::string::npos) vars[kv.substr(0, eq)] = kv.substr(eq + 1);
        }
    }
    for (const auto& [k, v] : spec.env) vars[k] = v;
    CStrings env;
    for (const auto& [k, v] : vars) env.strings.push_back(k + "=" + v);
    return env;
}

namespace {

void set_limit(int resource, rlim_t soft, rlim_t hard) {
    const rlimit r{soft, hard};
    ::setrlimit(resource, &r);
}

void set_limit(int resource, rlim_t value) { set_limit(resource, value, value); }

}  // namespace

// In the child between fork and exec: only async-signal-safe calls here. The order matters: join
// the cgroup while still root, set the limits, drop the uid (which cannot be undone), then
// give up files with Landlock, then install the seccomp filter (last, so that nothing above is
// refused by it).
void set_up_child(const ProcessSpec& spec, const std::vector<const char*>& cgroup_procs) {
    ::setsid();     // a new session and process group: no terminal, and one kill(-pid) reaches all
    sigset_t none;  // the judge blocks SIGINT, SIGTERM and SIGHUP for its watcher; the child does not
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    // If the judge dies (Ctrl-C, kill), the child dies with it; bwrap then takes its whole box along.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    // The caller's descriptors, before everything above stderr is marked close-on-exec.
    if (spec.cwd_fd >= 0 && ::fchdir(spec.cwd_fd) != 0) ::_exit(123);
    if (spec.stdout_fd >= 0 && ::dup2(spec.stdout_fd, STDOUT_FILENO) < 0) ::_exit(123);
    if (spec.stderr_fd >= 0 && ::dup2(spec.stderr_fd, STDERR_FILENO) < 0) ::_exit(123);
    for (const char* procs : cgroup_procs) {
        const int fd = ::open(procs, O_WRONLY | O_CLOEXEC);
        if (fd < 0 || ::write(fd, "0", 1) != 1) ::_exit(125);
        ::close(fd);
    }
    // No descriptor the judge inherited or opened (a `7</secret` from the caller's shell, a log,
    // a cache file) may reach the child: everything above stderr closes at exec. CLOEXEC rather
    // than closing, because the exec error pipe is one of them.
    if (::syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
        for (int fd = 3; fd < 65536; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    for (const int fd : spec.inherit_fds) ::fcntl(fd, F_SETFD, 0);  // the ones the caller hands on
    set_limit(RLIMIT_CORE, 0);
    // The hard limit one second later: at the soft limit the kernel sends SIGXCPU, which says
    // "CPU time"; with equal limits it would send SIGKILL, which says nothing.
    if (spec.cpu_seconds > 0)
        set_limit(RLIMIT_CPU, static_cast<rlim_t>(spec.cpu_seconds), static_cast<rlim_t>(spec.cpu_seconds) + 1);
    if (spec.address_space_mb > 0) set_limit(RLIMIT_AS, static_cast<rlim_t>(spec.address_space_mb) << 20);
    if (spec.file_size_bytes > 0) set_limit(RLIMIT_FSIZE, static_cast<rlim_t>(spec.file_size_bytes));
    if (spec.max_processes > 0) set_limit(RLIMIT_NPROC, static_cast<rlim_t>(spec.max_processes));
    if (spec.max_open_files > 0) set_limit(RLIMIT_NOFILE, static_cast<rlim_t>(spec.max_open_files));
    if (spec.run_as_uid >= 0) {
        const auto id = static_cast<uid_t>(spec.run_as_uid);
        if (::setgroups(0, nullptr) != 0 || ::setgid(id) != 0 || ::setuid(id) != 0) ::_exit(126);
    }
    // Landlock (sandbox/landlock.hpp) asks for no_new_privs once the uid is dropped; the filter
    // below would set it anyway.
    if (spec.landlock_ruleset_fd >= 0 && (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
                                          ::syscall(SYS_landlock_restrict_self, spec.landlock_ruleset_fd, 0U) != 0))
        ::_exit(122);
    if (!spec.seccomp_filter.empty()) {
        sock_fprog prog{};
        prog.len = static_cast<unsigned short>(spec.seccomp_filter.size() / sizeof(sock_filter));
        prog.filter = reinterpret_cast<sock_filter*>(const_cast<char*>(spec.seccomp_filter.data()));
        if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
            ::_exit(124);
    }
}

}  // namespace judge
