// The platforms' documents: GitHub Classroom's runner result, PrairieLearn's results.json and
// CodeGrade's points line, each with the judge's own total.
#include "catch.hpp"

#include "fixtures.hpp"
#include "report/platforms.hpp"
#include "report/words.hpp"
#include "traps/trap_report.hpp"

namespace platforms_test {  // a unity batch is one translation unit: this file's names stay its own

using judge::Verdict;
using nlohmann::json;

using fixtures::blocked_report;

TEST_CASE("base64 is RFC 4648's, padded, on one line", "[platforms]") {
    CHECK(judge::base64("") == "");
    CHECK(judge::base64("f") == "Zg==");
    CHECK(judge::base64("fo") == "Zm8=");
    CHECK(judge::base64("foo") == "Zm9v");
    CHECK(judge::base64("foobar") == "Zm9vYmFy");
    CHECK(judge::base64(std::string("\xff\x00\xfe", 3)) == "/wD+");
}

TEST_CASE("GitHub Classroom: one test per trap, the reporter's sum is the judge's score", "[platforms]") {
    const judge::Report r = blocked_report();
    const json c = judge::classroom_results(r);
    CHECK(c["version"] == 1);
    CHECK(c["status"] == "fail");
    CHECK(c["max_score"] == 4);
    REQUIRE(c["tests"].size() == 2);
    int sum = 0;
    for (const json& t : c["tests"]) {
        sum += t["score"].get<int>();
        CHECK(t["line_no"] == 0);  // the reporter prints " - line N" for anything else
        CHECK(t["test_code"] == "");
    }
    CHECK(sum == r.score);
    CHECK(sum == 1);
    CHECK(c["tests"][0]["name"] == "values: Values are right");
    CHECK(c["tests"][0]["message"].get<std::string>().rfind("Fix this first. test t_values (hidden): ", 0) == 0);
    CHECK(c["tests"][1]["status"] == "fail");
    CHECK(c["tests"][1]["message"] == "not assessed until values passes (0 of 1 point until then)");
    // Nothing ran: an error, and the reason where the student reads it.
    const judge::Report cx = judge::compile_error_report(fixtures::problem(), 0, "solution.cpp:1: error: oops\n");
    const json e = judge::classroom_results(cx);
    CHECK(e["status"] == "error");
    CHECK(e["tests"][0]["message"] ==
          "The submission did not compile. The compiler said:\nsolution.cpp:1: error: oops\n");
}

TEST_CASE("PrairieLearn: score in [0, 1], points per trap; not gradable when nothing ran", "[platforms]") {
    const judge::Report r = blocked_report();
    const json pl = judge::prairielearn_results(r);
    CHECK(pl["gradable"] == true);
    CHECK(pl["score"] == 0.25);
    CHECK(pl["points"] == 1);
    CHECK(pl["max_points"] == 4);
    REQUIRE(pl["tests"].size() == 2);
    CHECK(pl["tests"][0]["points"] == 1);
    CHECK(pl["tests"][0]["max_points"] == 3);
    CHECK(pl["tests"][1]["description"] == "not assessed");
    CHECK(pl["tests"][1]["points"] == 0);
    CHECK(pl["message"].get<std::string>().find("\nFix first: test t_values of trap values") != std::string::npos);
    const json cx = judge::prairielearn_results(
        judge::compile_error_report(fixtures::problem(), 0, std::string(3'000'000, 'x') + "\n"));
    CHECK(cx["gradable"] == false);
    CHECK_FALSE(cx.contains("score"));
    const std::string why = cx["format_errors"][0].get<std::string>();
    CHECK(why.rfind("The submission did not compile.", 0) == 0);
    CHECK(why.find("more bytes not shown") != std::string::npos);
    CHECK(cx.dump().size() < judge::prairielearn_limit);
    const json missing = judge::prairielearn_results(judge::missing_report(fixtures::problem(), 0, "x.cpp: gone"));
    CHECK(missing["gradable"] == false);
    CHECK(missing["format_errors"][0] == "no submission: x.cpp: gone");
}

TEST_CASE("CodeGrade: the custom test's points line", "[platforms]") {
    CHECK(judge::codegrade_points(blocked_report()).dump() == R"({"points":"1/4","tag":"points"})");
}

}  // namespace platforms_test
