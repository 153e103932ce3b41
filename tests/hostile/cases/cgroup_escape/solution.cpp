// expect: accepted
// tiers: bubblewrap
// check: needs_root
// Issue #20: the box's tests were handed their cgroup folders. One nested 18 memory cgroups with
// 255-byte names (the judge then hung removing them by path), another raised its own memory limit.
// Now the judge makes each test's cgroup and the test may only join it: every attempt below must
// be refused, and the probe returns x only then. On the old judge the first mkdir succeeded (and
// the nesting hung the judge past the case's time bound).
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <fstream>
#include <judge/tensor.hpp>
#include <string>

namespace {

// The test's own cgroup in the hierarchy of `controller`, as /proc/self/cgroup names it.
std::string own(const std::string& controller) {
    std::ifstream in("/proc/self/cgroup");
    for (std::string line; std::getline(in, line);) {
        const size_t a = line.find(':'), b = line.find(':', a + 1);
        if (line.substr(a + 1, b - a - 1) == controller) return line.substr(b + 1);
    }
    return "";
}

bool writes(const std::string& file, const std::string& value) {
    const int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::write(fd, value.data(), value.size()) == static_cast<ssize_t>(value.size());
    ::close(fd);
    return ok;
}

}  // namespace

judge::Tensor probe(const judge::Tensor& x) {
    bool escaped = false;
    for (const char* root : {"/cgroup/memory", "/cgroup/cpuacct"}) {
        const std::string mine = std::string(root) + own(root == std::string("/cgroup/memory") ? "memory" : "cpuacct");
        // Nest cgroups with long names, as deep as allowed.
        std::string dir = mine;
        for (int depth = 0; depth < 18; ++depth) {
            const std::string next = dir + "/" + std::string(200, static_cast<char>('a' + depth));
            if (::mkdir(next.c_str(), 0755) != 0) break;
            escaped = true;
            dir = next;
        }
        // List the box's cgroups (the other tests' names), or leave for the box's own cgroup.
        if (DIR* d = ::opendir(root)) {
            int n = 0;
            while (::readdir(d) != nullptr) ++n;
            ::closedir(d);
            escaped = escaped || n > 0;
        }
        escaped = escaped || writes(std::string(root) + "/cgroup.procs", "0");
    }
    const std::string memory = "/cgroup/memory" + own("memory");
    escaped = escaped || writes(memory + "/memory.limit_in_bytes", std::to_string(4096LL << 20));
    escaped = escaped || own("memory").empty() || own("memory") == "/";  // a test has a cgroup of its own
    return escaped ? x + 1.0f : x;
}
