#include "process/cgroup.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <algorithm>
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

// Deeper than any cgroup the judge makes (a box's child is one level down): the walks below stop
// there, so no tree, however it was built, keeps them busy.
constexpr int max_depth = 4;

// The names of the folders in the folder `fd` (which stays open).
std::vector<std::string> subfolders(int fd) {
    std::vector<std::string> names;
    const int copy = ::dup(fd);
    DIR* d = copy >= 0 ? ::fdopendir(copy) : nullptr;
    if (d == nullptr) {
        if (copy >= 0) ::close(copy);
        return names;
    }
    while (const dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (e->d_type == DT_DIR && name != "." && name != "..") names.push_back(name);
    }
    ::closedir(d);
    return names;
}

// SIGKILLs every process in the cgroup folder `fd` and below; true when there was one.
bool kill_all(int fd, int depth) {
    bool any = false;
    const int procs = ::openat(fd, "cgroup.procs", O_RDONLY | O_CLOEXEC);
    if (procs >= 0) {
        std::string text;
        char buf[4096];
        for (ssize_t n; (n = ::read(procs, buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
        ::close(procs);
        std::istringstream in(text);
        for (long pid; in >> pid;) {
            ::kill(static_cast<pid_t>(pid), SIGKILL);
            any = true;
        }
    }
    if (depth >= max_depth) return any;
    for (const std::string& name : subfolders(fd)) {
        const int child = ::openat(fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (child < 0) continue;
        any = kill_all(child, depth + 1) || any;
        ::close(child);
    }
    return any;
}

// Removes the cgroup `name` of the folder `parent`, its children first; true when it is gone.
bool remove_tree(int parent, const std::string& name, int depth) {
    const int fd = ::openat(parent, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT;
    if (depth < max_depth)
        for (const std::string& child : subfolders(fd)) remove_tree(fd, child, depth + 1);
    ::close(fd);
    return ::unlinkat(parent, name.c_str(), AT_REMOVEDIR) == 0 || errno == ENOENT;
}

// Kills everything in the cgroup at `dir` and removes it, by descriptor (no path below `dir` is
// ever built, however deep or long its names). Bounded: the killed processes need a moment to
// leave, so the whole walk is tried again for at most about 200 ms.
void remove_cgroup(const fs::path& dir) {
    const int parent = ::open(dir.parent_path().c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (parent < 0) return;
    const std::string name = dir.filename().string();
    bool gone = false;
    for (int attempt = 0; attempt < 100 && !gone; ++attempt) {
        const int fd = ::openat(parent, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) {
            gone = errno == ENOENT;
            break;
        }
        kill_all(fd, 0);
        ::close(fd);
        reap_adopted_zombies();
        gone = remove_tree(parent, name, 0);
        if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ::close(parent);
    if (!gone) spdlog::warn("could not remove cgroup {}", dir.string());
}

}  // namespace

CgroupPlace probe_cgroups() {
    CgroupPlace c;
    std::error_code ec;
    const fs::path v1 = "/sys/fs/cgroup";
    if (fs::exists(v1 / "pids" / "cgroup.procs", ec) || fs::exists(v1 / "memory" / "cgroup.procs", ec)) {
        const auto one = [&](const char* name, fs::path& to) {
            // cpu and cpuacct are often one hierarchy (cpu,cpuacct) behind two links.
            const fs::path dir = fs::weakly_canonical(v1 / name, ec);
            if (!fs::exists(dir / "cgroup.procs", ec)) return fmt::format("v1 {}: none", name);
            if (!writable_dir(dir)) return fmt::format("v1 {} at {}, not writable", name, dir.string());
            to = dir;
            return fmt::format("v1 {} at {}, writable", name, dir.string());
        };
        c.description = one("pids", c.pids) + "; " + one("memory", c.memory) + "; " + one("cpu", c.cpu) + "; " +
                        one("cpuacct", c.cpuacct);
        c.version = c.pids.empty() && c.memory.empty() ? 0 : 1;
        return c;
    }
    const fs::path v2 = "/sys/fs/cgroup";
    if (fs::exists(v2 / "cgroup.controllers", ec)) {
        const std::string enabled = " " + first_line(v2 / "cgroup.subtree_control") + " ";
        const bool w = writable_dir(v2);
        c.description = "v2 at " + v2.string();
        for (const char* name : {"pids", "memory", "cpu"}) {
            const bool on = enabled.find(std::string(" ") + name + " ") != std::string::npos;
            c.description += fmt::format(", {} {}", name,
                                         !on ? "not enabled for children"
                                         : w ? "writable"
                                             : "not writable");
            if (!on || !w) continue;
            if (std::string(name) == "pids") c.pids = v2;
            if (std::string(name) == "memory") c.memory = v2;
            if (std::string(name) == "cpu") c.cpu = c.cpuacct = v2;
        }
        c.version = c.pids.empty() && c.memory.empty() ? 0 : 2;
        return c;
    }
    c.description = "none found";
    return c;
}

RunCgroup::RunCgroup(const CgroupPlace& place, int max_processes, long long memory_mb) : m_version(place.version) {
    const bool want_pids = max_processes > 0 && !place.pids.empty();
    const bool want_memory = memory_mb > 0 && !place.memory.empty();
    if (m_version == 2) {
        // One folder holds every controller.
        const fs::path parent = !place.pids.empty() ? place.pids : !place.memory.empty() ? place.memory : place.cpu;
        if (parent.empty()) return;
        const fs::path dir = make_child(parent);
        if (dir.empty()) return;
        m_pids = dir;
        if (want_pids) write_value(dir / "pids.max", std::to_string(max_processes));
        if (want_memory) {
            write_value(dir / "memory.max", std::to_string(memory_mb << 20));
            write_value(dir / "memory.swap.max", "0");
            m_memory = dir;
        }
        if (!place.cpu.empty()) m_cpu = m_cpuacct = dir;  // the default cpu.weight, as every run's
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
        }
    }
    if (!place.cpu.empty()) {
        m_cpu = make_child(place.cpu);
        if (!m_cpu.empty()) write_value(m_cpu / "cpu.shares", "1024");  // every run the same share
    }
    if (!place.cpuacct.empty()) m_cpuacct = place.cpuacct == place.cpu ? m_cpu : make_child(place.cpuacct);
}

RunCgroup::~RunCgroup() {
    std::vector<fs::path> removed;
    for (const fs::path* dir : {&m_pids, &m_memory, &m_cpu, &m_cpuacct}) {
        if (dir->empty() || std::find(removed.begin(), removed.end(), *dir) != removed.end()) continue;
        remove_cgroup(*dir);
        removed.push_back(*dir);
    }
}

std::vector<std::string> RunCgroup::procs_files() const {
    std::vector<std::string> files;
    for (const fs::path* dir : {&m_pids, &m_memory, &m_cpu, &m_cpuacct}) {
        const std::string f = (*dir / "cgroup.procs").string();
        if (!dir->empty() && std::find(files.begin(), files.end(), f) == files.end()) files.push_back(f);
    }
    return files;
}

bool RunCgroup::add_test(const std::string& name, long long memory_mb, int uid) const {
    if (m_version != 1 || m_memory.empty()) return false;
    const auto make = [&](const fs::path& parent) {
        const fs::path dir = parent / name;
        // The box's folder can be crossed, not listed: a test knows no other test's cgroup.
        return ::chmod(parent.c_str(), 0711) == 0 && ::mkdir(dir.c_str(), 0755) == 0 &&
               ::chown((dir / "cgroup.procs").c_str(), static_cast<uid_t>(uid), static_cast<gid_t>(uid)) == 0;
    };
    if (!make(m_memory) || !write_value(m_memory / name / "memory.limit_in_bytes", std::to_string(memory_mb << 20)))
        return false;
    if (fs::exists(m_memory / name / "memory.memsw.limit_in_bytes"))
        write_value(m_memory / name / "memory.memsw.limit_in_bytes", std::to_string(memory_mb << 20));
    return m_cpuacct.empty() || make(m_cpuacct);
}

std::string RunCgroup::cpu_usage_file() const {
    if (m_cpuacct.empty()) return "";
    return (m_cpuacct / (m_version == 2 ? "cpu.stat" : "cpuacct.usage")).string();
}

long RunCgroup::oom_kills() const { return m_memory.empty() ? 0 : read_oom_kills(m_memory); }

bool RunCgroup::memory_at_limit() const { return !m_memory.empty() && read_memory_at_limit(m_memory); }

long read_oom_kills(const fs::path& dir) {
    for (const char* file : {"memory.oom_control", "memory.events"}) {
        std::ifstream in(dir / file);
        std::string key;
        for (long value = 0; in >> key >> value;)
            if (key == "oom_kill") return value;
    }
    return 0;
}

bool read_memory_at_limit(const fs::path& dir) {
    std::ifstream failcnt(dir / "memory.failcnt");
    long n = 0;
    if (failcnt >> n) return n > 0;
    std::ifstream events(dir / "memory.events");
    std::string key;
    for (long value = 0; events >> key >> value;)
        if (key == "max" || key == "oom") return value > 0;
    return false;
}

long cpu_usage_ms(const std::string& file) {
    std::ifstream in(file);
    if (file.size() >= 8 && file.compare(file.size() - 8, 8, "cpu.stat") == 0) {
        std::string key;
        for (long long value = 0; in >> key >> value;)
            if (key == "usage_usec") return static_cast<long>(value / 1000);
        return -1;
    }
    long long ns = 0;
    return in >> ns ? static_cast<long>(ns / 1000000) : -1;
}

ProcessResult CgroupRunner::run(ProcessSpec spec, const std::vector<Mount>&) const {
    if (spec.runner.test_cgroup.empty()) return run_process(spec);
    const fs::path memory = m_memory / spec.runner.test_cgroup, cpuacct = m_cpuacct / spec.runner.test_cgroup;
    std::error_code ec;
    for (const fs::path& dir : {memory, cpuacct})
        if (fs::exists(dir / "cgroup.procs", ec)) spec.join_cgroups.push_back((dir / "cgroup.procs").string());
    if (fs::exists(cpuacct / "cpuacct.usage", ec)) spec.cpu_usage_file = (cpuacct / "cpuacct.usage").string();
    const long box_before = read_oom_kills(m_memory);
    ProcessResult r = run_process(spec);
    r.oom_kills = read_oom_kills(memory) + (read_oom_kills(m_memory) - box_before);
    r.memory_at_limit = read_memory_at_limit(memory);
    return r;
}

}  // namespace judge
