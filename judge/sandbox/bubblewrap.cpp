// The bubblewrap tier: see the theory of operation in sandbox/sandbox.hpp.
#include <unistd.h>

#include "core/errors.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/uid_lease.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// Rewrites a host path under one of the mounts to its path inside the box.
std::string inside_path(const std::string& arg, const std::vector<Mount>& mounts) {
    for (const Mount& m : mounts) {
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
    explicit BubblewrapSandbox(SandboxProbe probe, std::shared_ptr<UidLease> lease = nullptr)
        : Sandbox(std::move(probe)), m_lease(std::move(lease)), m_uid(m_lease ? m_lease->uid() : box_uid) {}

    std::unique_ptr<Sandbox> for_one_box() const override {
        if (m_probe.uid != 0) return std::make_unique<BubblewrapSandbox>(m_probe);
        return std::make_unique<BubblewrapSandbox>(m_probe, UidLease::acquire(box_uid_range(), "/run/judge-box-uids"));
    }

    ProcessResult run(ProcessSpec spec, const std::vector<Mount>& mounts) const override {
        spec.argv = bwrap_command(m_probe, spec, mounts);
        spec.env.clear();
        spec.clear_env = true;
        if (m_probe.uid == 0) {
            spec.run_as_uid = m_uid;
            spec.max_processes = max_processes;
        }
        const RunCgroup cg(m_probe.pids_cgroup_parent, max_processes);
        spec.join_cgroup = cg.procs_file();
        ProcessResult r = run_process(spec);
        reap_adopted_zombies();
        // bwrap reports a child killed by a signal as exit code 128 + signal.
        if (!r.timed_out && r.signal == 0 && r.exit_code > 128 && r.exit_code < 128 + 65) {
            r.signal = r.exit_code - 128;
            r.exit_code = -1;
        }
        return r;
    }

    // Hands `dir` to the box's uid when the judge is root.
    void prepare_writable(const fs::path& dir) const override {
        if (m_probe.uid == 0 && ::chown(dir.c_str(), static_cast<uid_t>(m_uid), static_cast<gid_t>(m_uid)) != 0) {
            throw JudgeFailure("cannot hand " + dir.string() + " to uid " + std::to_string(m_uid));
        }
    }

    // When the box runs as uid 65534 it cannot reach root's cache, so `src` is hard-linked (or
    // copied, across file systems) into `box/.judge/`, root-owned and read-only to the box.
    fs::path share(const fs::path& src, const fs::path& box) const override {
        if (m_probe.uid != 0) return src;
        const fs::path dest = box / ".judge" / src.filename();
        if (fs::exists(dest)) return dest;
        fs::create_directories(dest.parent_path());
        const auto place = [](const fs::path& from, const fs::path& to) {
            std::error_code ec;
            fs::create_hard_link(from, to, ec);
            if (ec) fs::copy_file(from, to, fs::copy_options::overwrite_existing);
        };
        if (fs::is_directory(src)) {
            fs::create_directories(dest);
            for (const auto& e : fs::recursive_directory_iterator(src)) {
                const fs::path to = dest / fs::relative(e.path(), src);
                if (e.is_directory())
                    fs::create_directories(to);
                else if (e.is_regular_file())
                    place(e.path(), to);
            }
        } else {
            place(src, dest);
        }
        return dest;
    }

private:
    std::shared_ptr<UidLease> m_lease;  // held for the box's life
    int m_uid;
};

}  // namespace

std::vector<std::string> bwrap_base(const SandboxProbe& p) {
    std::vector<std::string> a = {
        p.bwrap_path, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL", "--clearenv",
        "--setenv",   "PATH",          "/usr/bin:/bin",     "--setenv",      "LC_ALL",     "C",   "--setenv",
        "HOME",       "/tmp",          "--ro-bind",         "/usr",          "/usr"};
    // Debian 12 and most current systems have /lib -> usr/lib and so on; older ones have real folders.
    for (const char* d : {"/lib", "/lib64", "/lib32", "/bin", "/sbin"}) {
        std::error_code ec;
        if (fs::is_symlink(d, ec)) {
            a.insert(a.end(), {"--symlink", fs::read_symlink(d, ec).string(), d});
        } else if (fs::is_directory(d, ec)) {
            a.insert(a.end(), {"--ro-bind", d, d});
        }
    }
    a.insert(a.end(), {"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"});
    return a;
}

std::vector<std::string> bwrap_command(const SandboxProbe& probe, const ProcessSpec& spec,
                                       const std::vector<Mount>& mounts) {
    std::vector<std::string> argv = bwrap_base(probe);
    for (const Mount& m : mounts)
        argv.insert(argv.end(), {m.writable ? "--bind" : "--ro-bind", m.outside.string(), m.inside});
    for (const auto& [k, v] : spec.env) argv.insert(argv.end(), {"--setenv", k, v});
    argv.insert(argv.end(), {"--chdir", inside_path(spec.cwd.string(), mounts), "--"});
    for (const std::string& a : spec.argv) argv.push_back(inside_path(a, mounts));
    return argv;
}

std::unique_ptr<Sandbox> make_bubblewrap_sandbox(SandboxProbe probe) {
    return std::make_unique<BubblewrapSandbox>(std::move(probe));
}

}  // namespace judge
