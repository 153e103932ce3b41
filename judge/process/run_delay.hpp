// judge/process/run_delay.hpp: how long a test's tasks waited for a CPU, which its wall clock
// does not count (process.hpp: ProcessSpec::wall_limit).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace judge {

/// How long the task `tid` has waited, runnable, for a CPU (the second field of
/// /proc/<tid>/schedstat), in ms; 0 when the kernel does not say.
long long run_delay_ms(pid_t tid);

/// How long a run was starved: at each check, the longest wait for a CPU that any of its tasks added
/// since the previous check, summed over the checks. Its tasks are its leader and, when the run has a
/// cgroup (the folder of `cpu_usage_file`), every thread in that cgroup and the cgroups below it (a
/// box's tests), each remembered after it exits. So a leader that sleeps while its children work
/// (fork, then wait) is starved through its children, and a box whose tests run one after another
/// through each of them in turn.
class RunDelay {
public:
    RunDelay(pid_t leader, const std::string& cpu_usage_file);

    /// True when it watches a cgroup's threads (then check often: a thread's delay is seen only while it lives).
    bool watches_tasks() const { return !m_tasks.empty(); }

    /// Checks the tasks; returns the starved time so far, in ms.
    long long ms();

private:
    std::vector<std::filesystem::path> task_files() const;

    pid_t m_leader;
    std::filesystem::path m_tasks;  // the cgroup's folder
    std::string m_task_file;        // its list of threads: cgroup.threads (v2) or tasks (v1)
    std::map<long, long long> m_seen;
    long long m_total = 0;
};

/// The time a box of tests that the judge runs one by one (the fallback tier) spent starved: the
/// union, over its tests, of the stretches in which one of them waited for a CPU. Each test's watch
/// adds what it waited since its previous check, as the stretch that ends now; the clock counts
/// forward only (a stretch told late counts from the latest end told). Thread-safe.
class StarvedClock {
public:
    void add(std::chrono::steady_clock::time_point now, std::chrono::milliseconds waited);
    std::chrono::milliseconds starved() const;

private:
    mutable std::mutex m_mutex;
    std::chrono::steady_clock::time_point m_until{};
    std::chrono::steady_clock::duration m_total{};
};

}  // namespace judge
