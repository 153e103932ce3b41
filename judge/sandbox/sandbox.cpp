#include "sandbox/sandbox.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fmt/core.h>
#include <fstream>
#include <mutex>
#include <set>
#include <spdlog/spdlog.h>
#include <thread>

#include "util/errors.hpp"
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
            p.cgroup += enabled.find("pids") == std::string::npos ? ", pids not enabled for children" : ", not writable";
        }
        return;
    }
    p.cgroup = "none found";
}

std::vector<std::string> bwrap_base(const SandboxProbe& p) {
    std::vector<std::string> a = {p.bwrap_path, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
                                  "--clearenv", "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "LC_ALL", "C",
                                  "--setenv", "HOME", "/tmp", "--ro-bind", "/usr", "/usr"};
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

// A per-run pids cgroup: created before the run, killed and removed after.
class RunCgroup {
public:
    explicit RunCgroup(const fs::path& parent) {
        if (parent.empty()) return;
        static std::atomic<unsigned> counter{0};
        const fs::path dir = parent / fmt::format("judge-{}-{}", ::getpid(), counter++);
        std::error_code ec;
        if (!fs::create_directory(dir, ec) || ec) return;
        std::ofstream(dir / "pids.max") << Sandbox::max_processes;
        m_dir = dir;
    }
    ~RunCgroup() {
        if (m_dir.empty()) return;
        for (int attempt = 0; attempt < 50; ++attempt) {
            std::ifstream procs(m_dir / "cgroup.procs");
            bool any = false;
            for (long pid; procs >> pid;) {
                ::kill(static_cast<pid_t>(pid), SIGKILL);
                any = true;
            }
            reap_adopted_zombies();
            std::error_code ec;
            if (!any && fs::remove(m_dir, ec)) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        spdlog::warn("could not remove cgroup {}", m_dir.string());
    }
    RunCgroup(const RunCgroup&) = delete;
    RunCgroup& operator=(const RunCgroup&) = delete;
    std::string procs_file() const { return m_dir.empty() ? "" : (m_dir / "cgroup.procs").string(); }

private:
    fs::path m_dir;
};

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
        ps.cwd = tmp.path();
        ps.stderr_path = tmp.path() / "err";
        ps.wall_limit = std::chrono::seconds(10);
        if (p.uid == 0) ps.run_as_uid = Sandbox::box_uid;
        const ProcessResult r = run_process(ps);
        p.bwrap_works = r.started && !r.timed_out && r.exit_code == 0;
        if (!p.bwrap_works) {
            std::string err = read_head(tmp.path() / "err", 400);
            while (!err.empty() && err.back() == '\n') err.pop_back();
            p.bwrap_error = r.start_error.empty() ? (err.empty() ? "exit code " + std::to_string(r.exit_code) : err) : r.start_error;
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
            if (!p.bwrap_works) throw JudgeFailure("JUDGE_SANDBOX=bubblewrap, but bubblewrap does not work here: " + p.bwrap_error);
            p.forced = "JUDGE_SANDBOX=bubblewrap";
        } else {
            throw InputError("JUDGE_SANDBOX: expected bubblewrap or fallback, got \"" + f + "\"");
        }
    }
    return p;
}

std::string doctor_report(const SandboxProbe& p) {
    std::string s;
    s += fmt::format("bubblewrap:       {}\n", p.bwrap_path.empty() ? "not installed" : (p.bwrap_works ? "works" : "installed but does not work"));
    if (!p.bwrap_error.empty()) s += fmt::format("                  {}\n", p.bwrap_error);
    s += fmt::format("user namespaces:  {}\n", p.user_namespaces ? "enabled" : "disabled (/proc/sys/user/max_user_namespaces is 0)");
    s += fmt::format("cgroups:          {}\n", p.cgroup);
    s += fmt::format("uid:              {}{}\n", p.uid, p.uid == 0 ? " (root: the box drops to uid 65534)" : "");
    s += fmt::format("fork bombs:       {}\n",
                     !p.pids_cgroup_parent.empty() ? fmt::format("pids.max {} per run (cgroup)", Sandbox::max_processes)
                     : p.uid == 0 && p.tier == Tier::bubblewrap ? fmt::format("RLIMIT_NPROC {} for uid 65534", Sandbox::max_processes)
                                                                : "bounded only by the wall-clock timer");
    s += fmt::format("tier:             {}{}\n", p.tier == Tier::bubblewrap ? "bubblewrap (isolated)" : "fallback (NOT isolated)",
                     p.forced.empty() ? "" : " (" + p.forced + ")");
    return s;
}

const Sandbox& Sandbox::instance() {
    static const Sandbox box(probe_sandbox());
    return box;
}

Sandbox::Sandbox(SandboxProbe probe) : m_probe(std::move(probe)) {
    // The judge adopts whatever a run leaves behind: in the fallback tier, orphans that escaped the
    // process group; in the bubblewrap tier, bwrap's own exiting processes, which must be reaped at
    // once because they count against the box user's process limit.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
}

std::string Sandbox::warning() const {
    if (m_probe.tier == Tier::bubblewrap) return "";
    return "the submission runs WITHOUT isolation (fallback tier: " +
           (m_probe.forced.empty() ? m_probe.bwrap_error : m_probe.forced) + "); run `judge doctor` for details";
}

void Sandbox::prepare_writable(const fs::path& dir) const {
    if (m_probe.tier == Tier::bubblewrap && m_probe.uid == 0) {
        if (::chown(dir.c_str(), box_uid, box_uid) != 0) throw JudgeFailure("cannot hand " + dir.string() + " to uid 65534");
    }
}

fs::path Sandbox::share(const fs::path& src, const fs::path& box) const {
    if (m_probe.tier != Tier::bubblewrap || m_probe.uid != 0) return src;
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
            if (e.is_directory()) fs::create_directories(to);
            else if (e.is_regular_file()) place(e.path(), to);
        }
    } else {
        place(src, dest);
    }
    return dest;
}

ProcessResult Sandbox::run(ProcessSpec spec, const std::vector<Mount>& mounts) const {
    return m_probe.tier == Tier::bubblewrap ? run_bwrap(std::move(spec), mounts) : run_fallback(std::move(spec));
}

ProcessResult Sandbox::run_bwrap(ProcessSpec spec, const std::vector<Mount>& mounts) const {
    std::vector<std::string> argv = bwrap_base(m_probe);
    for (const Mount& m : mounts) argv.insert(argv.end(), {m.writable ? "--bind" : "--ro-bind", m.outside.string(), m.inside});
    for (const auto& [k, v] : spec.env) argv.insert(argv.end(), {"--setenv", k, v});
    argv.insert(argv.end(), {"--chdir", inside_path(spec.cwd.string(), mounts), "--"});
    for (const std::string& a : spec.argv) argv.push_back(inside_path(a, mounts));
    spec.argv = std::move(argv);
    spec.env.clear();
    spec.clear_env = true;
    if (m_probe.uid == 0) {
        spec.run_as_uid = box_uid;
        spec.max_processes = max_processes;
    }
    const RunCgroup cg(m_probe.pids_cgroup_parent);
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

ProcessResult Sandbox::run_fallback(ProcessSpec spec) const {
    spec.clear_env = true;
    spec.env.insert(spec.env.begin(), {{"PATH", "/usr/bin:/bin"}, {"LC_ALL", "C"}});
    const RunCgroup cg(m_probe.pids_cgroup_parent);
    spec.join_cgroup = cg.procs_file();
    ProcessResult r = run_process(spec);
    kill_adopted_orphans();  // orphans that left the process group with setsid
    return r;
}

}  // namespace judge
