// expect: runtime_error
// tiers: bubblewrap fallback
// check: needs_root planted_target_empty
// Issue #20: in the fallback tier the judge is root and writes each test's judge_status (and made
// its stdout.txt and stderr.txt) in the test's folder. A test moves its own folder away, and its
// parent if it can, and plants links to a host folder in their place; where it can list the other
// tests' folders, it does the same to them. The judge holds each folder by descriptor from before
// the test started: nothing may be written into the host folder.
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
#include <judge/tensor.hpp>
#include <string>
namespace {
void plant(const std::string& path, const std::string& target) {
    if (::rename(path.c_str(), (path + ".moved").c_str()) == 0) ::symlink(target.c_str(), path.c_str());
}
}  // namespace
judge::Tensor probe(const judge::Tensor& x) {
    const std::string target = "/tmp/judge-hostile-target-@TAG@";
    ::mkdir(target.c_str(), 0777);
    ::chmod(target.c_str(), 0777);
    char buf[4096] = {};
    const ssize_t n = ::readlink("/proc/self/cwd", buf, sizeof buf - 1);
    if (n <= 0) return x + 1.0f;
    const std::string own(buf, static_cast<size_t>(n));
    const std::string parent = own.substr(0, own.rfind('/'));
    if (DIR* d = ::opendir(parent.c_str())) {
        std::string names[64];
        int count = 0;
        while (const dirent* e = ::readdir(d))
            if (e->d_name[0] != '.' && count < 64) names[count++] = e->d_name;
        ::closedir(d);
        for (int i = 0; i < count; ++i)
            if (parent + "/" + names[i] != own) plant(parent + "/" + names[i], target);
    }
    plant(own, target);
    plant(parent, target);
    ::_exit(0);
}
