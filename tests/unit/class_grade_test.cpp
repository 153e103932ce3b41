#include <catch2/catch.hpp>
#include <set>

#include "core/errors.hpp"
#include "grade/class_grade.hpp"
#include "util/files.hpp"

namespace fs = std::filesystem;

TEST_CASE("the students are the class's folders, sorted, hidden ones left out", "[class]") {
    judge::TempDir tmp("judge-class-test");
    for (const char* d : {"zoe", "ada", ".git", "bob"}) fs::create_directories(tmp.path() / d);
    judge::write_file_atomic(tmp.path() / "README.md", "not a student");
    CHECK(judge::list_students(tmp.path(), std::nullopt) == std::vector<std::string>{"ada", "bob", "zoe"});
}

TEST_CASE("shards split the class into disjoint parts that cover it", "[class]") {
    judge::TempDir tmp("judge-class-test");
    std::set<std::string> all;
    for (int i = 0; i < 30; ++i) {
        const std::string id = "s" + std::to_string(i);
        fs::create_directories(tmp.path() / id);
        all.insert(id);
    }
    std::set<std::string> seen;
    size_t total = 0;
    for (unsigned k = 1; k <= 3; ++k) {
        for (const std::string& id : judge::list_students(tmp.path(), std::make_pair(k, 3u))) {
            seen.insert(id);
            ++total;
        }
    }
    CHECK(seen == all);
    CHECK(total == all.size());
}

TEST_CASE("a student's submission: the problem's folder first, then the student's own", "[class]") {
    judge::TempDir tmp("judge-class-test");
    judge::write_file_atomic(tmp.path() / "ada" / "solution.cpp", "a");
    CHECK(judge::find_submission(tmp.path(), "ada", "p") == tmp.path() / "ada" / "solution.cpp");
    judge::write_file_atomic(tmp.path() / "ada" / "p" / "solution.cpp", "b");
    CHECK(judge::find_submission(tmp.path(), "ada", "p") == tmp.path() / "ada" / "p" / "solution.cpp");
    CHECK(judge::find_submission(tmp.path(), "bob", "p").empty());
}

TEST_CASE("a class that is not a folder is an input error", "[class]") {
    CHECK_THROWS_AS(judge::list_students("/nonexistent/class", std::nullopt), judge::InputError);
    CHECK_THROWS_WITH(judge::list_students("/nonexistent/class", std::nullopt), "--class: /nonexistent/class is not a directory");
}
