#include "catch.hpp"

#include "core/errors.hpp"
#include "grade/lms_export.hpp"
#include "grade/roster.hpp"
#include "report/render.hpp"
#include "util/files.hpp"

namespace lms_export_test {  // a unity batch is one translation unit: this file's names stay its own

namespace fs = std::filesystem;

judge::Report report(judge::Verdict v, int score) {
    judge::Report r;
    r.problem = "problem_sdpa";
    r.verdict = v;
    r.score = score;
    r.max_score = 8;
    return r;
}

struct Class {
    judge::TempDir tmp{"judge-lms-test"};
    std::vector<judge::RosterEntry> roster;
    judge::Report ada = report(judge::Verdict::accepted, 8), bob = report(judge::Verdict::wrong_answer, 5),
                  eve = report(judge::Verdict::judge_error, 0), zed = report(judge::Verdict::accepted, 8);
    std::vector<std::pair<std::string, const judge::Report*>> graded{
        {"ada", &ada}, {"bob", &bob}, {"eve", &eve}, {"zed", &zed}};
    Class() {
        judge::write_file_atomic(tmp.path() / "roster.csv",
                                 "identifier,github_username,github_id,name\n"
                                 "ada@uni.edu,ada,1,\"Lovelace, Ada\"\n"
                                 "\"=HYPERLINK(\"\"x\"\")\",bob,2,Bob\n"
                                 "eve@uni.edu,eve,3,Eve\n"
                                 ",nemo,4,Nemo\n");
        roster = judge::read_roster(tmp.path() / "roster.csv");
    }
    std::string export_as(const char* lms, judge::ExportSummary& s) {
        s = judge::export_grades(lms, "problem_sdpa", graded, roster, tmp.path() / "out.csv");
        return judge::read_file(tmp.path() / "out.csv");
    }
};

TEST_CASE("a roster CSV keeps each student's identifier and name beside the id", "[lms]") {
    Class c;
    REQUIRE(c.roster.size() == 4);
    CHECK(c.roster[0].id == "ada");
    CHECK(c.roster[0].identifier == "ada@uni.edu");
    CHECK(c.roster[0].name == "Lovelace, Ada");
    CHECK(c.roster[3].identifier.empty());
    CHECK(judge::roster_ids(c.roster) == std::vector<std::string>{"ada", "bob", "eve", "nemo"});
}

TEST_CASE("Canvas's import: its columns, the points possible, a row per roster student by SIS Login ID", "[lms]") {
    Class c;
    judge::ExportSummary s;
    const std::string csv = c.export_as("canvas", s);
    CHECK(csv ==
          "Student,ID,SIS User ID,SIS Login ID,Section,problem_sdpa\n"
          "Points Possible,,,,,8\n"
          "\"Lovelace, Ada\",,,ada@uni.edu,,8\n"
          "Bob,,,\"'=HYPERLINK(\"\"x\"\")\",,5\n"  // never a formula
          "Eve,,,eve@uni.edu,,\n");                // the judge failed: no grade, not 0
    CHECK(s.rows == 3);
    CHECK(s.not_on_roster == std::vector<std::string>{"zed"});
    CHECK(s.not_graded == std::vector<std::string>{"nemo"});
    CHECK(s.no_grade == std::vector<std::string>{"eve"});
}

TEST_CASE("Moodle's import: identifier, name, the grade and a line of feedback", "[lms]") {
    Class c;
    judge::TrapOutcome t;
    t.id = "masking";
    t.title = "Masked keys get weight exactly 0";
    t.passed = false;
    c.bob.traps.push_back(t);
    judge::ExportSummary s;
    const std::string csv = c.export_as("moodle", s);
    CHECK(
        csv.starts_with("Identifier,Name,problem_sdpa,Feedback\n"
                        "ada@uni.edu,\"Lovelace, Ada\",8,accepted: 8 of 8 points\n"));
    CHECK(csv.find("5,\"wrong answer: 5 of 8 points; fix first: masking (Masked keys get weight exactly 0)\"\n") !=
          std::string::npos);
    CHECK(csv.find("eve@uni.edu,Eve,,\"judge error: not graded") != std::string::npos);
}

TEST_CASE("a student with no identifier is written under their username, and said so", "[lms]") {
    Class c;
    judge::Report nemo = report(judge::Verdict::missing, 0);
    c.graded.emplace_back("nemo", &nemo);
    judge::ExportSummary s;
    CHECK(c.export_as("canvas", s).find("Nemo,,,nemo,,0\n") != std::string::npos);
    CHECK(s.no_identifier == std::vector<std::string>{"nemo"});
}

TEST_CASE("an unknown LMS is refused, naming the known ones", "[lms]") {
    Class c;
    judge::ExportSummary s;
    CHECK_THROWS_WITH(c.export_as("blackboard", s),
                      "--export: unknown LMS \"blackboard\" (expected one of: canvas, moodle)");
    CHECK_FALSE(fs::exists(c.tmp.path() / "out.csv"));
}

TEST_CASE("the feedback's fence is longer than any backticks a submission put in its report", "[lms]") {
    judge::Report r = report(judge::Verdict::compile_error, 0);
    r.compile_ok = false;
    r.compile_log = "solution.cpp:1: error: ```` and then # a heading\n";
    const std::string md = judge::render_markdown(r);
    CHECK(md.starts_with("# problem_sdpa: 0 of 8 points (compile error)\n\n`````text\n"));
    CHECK(md.ends_with("\n`````\n"));
}

}  // namespace lms_export_test
