// judge validate as data (authoring/validation.hpp): what counts, and a check unit on its own.
#include <fstream>
#include "catch.hpp"

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
