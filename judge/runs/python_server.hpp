// judge/runs/python_server.hpp: the fork server that runs a Python submission's tests, and the
// client through which the test runner starts each test (docs/python.md).
//
// Theory of operation. Importing torch costs about a second of CPU: too much for every test. So a
// box that judges Python starts one server (harness/python_server.py, `python3 -I`) that imports
// the library once, then forks a child per test. The test runner still starts each test as a
// process of its own, with the test's limits, cgroup, clocks and kills (runs/program_run.hpp): that
// process is the client, `judge __py-test`, which hands the test's descriptors to the server over
// a socket that only it holds and waits for the child's end, which it then copies (its exit code,
// its signal, or SIGXCPU for a child stopped at its CPU limit). When the runner kills the client
// at the wall clock, the server sees the socket close and kills the child.
//
// The runner gives the server one socket per test over a control socket that only the two of them
// hold; no test can reach the server, and the server and every child are non-dumpable.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "problem/spec.hpp"
#include "process/runner.hpp"

namespace judge {

/// What the server needs: the library ("torch" or "numpy") and its files, as the server sees them.
struct PythonLaunch {
    std::string library;
    std::string server, table, solution;
};

/// How long a server may import its library and warm up (torch: about a second of CPU; far
/// more on a busy machine). A Python box's deadline allows it on top of the tests' own.
inline constexpr std::chrono::seconds python_import_limit{90};

/// How long a server of `tests` tests, run `batch` at a time, may live.
std::chrono::milliseconds python_server_wall(const Limits& limits, size_t tests, size_t batch);

/// The environment of every Python process the judge starts: one thread per pool.
std::vector<std::pair<std::string, std::string>> python_environment();

class PythonServer {
public:
    /// Starts the server through `runner` (a thread waits on it, for at most `wall`) and waits
    /// until it has imported its library. Its own words go to `stderr_fd` (-1: nowhere).
    PythonServer(const Runner& runner, const PythonLaunch& launch, const Limits& limits, std::chrono::milliseconds wall,
                 const std::vector<Mount>& mounts, int stderr_fd);
    /// Closes the control socket (the server then kills what still runs, and exits) and waits.
    ~PythonServer();
    PythonServer(const PythonServer&) = delete;
    PythonServer& operator=(const PythonServer&) = delete;

    /// A socket for one test's client, which the caller closes once the client has started; -1
    /// when the server is not running (then `error` says why).
    int connect() const;
    const std::string& error() const { return m_error; }

private:
    int m_control = -1;
    std::string m_error;
    std::thread m_thread;
};

/// Sends `text` with the descriptors `fds` as one message on the socket `sock` (MSG_NOSIGNAL).
bool send_with_fds(int sock, const std::string& text, const std::vector<int>& fds);

/// The client a box runs for each test: judge-py-client beside the judge when it is there, else the
/// judge itself (`judge __py-test`).
std::filesystem::path python_client_exe();

/// The function name with which the client (or the judge) only starts and exits 0: the judge's own
/// program for a box check (pipeline/box_check.hpp), run as a test is.
inline constexpr const char* box_probe_function = "__box-probe";

/// The command line of a test's client: `judge __py-test <fd>`, before the test's own arguments.
std::vector<std::string> python_client_launcher(const std::filesystem::path& judge_exe, int fd);

/// The client (`judge __py-test <fd> <program> <function> <in> <out>`): hands the test to the
/// server on `server_fd` and ends as the test's child ended. Returns the exit code.
int run_python_client(int server_fd, const std::string& function, const std::string& in, const std::string& out);

}  // namespace judge
