#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <set>
#include "catch.hpp"

#include "util/files.hpp"
#include "util/parallel.hpp"

namespace files_test {  // a unity batch is one translation unit: this file's names stay its own

namespace fs = std::filesystem;

TEST_CASE("staging names are unique across threads and name the target", "[files]") {
    const fs::path target = "/tmp/x/harness.o";
    std::set<std::string> names;
    for (int i = 0; i < 100; ++i) names.insert(judge::staging_path(target).string());
    CHECK(names.size() == 100);
    CHECK(names.begin()->rfind("/tmp/x/harness.o.tmp.", 0) == 0);
}

TEST_CASE("publish replaces a file, and keeps a folder another writer published first", "[files]") {
    judge::TempDir tmp("judge-files-test");
    const fs::path file = tmp.path() / "f";
    judge::write_file_atomic(file, "one");
    judge::write_file_atomic(file, "two");
    CHECK(judge::read_file(file) == "two");

    const fs::path dir = tmp.path() / "run";
    const fs::path first = judge::staging_path(dir), second = judge::staging_path(dir);
    fs::create_directories(first);
    fs::create_directories(second);
    judge::write_file_atomic(first / "status", "first");
    judge::write_file_atomic(second / "status", "second");
    CHECK(judge::publish(first, dir));
    CHECK_FALSE(judge::publish(second, dir));
    CHECK(judge::read_file(dir / "status") == "first");
    CHECK_FALSE(fs::exists(second));
}

TEST_CASE("concurrent writers of one file leave one whole copy and no staging files", "[files]") {
    judge::TempDir tmp("judge-files-test");
    const fs::path file = tmp.path() / "shared";
    judge::parallel_for(
        32, 8, [&](size_t i) { judge::write_file_atomic(file, std::string(1000, static_cast<char>('a' + i % 26))); });
    const std::string s = judge::read_file(file);
    CHECK(s.size() == 1000);
    CHECK(s == std::string(1000, s[0]));
    CHECK(std::distance(fs::directory_iterator(tmp.path()), fs::directory_iterator()) == 1);
}

namespace {
// Whether another open file of "<target>.lock" can take the lock now, as another judge's would.
bool lock_is_free(const fs::path& target) {
    const int fd = ::open((target.string() + ".lock").c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) return true;
    const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    ::close(fd);
    return free;
}
}  // namespace

TEST_CASE("a build lock holds other builders of its entry off until it ends, and only that entry", "[files]") {
    judge::TempDir tmp("judge-files-test");
    const fs::path exe = tmp.path() / "bin" / "abc", other = tmp.path() / "bin" / "def";
    {
        const judge::BuildLock lock(exe);  // makes bin/ too
        CHECK(fs::exists(tmp.path() / "bin" / "abc.lock"));
        CHECK_FALSE(lock_is_free(exe));
        const judge::BuildLock lock_other(other);
        CHECK_FALSE(lock_is_free(other));
    }
    CHECK(lock_is_free(exe));
    CHECK(lock_is_free(other));
    // Where no lock file can be made, it holds nothing and throws nothing.
    const judge::BuildLock nowhere(fs::path("/proc/judge-no-such-folder/x"));
}

TEST_CASE("a bare file name is written in the current folder", "[files]") {
    judge::TempDir tmp("judge-files-test");
    const fs::path before = fs::current_path();
    fs::current_path(tmp.path());
    judge::write_file_atomic("summary.md", "# hello\n");
    fs::current_path(before);
    CHECK(judge::read_file(tmp.path() / "summary.md") == "# hello\n");
}

TEST_CASE("reading files names the path on failure, and caps heads and tails", "[files]") {
    judge::TempDir tmp("judge-files-test");
    SECTION("a missing file") {
        CHECK_THROWS_WITH(judge::read_file(tmp.path() / "nope"),
                          tmp.path().string() + "/nope: cannot read: No such file or directory");
    }
    SECTION("a directory") {
        CHECK_THROWS_WITH(judge::read_file(tmp.path()), tmp.path().string() + ": is a directory, expected a file");
    }
    SECTION("head and tail") {
        judge::write_file_atomic(tmp.path() / "f", "0123456789");
        CHECK(judge::read_head(tmp.path() / "f", 4) == "0123\n[... output cut at 4 bytes]\n");
        CHECK(judge::read_head(tmp.path() / "f", 10) == "0123456789");
        CHECK(judge::read_head(tmp.path() / "missing", 4).empty());
    }
}

TEST_CASE("parallel_for runs every index once and rethrows after all have finished", "[parallel]") {
    std::vector<int> hits(100, 0);
    judge::parallel_for(hits.size(), 4, [&](size_t i) { ++hits[i]; });
    CHECK(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; }));

    std::atomic<int> ran{0};
    CHECK_THROWS_WITH(judge::parallel_for(50, 3,
                                          [&](size_t i) {
                                              ++ran;
                                              if (i == 7) throw std::runtime_error("seven");
                                          }),
                      "seven");
    CHECK(ran == 50);
    judge::parallel_for(0, 4, [](size_t) { FAIL("no index to run"); });
}

TEST_CASE("stays_below: a relative path with no empty, . or .. part (issue #38)", "[files]") {
    CHECK(judge::stays_below("a"));
    CHECK(judge::stays_below("key/p/inputs/x.npy"));
    CHECK(judge::stays_below("..a/b.."));
    for (const char* bad : {"", "/etc/passwd", "..", "a/../b", "a/./b", "a//b", "a/", "./a", "a/.."})
        CHECK_FALSE(judge::stays_below(bad));
    CHECK_FALSE(judge::stays_below(std::string("a\0b", 3)));
}

}  // namespace files_test
