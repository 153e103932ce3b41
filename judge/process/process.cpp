// Theory of operation: the judge (parent) forks and execs the child with plain POSIX calls (no
// Boost.Process: its v1 moved to boost/process/v1 after Boost 1.86, and its wait_for was
// unreliable). Between fork and exec the child starts a new session (and so a new process group)
// and applies its rlimits, so the parent can later kill everything the child started with one
// kill(-pgid); a failed exec reaches the parent as an errno through a close-on-exec pipe. The
// parent waits on a pidfd with poll() and enforces the wall clock itself.
// Output goes straight to files: no pipe can fill up and block the child, and the judge never
// reads more of it than it chooses to.
// run_process is its phases, each a function, as isolate's run is: prepare (before the fork),
// set_up_child (between fork and exec, in exec_parts.cpp), spawn, watch and finish.
#include "process/process.hpp"
#include "process/cgroup.hpp"
#include "process/exec_parts.hpp"
#include "process/run_delay.hpp"
#include "util/interrupt.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
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
#include <optional>
#include <set>
#include <system_error>
#include <thread>
#include <variant>

namespace judge {

namespace {

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

namespace {

// Phase 1, in the judge: everything the child needs, made before the fork (after it, only
// async-signal-safe calls): the program's path, argv, the environment, the standard descriptors.
struct Launch {
    CStrings argv;
    CStrings env;
    int in_fd = -1, out_fd = -1, err_fd = -1;
    std::vector<const char*> cgroup_procs;
    std::filesystem::path start_dir;  // with a cwd descriptor, "/": the child moves there by fchdir

    Launch() = default;
    Launch(const Launch&) = delete;
    Launch& operator=(const Launch&) = delete;
    ~Launch() { close_std(); }
    void close_std() {
        for (int* fd : {&in_fd, &out_fd, &err_fd}) {
            if (*fd >= 0) ::close(*fd);
            *fd = -1;
        }
    }
};

// "<program>: cannot start: <why>", with its errno.
ProcessResult not_started(const ProcessSpec& spec, int e) {
    ProcessResult r;
    r.start_error = spec.argv[0] + ": cannot start: " + std::system_category().message(e);
    r.start_errno = e;
    return r;
}

// Fills `l`; an error result when the program or a descriptor cannot be had.
std::optional<ProcessResult> prepare(const ProcessSpec& spec, Launch& l) {
    std::filesystem::path exe = spec.argv.at(0);
    if (exe.is_relative() && exe.string().find('/') == std::string::npos) {
        exe = search_path(exe.string());
        if (exe.empty()) {
            ProcessResult r;
            r.start_error = spec.argv[0] + ": not found in PATH";
            return r;
        }
    }
    l.argv.strings.push_back(exe.string());
    l.argv.strings.insert(l.argv.strings.end(), spec.argv.begin() + 1, spec.argv.end());
    l.env = child_environment(spec);
    l.in_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    l.out_fd = open_output(spec.stdout_path);
    const int out_errno = errno;
    l.err_fd = open_output(spec.stderr_path);
    const int err_errno = errno;
    if (l.in_fd < 0 || l.out_fd < 0 || l.err_fd < 0)
        return not_started(spec, l.out_fd < 0 ? out_errno : l.err_fd < 0 ? err_errno : errno);
    for (const std::string& f : spec.join_cgroups) l.cgroup_procs.push_back(f.c_str());
    l.start_dir = spec.cwd_fd >= 0 ? std::filesystem::path("/") : spec.cwd;
    return std::nullopt;
}

// Phase 3: fork, and in the child the standard descriptors, the start folder, set_up_child and
// exec; a failure before the exec sends its errno up a close-on-exec pipe. The child's pid is
// registered as a run in progress before the lock is let go; an error result when it did not start.
std::variant<pid_t, ProcessResult> spawn(const ProcessSpec& spec, Launch& l) {
    int exec_pipe[2];
    if (::pipe2(exec_pipe, O_CLOEXEC) != 0) return not_started(spec, errno);
    char** child_argv = l.argv.array();
    char** child_env = l.env.array();
    const std::lock_guard spawn_lock(g_children_mutex);
    throw_if_interrupted();  // under the lock: a run is either killed by the hook or never started
    const pid_t pid = ::fork();
    if (pid == 0) {
        const auto fail = [&exec_pipe](int e) {
            (void)!::write(exec_pipe[1], &e, sizeof e);
            ::_exit(127);
        };
        if (::dup2(l.in_fd, STDIN_FILENO) < 0 || ::dup2(l.out_fd, STDOUT_FILENO) < 0 ||
            ::dup2(l.err_fd, STDERR_FILENO) < 0)
            fail(errno);
        if (!l.start_dir.empty() && ::chdir(l.start_dir.c_str()) != 0) fail(errno);
        set_up_child(spec, l.cgroup_procs);
        ::execve(child_argv[0], child_argv, child_env);
        fail(errno);
    }
    const int fork_errno = errno;
    ::close(exec_pipe[1]);
    l.close_std();
    int exec_errno = 0;
    if (pid > 0) {
        // EOF when the exec succeeded (the pipe closed with it); an errno when it did not.
        ssize_t n;
        while ((n = ::read(exec_pipe[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR) {}
        if (n != sizeof exec_errno) exec_errno = 0;
        if (exec_errno != 0) ::waitpid(pid, nullptr, 0);
    }
    ::close(exec_pipe[0]);
    if (pid < 0 || exec_errno != 0) return not_started(spec, pid < 0 ? fork_errno : exec_errno);
    g_children.insert(pid);
    return pid;
}

// What watching the child found.
struct Watched {
    int status = 0;
    rusage usage{};
    bool timed_out = false;
    bool cpu_limited = false;
};

// Phase 4: wait for the exit, the wall clock or the CPU limit, whichever comes first. A pidfd
// becomes readable exactly when the child exits (Linux 5.3+); where there is none, poll with a
// short sleep instead.
Watched watch(const ProcessSpec& spec, pid_t pid, std::chrono::steady_clock::time_point t0) {
    Watched w;
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
    clockid_t cpu_clock{};
    const bool has_clock = ::clock_getcpuclockid(pid, &cpu_clock) == 0;
    const bool watch_cpu = spec.cpu_limit.count() > 0 && (has_clock || !spec.cpu_usage_file.empty());
    const auto kill_now = [&] {
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
        ::wait4(pid, &w.status, 0, &w.usage);
    };
    RunDelay run_delay(pid, spec.cpu_usage_file);
    std::chrono::milliseconds told{0};  // the waits spec.starved has been told of
    for (;;) {
        const pid_t r = ::wait4(pid, &w.status, WNOHANG, &w.usage);
        if (r == pid) break;
        if (r < 0 && errno != EINTR) break;
        // The wall clock counts only while the child is not waiting for a CPU: on a machine at any
        // load, a sleeping child is stopped at the same point, and a starved one is not stopped.
        const auto waited = std::chrono::milliseconds(run_delay.ms());
        const auto now = std::chrono::steady_clock::now();
        if (spec.starved != nullptr && waited > told) spec.starved->add(now, waited - told);
        told = waited;
        auto left = spec.wall_limit + waited - (now - t0);
        if (spec.wall_cap.count() > 0) left = std::min(left, spec.wall_cap - (now - t0));
        if (left <= std::chrono::steady_clock::duration::zero()) {
            kill_now();
            w.timed_out = true;
            break;
        }
        if (watch_cpu && cpu_used_ms(has_clock, cpu_clock, spec.cpu_usage_file) > spec.cpu_limit.count()) {
            kill_now();
            w.cpu_limited = true;
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
    if (pidfd >= 0) ::close(pidfd);
    return w;
}

// Phase 5: the result, and whatever the child left in its group killed.
ProcessResult finish(const ProcessSpec& spec, pid_t pid, const Watched& w, std::chrono::steady_clock::time_point t0) {
    ProcessResult result;
    result.started = true;
    result.timed_out = w.timed_out;
    result.cpu_limited = w.cpu_limited;
    const auto ms = [](const timeval& t) { return static_cast<long>(t.tv_sec) * 1000 + t.tv_usec / 1000; };
    result.cpu_ms = ms(w.usage.ru_utime) + ms(w.usage.ru_stime);
    // The cgroup counts the children it never waited for, too (read before the final kill below).
    if (!spec.cpu_usage_file.empty()) result.cpu_ms = std::max(result.cpu_ms, cpu_usage_ms(spec.cpu_usage_file));
    if (spec.cpu_limit.count() > 0 && !result.timed_out && result.cpu_ms > spec.cpu_limit.count())
        result.cpu_limited = true;
    ::kill(-pid, SIGKILL);  // whatever the child left in its group
    {
        const std::lock_guard lock(g_children_mutex);
        g_children.erase(pid);
    }
    result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!result.timed_out && !result.cpu_limited) {
        if (WIFEXITED(w.status)) result.exit_code = WEXITSTATUS(w.status);
        if (WIFSIGNALED(w.status)) result.signal = WTERMSIG(w.status);
    }
    return result;
}

}  // namespace

ProcessResult run_process(const ProcessSpec& spec) {
    static const bool hooked = (on_interrupt(kill_all_runs), true);
    (void)hooked;
    throw_if_interrupted();
    Launch launch;
    if (std::optional<ProcessResult> failed = prepare(spec, launch)) return *failed;
    std::variant<pid_t, ProcessResult> spawned = spawn(spec, launch);
    if (auto* failed = std::get_if<ProcessResult>(&spawned)) return *failed;
    const pid_t pid = std::get<pid_t>(spawned);
    // The clocks start once the program runs: the fork, the child's set-up and the wait for the
    // spawn lock (a box's other tests starting, slow on a busy machine) are the judge's time, not
    // the program's (beside busy loops a test's start took up to a second here, and a CI run stopped
    // a correct test at 300 ms of its 500 ms of CPU time). The child's waits for a CPU since its fork still count as
    // waits (RunDelay reads them whole): a few ms of credit, never a second charged wrongly.
    const auto t0 = std::chrono::steady_clock::now();
    const ProcessResult result = finish(spec, pid, watch(spec, pid, t0), t0);
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
