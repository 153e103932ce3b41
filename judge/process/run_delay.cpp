#include "process/run_delay.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <system_error>

namespace judge {

namespace fs = std::filesystem;

long long run_delay_ms(pid_t tid) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/schedstat", static_cast<int>(tid));
    std::ifstream in(path);
    unsigned long long on_cpu = 0, waiting = 0;
    return in >> on_cpu >> waiting ? static_cast<long long>(waiting / 1000000) : 0;
}

RunDelay::RunDelay(pid_t leader, const std::string& cpu_usage_file) : m_leader(leader) {
    if (cpu_usage_file.empty()) return;
    const fs::path dir = fs::path(cpu_usage_file).parent_path();
    std::error_code ec;
    for (const char* name : {"cgroup.threads", "tasks"})  // v2, v1
        if (fs::exists(dir / name, ec)) {
            m_tasks = dir;
            m_task_file = name;
            break;
        }
}

std::vector<fs::path> RunDelay::task_files() const {
    std::vector<fs::path> files{m_tasks / m_task_file};
    std::error_code ec;
    for (fs::recursive_directory_iterator it(m_tasks, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_directory(ec)) files.push_back(it->path() / m_task_file);
    return files;
}

long long RunDelay::ms() {
    long long added = 0;  // the longest wait any task added since the last check
    const auto note = [&](long tid) {
        long long& seen = m_seen[tid];
        const long long now = run_delay_ms(static_cast<pid_t>(tid));
        if (now < seen) seen = 0;  // a new thread under an old one's id
        if (now > seen) {
            added = std::max(added, now - seen);
            seen = now;
        }
    };
    note(m_leader);
    if (!m_tasks.empty())
        for (const fs::path& file : task_files()) {
            std::ifstream in(file);
            for (long tid = 0; in >> tid;) note(tid);
        }
    m_total += added;
    return m_total;
}

void StarvedClock::add(std::chrono::steady_clock::time_point now, std::chrono::milliseconds waited) {
    const std::lock_guard lock(m_mutex);
    const auto from = std::max(now - std::chrono::steady_clock::duration(waited), m_until);
    if (now > from) m_total += now - from;
    m_until = std::max(m_until, now);
}

std::chrono::milliseconds StarvedClock::starved() const {
    const std::lock_guard lock(m_mutex);
    return std::chrono::duration_cast<std::chrono::milliseconds>(m_total);
}

}  // namespace judge
