// Mutants of a reference (authoring/mutants.hpp): one change per mutant, never in a comment, a string
// or a preprocessor line, with stable ids and a one-line unified diff.
#include "catch.hpp"

#include <map>
#include <set>

#include "authoring/equivalence.hpp"
#include "authoring/mutants.hpp"
#include "util/files.hpp"

namespace mutants_test {  // a unity batch is one translation unit: this file's names stay its own

namespace {

const char* source = R"(#include <judge/tensor.hpp>
// a comment with 1 < 2 and a + b
judge::Tensor f(const judge::Tensor& x, int64_t n) {
    const judge::Tensor y = judge::softmax(x, -1);
    const judge::Tensor z = x * 2.0f;
    if (n < 3) throw std::invalid_argument("f: n < 3 + 1");
    y.at({0, 1}) = 5.0f;
    return judge::matmul(y, z) / std::sqrt(static_cast<float>(n));
}
)";

std::set<std::string> ids(const std::vector<judge::Mutant>& ms) {
    std::set<std::string> s;
    for (const auto& m : ms) s.insert(m.id);
    return s;
}

}  // namespace

TEST_CASE("mutants: each operator, in code only", "[mutants]") {
    const std::vector<judge::Mutant> ms = judge::make_mutants(source);
    const std::set<std::string> got = ids(ms);
    CHECK(got.count("int:4:48:1"));        // softmax(x, -1) -> -0
    CHECK(got.count("compare:6:11"));      // n < 3 -> n <= 3
    CHECK(got.count("int:6:13:0"));        // 3 -> 4
    CHECK(got.count("arith:5:31"));        // x * 2.0f -> x / 2.0f
    CHECK(got.count("drop:8:32"));         // drop " / std::sqrt(...)"
    CHECK(got.count("swap_args:8:26:0"));  // matmul(z, y)
    CHECK(got.count("swap_vars:8:26:0"));  // y -> z
    CHECK(got.count("delete:7:5"));        // y.at({0, 1}) = 5.0f;
    for (const judge::Mutant& m : ms) {
        CHECK(m.line >= 4);  // nothing in the include, the comment or the signature
        const bool in_before = m.before.find("f: n < 3 + 1") != std::string::npos;
        const bool in_after = m.after.find("f: n < 3 + 1") != std::string::npos;
        CHECK((in_after == in_before || m.after.empty()));  // the string literal is never changed
    }
    CHECK(ids(judge::make_mutants(source)) == got);  // stable
}

TEST_CASE("a mutant's diff names its line and id", "[mutants]") {
    for (const judge::Mutant& m : judge::make_mutants(source)) {
        if (m.id != "delete:7:5") continue;
        CHECK(m.diff("ref.cpp") ==
              "--- ref.cpp\n+++ ref.cpp (delete:7:5)\n@@ -7,1 +7,0 @@\n-    y.at({0, 1}) = 5.0f;\n");
        CHECK(m.source.find("5.0f") == std::string::npos);
    }
}

TEST_CASE("the references yield enough mutants", "[mutants]") {
    for (const char* problem : {"problem_mha", "problem_sdpa"}) {
        const std::string ref =
            judge::read_file(std::string(JUDGE_SOURCE_DIR) + "/reference/" + problem + "/solution.cpp");
        INFO(problem);
        CHECK(judge::make_mutants(ref).size() >= 40);
    }
}

TEST_CASE("equivalent_mutants: an id with its line's text follows a moved line and reports a changed one",
          "[mutants][equivalent]") {
    const std::string file = "reference/p/solution.cpp";
    const std::string line5 = "    const judge::Tensor z = x * 2.0f;";
    const auto mutants = judge::make_mutants(source);
    REQUIRE(ids(mutants).count("arith:5:31"));
    SECTION("the same id and text: matched, nothing to say") {
        const auto m = judge::match_equivalent(mutants, {{"arith:5:31", "why", line5}}, file);
        CHECK(m.reason_of == std::map<std::string, std::string>{{"arith:5:31", "why"}});
        CHECK(m.findings.empty());
    }
    SECTION("no text: the id alone, as before") {
        const auto m = judge::match_equivalent(mutants, {{"arith:5:31", "why", std::nullopt}}, file);
        CHECK(m.reason_of.count("arith:5:31"));
        CHECK(m.findings.empty());
    }
    SECTION("two lines above it: found at line 7, and said") {
        const auto moved = judge::make_mutants("// one\n// two\n" + std::string(source));
        const auto m = judge::match_equivalent(moved, {{"arith:5:31", "why", line5}}, file);
        CHECK(m.reason_of == std::map<std::string, std::string>{{"arith:7:31", "why"}});
        REQUIRE(m.findings.size() == 1);
        CHECK(m.findings[0].kind == "equivalent_mutant_moved");
        CHECK(m.findings[0].level == "info");
        CHECK(m.findings[0].message ==
              "equivalent_mutants[0] \"arith:5:31\": its line moved to line 7 of "
              "reference/p/solution.cpp; the mutant is now \"arith:7:31\" (update the id)");
    }
    SECTION("the line itself changed: not matched, a warning with both texts") {
        std::string edited = source;
        edited.replace(edited.find("x * 2.0f"), 8, "x * 3.0f");
        const auto m = judge::match_equivalent(judge::make_mutants(edited), {{"arith:5:31", "why", line5}}, file);
        CHECK(m.reason_of.empty());
        REQUIRE(m.findings.size() == 1);
        CHECK(m.findings[0].kind == "equivalent_mutant_changed");
        CHECK(m.findings[0].message ==
              "equivalent_mutants[0] \"arith:5:31\": line 5 of reference/p/solution.cpp changed: it was \"" + line5 +
                  "\" and is now \"    const judge::Tensor z = x * 3.0f;\"; check that the mutant is still "
                  "equivalent, then update \"line\"");
    }
    SECTION("an id that matches nothing: a warning naming it and what its line holds now") {
        const auto m = judge::match_equivalent(mutants, {{"arith:5:99", "why", std::nullopt}}, file);
        CHECK(m.reason_of.empty());
        REQUIRE(m.findings.size() == 1);
        CHECK(m.findings[0].kind == "equivalent_mutant_unmatched");
        CHECK(m.findings[0].level == "warning");
        CHECK(m.findings[0].message ==
              "equivalent_mutants[0] \"arith:5:99\" matches no mutant of "
              "reference/p/solution.cpp (line 5 is now \"" +
                  line5 + "\"); remove it, or copy the id validate --mutants prints");
    }
}

}  // namespace mutants_test
