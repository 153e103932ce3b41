// The bubblewrap tier: see the theory of operation in sandbox/sandbox.hpp.
#include <unistd.h>

#include <algorithm>

#include "core/errors.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/seccomp.hpp"
#include "sandbox/uid_lease.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// Rewrites a host path under one of the mounts to its path inside the box.
std::string inside_path(const std::string& arg, const std::vector<Mount>& mounts) {
    for (const Mount& m : mounts) {
        if (m.outside.empty()) continue;
        const std::string out = m.outside.string();
        if (arg == out) return m.inside;
        if (arg.size() > out.size() && arg.compare(0, out.size(), out) == 0 && arg[out.size()] == '/') {
            return m.inside + arg.substr(out.size());
        }
    }
    return arg;
}

class BubblewrapSandbox final : public Sandbox {
public:
    BubblewrapSandbox(SandboxProbe probe, std::shared_ptr<UidLease> lease)
        : Sandbox(std::move(probe), std::move(lease)) {}

    std::unique_ptr<Sandbox> for_one_box() const override {
        return std::make_unique<BubblewrapSandbox>(m_probe, lease_for_box());
    }

    ProcessResult run(ProcessSpec spec, const std::vector<Mount>& given) const override {
        // A box of tests gets one cgroup, in which the judge (root, v1) makes each test's own
        // before the box starts; the box sees them at /cgroup and may only join them.
        const RunCgroup cg(m_probe.cgroups, max_processes, spec.runner.group_memory_mb);
        std::vector<Mount> mounts = given;
        bool per_test = !spec.runner.test_cgroups.empty() && m_probe.cgroups.version == 1 && m_probe.uid == 0;
        for (const std::string& name : spec.runner.test_cgroups)
            per_test = per_test && cg.add_test(name, spec.runner.test_memory_mb, m_uid);
        if (per_test) {
            mounts.push_back({cg.memory_dir(), box_memory_cgroup, true});
            if (!cg.cpuacct_dir().empty()) mounts.push_back({cg.cpuacct_dir(), box_cpuacct_cgroup, true});
        }
        const SeccompPipe filter;
        spec.argv = bwrap_command(m_probe, spec, mounts);
        add_seccomp(spec, filter);
        // bwrap stays in the box as its pid 1, whose command line every process there can read: the
        // options (the mounts name each test's secret input folder) go through --args instead.
        const auto dashes = std::find(spec.argv.begin(), spec.argv.end(), "--");
        std::string options;
        for (auto it = spec.argv.begin() + 1; it != dashes; ++it) options += *it + '\0';
        const MemFile args("judge-bwrap-args", options);
        std::vector<std::string> argv = {spec.argv[0], "--args", std::to_string(args.fd())};
        argv.insert(argv.end(), dashes, spec.argv.end());
        spec.argv = std::move(argv);
        spec.inherit_fds.push_back(args.fd());
        spec.env.clear();
        spec.clear_env = true;
        drop_root(spec);
        spec.join_cgroups = cg.procs_files();
        spec.cpu_usage_file = cg.cpu_usage_file();
        ProcessResult r = run_process(spec);
        r.oom_kills = cg.oom_kills();
        r.memory_at_limit = cg.memory_at_limit();
        reap_adopted_zombies();
        // bwrap reports a child killed by a signal as exit code 128 + signal.
        if (!r.timed_out && r.signal == 0 && r.exit_code > 128 && r.exit_code < 128 + 65) {
            r.signal = r.exit_code - 128;
            r.exit_code = -1;
        }
        return r;
    }
};

}  // namespace

std::vector<std::string> bwrap_base(const SandboxProbe& p, long long tmp_mb) {
    std::vector<std::string> a = {p.bwrap_path,
                                  "--unshare-all",
                                  "--unshare-user",
                                  "--disable-userns",
                                  "--die-with-parent",
                                  "--new-session",
                                  "--cap-drop",
                                  "ALL",
                                  "--clearenv",
                                  "--setenv",
                                  "PATH",
                                  "/usr/bin:/bin",
                                  "--setenv",
                                  "LC_ALL",
                                  "C",
                                  "--setenv",
                                  "HOME",
                                  "/tmp",
                                  "--ro-bind",
                                  "/usr",
                                  "/usr"};
    // Debian 12 and most current systems have /lib -> usr/lib and so on; older ones have real folders.
    for (const char* d : {"/lib", "/lib64", "/lib32", "/bin", "/sbin"}) {
        std::error_code ec;
        if (fs::is_symlink(d, ec)) {
            a.insert(a.end(), {"--symlink", fs::read_symlink(d, ec).string(), d});
        } else if (fs::is_directory(d, ec)) {
            a.insert(a.end(), {"--ro-bind", d, d});
        }
    }
    // Debian reaches BLAS and LAPACK (NumPy's, torch's) through /etc/alternatives: read-only.
    if (std::error_code ec; fs::is_directory("/etc/alternatives", ec))
        a.insert(a.end(), {"--ro-bind", "/etc/alternatives", "/etc/alternatives"});
    // The box's own tmpfs mounts have a size (their pages count against its memory cgroup too).
    a.insert(a.end(),
             {"--proc", "/proc", "--dev", "/dev", "--size", std::to_string(Sandbox::shm_mb << 20), "--tmpfs",
              "/dev/shm", "--size", std::to_string((tmp_mb > 0 ? tmp_mb : Sandbox::tmp_mb) << 20), "--tmpfs", "/tmp"});
    return a;
}

void add_seccomp(ProcessSpec& spec, const SeccompPipe& filter) {
    // bwrap reads the program from the descriptor and installs it just before it execs the command.
    const auto pos = std::find(spec.argv.begin(), spec.argv.end(), "--");
    spec.argv.insert(pos, {"--seccomp", std::to_string(filter.fd())});
    spec.inherit_fds.push_back(filter.fd());
}

std::vector<std::string> bwrap_command(const SandboxProbe& probe, const ProcessSpec& spec,
                                       const std::vector<Mount>& mounts) {
    std::vector<std::string> argv = bwrap_base(probe, spec.runner.tmp_mb);
    for (const Mount& m : mounts) {
        if (m.outside.empty())  // an empty folder that can be crossed but not listed (the box's /in)
            argv.insert(argv.end(), {"--perms", "0111", "--dir", m.inside});
        else
            argv.insert(argv.end(), {m.writable ? "--bind" : "--ro-bind", m.outside.string(), m.inside});
    }
    // bwrap's own root and /dev are tmpfs folders the box's user owns, of no fixed size: read-only.
    argv.insert(argv.end(), {"--remount-ro", "/", "--remount-ro", "/dev"});
    // A value that names a mounted path (a compiler's TMPDIR) names it as the box sees it.
    for (const auto& [k, v] : spec.env) argv.insert(argv.end(), {"--setenv", k, inside_path(v, mounts)});
    argv.insert(argv.end(), {"--chdir", inside_path(spec.cwd.string(), mounts), "--"});
    for (const std::string& a : spec.argv) argv.push_back(inside_path(a, mounts));
    return argv;
}

std::unique_ptr<Sandbox> make_bubblewrap_sandbox(SandboxProbe probe) {
    return std::make_unique<BubblewrapSandbox>(std::move(probe), nullptr);
}

}  // namespace judge
