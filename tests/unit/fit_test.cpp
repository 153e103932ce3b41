// A student's Markdown report cut to fit a platform's limit (report/fit.hpp, issue #63 point 2).
#include "catch.hpp"

#include <random>

#include "fixtures.hpp"
#include "report/fit.hpp"
#include "report/render.hpp"

namespace fit_test {  // a unity batch is one translation unit: this file's names stay its own

// True when `s` is well-formed UTF-8 (no character cut in two).
bool valid_utf8(const std::string& s) {
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        for (size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
        i += n;
    }
    return true;
}

// render_markdown's shape around `body`: a heading, then the body in a fence.
std::string fenced(const std::string& body) {
    return "# problem_mha: 0 of 32 points (compile error)\n\n```text\n" + body + "```\n";
}

size_t count(const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

TEST_CASE("a report within the limit is handed over as it is", "[fit]") {
    const std::string md = judge::render_markdown(fixtures::blocked_report());
    const judge::Fitted f = judge::fit_markdown(md, judge::github_issue_limit, "x");
    CHECK_FALSE(f.cut);
    CHECK(f.text == md);
}

TEST_CASE("a long compile error is cut in the middle at line ends, the fence and the points kept", "[fit]") {
    std::string body = "problem_mha: compile error\nThe compiler said:\n";
    for (int i = 0; i < 3000; ++i) body += "solution.cpp:" + std::to_string(i) + ": error: no match for ‘operator*’\n";
    body += "\nScore: 0/32 points\n";
    const std::string md = fenced(body);
    REQUIRE(md.size() > judge::github_issue_limit);
    const judge::Fitted f = judge::fit_markdown(md, judge::github_issue_limit, "`students/ann/report.md`");
    CHECK(f.cut);
    CHECK(f.text.size() <= judge::github_issue_limit);
    CHECK(f.text.size() > judge::github_issue_limit - 600);  // the room is used
    CHECK(valid_utf8(f.text));
    CHECK(f.text.rfind("# problem_mha: 0 of 32 points (compile error)\n\n*This report is longer than the 65,536 "
                       "characters this page can hold, so lines ",
                       0) == 0);
    CHECK(f.text.find("The whole report: `students/ann/report.md`.*\n\n```text\nproblem_mha: compile error\n") !=
          std::string::npos);
    CHECK(f.text.find("solution.cpp:0: error") != std::string::npos);        // the first error
    CHECK(f.text.find("\nScore: 0/32 points\n```\n") != std::string::npos);  // the points, the fence closed
    CHECK(count(f.text, "```") == 2);
    CHECK(count(f.text, " characters left out here to fit") == 1);
    // Whole lines left out: the line before the marker and the one after it are whole lines of the body.
    const size_t marker = f.text.find("\n[... ");
    REQUIRE(marker != std::string::npos);
    const size_t before = f.text.rfind('\n', marker - 1);
    CHECK(body.find(f.text.substr(before + 1, marker - before)) != std::string::npos);
    CHECK(f.bytes_cut + f.text.size() > md.size());  // what was left out is said
    CHECK(f.text.find(std::to_string(f.bytes_cut).substr(0, 1)) != std::string::npos);
}

TEST_CASE("a cut never splits a UTF-8 character nor passes the limit, whatever the lines", "[fit]") {
    std::mt19937 rng(7);
    const std::vector<std::string> pieces = {"a", "é", "€", "𝄞", "\n", "`", "bc d"};
    for (int round = 0; round < 200; ++round) {
        std::string body;
        const size_t want = 3000 + rng() % 20000;
        while (body.size() < want) body += pieces[rng() % pieces.size()];
        body += "\n";
        const size_t limit = judge::min_fit_limit + rng() % 6000;
        // The longest place for the whole report the words may name, every other round.
        const std::string there = round % 2 ? std::string(judge::max_whole_at, 'w') : "there";
        for (const std::string& md : {fenced(body), body}) {  // render_markdown's shape, and any other
            const judge::Fitted f = judge::fit_markdown(md, limit, there);
            INFO("round " << round << ", limit " << limit);
            CHECK(f.text.size() <= limit);
            CHECK(valid_utf8(f.text));
            CHECK(f.cut == (md.size() > limit));
        }
    }
}

TEST_CASE("one line longer than the limit is cut inside, at a character", "[fit]") {
    const std::string md = fenced(std::string(100000, 'x') + "é\n");
    const judge::Fitted f = judge::fit_markdown(md, 4096, "there");
    CHECK(f.cut);
    CHECK(f.text.size() <= 4096);
    CHECK(f.text.find("\n[... ") != std::string::npos);
    CHECK(f.text.find("é\n```\n") != std::string::npos);
    CHECK(count(f.text, "```") == 2);
}

}  // namespace fit_test
