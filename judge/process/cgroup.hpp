// judge/process/cgroup.hpp: a cgroup per run, for the limits that must hold over a group of
// processes rather than each one: the number of processes (pids) and memory.
//
// Theory of operation. probe_cgroups finds where the judge may create cgroups: cgroup v1 (one
// hierarchy per controller, /sys/fs/cgroup/pids and /sys/fs/cgroup/memory) or v2 (one hierarchy
// whose root enables controllers for its children). A RunCgroup is created before a run, the child
// joins it between fork and exec (ProcessSpec::join_cgroups), and its destructor kills whatever is
// left in it and removes it. The memory limit covers every process of the run and the tmpfs pages
// they write; when it is reached the kernel's OOM killer sends SIGKILL, and oom_kills() counts it.
//
// Delegation (v1 only): in the bubblewrap tier one cgroup holds a whole box. Its folder is handed
// to the box's uid and mounted in the box, where the test runner creates one child cgroup per test
// (a CgroupRunner) with the test's own memory limit. The box's own limit files stay root's, so
// nothing in the box can raise the total. In v2, a cgroup namespace would confine the runner to its
// own leaf, so there the box is limited as a whole only.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include "process/runner.hpp"

namespace judge {

/// Where a delegated memory cgroup appears inside a box.
inline constexpr const char* delegated_memory_cgroup = "/cgroup/memory";

/// Where per-run cgroups may be created. Empty paths: that controller is not available.
struct CgroupPlace {
    int version = 0;               // 1 or 2; 0 when none is writable
    std::filesystem::path pids;    // parent folder for pids cgroups
    std::filesystem::path memory;  // parent folder for memory cgroups (v2: the same as pids)
    std::string description;       // for `judge doctor`
};

/// Looks at /sys/fs/cgroup.
CgroupPlace probe_cgroups();

class RunCgroup {
public:
    /// Creates the cgroup(s) under `place`: pids.max = max_processes (0: no pids cgroup) and a
    /// memory limit of memory_mb (0: no memory cgroup; swap is not allowed to extend it). With
    /// delegate_uid >= 0, the folders are handed to that uid (v1) so that it can create children.
    RunCgroup(const CgroupPlace& place, int max_processes, long long memory_mb, int delegate_uid = -1);
    ~RunCgroup();
    RunCgroup(const RunCgroup&) = delete;
    RunCgroup& operator=(const RunCgroup&) = delete;

    /// The cgroup.procs files a child writes itself into (none when there is no cgroup).
    std::vector<std::string> procs_files() const;

    /// The memory cgroup's folder ("" when there is none): what delegation mounts in the box.
    const std::filesystem::path& memory_dir() const { return m_memory; }

    /// How many processes the OOM killer has killed in this cgroup and its children so far.
    long oom_kills() const;

private:
    int m_version = 0;
    std::filesystem::path m_pids;
    std::filesystem::path m_memory;
};

/// Reads the OOM kill count of the memory cgroup at `dir` (v1 memory.oom_control or v2
/// memory.events); 0 when it cannot.
long read_oom_kills(const std::filesystem::path& dir);

/// Runs trusted or already-boxed code as PlainRunner does, each run in a child memory cgroup of
/// `place` limited to ProcessSpec::group_memory_mb: the in-box test runner's Runner when the box's
/// cgroup was delegated. ProcessResult::oom_kills counts this run's OOM kills, and also the box's
/// while the run lasted (the box's total limit may be the one that was reached).
class CgroupRunner final : public Runner {
public:
    CgroupRunner(CgroupPlace place, std::filesystem::path box_memory)
        : m_place(std::move(place)), m_box(std::move(box_memory)) {}
    ProcessResult run(ProcessSpec spec, const std::vector<Mount>&) const override;
    void prepare_writable(const std::filesystem::path&) const override {}
    std::filesystem::path share(const std::filesystem::path& src, const std::filesystem::path&) const override {
        return src;
    }

private:
    CgroupPlace m_place;
    std::filesystem::path m_box;
};

}  // namespace judge
