// The renderers on a hand-made report: terminal text, JSON, Gradescope and JUnit.
#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "report/formats.hpp"
#include "report/render.hpp"
#include "traps/evaluate.hpp"
#include "traps/trap_report.hpp"

using judge::Verdict;

namespace {

const judge::Problem& prob() {
    static const judge::Problem p = fixtures::problem();
    return p;
}

// t_values fails (hidden) with a named misconception; the other two tests pass.
judge::Report report() {
    std::vector<judge::TestOutcome> tests = {
        judge::not_run(prob().tests[0], Verdict::wrong_answer, "out[0,1] differs <here> & there"),
        judge::not_run(prob().tests[1], Verdict::accepted, ""), judge::not_run(prob().tests[2], Verdict::accepted, "")};
    tests[0].misconception = "tiling with repeat";
    tests[0].misconception_bug = "lens_repeat";
    tests[1].points = 1;
    tests[2].points = 1;
    judge::Report r = judge::assemble_report(prob(), 0, tests);
    r.submission = "ada/solution.cpp";
    r.sandbox = "bubblewrap";
    return r;
}

}  // namespace

TEST_CASE("the text report: the misconception first, a line per trap, the hint, the score", "[render]") {
    CHECK(judge::render_text(report(), judge::Style{false}) ==
          "Submission: ada/solution.cpp\n"
          "Your output on 1 test is exactly what tiling with repeat produces.\n\n"
          "✗ values  Values are right\n"
          "    test t_values (hidden): out[0,1] differs <here> & there\n"
          "      This is exactly what tiling with repeat produces.\n"
          "    hint: Look at the values.\n"
          "✓ errors  Bad input throws\n"
          "\nfixture: wrong_answer, 2/4 points, 1/2 traps passed\n");
}

TEST_CASE("colour appears only when the style asks for it", "[render]") {
    CHECK(judge::Style{true}.paint("ok", "green") == "\033[32mok\033[0m");
    CHECK(judge::Style{false}.paint("ok", "green") == "ok");
    CHECK(judge::render_text(report(), judge::Style{true}).find("\033[31m✗\033[0m values") != std::string::npos);
}

TEST_CASE("a compile error shows the compiler's words and the score", "[render]") {
    judge::Report r = judge::compile_error_report(prob(), 0, "solution.cpp:3: error: expected ';'\n");
    CHECK(
        judge::render_text(r, judge::Style{false}) ==
        "Compilation failed. The compiler said:\n\nsolution.cpp:3: error: expected ';'\n\nfixture: compile_error, 0/4 points\n");
}

TEST_CASE("the JSON report has the documented fields", "[render]") {
    const nlohmann::json j = judge::render_json(report());
    CHECK(j["problem"] == "fixture");
    CHECK(j["verdict"] == "wrong_answer");
    CHECK(j["score"] == 2);
    CHECK(j["max_score"] == 4);
    CHECK(j["sandbox"] == "bubblewrap");
    CHECK(j["traps"][0]["passed"] == false);
    CHECK(j["traps"][0]["message"] == "out[0,1] differs <here> & there");
    CHECK(j["tests"][0]["misconception"] == nlohmann::json{{"bug", "lens_repeat"}, {"text", "tiling with repeat"}});
    CHECK(j["tests"][1]["misconception"].is_null());
    CHECK_FALSE(j["tests"][0].contains("inputs"));  // hidden
    CHECK(j["tests"][1].contains("inputs"));        // sample
    CHECK(j["compile"]["ok"] == true);
}

TEST_CASE("Gradescope: one test per trap, worth its tests' points", "[formats]") {
    const nlohmann::json g = judge::gradescope_results(prob(), judge::render_json(report()), 3);
    CHECK(g["score"] == 2);
    CHECK(g["execution_time"] == 3);
    CHECK(g["output"] == "fixture: wrong_answer, 2/4 points");
    REQUIRE(g["tests"].size() == 2);
    CHECK(g["tests"][0]["name"] == "values: Values are right");
    CHECK(g["tests"][0]["score"] == 1);
    CHECK(g["tests"][0]["max_score"] == 3);
    CHECK(g["tests"][0]["status"] == "failed");
    CHECK(g["tests"][0]["output"] == "out[0,1] differs <here> & there\nhint: Look at the values.");
    CHECK(g["tests"][1]["status"] == "passed");
}

TEST_CASE("JUnit: a suite per student, a case per trap, XML escaped", "[formats]") {
    judge::JunitCounts total;
    const std::string suite = judge::render_junit_suite("ada", judge::render_json(report()), total);
    CHECK(suite ==
          "  <testsuite name=\"ada\" tests=\"2\" failures=\"1\" errors=\"0\">\n"
          "    <testcase classname=\"ada\" name=\"values\">\n"
          "      <failure type=\"wrong_answer\" message=\"out[0,1] differs &lt;here&gt; &amp; there\"/>\n"
          "    </testcase>\n"
          "    <testcase classname=\"ada\" name=\"errors\"></testcase>\n"
          "  </testsuite>\n");
    CHECK(total.tests == 2);
    CHECK(total.failures == 1);
    CHECK(
        judge::render_junit_document("p", suite, total)
            .rfind(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"p\" tests=\"2\" failures=\"1\" errors=\"0\">\n",
                0) == 0);
    CHECK(judge::xml_escape(std::string("a\x01"
                                        "b\tc")) == "ab\tc");
}
