#include "runs/launcher.hpp"

#include <unistd.h>

#include "runs/python_server.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

std::string moved(const std::string& path, const std::string& from, const std::string& to) {
    if (path.empty() || path.rfind(from, 0) != 0) return path;
    const std::string rest = path.substr(from.size());
    if (!rest.empty() && rest.front() != '/') return path;
    return to + rest;
}

}  // namespace

LaunchSpec LaunchSpec::seen_at(const std::string& host_dir, const std::string& box_dir) const {
    LaunchSpec s = *this;
    for (std::string* p : {&s.program, &s.server, &s.table}) *p = moved(*p, host_dir, box_dir);
    return s;
}

LaunchedTest::~LaunchedTest() {
    if (m_fd >= 0) ::close(m_fd);
}

Launcher::Launcher(LaunchSpec spec, const Runner& runner, const Limits& limits, std::chrono::milliseconds wall,
                   const std::vector<Mount>& mounts, int stderr_fd, const fs::path& box)
    : m_spec(std::move(spec)) {
    if (m_spec.kind != LaunchSpec::Kind::python_server) return;
    m_server = std::make_unique<PythonServer>(runner,
                                              PythonLaunch{m_spec.library, m_spec.server, m_spec.table, m_spec.program},
                                              limits, wall, mounts, stderr_fd);
    m_client = box.empty() ? python_client_exe() : runner.share(python_client_exe(), box);
}

Launcher::~Launcher() = default;

LaunchedTest Launcher::attach(ProcessSpec& ps) const {
    if (!m_server) return {};
    const int fd = m_server->connect();
    std::vector<std::string> argv = python_client_launcher(m_client, fd);
    argv.insert(argv.end(), ps.argv.begin(), ps.argv.end());
    ps.argv = std::move(argv);
    if (fd >= 0) ps.inherit_fds.push_back(fd);
    // The client is the judge (an ASan build maps terabytes); the child sets its own limit, on top
    // of the interpreter's, and the test's cgroup holds both.
    ps.address_space_mb = 0;
    return LaunchedTest(fd);
}

std::vector<Mount> launch_mounts(const LaunchSpec& spec, const Runner& runner, const fs::path& box) {
    const fs::path client = python_client_exe();
    if (spec.kind != LaunchSpec::Kind::python_server || client.filename() != "judge-py-client") return {};
    return {{runner.share(client, box), "/judge/judge-py-client", false}};
}

std::chrono::milliseconds launcher_wall(const Limits& limits, size_t tests, size_t batch) {
    return python_server_wall(limits, tests, batch);
}

long long launch_memory_mb(const LaunchSpec& spec) { return spec.kind == LaunchSpec::Kind::python_server ? 512 : 0; }

std::chrono::milliseconds launch_start_time(const LaunchSpec& spec) {
    return spec.kind == LaunchSpec::Kind::python_server ? python_import_limit : std::chrono::milliseconds(0);
}

}  // namespace judge
