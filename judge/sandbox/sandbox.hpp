// judge/sandbox/sandbox.hpp: where untrusted code (a submission's compile and its test runs) runs.
//
// Theory of operation. The judge (trusted) never runs student code in its own process. For each
// compile and each box of tests it asks a Sandbox (a Runner, process/runner.hpp) to run one
// command. make_sandbox picks the strongest tier the machine offers, once per command; the caller
// passes that object to whoever runs untrusted code.
//
//   bubblewrap  bwrap makes new user, pid, network, ipc, uts and cgroup namespaces, drops every
//               capability, and shows the command only /usr (read-only), a fresh /proc, /dev and
//               /tmp, and the mounts the caller names (the box read-write; inputs, headers and the
//               harness object read-only). When the judge runs as root it first drops to uid
//               65534, so that RLIMIT_NPROC binds and root's powers never reach inside. Where
//               cgroups are writable, each run also gets its own with pids.max and a memory
//               limit (process/cgroup.hpp); a box of tests gets one that its runner divides.
//   fallback    no usable bwrap: rlimits, a new process group, the same timer, a clean
//               environment, and the judge as child subreaper so that orphans are killed too.
//               Where the kernel has Landlock, the box writes only its own folders and cannot
//               open the places anyone may write (/tmp, /dev/shm: sandbox/landlock.hpp). It is
//               NOT isolated: the program can read what the judge's user (or, as root, the box's
//               uid) can, and it shares the host's processes, network namespace and page cache.
//
// In both tiers the wall-clock timer and the final kill are run_process's (process/process.hpp):
// killing bwrap ends its pid namespace, and with it every process the submission started.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "process/cgroup.hpp"
#include "process/runner.hpp"
#include "sandbox/uid_lease.hpp"

namespace judge {

enum class Tier { bubblewrap, fallback };

/// What the machine offers; `judge doctor` prints it.
struct SandboxProbe {
    std::string bwrap_path;  // "" when not installed
    bool bwrap_works = false;
    std::string bwrap_error;  // why it does not work
    bool user_namespaces = false;
    CgroupPlace cgroups;  // where per-run cgroups go (pids, memory)
    unsigned uid = 0;
    Tier tier = Tier::fallback;
    std::string forced;                        // set when JUDGE_SANDBOX chose the tier
    int landlock_abi = 0;                      // the fallback tier's rules for files (sandbox/landlock.hpp); 0 = none
    std::string landlock_error;                // why there is none
    std::vector<std::string> landlock_closed;  // the host's places it closes to a box (/tmp, /dev/shm, ...)
};

/// A size-limited tmpfs mounted over a folder for as long as it lives (Sandbox::bound_writable).
class BoundedDir {
public:
    explicit BoundedDir(std::filesystem::path dir) : m_dir(std::move(dir)) {}
    ~BoundedDir();
    BoundedDir(const BoundedDir&) = delete;
    BoundedDir& operator=(const BoundedDir&) = delete;

private:
    std::filesystem::path m_dir;
};

/// A sandbox tier: the Runner for untrusted code.
class Sandbox : public Runner {
public:
    /// The uid a box runs as when the judge is root and no uid was leased (validate, run).
    static constexpr int box_uid = 65534;

    /// Processes one box may have at once (pids.max, and RLIMIT_NPROC for the dropped uid).
    static constexpr int max_processes = 64;

    /// The sizes of the box's own tmpfs mounts (bubblewrap tier): /tmp (unless ProcessSpec::runner.tmp_mb
    /// says otherwise) and /dev/shm. Everything else in the box is read-only while tests run, but
    /// for the tests' output folder.
    static constexpr long long tmp_mb = 256;
    static constexpr long long shm_mb = 16;

    Tier tier() const { return m_probe.tier; }
    const char* name() const { return m_probe.tier == Tier::bubblewrap ? "bubblewrap" : "fallback"; }

    /// The one-line warning to print when the run is not isolated; "" in the bubblewrap tier.
    std::string warning() const;

    /// Why the fallback tier was chosen (JUDGE_SANDBOX, or bwrap's failure); "" in the bubblewrap tier.
    std::string fallback_reason() const;

    /// This tier for one box (one submission's compile and tests): when the judge is root, it runs
    /// as an unprivileged uid that no other box on the machine uses meanwhile (UidLease). Keep it
    /// for the box's whole life. Elsewhere, the same tier as it is.
    virtual std::unique_ptr<Sandbox> for_one_box() const = 0;

    /// Makes `dir` writable by the box's uid (a chown, when the judge is root).
    void prepare_writable(const std::filesystem::path& dir) const override;

    /// Makes the folder `parent`/`name` (a test's output folder) for the box's uid, mode 0700: with
    /// mkdirat and fchownat relative to `parent`, never following a link. Throws JudgeFailure.
    void make_box_folder(const std::filesystem::path& parent, const std::string& name) const;

    /// Makes `dir` (a box's output folder) writable by the box, and bounds what can be written in
    /// it: when the judge is root, a tmpfs of `mb` MB owned by the box's uid is mounted over it until
    /// the result dies. Otherwise (nullptr) only the per-file and per-process limits bound it.
    std::unique_ptr<BoundedDir> bound_writable(const std::filesystem::path& dir, long long mb) const;

    /// A copy of the program `exe` that the box may execute but not read (when the judge is root:
    /// root-owned, mode 0711, in `box/.judge/`): a process started from it is not dumpable, so the
    /// box's other processes cannot open its /proc/<pid>/fd, environ or memory. Otherwise `exe`.
    std::filesystem::path exec_only(const std::filesystem::path& exe, const std::filesystem::path& box) const;

    /// When the judge is root, untrusted code runs as an unprivileged uid that cannot reach root's
    /// cache, so `src` is hard-linked (or copied, across file systems) into `box/.judge/`,
    /// root-owned and read-only to the box. Otherwise `src` itself.
    std::filesystem::path share(const std::filesystem::path& src, const std::filesystem::path& box) const override;

protected:
    /// Makes the judge the child subreaper: it adopts whatever a run leaves behind (in the
    /// fallback tier, orphans that escaped the process group; in the bubblewrap tier, bwrap's
    /// exiting processes, which count against the box user's process limit until reaped).
    /// `lease` (or box_uid without one) is the uid commands run as when the judge is root.
    Sandbox(SandboxProbe probe, std::shared_ptr<UidLease> lease);

    /// A new lease when the judge is root; nullptr otherwise.
    std::shared_ptr<UidLease> lease_for_box() const;

    /// Drops `spec` to the box's uid, with its process limit, when the judge is root: no tier runs
    /// a submission as root.
    void drop_root(ProcessSpec& spec) const;

    SandboxProbe m_probe;
    std::shared_ptr<UidLease> m_lease;  // held for the box's life
    int m_uid;
};

/// As root, moves the judge into a mount namespace of its own (propagation from the host only), so
/// that the boxes' tmpfs mounts (Sandbox::bound_writable) disappear with the judge however it
/// ends, Ctrl-C and kill -9 included. Call before any thread starts; elsewhere a no-op.
void private_mount_namespace();

/// Probes the machine (runs bwrap once). JUDGE_SANDBOX=fallback forces the fallback tier;
/// JUDGE_SANDBOX=bubblewrap makes an unusable bwrap a JudgeFailure instead of a fallback.
SandboxProbe probe_sandbox();

/// The sandbox of the tier `probe` chose.
std::unique_ptr<Sandbox> make_sandbox(SandboxProbe probe);

/// The doctor's report: what the machine offers and which tier `submit` will use.
std::string doctor_report(const SandboxProbe& p);

/// The bwrap command line that runs `spec` with `mounts`: every argv element and the cwd that lie
/// under a mount's outside path are rewritten to its inside path. Exposed for tests.
std::vector<std::string> bwrap_command(const SandboxProbe& probe, const ProcessSpec& spec,
                                       const std::vector<Mount>& mounts);

/// bwrap's fixed part: namespaces, capabilities, a clean environment and the read-only system.
/// `tmp_mb` is the size of the box's /tmp (0: Sandbox::tmp_mb).
std::vector<std::string> bwrap_base(const SandboxProbe& probe, long long tmp_mb = 0);

class SeccompPipe;

/// Adds `--seccomp FD` before the `--` of a bwrap command, and keeps FD open for bwrap.
void add_seccomp(ProcessSpec& spec, const SeccompPipe& filter);

std::unique_ptr<Sandbox> make_bubblewrap_sandbox(SandboxProbe probe);
std::unique_ptr<Sandbox> make_fallback_sandbox(SandboxProbe probe);

}  // namespace judge
