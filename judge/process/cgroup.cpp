#include "process/cgroup.hpp"

#include <signal.h>
#include <unistd.h>

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <atomic>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "process/process.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

bool writable_dir(const fs::path& p) { return ::access(p.c_str(), W_OK) == 0; }

std::string first_line(const fs::path& p) {
    std::ifstream in(p);
    std::string s;
    std::getline(in, s);
    return s;
}

bool write_value(const fs::path& file, const std::string& value) {
    std::ofstream out(file);
    out << value;
    out.flush();
    return static_cast<bool>(out);
}

fs::path make_child(const fs::path& parent) {
    static std::atomic<unsigned> counter{0};
    const fs::path dir = parent / fmt::format("judge-{}-{}", ::getpid(), counter++);
    std::error_code ec;
    if (!fs::create_directory(dir, ec) || ec) return {};
    return dir;
}

// Kills everything in the cgroup at `dir` and removes it.
void remove_cgroup(const fs::path& dir) {
    for (int attempt = 0; attempt < 50; ++attempt) {
        std::error_code ec;
        // Children first (the in-box runner's per-test cgroups, if it was killed before removing them).
        for (const auto& e : fs::directory_iterator(dir, ec))
            if (e.is_directory(ec)) remove_cgroup(e.path());
        std::ifstream procs(dir / "cgroup.procs");
        bool any = false;
        for (long pid; procs >> pid;) {
            ::kill(static_cast<pid_t>(pid), SIGKILL);
            any = true;
        }
        reap_adopted_zombies();
        if (!any && (fs::remove(dir, ec) || !fs::exists(dir, ec))) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    spdlog::warn("could not remove cgroup {}", dir.string());
}

}  // namespace

CgroupPlace probe_cgroups() {
    CgroupPlace c;
    std::error_code ec;
    const fs::path pids1 = "/sys/fs/cgroup/pids", memory1 = "/sys/fs/cgroup/memory";
    if (fs::exists(pids1 / "cgroup.procs", ec) || fs::exists(memory1 / "cgroup.procs", ec)) {
        const auto one = [&](const fs::path& dir, const char* name, fs::path& to) {
            if (!fs::exists(dir / "cgroup.procs", ec)) return fmt::format("v1 {}: none", name);
            if (!writable_dir(dir)) return fmt::format("v1 {} at {}, not writable", name, dir.string());
            to = dir;
            return fmt::format("v1 {} at {}, writable", name, dir.string());
        };
        c.description = one(pids1, "pids", c.pids) + "; " + one(memory1, "memory", c.memory);
        c.version = c.pids.empty() && c.memory.empty() ? 0 : 1;
        return c;
    }
    const fs::path v2 = "/sys/fs/cgroup";
    if (fs::exists(v2 / "cgroup.controllers", ec)) {
        const std::string enabled = " " + first_line(v2 / "cgroup.subtree_control") + " ";
        const bool w = writable_dir(v2);
        c.description = "v2 at " + v2.string();
        for (const char* name : {"pids", "memory"}) {
            const bool on = enabled.find(std::string(" ") + name + " ") != std::string::npos;
            c.description += fmt::format(", {} {}", name,
                                         !on ? "not enabled for children"
                                         : w ? "writable"
                                             : "not writable");
            if (on && w) (std::string(name) == "pids" ? c.pids : c.memory) = v2;
        }
        c.version = c.pids.empty() && c.memory.empty() ? 0 : 2;
        return c;
    }
    c.description = "none found";
    return c;
}

RunCgroup::RunCgroup(const CgroupPlace& place, int max_processes, long long memory_mb, int delegate_uid)
    : m_version(place.version) {
    const bool want_pids = max_processes > 0 && !place.pids.empty();
    const bool want_memory = memory_mb > 0 && !place.memory.empty();
    if (m_version == 2) {
        if (!want_pids && !want_memory) return;
        m_pids = make_child(place.pids.empty() ? place.memory : place.pids);
        if (m_pids.empty()) return;
        if (want_pids) write_value(m_pids / "pids.max", std::to_string(max_processes));
        if (want_memory) {
            write_value(m_pids / "memory.max", std::to_string(memory_mb << 20));
            write_value(m_pids / "memory.swap.max", "0");
            m_memory = m_pids;
        }
        return;
    }
    if (want_pids) {
        m_pids = make_child(place.pids);
        if (!m_pids.empty()) write_value(m_pids / "pids.max", std::to_string(max_processes));
    }
    if (want_memory) {
        m_memory = make_child(place.memory);
        if (!m_memory.empty()) {
            write_value(m_memory / "memory.limit_in_bytes", std::to_string(memory_mb << 20));
            // Where swap is accounted, memory plus swap gets the same limit: no escape into swap.
            if (fs::exists(m_memory / "memory.memsw.limit_in_bytes"))
                write_value(m_memory / "memory.memsw.limit_in_bytes", std::to_string(memory_mb << 20));
            if (delegate_uid >= 0 &&
                ::chown(m_memory.c_str(), static_cast<uid_t>(delegate_uid), static_cast<gid_t>(delegate_uid)) != 0)
                spdlog::debug("cannot hand {} to uid {}", m_memory.string(), delegate_uid);
        }
    }
}

RunCgroup::~RunCgroup() {
    if (!m_pids.empty()) remove_cgroup(m_pids);
    if (!m_memory.empty() && m_memory != m_pids) remove_cgroup(m_memory);
}

std::vector<std::string> RunCgroup::procs_files() const {
    std::vector<std::string> files;
    if (!m_pids.empty()) files.push_back((m_pids / "cgroup.procs").string());
    if (!m_memory.empty() && m_memory != m_pids) files.push_back((m_memory / "cgroup.procs").string());
    return files;
}

long RunCgroup::oom_kills() const { return m_memory.empty() ? 0 : read_oom_kills(m_memory); }

long read_oom_kills(const fs::path& dir) {
    for (const char* file : {"memory.oom_control", "memory.events"}) {
        std::ifstream in(dir / file);
        std::string key;
        for (long value = 0; in >> key >> value;)
            if (key == "oom_kill") return value;
    }
    return 0;
}

ProcessResult CgroupRunner::run(ProcessSpec spec, const std::vector<Mount>&) const {
    const RunCgroup cg(m_place, 0, spec.group_memory_mb);
    const std::vector<std::string> files = cg.procs_files();
    spec.join_cgroups.insert(spec.join_cgroups.end(), files.begin(), files.end());
    const long box_before = m_box.empty() ? 0 : read_oom_kills(m_box);
    ProcessResult r = run_process(spec);
    r.oom_kills = cg.oom_kills() + (m_box.empty() ? 0 : read_oom_kills(m_box) - box_before);
    return r;
}

}  // namespace judge
