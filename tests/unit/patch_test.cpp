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

namespace patch_test {

TEST_CASE("unified_diff writes what diff -u writes, and its patch gives the edited text back", "[patch]") {
    const std::string a = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n", b = "a\nb\nC\nd\ne\nf\ng\nh\ni\nj\nk\nm\nn\n";
    // `diff -u --label a/x --label b/x` (GNU diffutils 3.8) on the same two files.
    CHECK(judge::unified_diff(a, b, "a/x", "b/x") ==
          "--- a/x\n+++ b/x\n@@ -1,6 +1,6 @@\n a\n b\n-c\n+C\n d\n e\n f\n@@ -9,5 +9,5 @@\n i\n j\n k\n-l\n m\n+n\n");
    CHECK(judge::unified_diff(a, b, "a", "b", 1) ==
          "--- a\n+++ b\n@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n@@ -11,3 +11,3 @@\n k\n-l\n m\n+n\n");
    CHECK(judge::unified_diff("x\n", "x\ny\n", "a", "b") == "--- a\n+++ b\n@@ -1 +1,2 @@\n x\n+y\n");
    CHECK(judge::unified_diff(a, a, "a", "b").empty());
    // Any edit: the diff applies to the original and gives the edited text.
    uint32_t state = 12345;
    const auto next = [&state](uint32_t n) {
        state = state * 1103515245u + 12345u;
        return (state >> 16) % n;
    };
    for (int round = 0; round < 300; ++round) {
        std::string x, y;
        const uint32_t lines = 1 + next(40);
        for (uint32_t k = 0; k < lines; ++k) {
            const std::string line = "line " + std::to_string(next(8)) + "\n";
            x += line;
            const uint32_t edit = next(10);
            if (edit == 0) continue;                                  // removed
            y += edit == 1 ? "changed " + line : line;                // changed, or kept
            if (edit == 2) y += "added " + std::to_string(k) + "\n";  // one added after it
        }
        if (y.empty()) y = "all gone\n";
        const std::string d = judge::unified_diff(x, y, "a/s", "b/s", static_cast<int>(next(4)));
        CHECK((d.empty() ? x : judge::apply_patch(x, d)) == y);
    }
}

}  // namespace patch_test
