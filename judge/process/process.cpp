// Theory of operation: the judge (parent) forks and execs the child with plain POSIX calls (no
// Boost.Process: its v1 moved to boost/process/v1 after Boost 1.86, and its wait_for was
// unreliable). Between fork and exec the child starts a new session (and so a new process group)
// and applies its rlimits, so the parent can later kill everything the child started with one
// kill(-pgid); a failed exec reaches the parent as an errno through a close-on-exec pipe. The
// parent waits on a pidfd with poll() and enforces the wall clock itself.
// Output goes straight to files: no pipe can fill up and block the child, and the judge never
// reads more of it than it chooses to.
#include "process/process.hpp"
#include "process/cgroup.hpp"
#include "process/exec_parts.hpp"
#include "process/run_delay.hpp"
#include "util/interrupt.hpp"

#include <fcntl.h>
#include <grp.h>
#include <linux/close_range.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <system_error>
#include <thread>

namespace judge {

namespace {

void set_limit(int resource, rlim_t soft, rlim_t hard) {
    const rlimit r{soft, hard};
    ::setrlimit(resource, &r);
}

void set_limit(int resource, rlim_t value) { set_limit(resource, value, value); }

// The children that are runs in progress. Spawning and registering happen under the same lock
// that kill_adopted_orphans takes, so it never mistakes a just-started run for an orphan.
std::mutex g_children_mutex;
std::set<pid_t> g_children;

// The interrupt hook (util/interrupt.hpp): every run in progress ends now, so that each thread
// waiting on one returns and throws Interrupted.
void kill_all_runs() {
    const std::lock_guard lock(g_children_mutex);
    for (const pid_t pid : g_children) {
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
    }
}

// The CPU time of `cpu_clock` (the child's own) in ms, or of its cgroup when `usage_file` names one,
// whichever is more; -1 when neither can be read.
long long cpu_used_ms(bool has_clock, clockid_t cpu_clock, const std::string& usage_file) {
    long long ms = -1;
    timespec used{};
    if (has_clock && ::clock_gettime(cpu_clock, &used) == 0) ms = used.tv_sec * 1000LL + used.tv_nsec / 1000000;
    if (!usage_file.empty()) ms = std::max<long long>(ms, cpu_usage_ms(usage_file));
    return ms;
}

}  // namespace

void reap_adopted_zombies() {
    for (;;) {
        siginfo_t info{};
        // Peek (WNOWAIT) so that a registered run's status is left for the thread that waits for it.
        if (::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == 0) return;
        const std::lock_guard lock(g_children_mutex);
        if (g_children.count(info.si_pid) != 0) return;  // its owner reaps it; try again after the next run
        ::waitpid(info.si_pid, nullptr, WNOHANG);
    }
}

void kill_adopted_orphans() {
    const std::lock_guard lock(g_children_mutex);
    const pid_t self = ::getpid();
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = e.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(e.path() / "stat");
        std::string line;
        std::getline(stat, line);
        const size_t close = line.rfind(')');
        char state = 0;
        long ppid = 0;
        if (close == std::string::npos || std::sscanf(line.c_str() + close + 1, " %c %ld", &state, &ppid) != 2)
            continue;
        const auto pid = static_cast<pid_t>(std::stol(name));
        if (ppid != self || g_children.count(pid) != 0) continue;
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
    }
}

ProcessResult run_process(const ProcessSpec& spec) {
    static const bool hooked = (on_interrupt(kill_all_runs), true);
    (void)hooked;
    throw_if_interrupted();
    ProcessResult result;
    std::filesystem::path exe = spec.argv.at(0);
    if (exe.is_relative() && exe.string().find('/') == std::string::npos) {
        exe = search_path(exe.string());
        if (exe.empty()) {
            result.start_error = spec.argv[0] + ": not found in PATH";
            return result;
        }
    }
    // Everything the child needs is made before the fork: after it, only async-signal-safe calls.
    CStrings argv;
    argv.strings.push_back(exe.string());
    argv.strings.insert(argv.strings.end(), spec.argv.begin() + 1, spec.argv.end());
    CStrings env = child_environment(spec);
    const int in_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    const int out_fd = open_output(spec.stdout_path);
    const int out_errno = errno;
    const int err_fd = open_output(spec.stderr_path);
    const int err_errno = errno;
    const auto close_std = [&] {
        for (const int fd : {in_fd, out_fd, err_fd})
            if (fd >= 0) ::close(fd);
    };
    if (in_fd < 0 || out_fd < 0 || err_fd < 0) {
        const int e = out_fd < 0 ? out_errno : err_fd < 0 ? err_errno : errno;
        close_std();
        result.start_error = spec.argv[0] + ": cannot start: " + std::system_category().message(e);
        result.start_errno = e;
        return result;
    }

    // Runs in the child between fork and exec: only async-signal-safe calls here. The order matters:
    // join the cgroup while still root, set the limits, drop the uid (which cannot be undone), then
    // install the seccomp filter (last, so that nothing above is refused by it).
    std::vector<const char*> cgroup_procs;
    for (const std::string& f : spec.join_cgroups) cgroup_procs.push_back(f.c_str());
    auto setup = [&spec, &cgroup_procs]() {
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
        if (!spec.seccomp_filter.empty()) {
            sock_fprog prog{};
            prog.len = static_cast<unsigned short>(spec.seccomp_filter.size() / sizeof(sock_filter));
            prog.filter = reinterpret_cast<sock_filter*>(const_cast<char*>(spec.seccomp_filter.data()));
            if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
                ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
                ::_exit(124);
        }
    };

    const auto t0 = std::chrono::steady_clock::now();
    // With a cwd descriptor, the child starts in / and moves there by fchdir (in `setup`).
    const std::filesystem::path start_dir = spec.cwd_fd >= 0 ? std::filesystem::path("/") : spec.cwd;
    int exec_pipe[2];
    if (::pipe2(exec_pipe, O_CLOEXEC) != 0) {
        const int e = errno;
        close_std();
        result.start_error = spec.argv[0] + ": cannot start: " + std::system_category().message(e);
        result.start_errno = e;
        return result;
    }
    char** child_argv = argv.array();
    char** child_env = env.array();
    std::unique_lock spawn_lock(g_children_mutex);
    throw_if_interrupted();  // under the lock: a run is either killed by the hook or never started
    const pid_t pid = ::fork();
    if (pid == 0) {
        // The child: stdin, stdout and stderr, the start folder, `setup`, then exec. Any failure
        // before the exec sends its errno up the pipe.
        const auto fail = [&exec_pipe](int e) {
            (void)!::write(exec_pipe[1], &e, sizeof e);
            ::_exit(127);
        };
        if (::dup2(in_fd, STDIN_FILENO) < 0 || ::dup2(out_fd, STDOUT_FILENO) < 0 || ::dup2(err_fd, STDERR_FILENO) < 0)
            fail(errno);
        if (!start_dir.empty() && ::chdir(start_dir.c_str()) != 0) fail(errno);
        setup();
        ::execve(child_argv[0], child_argv, child_env);
        fail(errno);
    }
    const int fork_errno = errno;
    ::close(exec_pipe[1]);
    close_std();
    int exec_errno = 0;
    if (pid > 0) {
        // EOF when the exec succeeded (the pipe closed with it); an errno when it did not.
        ssize_t n;
        while ((n = ::read(exec_pipe[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR) {}
        if (n != sizeof exec_errno) exec_errno = 0;
        if (exec_errno != 0) ::waitpid(pid, nullptr, 0);
    }
    ::close(exec_pipe[0]);
    if (pid < 0 || exec_errno != 0) {
        const int e = pid < 0 ? fork_errno : exec_errno;
        result.start_error = spec.argv[0] + ": cannot start: " + std::system_category().message(e);
        result.start_errno = e;
        return result;
    }
    result.started = true;
    g_children.insert(pid);
    spawn_lock.unlock();

    // Wait for the exit or the wall clock, whichever comes first. A pidfd becomes readable exactly
    // when the child exits (Linux 5.3+); where there is none, poll with a short sleep instead.
    int status = 0;
    rusage usage{};
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
    clockid_t cpu_clock{};
    const bool has_clock = ::clock_getcpuclockid(pid, &cpu_clock) == 0;
    const bool watch_cpu = spec.cpu_limit.count() > 0 && (has_clock || !spec.cpu_usage_file.empty());
    const auto kill_now = [&] {
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
        ::wait4(pid, &status, 0, &usage);
    };
    RunDelay run_delay(pid, spec.cpu_usage_file);
    for (;;) {
        const pid_t r = ::wait4(pid, &status, WNOHANG, &usage);
        if (r == pid) break;
        if (r < 0 && errno != EINTR) break;
        // The wall clock counts only while the child is not waiting for a CPU: on a machine at any
        // load, a sleeping child is stopped at the same point, and a starved one is not stopped.
        const auto waited = std::chrono::milliseconds(run_delay.ms());
        const auto left = spec.wall_limit + waited - (std::chrono::steady_clock::now() - t0);
        if (left <= std::chrono::steady_clock::duration::zero()) {
            kill_now();
            result.timed_out = true;
            break;
        }
        if (watch_cpu && cpu_used_ms(has_clock, cpu_clock, spec.cpu_usage_file) > spec.cpu_limit.count()) {
            kill_now();
            result.cpu_limited = true;
            break;
        }
        const auto left_ms = std::chrono::duration_cast<std::chrono::milliseconds>(left).count() + 1;
        const long long slice = watch_cpu || run_delay.watches_tasks() ? 20LL : 1000LL;
        if (pidfd >= 0) {
            pollfd pfd{pidfd, POLLIN, 0};
            ::poll(&pfd, 1, static_cast<int>(std::min<long long>(left_ms, slice)));
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(std::min<long long>(left_ms, 1)));
        }
    }
    const auto ms = [](const timeval& t) { return static_cast<long>(t.tv_sec) * 1000 + t.tv_usec / 1000; };
    result.cpu_ms = ms(usage.ru_utime) + ms(usage.ru_stime);
    // The cgroup counts the children it never waited for, too (read before the final kill below).
    if (!spec.cpu_usage_file.empty()) result.cpu_ms = std::max(result.cpu_ms, cpu_usage_ms(spec.cpu_usage_file));
    if (spec.cpu_limit.count() > 0 && !result.timed_out && result.cpu_ms > spec.cpu_limit.count())
        result.cpu_limited = true;
    if (pidfd >= 0) ::close(pidfd);
    ::kill(-pid, SIGKILL);  // whatever the child left in its group
    {
        const std::lock_guard lock(g_children_mutex);
        g_children.erase(pid);
    }
    result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!result.timed_out && !result.cpu_limited) {
        if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
        if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    }
    throw_if_interrupted();  // killed by the hook: no result, and the whole judge unwinds
    return result;
}

bool find_in_path(const std::string& program) { return !search_path(program).empty(); }

std::string describe_signal(int sig) {
    switch (sig) {
        case SIGSEGV: return "SIGSEGV (segmentation fault: an invalid memory access)";
        case SIGABRT: return "SIGABRT (abort: often a failed assertion or an uncaught exception)";
        case SIGFPE: return "SIGFPE (arithmetic error: often an integer division by zero)";
        case SIGKILL: return "SIGKILL (killed)";
        case SIGXCPU: return "SIGXCPU (CPU time limit exceeded)";
        case SIGXFSZ: return "SIGXFSZ (file size limit exceeded)";
        case SIGBUS: return "SIGBUS (bus error)";
        case SIGILL: return "SIGILL (illegal instruction)";
        default: return "signal " + std::to_string(sig) + " (" + ::strsignal(sig) + ")";
    }
}

}  // namespace judge
