// judge/process/cgroup.hpp: a cgroup per run, for the limits that must hold over a group of
// processes rather than each one: the number of processes (pids), memory, a fair share of the CPU,
// and the CPU time of every process of the run, waited for or not (cpuacct).
//
// Theory of operation. probe_cgroups finds where the judge may create cgroups: cgroup v1 (one
// hierarchy per controller, /sys/fs/cgroup/pids, memory, cpu and cpuacct) or v2 (one hierarchy
// whose root enables controllers for its children). A RunCgroup is created before a run, the child
// joins it between fork and exec (ProcessSpec::join_cgroups), and its destructor kills whatever is
// left in it and removes it, bottom-up, by descriptor. The memory limit covers every process of the
// run and the tmpfs pages they write; when it is reached the kernel's OOM killer sends SIGKILL, and
// oom_kills() counts it. Every run's cpu cgroup has the same weight, so a box that starts many
// spinning processes gets the CPU of one box, not of many.
//
// A box of tests (bubblewrap tier, v1, as root): one RunCgroup holds the whole box, and the judge
// (root) makes one child per test in it before the box starts (add_test), with the test's memory
// limit, under a random name from the plan. Everything there stays root's but each child's
// cgroup.procs, which the box's uid may write to join it; the box's folders can be crossed, not
// listed (0711). The box sees them at box_memory_cgroup and box_cpuacct_cgroup, where the in-box
// runner (a CgroupRunner) puts each test into its own child. Nothing in the box can make a cgroup,
// raise a limit, or leave the box's cgroup. In v2 the box is limited as a whole only.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include "process/runner.hpp"

namespace judge {

/// Where a box's cgroups appear inside it.
inline constexpr const char* box_memory_cgroup = "/cgroup/memory";
inline constexpr const char* box_cpuacct_cgroup = "/cgroup/cpuacct";

/// Where per-run cgroups may be created. Empty paths: that controller is not available. In v2
/// (and where v1 mounts cpu and cpuacct together) several name the same folder.
struct CgroupPlace {
    int version = 0;                // 1 or 2; 0 when none is writable
    std::filesystem::path pids;     // parent folder for pids cgroups
    std::filesystem::path memory;   // parent folder for memory cgroups
    std::filesystem::path cpu;      // parent folder for cpu (weight) cgroups
    std::filesystem::path cpuacct;  // parent folder for CPU time accounting (v2: the cpu controller)
    std::string description;        // for `judge doctor`
};

/// Looks at /sys/fs/cgroup.
CgroupPlace probe_cgroups();

class RunCgroup {
public:
    /// Creates the cgroup(s) under `place`: pids.max = max_processes (0: no pids cgroup), a memory
    /// limit of memory_mb (0: no memory cgroup; swap may not extend it), the default CPU weight, and
    /// CPU time accounting.
    RunCgroup(const CgroupPlace& place, int max_processes, long long memory_mb);
    ~RunCgroup();
    RunCgroup(const RunCgroup&) = delete;
    RunCgroup& operator=(const RunCgroup&) = delete;

    /// The cgroup.procs files a child writes itself into (none when there is no cgroup).
    std::vector<std::string> procs_files() const;

    /// v1: makes the child `name` (a test of the box) in the memory and cpuacct cgroups, limited to
    /// memory_mb, root's but for its cgroup.procs, which `uid` may write. False when it cannot.
    bool add_test(const std::string& name, long long memory_mb, int uid) const;

    const std::filesystem::path& memory_dir() const { return m_memory; }
    const std::filesystem::path& cpuacct_dir() const { return m_cpuacct; }

    /// The file the run's CPU time is read from (cpu_usage_ms); "" when there is none.
    std::string cpu_usage_file() const;

    /// How many processes the OOM killer has killed in this cgroup and its children so far.
    long oom_kills() const;

    /// The run's processes together reached the memory limit at least once.
    bool memory_at_limit() const;

private:
    int m_version = 0;
    std::filesystem::path m_pids, m_memory, m_cpu, m_cpuacct;
};

/// Reads the OOM kill count of the memory cgroup at `dir` (v1 memory.oom_control or v2
/// memory.events); 0 when it cannot.
long read_oom_kills(const std::filesystem::path& dir);

/// Whether the memory cgroup at `dir` ever reached its limit (v1 memory.failcnt, v2 memory.events max).
bool read_memory_at_limit(const std::filesystem::path& dir);

/// The CPU time in `file` (v1 cpuacct.usage in ns, v2 cpu.stat's usage_usec), in ms; -1 when unreadable.
long cpu_usage_ms(const std::string& file);

/// Runs already-boxed code as PlainRunner does, each run in the box's child cgroups named by
/// ProcessSpec::test_cgroup (made by the judge: RunCgroup::add_test): the in-box runner's Runner.
/// The run's CPU time is its cgroup's; ProcessResult::oom_kills counts its OOM kills, and also the
/// box's while the run lasted (the box's total limit may be the one that was reached).
class CgroupRunner final : public Runner {
public:
    CgroupRunner(std::filesystem::path memory, std::filesystem::path cpuacct)
        : m_memory(std::move(memory)), m_cpuacct(std::move(cpuacct)) {}
    ProcessResult run(ProcessSpec spec, const std::vector<Mount>&) const override;
    void prepare_writable(const std::filesystem::path&) const override {}
    std::filesystem::path share(const std::filesystem::path& src, const std::filesystem::path&) const override {
        return src;
    }

private:
    std::filesystem::path m_memory, m_cpuacct;
};

}  // namespace judge
