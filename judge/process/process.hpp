// judge/process/process.hpp: running one child program with limits and a wall-clock timer.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace judge {

/// What to run and under which limits. Output goes to files, never to pipes the judge must drain.
struct ProcessSpec {
    std::vector<std::string> argv;  // argv[0] is the executable (searched in PATH if relative)
    std::filesystem::path cwd;
    std::filesystem::path stdout_path;  // truncated; "" means /dev/null
    std::filesystem::path stderr_path;  // truncated; "" means /dev/null
    // Descriptors the caller opened instead (stdout, stderr, and a folder to start in), so that no
    // path below a box is ever resolved as root: they win over the paths and cwd above; -1 = none.
    int stdout_fd = -1;
    int stderr_fd = -1;
    int cwd_fd = -1;
    // Wall-clock time during which the child was not waiting for a CPU (run_delay.hpp: RunDelay, from
    // /proc/<tid>/schedstat, of the child or, with cpu_usage_file, of the threads of its cgroup and the
    // cgroups below it, does not count): a busy machine never stops a child for time.
    std::chrono::milliseconds wall_limit{10000};
    // Plain wall-clock time, waits for a CPU included, after which the child is stopped all the same
    // (timed_out): how busy a machine may get before load shows; 0 = none.
    std::chrono::milliseconds wall_cap{0};
    // Told, at each check, how long the child waited for a CPU since the previous one (a box's clock
    // in the fallback tier, which runs the box's tests itself); nullptr = none.
    class StarvedClock* starved = nullptr;
    // CPU time of the child and the children it waited for, or of its whole cgroup when
    // cpu_usage_file names one (then children it never waited for count too); 0 = none.
    std::chrono::milliseconds cpu_limit{0};
    std::string cpu_usage_file;      // a cgroup's CPU time (cgroup.hpp: cpu_usage_ms); "" = none
    int cpu_seconds = 0;             // RLIMIT_CPU, per process (a backstop); 0 = unlimited
    long long address_space_mb = 0;  // RLIMIT_AS; 0 = unlimited
    long long file_size_bytes = 0;   // RLIMIT_FSIZE: no file written may grow past it; 0 = unlimited
    std::vector<std::pair<std::string, std::string>> env;  // set on top of the judge's environment
    bool clear_env = false;                                // start from an empty environment instead
    long long max_processes = 0;                           // RLIMIT_NPROC; 0 = unlimited (binds only a non-root uid)
    long long max_open_files = 0;                          // RLIMIT_NOFILE; 0 = inherited
    int run_as_uid = -1;                                   // drop to this uid and gid before exec; -1 = stay
    std::vector<std::string> join_cgroups;                 // cgroup.procs files to join before exec
    std::string seccomp_filter;    // a BPF program (struct sock_filter[]) the child installs last; "" = none
    std::vector<int> inherit_fds;  // the judge's descriptors the child keeps across exec (all others close)
    int landlock_ruleset_fd = -1;  // a Landlock ruleset the child restricts itself to before the filter; -1 = none
    /// What a Runner (sandbox/sandbox.hpp, process/cgroup.hpp) makes around the run; run_process
    /// itself never reads these.
    struct RunnerLimits {
        long long group_memory_mb = 0;          // memory of the whole run (a cgroup, where there is one); 0 = none
        std::vector<std::string> test_cgroups;  // a box's test runner: the judge makes a cgroup per test
        long long test_memory_mb = 0;           // and limits each to this
        std::string test_cgroup;                // in the box: the test's cgroup, made by the judge
        long long tmp_mb = 0;                   // the size of a box's /tmp; 0 = the Runner's default
    } runner;
};

/// How the child ended.
struct ProcessResult {
    bool started = false;
    std::string start_error;       // why it did not start
    int start_errno = 0;           // and its errno (EAGAIN: a process limit was reached)
    bool timed_out = false;        // the wall-clock timer (or wall_cap) killed it
    bool cpu_limited = false;      // it used more CPU time than cpu_limit (killed then, or found at its exit)
    long cpu_ms = 0;               // CPU time (user + system) of the child and the children it waited for
    long oom_kills = 0;            // processes of the run the kernel's OOM killer ended (filled by the Runner)
    bool memory_at_limit = false;  // its processes together reached their cgroup's memory limit (the Runner)
    int exit_code = -1;            // when it exited normally
    int signal = 0;                // when a signal ended it
    double wall_seconds = 0.0;
};

/// Runs the child in a new session and process group, waits at most `wall_limit` (and, with a
/// `cpu_limit`, until the child's own CPU clock passes it: checked every 20 ms), then kills the whole
/// group (also after a normal exit, so that nothing it left running survives).
ProcessResult run_process(const ProcessSpec& spec);

/// Kills (and reaps) every child of the judge that is not the leader of a run in progress: the
/// orphans a program left behind with a double fork and setsid, which the judge adopted as child
/// subreaper. Only useful after prctl(PR_SET_CHILD_SUBREAPER).
void kill_adopted_orphans();

/// Reaps the judge's adopted children that have exited and are not runs in progress (zombies left
/// by sandboxes, which count against the box user's process limit until reaped). Cheap: no /proc scan.
void reap_adopted_zombies();

/// True when `program` is found in PATH.
bool find_in_path(const std::string& program);

/// A readable description of a signal number, e.g. "SIGSEGV (segmentation fault)".
std::string describe_signal(int sig);

}  // namespace judge
