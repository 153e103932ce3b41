// Probing the machine for the sandbox tiers, and the doctor's report.
#include "sandbox/sandbox.hpp"

#include <unistd.h>

#include <fmt/core.h>
#include <cstdlib>
#include <fstream>

#include "core/errors.hpp"
#include "process/process.hpp"
#include "sandbox/seccomp.hpp"
#include "sandbox/uid_lease.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

std::string read_small(const fs::path& p) {
    std::ifstream in(p);
    std::string s;
    std::getline(in, s);
    return s;
}

bool writable_dir(const fs::path& p) { return ::access(p.c_str(), W_OK) == 0; }

// Finds a pids cgroup we can create children in: v1 (/sys/fs/cgroup/pids) or v2 (a unified
// hierarchy whose root enables the pids controller for its children).
void probe_cgroup(SandboxProbe& p) {
    const fs::path v1 = "/sys/fs/cgroup/pids";
    std::error_code ec;
    if (fs::exists(v1 / "cgroup.procs", ec)) {
        p.cgroup = "v1 pids controller at " + v1.string();
        if (writable_dir(v1)) {
            p.pids_cgroup_parent = v1;
            p.cgroup += ", writable";
        } else {
            p.cgroup += ", not writable";
        }
        return;
    }
    const fs::path v2 = "/sys/fs/cgroup";
    if (fs::exists(v2 / "cgroup.controllers", ec)) {
        const std::string enabled = read_small(v2 / "cgroup.subtree_control");
        p.cgroup = "v2 at " + v2.string();
        if (enabled.find("pids") != std::string::npos && writable_dir(v2)) {
            p.pids_cgroup_parent = v2;
            p.cgroup += ", pids enabled for children, writable";
        } else {
            p.cgroup +=
                enabled.find("pids") == std::string::npos ? ", pids not enabled for children" : ", not writable";
        }
        return;
    }
    p.cgroup = "none found";
}

}  // namespace

SandboxProbe probe_sandbox() {
    SandboxProbe p;
    p.uid = ::getuid();
    const std::string max_ns = read_small("/proc/sys/user/max_user_namespaces");
    p.user_namespaces = !max_ns.empty() && max_ns != "0";
    probe_cgroup(p);
    if (find_in_path("bwrap")) {
        p.bwrap_path = "bwrap";
        // Try exactly what a real run does, with the uid drop when root.
        TempDir tmp("judge-probe");
        ProcessSpec ps;
        ps.argv = bwrap_base(p);
        ps.argv.insert(ps.argv.end(), {"--", "/usr/bin/true"});
        const SeccompPipe filter;
        add_seccomp(ps, filter);
        ps.cwd = tmp.path();
        ps.stderr_path = tmp.path() / "err";
        ps.wall_limit = std::chrono::seconds(10);
        if (p.uid == 0) ps.run_as_uid = Sandbox::box_uid;
        const ProcessResult r = run_process(ps);
        p.bwrap_works = r.started && !r.timed_out && r.exit_code == 0;
        if (!p.bwrap_works) {
            std::string err = read_head(tmp.path() / "err", 400);
            while (!err.empty() && err.back() == '\n') err.pop_back();
            p.bwrap_error = r.start_error.empty() ? (err.empty() ? "exit code " + std::to_string(r.exit_code) : err)
                                                  : r.start_error;
        }
    } else {
        p.bwrap_error = "bwrap is not installed (Debian package bubblewrap)";
    }
    p.tier = p.bwrap_works ? Tier::bubblewrap : Tier::fallback;
    if (const char* forced = std::getenv("JUDGE_SANDBOX"); forced != nullptr && *forced != '\0') {
        const std::string f = forced;
        if (f == "fallback") {
            p.tier = Tier::fallback;
            p.forced = "JUDGE_SANDBOX=fallback";
        } else if (f == "bubblewrap") {
            if (!p.bwrap_works)
                throw JudgeFailure("JUDGE_SANDBOX=bubblewrap, but bubblewrap does not work here: " + p.bwrap_error);
            p.forced = "JUDGE_SANDBOX=bubblewrap";
        } else {
            throw InputError("JUDGE_SANDBOX: expected bubblewrap or fallback, got \"" + f + "\"");
        }
    }
    return p;
}

std::string doctor_report(const SandboxProbe& p) {
    std::string s;
    s +=
        fmt::format("bubblewrap:       {}\n",
                    p.bwrap_path.empty() ? "not installed" : (p.bwrap_works ? "works" : "installed but does not work"));
    if (!p.bwrap_error.empty()) s += fmt::format("                  {}\n", p.bwrap_error);
    s += fmt::format("user namespaces:  {}\n",
                     p.user_namespaces ? "enabled" : "disabled (/proc/sys/user/max_user_namespaces is 0)");
    s += fmt::format("cgroups:          {}\n", p.cgroup);
    const UidRange range = box_uid_range();
    s += fmt::format("uid:              {}{}\n", p.uid,
                     p.uid == 0 ? fmt::format(" (root: each box drops to a uid of its own, {}-{})", range.first,
                                              range.first + range.count - 1)
                                : "");
    s += fmt::format("fork bombs:       {}\n",
                     !p.pids_cgroup_parent.empty() ? fmt::format("pids.max {} per run (cgroup)", Sandbox::max_processes)
                     : p.uid == 0 && p.tier == Tier::bubblewrap
                         ? fmt::format("RLIMIT_NPROC {} for each box's uid", Sandbox::max_processes)
                         : "bounded only by the wall-clock timer");
    s += "seccomp:          ptrace, mounts, new namespaces, keyrings, bpf, perf events, userfaultfd, io_uring\n"
         "                  and sockets other than AF_UNIX refused, in both tiers\n";
    s += fmt::format("tier:             {}{}\n",
                     p.tier == Tier::bubblewrap ? "bubblewrap (isolated)" : "fallback (NOT isolated)",
                     p.forced.empty() ? "" : " (" + p.forced + ")");
    return s;
}

}  // namespace judge
