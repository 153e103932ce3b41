// Probing the machine for the sandbox tiers, and the doctor's report.
#include "sandbox/sandbox.hpp"

#include <unistd.h>

#include <fmt/core.h>
#include <cstdlib>
#include <fstream>

#include "core/errors.hpp"
#include "process/process.hpp"
#include "sandbox/landlock.hpp"
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

}  // namespace

SandboxProbe probe_sandbox() {
    SandboxProbe p;
    p.uid = ::getuid();
    const std::string max_ns = read_small("/proc/sys/user/max_user_namespaces");
    p.user_namespaces = !max_ns.empty() && max_ns != "0";
    p.cgroups = probe_cgroups();
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
            throw InputError("--sandbox (JUDGE_SANDBOX): expected bubblewrap or fallback, got \"" + f + "\"");
        }
    }
    // The fallback tier's rules for files; the walk of the host for them only where they apply.
    p.landlock_abi = landlock_abi(&p.landlock_error);
    if (p.tier == Tier::fallback && p.landlock_abi > 0)
        for (const fs::path& place : landlock_closed_places()) p.landlock_closed.push_back(place.string());
    return p;
}

std::string doctor_report(const SandboxProbe& p) {
    std::string s;
    s +=
        fmt::format("bubblewrap:       {}\n",
                    p.bwrap_path.empty() ? "not installed" : (p.bwrap_works ? "works" : "installed but does not work"));
    if (!p.bwrap_error.empty()) s += fmt::format("                  {}\n", p.bwrap_error);
    // The kernel's setting alone does not say a process may make one: a container's seccomp
    // profile (Docker's refuses unshare and clone with a namespace flag) is the usual "no".
    s += fmt::format("user namespaces:  {}\n",
                     !p.user_namespaces ? "disabled (/proc/sys/user/max_user_namespaces is 0)"
                     : p.bwrap_works || p.bwrap_path.empty()
                         ? "enabled"
                         : "allowed by the kernel, but bubblewrap could not use them here (above: a container's "
                           "seccomp\n                  profile or its masked /proc refuses them)");
    s += fmt::format("cgroups:          {}\n", p.cgroups.description);
    const UidRange range = box_uid_range();
    s += fmt::format("uid:              {}{}\n", p.uid,
                     p.uid == 0 ? fmt::format(" (root: each box drops to a uid of its own, {}-{})", range.first,
                                              range.first + range.count - 1)
                                : "");
    s += fmt::format("fork bombs:       {}\n",
                     !p.cgroups.pids.empty() ? fmt::format("pids.max {} per run (cgroup)", Sandbox::max_processes)
                     : p.uid == 0 && p.tier == Tier::bubblewrap
                         ? fmt::format("RLIMIT_NPROC {} for each box's uid", Sandbox::max_processes)
                         : "bounded only by the wall-clock timer");
    s += fmt::format("memory:           {}\n", p.cgroups.memory.empty()
                                                   ? "RLIMIT_AS per process only (no writable memory cgroup)"
                                               : p.cgroups.version == 1 && p.uid == 0
                                                   ? "a cgroup per box, and one per test inside it (memory_mb)"
                                                   : "a cgroup per run (per box of tests in the bubblewrap tier)");
    s += fmt::format("cpu:              {}\n",
                     p.cgroups.cpuacct.empty()
                         ? "each process's own CPU time; no cpu cgroup, so no fair share between boxes"
                         : "an equal share per run, and each test's CPU time from its cgroup (children too)");
    s += "seccomp:          ptrace, mounts, new namespaces, keyrings, bpf, perf events, userfaultfd, io_uring\n"
         "                  and sockets other than AF_UNIX refused, in both tiers\n";
    if (p.tier == Tier::fallback) {
        std::string closed;
        for (const std::string& place : p.landlock_closed) closed += (closed.empty() ? "" : ", ") + place;
        s += fmt::format("files:            {}\n",
                         p.landlock_abi > 0
                             ? fmt::format("Landlock ABI {}: a box writes only its own folders, and cannot open {}",
                                           p.landlock_abi, closed.empty() ? "(no folder anyone may write)" : closed)
                             : "no Landlock (" + p.landlock_error +
                                   "):\n                  a box may leave files in /tmp and /dev/shm for the next");
    }
    s += fmt::format("tier:             {}{}\n",
                     p.tier == Tier::bubblewrap ? "bubblewrap (isolated)" : "fallback (NOT isolated)",
                     p.forced.empty() ? "" : " (" + p.forced + ")");
    // What a grade under a secret (--seed-from-env) gets here (cli/output.hpp's check_isolation).
    s += fmt::format(
        "secret grading:   {}\n",
        p.tier == Tier::bubblewrap ? "yes: each box sees only its own folders, never the cache, course or secret"
        : p.uid == 0 ? "yes, as root: each box runs as a uid of its own, and the cache is root's alone (0700); the\n"
                       "                  box can still read what any user may: the page cache, and the course "
                       "unless it is root's alone"
                     : "refused: a submission would run as this user and could read the secret, the cache and "
                       "the\n                  course (allow user namespaces, or run the judge as root)");
    return s;
}

}  // namespace judge
