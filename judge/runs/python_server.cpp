#include "runs/python_server.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <utility>

#include "process/cgroup.hpp"
#include "runs/box_protocol.hpp"

namespace judge {

namespace fs = std::filesystem;

std::chrono::milliseconds python_server_wall(const Limits& limits, size_t tests, size_t batch) {
    const auto batches = static_cast<long long>((tests + batch - 1) / std::max<size_t>(1, batch));
    return python_import_limit +
           std::chrono::milliseconds(
               (batches + box::default_max_timeouts) * limits.time_per_test_ms * box::wall_clock_factor + 10000);
}

std::vector<std::pair<std::string, std::string>> python_environment() {
    return {{"OMP_NUM_THREADS", "1"},     {"MKL_NUM_THREADS", "1"}, {"OPENBLAS_NUM_THREADS", "1"},
            {"NUMEXPR_NUM_THREADS", "1"}, {"LC_ALL", "C.UTF-8"},    {"PYTHONDONTWRITEBYTECODE", "1"}};
}

PythonServer::PythonServer(const Runner& runner, const PythonLaunch& launch, const Limits& limits,
                           std::chrono::milliseconds wall, const std::vector<Mount>& mounts, int stderr_fd) {
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
        m_error = std::string("socketpair: ") + std::strerror(errno);
        return;
    }
    m_control = pair[0];
    ProcessSpec ps;
    ps.argv = {"/usr/bin/python3",
               "-I",
               "-B",
               launch.server,
               "serve",
               launch.table,
               launch.solution,
               launch.library,
               std::to_string(pair[1]),
               std::to_string(limits.time_per_test_ms),
               std::to_string(limits.memory_mb),
               std::to_string(limits.output_kb)};
    ps.inherit_fds = {pair[1]};
    ps.env = python_environment();
    ps.wall_limit = wall;
    ps.stderr_fd = stderr_fd;
    ps.max_open_files = 1024;
    // Where the runner gives it a cgroup of its own (judge run, the fallback tier): itself and its tests.
    ps.runner.group_memory_mb = static_cast<long long>(limits.memory_mb) * 8 + 768;  // at most 8 tests at a time
    ps.cwd = "/";
    m_thread = std::thread([&runner, ps, mounts, child_end = pair[1]] {
        runner.run(ps, mounts);
        ::close(child_end);
    });
    // The server says "ready" once it has imported its library; EOF means it ended first.
    pollfd p{m_control, POLLIN, 0};
    const int n = ::poll(&p, 1, static_cast<int>(std::chrono::milliseconds(python_import_limit).count()));
    char word[16] = {};
    if (n == 1 && ::recv(m_control, word, sizeof word - 1, 0) == 5 && std::string(word) == "ready") return;
    m_error = n == 0 ? "it did not import its library within " + std::to_string(python_import_limit.count()) + " s"
                     : "it ended while importing its library";
    ::shutdown(m_control, SHUT_RDWR);
}

PythonServer::~PythonServer() {
    if (m_control >= 0) ::shutdown(m_control, SHUT_RDWR);
    if (m_thread.joinable()) m_thread.join();
    if (m_control >= 0) ::close(m_control);
}

int PythonServer::connect() const {
    if (!m_error.empty() || m_control < 0) return -1;
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) return -1;
    const bool sent = send_with_fds(m_control, "t", {pair[1]});
    ::close(pair[1]);
    if (!sent) {
        ::close(pair[0]);
        return -1;
    }
    return pair[0];
}

fs::path python_client_exe() {
    const fs::path self = fs::read_symlink("/proc/self/exe");
    // Beside the judge in a build tree; in ../libexec/judge once installed (CMakeLists.txt).
    for (const fs::path& client : {self.parent_path() / "judge-py-client",
                                   self.parent_path().parent_path() / "libexec" / "judge" / "judge-py-client"})
        if (::access(client.c_str(), X_OK) == 0) return client;
    return self;
}

std::vector<std::string> python_client_launcher(const fs::path& judge_exe, int fd) {
    return {judge_exe.string(), "__py-test", std::to_string(fd)};
}

}  // namespace judge
