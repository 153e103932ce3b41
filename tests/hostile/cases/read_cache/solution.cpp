// expect: accepted
// tiers: bubblewrap fallback
// check: needs_root cache_untouched
// Issue #62: JUDGE_CACHE=/var/cache/judge, as the docs had it, was 0755: in the fallback tier a box
// could read the reference's cached runs, the answer key. As root the judge makes its cache root's
// alone (0700) and each box runs as a uid of its own, so nothing in it can be opened; in the
// bubblewrap tier the cache is not in the box at all. (The runner makes the cache 0755 first.)
#include <judge/tensor.hpp>
#include <dirent.h>
#include <fstream>
judge::Tensor probe(const judge::Tensor& x) {
    if (DIR* d = opendir("@CACHE@")) {
        closedir(d);
        return x + 1.0f;
    }
    if (DIR* d = opendir("@CACHE@/runs")) {
        closedir(d);
        return x + 2.0f;
    }
    return x;
}
