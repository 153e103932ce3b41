// The grading seed (core/seed.hpp): derived per problem, and a secret one written nowhere.
#include <cstdlib>
#include <set>

#include <unistd.h>

#include "catch.hpp"
#include "core/errors.hpp"
#include "core/seed.hpp"
#include "fixtures.hpp"
#include "process/process.hpp"
#include "report/report_json.hpp"
#include "traps/trap_report.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"

namespace seed_test {  // a unity batch is one translation unit: this file's names stay its own

using judge::Verdict;

const std::string secret = "0123456789abcdef0123456789abcdef";  // 128 bits: the fewest taken

TEST_CASE("a problem's key is HMAC of the secret and its name, never the secret itself", "[seed]") {
    const std::string a = judge::derive_problem_key(secret, "problem_mha");
    CHECK(a.size() == 32);
    CHECK(a == judge::derive_problem_key(secret, "problem_mha"));                              // the same every run
    CHECK(a == judge::derive_problem_key("0123456789ABCDEF0123456789ABCDEF", "problem_mha"));  // case ignored
    CHECK(a != judge::derive_problem_key(secret, "problem_sdpa"));
    CHECK(a != judge::derive_problem_key("1123456789abcdef0123456789abcdef", "problem_mha"));
    // RFC 4231's first test case: the keyed function is HMAC-SHA256 itself.
    CHECK(judge::to_hex(judge::hmac_sha256(std::string(20, '\x0b'), "Hi There")) ==
          "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    const std::string text = judge::problem_key_text("problem_mha", a);
    CHECK(text.starts_with("judge-key-v1:problem_mha:"));
    CHECK(text.size() == std::string("judge-key-v1:problem_mha:").size() + 64);
    CHECK(text.find(secret) == std::string::npos);
}

TEST_CASE("each submission's seed is keyed by its bytes: the same file the same draw, another file another", "[seed]") {
    const std::string key = judge::derive_problem_key(secret, "problem_mha");
    const uint64_t a = judge::submission_seed(key, "int main() {}\n");
    CHECK(a == judge::submission_seed(key, "int main() {}\n"));
    CHECK(a != judge::submission_seed(key, "int main() {}\n// another\n"));
    CHECK(a != judge::submission_seed(judge::derive_problem_key(secret, "problem_sdpa"), "int main() {}\n"));
    CHECK(a != 0);
    std::set<uint64_t> seeds;
    for (int i = 0; i < 1000; ++i) seeds.insert(judge::submission_seed(key, std::to_string(i)));
    CHECK(seeds.size() == 1000);
}

TEST_CASE("the counterexample cases have one seed per problem key, apart from every file's draw", "[seed]") {
    const std::string key = judge::derive_problem_key(secret, "problem_mha");
    const uint64_t cases = judge::cases_seed(key);
    CHECK(cases == judge::cases_seed(key));
    CHECK(cases != 0);
    CHECK(cases != judge::cases_seed(judge::derive_problem_key(secret, "problem_sdpa")));
    for (int i = 0; i < 100; ++i) CHECK(cases != judge::submission_seed(key, std::to_string(i)));
    judge::GradingSeed under_secret;
    under_secret.env = "GRADING_SEED";
    under_secret.key = key;
    CHECK(under_secret.for_cases() == cases);
    CHECK(under_secret.for_submission("a") != under_secret.for_submission("b"));
    judge::GradingSeed authoring;  // a public seed: the cases as the tests, drawn for it
    authoring.value = 7;
    CHECK(authoring.for_cases() == 7);
    CHECK(authoring.for_submission("a") == 7);
}

TEST_CASE("judge secret new: 256 random bits, as 64 hex digits, never twice the same", "[seed]") {
    const std::string a = judge::new_secret(), b = judge::new_secret();
    CHECK(a.size() == 64);
    CHECK(a.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(a != b);
}

TEST_CASE("choose_seed: --seed as given, --seed-from-env a key; a short or bad secret named, not shown", "[seed]") {
    CHECK(judge::choose_seed(7, std::nullopt, "problem_mha").value == 7);
    CHECK(judge::choose_seed(7, std::nullopt, "problem_mha").for_submission("any") == 7);
    CHECK_FALSE(judge::choose_seed(7, std::nullopt, "problem_mha").secret());
    ::setenv("JUDGE_SEED_TEST", (" " + secret + "\n").c_str(), 1);  // blanks around it are dropped
    const judge::GradingSeed s = judge::choose_seed(0, std::string("JUDGE_SEED_TEST"), "problem_mha");
    CHECK(s.secret());
    CHECK(s.drawn());
    CHECK(s.env == "JUDGE_SEED_TEST");
    CHECK(s.key == judge::derive_problem_key(secret, "problem_mha"));
    CHECK(s.for_submission("x") == judge::submission_seed(s.key, "x"));
    // The problem's key serves as the secret does, for that problem only.
    const std::string text = judge::problem_key_text("problem_mha", s.key);
    ::setenv("JUDGE_SEED_TEST", text.c_str(), 1);
    CHECK(judge::choose_seed(0, std::string("JUDGE_SEED_TEST"), "problem_mha").key == s.key);
    CHECK_THROWS_WITH(judge::choose_seed(0, std::string("JUDGE_SEED_TEST"), "problem_sdpa"),
                      "--seed-from-env: $JUDGE_SEED_TEST holds the key of problem_mha, not of problem_sdpa (a "
                      "problem's key opens that problem only: `judge secret key problem_sdpa`)");
    ::setenv("JUDGE_SEED_TEST", "judge-key-v1:problem_mha:12", 1);
    CHECK_THROWS_WITH(judge::choose_seed(0, std::string("JUDGE_SEED_TEST"), "problem_mha"),
                      Catch::Contains("starts like a problem's key but is not one"));
    // A human-sized secret, a number, 31 hex digits, or not hex: refused, the value never shown.
    for (const char* bad : {"1", "918273645", "0123456789abcdef0123456789abcde", "0123456789abcdef0123456789abcdeg"}) {
        ::setenv("JUDGE_SEED_TEST", bad, 1);
        try {
            judge::choose_seed(0, std::string("JUDGE_SEED_TEST"), "problem_mha");
            FAIL("a short secret was taken: " << bad);
        } catch (const judge::InputError& e) {
            CHECK(std::string(e.what()) ==
                  "--seed-from-env: $JUDGE_SEED_TEST is not a secret of at least 128 bits (at least 32 hex digits; "
                  "its value is not shown): make one with `judge secret new`");
        }
    }
    CHECK_THROWS_WITH(judge::choose_seed(0, std::string("JUDGE_SEED_UNSET"), "p"),
                      Catch::Contains("$JUDGE_SEED_UNSET is not set"));
    CHECK_THROWS_WITH(judge::choose_seed(0, std::string("A;B"), "p"), Catch::Contains("the name of an environment"));
}

TEST_CASE("the secret leaves the judge's environment when it is read: no child inherits it", "[seed]") {
    // Issue #62 point 5: no process the judge starts has the secret in its environment, and the
    // judge's own /proc/self/environ no longer shows it; a later read (grade's problems) still works.
    const std::string value = "0123456789abcdef0123456789abcdef77";
    ::setenv("JUDGE_SEED_TAKEN", value.c_str(), 1);
    const judge::GradingSeed s = judge::choose_seed(0, std::string("JUDGE_SEED_TAKEN"), "problem_mha");
    CHECK(s.key == judge::derive_problem_key(value, "problem_mha"));
    CHECK(std::getenv("JUDGE_SEED_TAKEN") == nullptr);
    for (char** e = environ; *e != nullptr; ++e) CHECK(std::string(*e).find(value) == std::string::npos);
    CHECK(judge::choose_seed(0, std::string("JUDGE_SEED_TAKEN"), "problem_sdpa").key ==
          judge::derive_problem_key(value, "problem_sdpa"));
    judge::ProcessSpec ps;
    judge::TempDir tmp("judge-seed-test");
    ps.argv = {"/bin/sh", "-c", "env"};
    ps.stdout_path = tmp.path() / "env";
    ps.wall_limit = std::chrono::seconds(20);
    CHECK(judge::run_process(ps).exit_code == 0);
    CHECK(judge::read_head(tmp.path() / "env", 1 << 20).find(value) == std::string::npos);
}

TEST_CASE("the salted hash depends on the salt, and salts differ", "[seed]") {
    const std::string s1 = judge::random_salt(), s2 = judge::random_salt();
    const std::string key = judge::derive_problem_key(secret, "p");
    CHECK(s1.size() == 32);
    CHECK(s1 != s2);
    CHECK(judge::salted_key_hash(s1, key) != judge::salted_key_hash(s2, key));
    CHECK(judge::salted_key_hash(s1, key) == judge::salted_key_hash(s1, key));
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
        // A student has no secret: the line runs on the pack's inputs, and says so (issue #64).
        CHECK(t["rerun"].get<std::string>().ends_with(judge::secret_rerun_words));
        CHECK(t["rerun"].get<std::string>().find("--seed") == std::string::npos);
    }
    CHECK(reruns == 1);
    CHECK(judge::render_json(judge::report_from_json(j, p, "r.json")) == j);
    nlohmann::json forged = j;
    forged["seed_from_env"] = "X; rm -rf ~";
    CHECK_THROWS_WITH(judge::report_from_json(forged, p, "r.json"),
                      Catch::Contains("r.json: seed_from_env: expected the name of an environment variable"));
}

}  // namespace seed_test
