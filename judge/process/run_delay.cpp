#include "process/run_delay.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <system_error>

namespace judge {

long long run_delay_ms(pid_t tid) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/schedstat", static_cast<int>(tid));
    std::ifstream in(path);
    unsigned long long on_cpu = 0, waiting = 0;
    return in >> on_cpu >> waiting ? static_cast<long long>(waiting / 1000000) : 0;
}

RunDelay::RunDelay(pid_t leader, const std::string& cpu_usage_file) : m_leader(leader) {
    if (cpu_usage_file.empty()) return;
    const std::filesystem::path dir = std::filesystem::path(cpu_usage_file).parent_path();
    std::error_code ec;
    for (const char* name : {"cgroup.threads", "tasks"})  // v2, v1
        if (std::filesystem::exists(dir / name, ec)) {
            m_tasks = dir / name;
            break;
        }
}

long long RunDelay::ms() {
    m_max = std::max(m_max, run_delay_ms(m_leader));
    if (m_tasks.empty()) return m_max;
    std::ifstream in(m_tasks);
    for (long tid = 0; in >> tid;) {
        long long& seen = m_seen[tid];
        seen = std::max(seen, run_delay_ms(static_cast<pid_t>(tid)));
        m_max = std::max(m_max, seen);
    }
    return m_max;
}

}  // namespace judge
