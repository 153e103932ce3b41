// expect: accepted
// tiers: bubblewrap fallback
// check: with_secret
// Issue #62: run as an ordinary user, a sample test printed GRADING_SEED read from the judge's
// /proc/<pid>/environ. Judged under a secret (the runner's with_secret: GRADING_SEED in the judge's
// environment, --seed-from-env), each test looks through the environment and command line of every
// process it can see, and through its own, for the secret or the variable: found, its answer is
// wrong. The judge takes the secret out of its environment as it reads it (core/seed.cpp), so no
// child inherits it and /proc/<judge>/environ no longer shows it; a box's uid cannot read root's.
#include <judge/tensor.hpp>
#include <dirent.h>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
namespace {
bool holds_secret(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return text.find("@SECRET@") != std::string::npos || text.find("GRADING_SEED=") != std::string::npos;
}
}  // namespace
judge::Tensor probe(const judge::Tensor& x) {
    if (std::getenv("GRADING_SEED") != nullptr) return x + 1.0f;
    bool found = false;
    if (DIR* d = opendir("/proc")) {
        while (dirent* e = readdir(d)) {
            const std::string name = e->d_name;
            if (name.find_first_not_of("0123456789") != std::string::npos) continue;
            found = found || holds_secret("/proc/" + name + "/environ") || holds_secret("/proc/" + name + "/cmdline");
        }
        closedir(d);
    }
    return found ? x + 1.0f : x;
}
