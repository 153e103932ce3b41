// The grading seed (core/seed.hpp): derived per problem, and a secret one written nowhere.
#include <cstdlib>
#include <set>

#include "catch.hpp"
#include "core/errors.hpp"
#include "core/seed.hpp"
#include "fixtures.hpp"
#include "report/report_json.hpp"
#include "traps/trap_report.hpp"

namespace seed_test {  // a unity batch is one translation unit: this file's names stay its own

using judge::Verdict;

TEST_CASE("a problem's seed is derived from the secret and its name, never the secret itself", "[seed]") {
    const uint64_t a = judge::problem_seed(918273645, "problem_mha");
    CHECK(a == judge::problem_seed(918273645, "problem_mha"));  // the same every run
    CHECK(a != judge::problem_seed(918273645, "problem_sdpa"));
    CHECK(a != judge::problem_seed(918273646, "problem_mha"));
    CHECK(a != 918273645);
    CHECK(a != 0);
}

TEST_CASE("choose_seed: --seed as given, --seed-from-env derived, and a bad variable named, not shown", "[seed]") {
    CHECK(judge::choose_seed(7, std::nullopt, "problem_mha").value == 7);
    CHECK_FALSE(judge::choose_seed(7, std::nullopt, "problem_mha").secret());
    ::setenv("JUDGE_SEED_TEST", "918273645", 1);
    const judge::GradingSeed s = judge::choose_seed(0, std::string("JUDGE_SEED_TEST"), "problem_mha");
    CHECK(s.secret());
    CHECK(s.env == "JUDGE_SEED_TEST");
    CHECK(s.value == judge::problem_seed(918273645, "problem_mha"));
    ::setenv("JUDGE_SEED_TEST", "91x", 1);
    try {
        judge::choose_seed(0, std::string("JUDGE_SEED_TEST"), "problem_mha");
        FAIL("a seed that is not a number was taken");
    } catch (const judge::InputError& e) {
        CHECK(std::string(e.what()).find("91x") == std::string::npos);
        CHECK(std::string(e.what()).find("$JUDGE_SEED_TEST is not a whole number") != std::string::npos);
    }
    ::unsetenv("JUDGE_SEED_TEST");
    CHECK_THROWS_WITH(judge::choose_seed(0, std::string("JUDGE_SEED_TEST"), "p"),
                      Catch::Contains("$JUDGE_SEED_TEST is not set"));
    CHECK_THROWS_WITH(judge::choose_seed(0, std::string("A;B"), "p"), Catch::Contains("the name of an environment"));
}

TEST_CASE("the salted hash depends on the salt, and salts differ", "[seed]") {
    const std::string s1 = judge::random_salt(), s2 = judge::random_salt();
    CHECK(s1.size() == 32);
    CHECK(s1 != s2);
    CHECK(judge::salted_seed_hash(s1, 5) != judge::salted_seed_hash(s2, 5));
    CHECK(judge::salted_seed_hash(s1, 5) == judge::salted_seed_hash(s1, 5));
}

TEST_CASE("a report of a secret seed says secret, reruns with the variable, and reads back", "[seed][formats]") {
    const judge::Problem p = fixtures::problem();
    std::vector<judge::TestOutcome> tests = {judge::not_run(p.tests[0], Verdict::accepted, ""),
                                             judge::not_run(p.tests[1], Verdict::accepted, ""),
                                             judge::not_run(p.tests[2], Verdict::runtime_error, "threw")};
    tests[2].hidden = false;  // a sample test: the report gives its rerun command
    judge::Report r = judge::assemble_report(p, 987654321, tests);
    r.submission = "ada/solution.cpp";
    r.sandbox = "bubblewrap";
    CHECK(judge::render_json(r).dump().find("987654321") != std::string::npos);  // a public seed is shown
    judge::hide_seed(r, "GRADING_SEED");
    const nlohmann::json j = judge::render_json(r);
    CHECK(j.dump().find("987654321") == std::string::npos);
    CHECK(j["seed"] == "secret");
    CHECK(j["seed_from_env"] == "GRADING_SEED");
    size_t reruns = 0;
    for (const nlohmann::json& t : j["tests"]) {
        if (!t.contains("rerun")) continue;
        ++reruns;
        CHECK(t["rerun"].get<std::string>().ends_with(" --seed-from-env GRADING_SEED"));
    }
    CHECK(reruns == 1);
    CHECK(judge::render_json(judge::report_from_json(j, p, "r.json")) == j);
    nlohmann::json forged = j;
    forged["seed_from_env"] = "X; rm -rf ~";
    CHECK_THROWS_WITH(judge::report_from_json(forged, p, "r.json"),
                      Catch::Contains("r.json: seed_from_env: expected the name of an environment variable"));
}

}  // namespace seed_test
