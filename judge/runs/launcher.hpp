// judge/runs/launcher.hpp: the one place that starts what a launch needs before its tests (a fork
// server for Python), and readies each test's process for it. Made once per run of a box's tests:
// by the in-box runner, by the judge in the fallback tier, by `judge run` and `judge heads`.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "problem/spec.hpp"
#include "process/process.hpp"
#include "process/runner.hpp"
#include "runs/launch.hpp"

namespace judge {

class PythonServer;

/// A test's hold on the launcher: the socket it hands the server, closed when the test is done.
class LaunchedTest {
public:
    LaunchedTest() = default;
    explicit LaunchedTest(int fd) : m_fd(fd) {}
    ~LaunchedTest();
    LaunchedTest(LaunchedTest&& o) noexcept : m_fd(o.m_fd) { o.m_fd = -1; }
    LaunchedTest& operator=(LaunchedTest&&) = delete;
    LaunchedTest(const LaunchedTest&) = delete;
    LaunchedTest& operator=(const LaunchedTest&) = delete;

private:
    int m_fd = -1;
};

class Launcher {
public:
    /// Starts what `spec` needs through `runner`: for a server, the server itself (with `mounts`,
    /// for at most `wall`, its words to `stderr_fd`), waiting until it has imported its library.
    /// `box`: where the runner shares the per-test client (none: it is used where it is).
    Launcher(LaunchSpec spec, const Runner& runner, const Limits& limits, std::chrono::milliseconds wall,
             const std::vector<Mount>& mounts, int stderr_fd, const std::filesystem::path& box = {});
    ~Launcher();
    Launcher(const Launcher&) = delete;
    Launcher& operator=(const Launcher&) = delete;

    const LaunchSpec& spec() const { return m_spec; }

    /// Readies a test's process, whose argv is the test's own command (program, function, inputs,
    /// outputs): through a server, its client goes before it, holding the returned socket.
    LaunchedTest attach(ProcessSpec& ps) const;

private:
    LaunchSpec m_spec;
    std::unique_ptr<PythonServer> m_server;
    std::filesystem::path m_client;
};

/// What a box needs mounted for the in-box runner to start `spec`'s tests, beside the judge at
/// /judge/judge: a server's per-test client, at /judge/judge-py-client, when it is built apart.
std::vector<Mount> launch_mounts(const LaunchSpec& spec, const Runner& runner, const std::filesystem::path& box);

/// How long a launcher's start and `tests` tests, `batch` at a time, may take.
std::chrono::milliseconds launcher_wall(const Limits& limits, size_t tests, size_t batch);

/// The memory a launch's own process takes in its box beside the tests' (a Python server: torch is
/// about 250 MB resident), and the time it may take to start before the first test.
long long launch_memory_mb(const LaunchSpec& spec);
std::chrono::milliseconds launch_start_time(const LaunchSpec& spec);

}  // namespace judge
