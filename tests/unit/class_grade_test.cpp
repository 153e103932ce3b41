#include <algorithm>
#include <set>
#include "catch.hpp"

#include "compile/builder.hpp"
#include "core/errors.hpp"
#include "grade/class_grade.hpp"
#include "util/files.hpp"

#include <sys/stat.h>

namespace class_grade_test {  // a unity batch is one translation unit: this file's names stay its own

namespace fs = std::filesystem;

TEST_CASE("the students are the class's folders, sorted, hidden ones left out", "[class]") {
    judge::TempDir tmp("judge-class-test");
    for (const char* d : {"zoe", "ada", ".git", "bob"}) fs::create_directories(tmp.path() / d);
    judge::write_file_atomic(tmp.path() / "README.md", "not a student");
    CHECK(judge::list_students(tmp.path()) == std::vector<std::string>{"ada", "bob", "zoe"});
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
        for (const std::string& id : judge::shard_of(judge::list_students(tmp.path()), std::make_pair(k, 3u))) {
            seen.insert(id);
            ++total;
        }
    }
    CHECK(seen == all);
    CHECK(total == all.size());
}

TEST_CASE("shards are within one student of each other (issue #63)", "[class]") {
    // 14 students in four shards: 4, 4, 3, 3 (a hash of the id gave 4, 0, 2, 8 on a real class).
    std::vector<std::string> ids;
    for (const char* id :
         {"zoé d'Arc", "ada", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kai", "lee", "mo"})
        ids.emplace_back(id);
    std::vector<size_t> sizes;
    std::set<std::string> seen;
    for (unsigned k = 1; k <= 4; ++k) {
        const std::vector<std::string> part = judge::shard_of(ids, std::make_pair(k, 4u));
        sizes.push_back(part.size());
        for (const std::string& id : part) CHECK(seen.insert(id).second);
    }
    CHECK(sizes == std::vector<size_t>{4, 4, 3, 3});
    CHECK(seen.size() == ids.size());
    // By rank in the sorted class, whatever order the ids came in.
    CHECK(judge::shard_of(ids, std::make_pair(1u, 4u)) == std::vector<std::string>{"ada", "eve", "ivy", "mo"});
    std::reverse(ids.begin(), ids.end());
    CHECK(judge::shard_of(ids, std::make_pair(1u, 4u)) == std::vector<std::string>{"ada", "eve", "ivy", "mo"});
    // More shards than students: the last ones hold nobody.
    CHECK(judge::shard_of({"a", "b"}, std::make_pair(3u, 4u)).empty());
    CHECK(judge::shard_of({"b", "a", "a"}, std::nullopt) == std::vector<std::string>{"a", "b"});
}

TEST_CASE("a student's submission: the problem's folder first, then the student's own", "[class]") {
    using State = judge::StudentSubmission::State;
    judge::TempDir tmp("judge-class-test");
    judge::write_file_atomic(tmp.path() / "ada" / "solution.cpp", "a");
    auto s = judge::read_submission(tmp.path(), "ada", "p");
    CHECK(s.state == State::found);
    CHECK(s.text == "a");
    CHECK(s.display == "ada/solution.cpp");
    judge::write_file_atomic(tmp.path() / "ada" / "p" / "solution.cpp", "b");
    s = judge::read_submission(tmp.path(), "ada", "p");
    CHECK(s.text == "b");
    CHECK(s.display == "ada/p/solution.cpp");
    fs::create_directories(tmp.path() / "bob");
    CHECK(judge::read_submission(tmp.path(), "bob", "p").state == State::missing);
}

TEST_CASE("a folder with the untouched template and a file the student wrote: the one written (issue #63)", "[class]") {
    using State = judge::StudentSubmission::State;
    judge::TempDir tmp("judge-class-test");
    const std::vector<std::string> templates = {"// C++ template\n", "# PyTorch template\n", "# NumPy template\n"};
    // The Classroom template keeps solution.cpp; a Python student hands in solution.py beside it.
    judge::write_file_atomic(tmp.path() / "ada" / "solution.cpp", templates[0]);
    judge::write_file_atomic(tmp.path() / "ada" / "solution.py", "def f(): return 1\n");
    auto s = judge::read_submission(tmp.path(), "ada", "p", templates);
    CHECK(s.state == State::found);
    CHECK(s.display == "ada/solution.py");
    CHECK(s.text == "def f(): return 1\n");
    // Without the templates to compare with, the first file found, as before.
    CHECK(judge::read_submission(tmp.path(), "ada", "p").display == "ada/solution.cpp");
    // A C++ student beside the untouched PyTorch (or NumPy) template: the C++ file.
    judge::write_file_atomic(tmp.path() / "bob" / "solution.cpp", "int f() { return 1; }\n");
    judge::write_file_atomic(tmp.path() / "bob" / "solution.py", templates[2]);
    CHECK(judge::read_submission(tmp.path(), "bob", "p", templates).display == "bob/solution.cpp");
    // Both changed: no silent choice; both named.
    judge::write_file_atomic(tmp.path() / "cy" / "solution.cpp", "int f() { return 2; }\n");
    judge::write_file_atomic(tmp.path() / "cy" / "solution.py", "def f(): return 2\n");
    s = judge::read_submission(tmp.path(), "cy", "p", templates);
    CHECK(s.state == State::invalid);
    CHECK(s.why ==
          "cy/solution.cpp and cy/solution.py both differ from the templates: hand in one file, the one you wrote, "
          "and delete the other");
    // Both untouched: the first, which grading counts as no attempt.
    judge::write_file_atomic(tmp.path() / "dee" / "solution.cpp", templates[0]);
    judge::write_file_atomic(tmp.path() / "dee" / "solution.py", templates[1]);
    s = judge::read_submission(tmp.path(), "dee", "p", templates);
    CHECK(s.state == State::found);
    CHECK(s.display == "dee/solution.cpp");
    // The problem's folder still comes first, whatever the student's own folder holds.
    judge::write_file_atomic(tmp.path() / "cy" / "p" / "solution.py", "def f(): return 3\n");
    CHECK(judge::read_submission(tmp.path(), "cy", "p", templates).display == "cy/p/solution.py");
}

TEST_CASE("a link anywhere in a student's path is invalid, and never read", "[class][hostile]") {
    using State = judge::StudentSubmission::State;
    judge::TempDir tmp("judge-class-test");
    judge::write_file_atomic(tmp.path() / "ada" / "solution.cpp", "int ada_secret;");
    judge::write_file_atomic(tmp.path() / "reference.cpp", "int reference_secret;");
    SECTION("the file is a link to a classmate's") {
        fs::create_directories(tmp.path() / "eve");
        fs::create_symlink(tmp.path() / "ada" / "solution.cpp", tmp.path() / "eve" / "solution.cpp");
        const auto s = judge::read_submission(tmp.path(), "eve", "p");
        CHECK(s.state == State::invalid);
        CHECK(s.text.empty());
        CHECK(s.why ==
              "eve/solution.cpp is a symbolic link (or lies behind one); a submission must be a regular file in "
              "the student's own folder, reached through no link");
    }
    SECTION("the student's folder is a link to a classmate's") {
        fs::create_directory_symlink(tmp.path() / "ada", tmp.path() / "eve");
        const auto s = judge::read_submission(tmp.path(), "eve", "p");
        CHECK(s.state == State::invalid);
        CHECK(s.text.empty());
    }
    SECTION("the problem folder is a link") {
        fs::create_directories(tmp.path() / "eve");
        fs::create_directory_symlink(tmp.path() / "ada", tmp.path() / "eve" / "p");
        CHECK(judge::read_submission(tmp.path(), "eve", "p").state == State::invalid);
    }
    SECTION("a link out of the class, to the environment") {
        fs::create_directories(tmp.path() / "eve");
        fs::create_symlink("/proc/self/environ", tmp.path() / "eve" / "solution.cpp");
        const auto s = judge::read_submission(tmp.path(), "eve", "p");
        CHECK(s.state == State::invalid);
        CHECK(s.text.empty());
    }
    SECTION("a FIFO is not a regular file, and reading it does not block") {
        fs::create_directories(tmp.path() / "eve");
        REQUIRE(::mkfifo((tmp.path() / "eve" / "solution.cpp").c_str(), 0600) == 0);
        const auto s = judge::read_submission(tmp.path(), "eve", "p");
        CHECK(s.state == State::invalid);
        CHECK(s.why.rfind("eve/solution.cpp is not a regular file;", 0) == 0);
    }
    SECTION("a source over the limit is not read") {
        fs::create_directories(tmp.path() / "eve");
        judge::write_file_atomic(tmp.path() / "eve" / "solution.cpp", std::string(judge::max_source_bytes + 1, ' '));
        const auto s = judge::read_submission(tmp.path(), "eve", "p");
        CHECK(s.state == State::too_large);
        CHECK(s.size == judge::max_source_bytes + 1);
        CHECK(s.text.empty());
    }
}

TEST_CASE("a class that is not a folder is an input error", "[class]") {
    CHECK_THROWS_AS(judge::list_students("/nonexistent/class"), judge::InputError);
    CHECK_THROWS_WITH(judge::list_students("/nonexistent/class"), "--class: /nonexistent/class is not a directory");
}

TEST_CASE("student folders are upload-safe and map back to exactly one id", "[grade]") {
    CHECK(judge::student_folder("ada") == "ada");
    CHECK(judge::student_folder("a:b") == "a%3Ab");
    CHECK(judge::student_folder("q\"<>|*?\r\n") == "q%22%3C%3E%7C%2A%3F%0D%0A");
    CHECK(judge::student_folder("caf\xc3\xa9") == "caf%C3%A9");
    CHECK(judge::student_folder("..") == "%2E.");
    CHECK(judge::student_folder("100%") == "100%25");
    CHECK(judge::student_dir("/out", "grades.csv") == std::filesystem::path("/out/students/grades.csv"));
    for (const std::string id : {"ada", "a:b", "caf\xe9", "100%", "x..y", "=1+2", "a b"})
        CHECK(judge::student_id(judge::student_folder(id)) == id);
    CHECK_FALSE(judge::student_id("a%3"));    // cut short
    CHECK_FALSE(judge::student_id("a%3ab"));  // another spelling of a%3Ab
    CHECK_FALSE(judge::student_id("a:b"));    // not what student_folder makes
    CHECK_FALSE(judge::student_id(""));
}

TEST_CASE("a long student id gets a capped folder that names it in its id file (issue #20)", "[grade]") {
    const std::string bangs(90, '!');  // 270 bytes encoded: more than a path component may have
    const std::string folder = judge::student_folder(bangs);
    CHECK(folder.size() <= 100);
    CHECK(folder.find('~') != std::string::npos);
    CHECK(folder.rfind("%21", 0) == 0);
    CHECK(folder.find("%2~") == std::string::npos);  // the prefix never cuts a %XX
    CHECK(judge::student_folder(bangs + "?") != folder);
    CHECK_FALSE(judge::student_id(folder));  // not decodable: its id file says who it is
    judge::TempDir out("judge-long-id");
    std::filesystem::create_directories(out.path() / folder);
    CHECK_FALSE(judge::student_id_in(out.path(), folder));  // no id file yet
    judge::write_file_atomic(out.path() / folder / judge::student_id_file, bangs);
    CHECK(judge::student_id_in(out.path(), folder) == bangs);
    judge::write_file_atomic(out.path() / folder / judge::student_id_file, "someone else");
    CHECK_FALSE(judge::student_id_in(out.path(), folder));  // an id that maps elsewhere
    std::filesystem::remove(out.path() / folder / judge::student_id_file);
    std::filesystem::create_symlink("/etc/hostname", out.path() / folder / judge::student_id_file);
    CHECK_FALSE(judge::student_id_in(out.path(), folder));  // never through a link
}

}  // namespace class_grade_test
