#include "sandbox/cgroup.hpp"

#include <signal.h>
#include <unistd.h>

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <atomic>
#include <chrono>
#include <fstream>
#include <thread>

#include "process/process.hpp"

namespace judge {

namespace fs = std::filesystem;

RunCgroup::RunCgroup(const fs::path& parent, int max_processes) {
    if (parent.empty()) return;
    static std::atomic<unsigned> counter{0};
    const fs::path dir = parent / fmt::format("judge-{}-{}", ::getpid(), counter++);
    std::error_code ec;
    if (!fs::create_directory(dir, ec) || ec) return;
    std::ofstream(dir / "pids.max") << max_processes;
    m_dir = dir;
}

RunCgroup::~RunCgroup() {
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

}  // namespace judge
