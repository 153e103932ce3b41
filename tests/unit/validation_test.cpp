// judge validate as data (authoring/validation.hpp): what counts, and a check unit on its own.
#include <fstream>
#include "catch.hpp"

#include "authoring/lint.hpp"
#include "authoring/units.hpp"
#include "authoring/validation.hpp"
#include "fixtures.hpp"
#include "util/files.hpp"

namespace validation_test {  // a unity batch is one translation unit: this file's names stay its own

namespace fs = std::filesystem;
using judge::Severity;

TEST_CASE("a Validation counts errors and warnings; info and notes never count", "[validate]") {
    judge::Validation v;
    judge::Diagnostics d;
    d.ok("spec: 1 function");
    d.error("the statement is missing");
    d.lint({"no_sample_test", "warning", "trap x has no sample test"});
    d.lint({"test_catches_nothing", "info", "test t rejects no seeded bug"});
    d.note("bug b: caught by 2 tests; fails 2 traps");
    v.checks = d.findings;
    REQUIRE(v.checks.size() == 5);
    CHECK(v.checks[2].severity == Severity::warning);
    CHECK(v.checks[2].kind == "no_sample_test");
    CHECK(v.checks[3].severity == Severity::info);
    judge::BugResult bug;
    bug.findings.push_back({Severity::error, "", "1. b [x]: no test catches this seeded bug"});
    v.bugs.push_back(bug);
    v.matrix_lint.push_back({Severity::warning, "bugs_not_told_apart", "no test tells a from b"});
    CHECK(v.errors() == 2);
    CHECK(v.warnings() == 2);
    CHECK_FALSE(v.sound());
    // In the order they were found: the checks, each bug's lines, the matrix lint.
    const std::vector<const judge::Finding*> all = v.findings();
    REQUIRE(all.size() == 7);
    CHECK(all[5]->message == "1. b [x]: no test catches this seeded bug");
    CHECK(all[6]->kind == "bugs_not_told_apart");
    v.mutants = judge::MutantSummary{};
    v.mutants->survivors = {{"int:3:4", "--- diff"}};
    CHECK(v.warnings() == 3);  // a surviving mutant is a warning too
}

TEST_CASE("the bug matrix lint: thin catches are notes; exception tests that catch nothing, one line", "[validate]") {
    judge::Problem p;
    p.traps.push_back({"checks", "Checks", "Check.", {}, "", {}});
    p.traps.push_back({"values", "Values", "Compute.", {}, "", {}});
    const auto test = [](const char* id, const char* trap, bool hidden, bool throws) {
        judge::TestSpec t;
        t.id = id;
        t.trap = trap;
        t.hidden = hidden;
        if (throws) t.throws = "invalid_argument";
        return t;
    };
    p.tests = {test("bad_a", "checks", true, true), test("bad_b", "checks", false, true),
               test("plain", "values", false, false), test("big", "values", true, false)};
    judge::SeededBug bug;
    bug.name = "overflow";
    bug.trap = "values";
    judge::BugEvidence e;
    e.bug = &bug;
    e.runs.assign(4, nullptr);
    e.killed = {false, false, false, true};  // only the hidden test big
    std::vector<std::string> lines;
    for (const judge::LintWarning& w : judge::lint_bugs(p, {e})) lines.push_back(w.level + " " + w.message);
    REQUIRE(lines.size() == 4);
    CHECK(lines[0].rfind("note overflow is rejected by one test only (big)", 0) == 0);
    CHECK(lines[1].rfind("note overflow is rejected only by hidden tests (big)", 0) == 0);
    CHECK(lines[2] == "info test plain rejects no seeded bug");
    CHECK(lines[3] == "info 2 tests expecting an exception reject no seeded bug: bad_a, bad_b");
    // A bug caught by a sample test and another: nothing thin.
    e.killed = {false, false, true, true};
    for (const judge::LintWarning& w : judge::lint_bugs(p, {e})) CHECK(w.kind == "test_catches_nothing");
}

TEST_CASE("the spec lint: an int, float or bool parameter with one value in every test", "[validate]") {
    judge::Problem p;
    judge::FunctionSpec fn;
    fn.name = "norm";
    fn.params = {{"x", judge::ParamType::tensor, {}},
                 {"eps", judge::ParamType::float32, {}},
                 {"heads", judge::ParamType::int64, {}}};
    fn.outputs.push_back({});
    p.functions.push_back(fn);
    p.traps.push_back({"values", "Values", "Compute.", {}, "", {}});
    for (int k = 0; k < 2; ++k) {
        judge::TestSpec t;
        t.id = "t" + std::to_string(k);
        t.function = "norm";
        t.trap = "values";
        t.hidden = k == 1;
        t.inputs["x"].gen.shape = {2};
        t.inputs["eps"].type = judge::ParamType::float32;
        t.inputs["eps"].float_value = 1e-5;
        t.inputs["heads"].type = judge::ParamType::int64;
        t.inputs["heads"].int_value = k + 1;
        p.tests.push_back(t);
    }
    std::vector<std::string> constant;
    for (const judge::LintWarning& w : judge::lint_spec(p))
        if (w.kind == "constant_parameter") constant.push_back(w.level + " " + w.message);
    REQUIRE(constant.size() == 1);
    CHECK(constant[0].rfind("warning norm: eps is 1e-05 in all 2 of its tests, so a solution that writes 1e-05 in",
                            0) == 0);
}

TEST_CASE("the spec lint: a test expecting an exception, and empty tensors, are no evidence of confusion",
          "[validate]") {
    // step(x, K, V): K and V are as long as each other wherever the statement holds; only a test
    // of the input checks gives them different lengths. And an empty K and V hold nothing to confuse.
    judge::Problem p;
    judge::FunctionSpec fn;
    fn.name = "step";
    fn.params = {
        {"x", judge::ParamType::tensor, {}}, {"K", judge::ParamType::tensor, {}}, {"V", judge::ParamType::tensor, {}}};
    fn.outputs.push_back({});
    p.functions.push_back(fn);
    p.traps.push_back({"checks", "Checks", "Refuse.", {}, "", {}});
    p.traps.push_back({"values", "Values", "Compute.", {}, "", {}});
    const auto add = [&](const std::string& id, const std::string& trap, int64_t t_k, int64_t t_v, bool throws) {
        judge::TestSpec t;
        t.id = id;
        t.function = "step";
        t.trap = trap;
        t.hidden = id.back() == 'h';
        t.inputs["x"].gen.shape = {2, 1, 4};
        for (const char* cache : {"K", "V"}) {
            t.inputs[cache].gen.kind = judge::GenKind::constant;
            t.inputs[cache].gen.shape = {2, std::string(cache) == "K" ? t_k : t_v, 4};
        }
        if (throws) t.throws = "invalid_argument";
        p.tests.push_back(t);
    };
    add("bad_s", "checks", 3, 2, true);
    add("bad_h", "checks", 2, 3, true);
    add("empty_s", "values", 0, 0, false);
    add("empty_h", "values", 0, 0, false);
    std::vector<std::string> kinds;
    for (const judge::LintWarning& w : judge::lint_spec(p)) kinds.push_back(w.kind + ": " + w.message);
    for (const std::string& k : kinds) {
        CHECK(k.find("equal_dimensions") == std::string::npos);
        CHECK(k.find("identical_parameters") == std::string::npos);
    }
    // Values a solution could confuse still warn: K and V both 1 in every test.
    p.tests.resize(2);
    add("full_s", "values", 3, 3, false);
    add("full_h", "values", 2, 2, false);
    for (judge::TestSpec& t : p.tests) {
        t.inputs["K"].gen.value = 1;
        t.inputs["V"].gen.value = 1;
    }
    bool identical = false;
    for (const judge::LintWarning& w : judge::lint_spec(p)) identical = identical || w.kind == "identical_parameters";
    CHECK(identical);
}

TEST_CASE("the statement check names the missing file, relative to the course root", "[validate]") {
    judge::TempDir root("judge-validation-test");
    judge::Problem p = fixtures::problem();
    p.dir = root.path() / "problems" / "fixture";
    p.statement_file = "statement.md";
    fs::create_directories(p.dir);
    judge::Diagnostics d;
    judge::validation_units::check_statement(p, d);
    REQUIRE(d.findings.size() == 1);
    CHECK(d.findings[0].severity == Severity::error);
    CHECK(d.findings[0].message == "problems/fixture/statement.md: the statement is missing");
    std::ofstream(p.dir / p.statement_file) << "# Fixture\n";
    judge::Diagnostics again;
    judge::validation_units::check_statement(p, again);
    CHECK(again.findings.empty());
}

}  // namespace validation_test
