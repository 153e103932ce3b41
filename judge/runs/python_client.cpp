// judge/runs/python_client.cpp: a Python test's client (runs/python_server.hpp). It is built
// twice: into the judge (`judge __py-test`) and alone, as the small static judge-py-client that a
// box runs once per test (starting the judge itself costs more than the test).
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "process/cgroup.hpp"
#include "runs/box_protocol.hpp"
#include "runs/python_server.hpp"

namespace judge {

namespace {

// "/a/b/test-x" -> "test-x".
std::string last_component(const std::string& path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The descriptor named by "/proc/self/fd/N", or a fresh O_PATH one of the folder `path`.
int folder_fd(const std::string& path) {
    const std::string prefix = "/proc/self/fd/";
    if (path.compare(0, prefix.size(), prefix) == 0) {
        try {
            return std::stoi(path.substr(prefix.size()));
        } catch (const std::exception&) {
            return -1;
        }
    }
    return ::open(path.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
}

// The cgroup.procs files of this process's own test cgroup in the box (process/cgroup.hpp), open
// for writing, so that the test's child can join the very cgroups the runner put this client in.
std::vector<int> own_test_cgroups() {
    std::vector<int> fds;
    std::set<std::pair<dev_t, ino_t>> seen;
    std::ifstream in("/proc/self/cgroup");
    for (std::string line; std::getline(in, line);) {
        const size_t a = line.find(':'), b = line.find(':', a + 1);
        if (a == std::string::npos || b == std::string::npos) continue;
        const std::string controllers = line.substr(a + 1, b - a - 1), name = last_component(line.substr(b + 1));
        if (name.empty() || name == "." || name == "..") continue;
        std::vector<std::string> places;
        if (controllers.empty() || controllers.find("memory") != std::string::npos) places.push_back(box_memory_cgroup);
        if (controllers.empty() || controllers.find("cpuacct") != std::string::npos)
            places.push_back(box_cpuacct_cgroup);
        for (const std::string& place : places) {
            const std::string procs = place + "/" + name + "/cgroup.procs";
            const int fd = ::open(procs.c_str(), O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
            struct stat st {};
            if (fd < 0) continue;
            if (::fstat(fd, &st) != 0 || !seen.insert({st.st_dev, st.st_ino}).second) {
                ::close(fd);
                continue;
            }
            fds.push_back(fd);
        }
    }
    return fds;
}

// The test's harness status, when the server could not run it: the judge's failure, never a verdict.
void no_server(int out_fd, const std::string& why, const std::string& what = "is not running") {
    const int fd =
        ::openat(out_fd, box::harness_status_file, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return;
    const std::string text = "harness_error\nthe Python harness " + what + " (" + why + ")\n";
    [[maybe_unused]] const ssize_t n = ::write(fd, text.data(), text.size());
    ::close(fd);
}

}  // namespace

bool send_with_fds(int sock, const std::string& text, const std::vector<int>& fds) {
    iovec iov{const_cast<char*>(text.data()), text.size()};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    std::vector<char> control(CMSG_SPACE(sizeof(int) * std::max<size_t>(1, fds.size())));
    if (!fds.empty()) {
        msg.msg_control = control.data();
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * fds.size());
        cmsghdr* c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * fds.size());
        std::memcpy(CMSG_DATA(c), fds.data(), sizeof(int) * fds.size());
    }
    ssize_t n = -1;
    do {
        n = ::sendmsg(sock, &msg, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    return n == static_cast<ssize_t>(text.size());
}

int run_python_client(int server_fd, const std::string& function, const std::string& in, const std::string& out) {
    ::prctl(PR_SET_DUMPABLE, 0);  // its siblings must not take its descriptors
    const int in_fd = folder_fd(in), out_fd = folder_fd(out);
    if (in_fd < 0 || out_fd < 0) {
        std::fprintf(stderr, "judge __py-test: cannot open the test's folders\n");
        return 64;
    }
    std::vector<int> fds = {in_fd, out_fd, 1, 2};
    for (const int fd : own_test_cgroups()) fds.push_back(fd);
    std::string request = "{\"function\": \"";
    for (const char c : function)
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') request += c;
    request += "\"}";
    if (server_fd < 0 || !send_with_fds(server_fd, request, fds)) {
        no_server(out_fd, "its socket is closed");
        return 0;
    }
    for (size_t i = 4; i < fds.size(); ++i) ::close(fds[i]);
    char reply[64] = {};
    ssize_t n = -1;
    do {
        n = ::recv(server_fd, reply, sizeof reply - 1, 0);
    } while (n < 0 && errno == EINTR);
    const std::string r(reply, n > 0 ? static_cast<size_t>(n) : 0);
    if (r.empty()) {
        no_server(out_fd, "it stopped before the test ended");
        return 0;
    }
    if (r.starts_with("nostart ")) {  // its fork failed, and not for the box's process limit
        no_server(out_fd, "fork: " + r.substr(8), "could not start the test");
        return 0;
    }
    int value = 0;
    if (r == "cpu" || std::sscanf(r.c_str(), "signal %d", &value) == 1) {
        // As the child ended: the runner sees the same signal (SIGXCPU: the CPU limit).
        const int sig = r == "cpu" ? SIGXCPU : value;
        std::signal(sig, SIG_DFL);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, sig);
        sigprocmask(SIG_UNBLOCK, &set, nullptr);
        std::raise(sig);
        ::kill(::getpid(), SIGKILL);
    }
    if (std::sscanf(r.c_str(), "exit %d", &value) == 1) return value;
    return 125;
}

}  // namespace judge
