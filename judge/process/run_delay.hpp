// judge/process/run_delay.hpp: how long a test's tasks waited for a CPU, which its wall clock
// does not count (process.hpp: ProcessSpec::wall_limit).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <map>
#include <string>

namespace judge {

/// How long the task `tid` has waited, runnable, for a CPU (the second field of
/// /proc/<tid>/schedstat), in ms; 0 when the kernel does not say.
long long run_delay_ms(pid_t tid);

/// The longest run-queue delay of any task of a test: its leader's, and, when the test has a cgroup
/// (the folder of `cpu_usage_file`), every thread's in it, seen at each check and remembered after
/// it exits. A test whose leader sleeps while its children work (fork, then wait) is starved through
/// its children, not its leader.
class RunDelay {
public:
    RunDelay(pid_t leader, const std::string& cpu_usage_file);

    /// True when it watches a cgroup's threads (then check often: a thread's delay is seen only while it lives).
    bool watches_tasks() const { return !m_tasks.empty(); }

    /// The longest delay so far, in ms.
    long long ms();

private:
    pid_t m_leader;
    std::filesystem::path m_tasks;
    std::map<long, long long> m_seen;
    long long m_max = 0;
};

}  // namespace judge
