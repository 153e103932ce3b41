// judge/sandbox/sandbox.hpp: where untrusted code (a submission's compile and its test runs) runs.
//
// Theory of operation. The judge (trusted) never runs student code in its own process. For each
// compile and each test it asks the Sandbox to run one command. The Sandbox picks the strongest
// tier the machine offers, once per judge process:
//
//   bubblewrap  bwrap makes new user, pid, network, ipc, uts and cgroup namespaces, drops every
//               capability, and shows the command only /usr (read-only), a fresh /proc, /dev and
//               /tmp, and the mounts the caller names (the box read-write; inputs, headers and the
//               harness object read-only). When the judge runs as root it first drops to uid
//               65534, so that RLIMIT_NPROC binds and root's powers never reach inside. Where a
//               pids cgroup (v1 or v2) is writable, each run also gets its own with pids.max.
//   fallback    no usable bwrap: rlimits, a new process group, the same timer, a clean
//               environment, and the judge as child subreaper so that orphans are killed too.
//               It is NOT isolated: the program can read and write what the judge's user can.
//
// In both tiers the wall-clock timer and the final kill are run_process's (run/process.hpp):
// killing bwrap ends its pid namespace, and with it every process the submission started.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "run/process.hpp"

namespace judge {

enum class Tier { bubblewrap, fallback };

/// A host path shown inside the box at `inside`.
struct Mount {
    std::filesystem::path outside;
    std::string inside;
    bool writable = false;
};

/// What the machine offers; `judge doctor` prints it.
struct SandboxProbe {
    std::string bwrap_path;      // "" when not installed
    bool bwrap_works = false;
    std::string bwrap_error;     // why it does not work
    bool user_namespaces = false;
    std::string cgroup;          // e.g. "v1 pids controller at /sys/fs/cgroup/pids, writable"
    std::filesystem::path pids_cgroup_parent;  // where per-run cgroups go; empty when none is writable
    unsigned uid = 0;
    Tier tier = Tier::fallback;
    std::string forced;          // set when JUDGE_SANDBOX chose the tier
};

class Sandbox {
public:
    /// The process-wide sandbox: probes on first use. JUDGE_SANDBOX=fallback forces the fallback
    /// tier; JUDGE_SANDBOX=bubblewrap makes an unusable bwrap an error instead of a fallback.
    static const Sandbox& instance();

    explicit Sandbox(SandboxProbe probe);

    Tier tier() const { return m_probe.tier; }
    const char* name() const { return m_probe.tier == Tier::bubblewrap ? "bubblewrap" : "fallback"; }
    const SandboxProbe& probe() const { return m_probe; }

    /// Runs `spec` in the box. Every argv element and the cwd that lie under a mount's outside path
    /// are rewritten to its inside path (the fallback tier runs them as they are).
    ProcessResult run(ProcessSpec spec, const std::vector<Mount>& mounts) const;

    /// Makes `dir` writable by the box's user (chown to 65534 when the judge is root).
    void prepare_writable(const std::filesystem::path& dir) const;

    /// A path to `src` (a file or a folder of files) that bwrap can mount for `box`. When the box
    /// runs as uid 65534 it cannot reach root's cache, so `src` is hard-linked (or copied, across
    /// file systems) into `box/.judge/`, root-owned and read-only to the box. Otherwise `src` itself.
    std::filesystem::path share(const std::filesystem::path& src, const std::filesystem::path& box) const;

    /// The one-line warning to print when the run is not isolated; "" in the bubblewrap tier.
    std::string warning() const;

    /// The uid the box runs as when the judge is root.
    static constexpr int box_uid = 65534;

    /// Processes one box may have at once (pids.max, and RLIMIT_NPROC for the dropped uid).
    static constexpr int max_processes = 64;

private:
    ProcessResult run_bwrap(ProcessSpec spec, const std::vector<Mount>& mounts) const;
    ProcessResult run_fallback(ProcessSpec spec) const;

    SandboxProbe m_probe;
};

/// Probes the machine (runs bwrap once). Exposed for `judge doctor` and tests.
SandboxProbe probe_sandbox();

/// The doctor's report: what the machine offers and which tier `submit` will use.
std::string doctor_report(const SandboxProbe& p);

}  // namespace judge
