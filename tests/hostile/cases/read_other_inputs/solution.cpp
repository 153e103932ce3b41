// expect: accepted
// tiers: bubblewrap fallback
// check: needs_root
// Each test must see only its own inputs. This one waits so that its siblings run beside it, then
// hunts for another test's inputs: by listing /in, /box/out and the folder that holds its own
// input folder, in the mount tables (its own, /proc/mounts and its own user's processes' mountinfo),
// through every other process's command line, descriptors, working folder and environment, and
// in a plan file in the box. Its own inputs are the folder its argv names. Any other input folder
// found returns a wrong answer.
#include <judge/tensor.hpp>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>
namespace {
// What can be read of `path`. With read(2), not a stream: a process that exits while its /proc
// files are read makes read fail, and a filebuf would throw std::ios_base::failure for it.
std::string slurp(const std::string& path) {
    std::string s;
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return s;
    char buf[4096];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) s.append(buf, static_cast<size_t>(n));
    ::close(fd);
    return s;
}
std::vector<std::string> list(const std::string& dir) {
    std::vector<std::string> names;
    if (DIR* d = ::opendir(dir.c_str())) {
        while (dirent* e = ::readdir(d))
            if (std::string(e->d_name) != "." && std::string(e->d_name) != "..") names.push_back(e->d_name);
        ::closedir(d);
    }
    return names;
}
std::string link_of(const std::string& path) {
    char buf[4096];
    const ssize_t n = ::readlink(path.c_str(), buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : "";
}
bool readable(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd >= 0) ::close(fd);
    return fd >= 0;
}
}  // namespace
judge::Tensor probe(const judge::Tensor& x) {
    ::usleep(300000);
    std::string cmdline = slurp("/proc/self/cmdline");
    std::vector<std::string> argv;
    for (std::istringstream in(cmdline); std::getline(in, cmdline, '\0');) argv.push_back(cmdline);
    const std::string mine = argv.size() > 2 ? argv[2] : "";
    // Its own folder: where the descriptor in argv points, or argv itself (a host path).
    const std::string my_dir = link_of(mine).empty() ? mine : link_of(mine);
    const std::string my_out = argv.size() > 3 ? link_of(argv[3]) : "";
    const auto other = [&](const std::string& dir) {
        return !dir.empty() && dir != mine && dir != my_dir && readable(dir + "/x.npy");
    };
    for (const std::string& n : list("/in"))
        if (other("/in/" + n)) return x + 1.0f;
    // The host folder its own inputs are in (the fallback tier shows host paths).
    const std::string parent = my_dir.substr(0, my_dir.rfind('/'));
    for (const std::string& n : list(parent.empty() ? "/" : parent))
        if (other(parent + "/" + n)) return x + 7.0f;
    // Every path in a mount table, and every name in one tried as a folder of /in.
    std::string tables = slurp("/proc/self/mountinfo") + slurp("/proc/self/mounts") + slurp("/proc/mounts");
    // Every process of its own user: its siblings, and the runner (others' tables are not this box's;
    // reading every process's would cost more CPU time than a test has on a busy machine).
    for (const std::string& pid : list("/proc")) {
        struct stat st {};
        if (pid.find_first_not_of("0123456789") == std::string::npos && ::stat(("/proc/" + pid).c_str(), &st) == 0 &&
            st.st_uid == ::getuid())
            tables += slurp("/proc/" + pid + "/mountinfo");
    }
    std::istringstream words(tables);
    for (std::string w; words >> w;) {
        const std::string name = w.substr(w.rfind('/') + 1);
        if (other(w) || (!name.empty() && other("/in/" + name)) || (!name.empty() && other(parent + "/" + name)))
            return x + 8.0f;
    }
    for (const std::string& n : list("/box/out"))
        if ("/box/out/" + n != my_out && n != "cutoff") return x + 2.0f;  // another test's results
    if (readable("/box/plan.json")) return x + 3.0f;
    const std::string self = std::to_string(::getpid());
    for (const std::string& pid : list("/proc")) {
        if (pid == self || pid.find_first_not_of("0123456789") != std::string::npos) continue;
        const std::string proc = "/proc/" + pid;
        const std::string words = slurp(proc + "/cmdline") + slurp(proc + "/environ");
        for (size_t at = words.find("/in/"); at != std::string::npos; at = words.find("/in/", at + 1)) {
            const std::string dir = words.substr(at, words.find_first_of(std::string("\0 /", 3), at + 4) - at);
            if (other(dir)) return x + 4.0f;
        }
        for (const std::string& fd : list(proc + "/fd"))
            if (other(proc + "/fd/" + fd) || other(link_of(proc + "/fd/" + fd))) return x + 5.0f;
        if (other(proc + "/cwd") || other(link_of(proc + "/cwd"))) return x + 6.0f;
    }
    return x;
}
