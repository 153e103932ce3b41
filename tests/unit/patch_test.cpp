// Seeded bugs as patches: applying a unified diff in memory.
#include "catch.hpp"

#include "util/patch.hpp"

namespace patch_test {  // a unity batch is one translation unit: this file's names stay its own

namespace {

const std::string original = "a\nb\nc\nd\ne\nf\n";

std::string error_of(const std::string& diff) {
    try {
        judge::apply_patch(original, diff);
    } catch (const judge::PatchError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("a unified diff applies in memory, after the bug's header lines", "[patch]") {
    const std::string diff =
        "// trap: values\n// misconception: c instead of C\n"
        "--- a/solution.cpp\n+++ b/solution.cpp\n"
        "@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n"
        "@@ -6,1 +6,2 @@\n f\n+g\n";
    CHECK(judge::apply_patch(original, diff) == "a\nb\nC\nd\ne\nf\ng\n");
}

TEST_CASE("a hunk whose line moved still applies at the nearest match; one that does not match is an error",
          "[patch]") {
    // Stated at line 1, found at line 4.
    CHECK(judge::apply_patch(original, "--- a\n+++ b\n@@ -1,2 +1,1 @@\n d\n-e\n") == "a\nb\nc\nd\nf\n");
    CHECK(error_of("--- a\n+++ b\n@@ -2,2 +2,2 @@\n b\n-x\n+y\n") ==
          "hunk 1 (diff line 3, at line 2): its lines are not in the file");
    CHECK(error_of("// trap: x\n") == "no \"--- \" line: not a unified diff");
    CHECK(error_of("--- a\n+++ b\n") == "no \"@@\" hunk: the diff changes nothing");
    CHECK(error_of("--- a\n+++ b\n@@ -1 +1 @@\n*a\n") == "line 4: expected a line starting with ' ', '-' or '+'");
}

}  // namespace patch_test
