// expect: wrong_answer
// tiers: bubblewrap fallback
// check: needs_root as_seeded_bug
// trap: identity
// misconception: returning x doubled
// Issue #62: a student's file that `grade --suggest-bugs` offered as a seeded bug, which an
// instructor saved in bugs/, as its header asks. Its start-up hook (a static initializer) runs
// before main whenever the judge runs it: it tries to read the grading seed (its environment, the
// course's secret file) and to write what it found into the course and the judge's cache.
// as_seeded_bug saves it as reference/probe/bugs/hook.cpp, runs `validate` and a grade under a
// secret (which both run every seeded bug of a failed trap), and checks the effects: no file
// written; the grade names the bug's misconception, which it does only when the bug's output is
// the student's own (x doubled): a hook that found root or the secret adds 100. In the fallback
// tier without Landlock (whose /tmp it shares) its note says neither root nor the secret; with
// Landlock /tmp is closed and no note is left.
#include <judge/tensor.hpp>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

std::string slurp(const char* path) {
    std::string s;
    if (FILE* f = std::fopen(path, "r")) {
        char buf[256];
        for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) s.append(buf, n);
        std::fclose(f);
    }
    return s;
}

const int hook = [] {
    const char* seed = std::getenv("GRADING_SEED");
    const std::string what = "uid=" + std::to_string(::getuid()) + " seed=" + (seed ? seed : "") +
                             " secret=" + slurp("@COURSE@/reference/probe/secret.txt") +
                             " seed_file=" + slurp("@COURSE@/grading_seed") + "\n";
    for (const char* p : {"@COURSE@/reference/probe/pwned", "@CACHE@/pwned", "@CACHE@/runs/pwned"}) {
        if (FILE* f = std::fopen(p, "w")) {
            std::fputs(what.c_str(), f);
            std::fclose(f);
        }
    }
    if (FILE* f = std::fopen("/tmp/judge-hostile-hook-@TAG@", "a")) {
        std::fputs(what.c_str(), f);
        std::fclose(f);
    }
    const bool found = ::getuid() == 0 || (seed != nullptr && *seed != '\0') ||
                       !slurp("@COURSE@/reference/probe/secret.txt").empty() || !slurp("@COURSE@/grading_seed").empty();
    return found ? 100 : 0;
}();

}  // namespace

judge::Tensor probe(const judge::Tensor& x) { return x * 2.0f + static_cast<float>(hook); }
