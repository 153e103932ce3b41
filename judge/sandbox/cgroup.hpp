// judge/sandbox/cgroup.hpp: a per-run pids cgroup, so that one box cannot fork past its limit.
#pragma once

#include <filesystem>
#include <string>

namespace judge {

/// Created before a run under `parent` (nothing when `parent` is empty or not writable), with
/// pids.max set; on destruction every process still in it is killed and the cgroup removed.
class RunCgroup {
public:
    RunCgroup(const std::filesystem::path& parent, int max_processes);
    ~RunCgroup();
    RunCgroup(const RunCgroup&) = delete;
    RunCgroup& operator=(const RunCgroup&) = delete;

    /// The cgroup.procs file a child writes itself into; "" when there is no cgroup.
    std::string procs_file() const { return m_dir.empty() ? "" : (m_dir / "cgroup.procs").string(); }

private:
    std::filesystem::path m_dir;
};

}  // namespace judge
