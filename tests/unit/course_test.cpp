#include <cstdlib>
#include <fstream>
#include "catch.hpp"

#include "core/errors.hpp"
#include "course/course.hpp"
#include "util/files.hpp"

namespace course_test {  // a unity batch is one translation unit: this file's names stay its own

namespace fs = std::filesystem;

TEST_CASE("the course root is found by flag, environment, ancestor or build tree", "[course]") {
    judge::TempDir tmp("judge-course-test");
    fs::create_directories(tmp.path() / "problems" / "p1");
    std::ofstream(tmp.path() / "problems" / "p1" / "problem.json") << "{}";
    fs::create_directories(tmp.path() / "problems" / "not_a_problem");
    ::unsetenv("JUDGE_ROOT");

    SECTION("--root wins") {
        const auto r = judge::find_course_root(tmp.path().string());
        CHECK(r.path == tmp.path());
    }
    SECTION("--root without problems/ is an error naming it") {
        CHECK_THROWS_WITH(judge::find_course_root(std::string("/")),
                          "--root: / is not a course root (it has no problems/ folder)");
    }
    SECTION("JUDGE_ROOT is next") {
        ::setenv("JUDGE_ROOT", tmp.path().c_str(), 1);
        CHECK(judge::find_course_root(std::nullopt).path == tmp.path());  // not the current directory's
        ::unsetenv("JUDGE_ROOT");
    }
    SECTION("then the nearest ancestor of the current directory") {
        const fs::path old = fs::current_path();
        fs::create_directories(tmp.path() / "a" / "b");
        fs::current_path(tmp.path() / "a" / "b");
        const auto r = judge::find_course_root(std::nullopt);
        fs::current_path(old);
        CHECK(r.path == tmp.path());
    }
    SECTION("only folders with a problem.json are problems") {
        CHECK(judge::list_problem_names(tmp.path()) == std::vector<std::string>{"p1"});
    }
    SECTION("an unknown problem is named along with the known ones") {
        CHECK_THROWS_WITH(judge::require_known_problem(tmp.path(), "nope"),
                          "unknown problem 'nope' in " + (tmp.path() / "problems").string() + "; known problems: p1");
        CHECK_NOTHROW(judge::require_known_problem(tmp.path(), "p1"));
    }
}

}  // namespace course_test
