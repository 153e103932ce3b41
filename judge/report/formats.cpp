#include "report/formats.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <set>

#include "report/png.hpp"
#include "report/shown.hpp"
#include "report/words.hpp"

namespace judge {

using nlohmann::json;

namespace {

// The traps Gradescope shows only after the due date: those with a test withheld until then, and
// every trap that comes after one of them (spec: traps[].after), in turn. The set is the
// problem's, whatever the results: a trap hidden only when a withheld one blocked it would tell,
// by its visibility and by the count of traps shown, that the withheld trap failed (issue #63).
std::set<std::string> withheld_traps(const Report& r, const Problem& p) {
    std::set<std::string> withheld;
    for (const TrapOutcome& t : r.traps)
        if (t.after_due_date) withheld.insert(t.id);
    for (bool grew = !withheld.empty(); grew;) {
        grew = false;
        for (const TrapSpec& t : p.traps)
            if (!withheld.count(t.id) &&
                std::any_of(t.after.begin(), t.after.end(), [&](const auto& a) { return withheld.count(a); }))
                grew = withheld.insert(t.id).second;
    }
    return withheld;
}

// The top level's words before the due date, when some trap is withheld: only the traps shown now,
// with no total, verdict or first fix (each could tell of a withheld trap), and no "N of M" that
// reads as a total.
std::string before_due_words(const Report& r, const std::set<std::string>& withheld) {
    int passed = 0, failed = 0;
    for (const TrapOutcome& t : r.traps) {
        if (withheld.count(t.id)) continue;
        (t.passed ? passed : failed) += 1;
    }
    const auto count = [](int n, const char* one, const char* many) {
        return n == 0 ? fmt::format("none {}", one) : fmt::format("{} {}", n, n == 1 ? one : many);
    };
    return fmt::format(
        "{}, before the due date: of the traps shown now, {} and {}. More traps, the total, the verdict "
        "and what to fix first are shown after the due date.",
        r.problem, count(passed, "passes", "pass"), count(failed, "fails", "fail"));
}

}  // namespace

// Gradescope's autograder format: one test per trap, worth the points of that trap's tests.
json gradescope_results(const Report& r, long seconds, const Problem& p, bool pictures) {
    json tests = json::array();
    const std::set<std::string> withheld = withheld_traps(r, p);
    for (const TrapOutcome& trap : r.traps) {
        const TestOutcome* speaks = trap.passed || trap.blocked ? nullptr : speaker(r.tests, trap.id);
        const std::string status = trap.status();
        json tags = json::array({trap.id, status});
        json extra = {{"trap", trap.id}, {"status", status}, {"blocked_by", trap.blocked_by}};
        if (speaks != nullptr) extra["failed_test"] = speaks->id;
        if (speaks != nullptr && !speaks->misconception_bug.empty()) {
            tags.push_back(speaks->misconception_bug);
            extra["misconception"] = speaks->misconception_bug;
        }
        // Which trap is the first fix could tell of a withheld one: said only when none is withheld.
        if (&trap == r.first_fix() && (withheld.empty() || withheld.count(trap.id))) tags.push_back("first_fix");
        std::string output = trap_diagnosis(r, trap);
        std::string format = "text";
        if (pictures) {
            const auto pngs = trap_pngs(r, trap, p, 2);
            if (!pngs.empty()) {
                format = "html";
                output = "<pre>" + html_escape(output) + "</pre>";
                for (const auto& [label, png] : pngs)
                    output += fmt::format("<p>{}</p><img alt=\"{}\" src=\"{}\">", html_escape(label),
                                          html_escape(label), png_data_url(png));
            }
        }
        tests.push_back({{"name", trap.id + ": " + trap.title},
                         {"score", trap.points},
                         {"max_score", trap.max_points},
                         {"status", trap.passed ? "passed" : "failed"},
                         {"output", output},
                         {"output_format", format},
                         {"tags", tags},
                         {"extra_data", extra},
                         // The visibility model: sample and hidden tests are run and their traps
                         // shown (a hidden test's words give no data); a trap with any test
                         // withheld until after the due date is shown then, whole, and so is a
                         // trap it blocks.
                         {"visibility", withheld.count(trap.id) ? "after_due_date" : "visible"}});
    }
    std::string output = summary_words(r);
    if (!r.compile_ok && r.verdict == Verdict::compile_error) output += "\n\nThe compiler said:\n" + r.compile_log;
    // Nothing read or run: why, where the student looks first.
    if (!ran(r.verdict) && r.verdict != Verdict::compile_error && !r.traps.empty())
        output += "\n\n" + r.traps.front().message;
    // With a trap withheld, the summary (total, verdict, first fix and its hint) waits for the due
    // date too, as a test of its own worth nothing; the top level says only what may be shown now.
    // (Gradescope itself hides the total score while a test is withheld.)
    if (!withheld.empty() && ran(r.verdict)) {
        tests.push_back({{"name", "Summary"},
                         {"score", 0},
                         {"max_score", 0},
                         {"output", output},
                         {"output_format", "text"},
                         {"tags", json::array({"summary"})},
                         {"visibility", "after_due_date"}});
        output = before_due_words(r, withheld);
    }
    const TrapOutcome* fix = r.first_fix();
    return {{"score", r.score},
            {"execution_time", seconds},
            {"output", output},
            {"output_format", "text"},
            {"visibility", "visible"},
            {"stdout_visibility", "hidden"},  // the autograder's log: the instructor's alone
            {"extra_data",
             {{"problem", r.problem},
              {"verdict", to_string(r.verdict)},
              {"max_score", r.max_score},
              {"first_fix", fix != nullptr ? json(fix->id) : json(nullptr)},
              {"sandbox", r.sandbox},
              {"language", language_name(r.language)}}},
            {"tests", tests}};
}

std::string render_junit_suite(const std::string& name, const Report& r, JunitCounts& total) {
    std::string cases;
    size_t failures = 0, errors = 0, skipped = 0;
    for (const TrapOutcome& t : r.traps) {
        // time is 0: a report holds no timing, so that it is the same on every run (see report.md).
        cases +=
            fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"0\">", xml_escape(name), xml_escape(t.id));
        // The points, which JUnit has no attribute for, in the case's own output (report.md's "Points").
        const std::string points =
            fmt::format("\n      <system-out>points: {}/{}</system-out>", t.points, t.max_points);
        if (t.blocked) {
            // Not assessed: skipped, not failed, and worth 0 until the trap it waits for passes.
            ++skipped;
            cases += fmt::format("\n      <skipped message=\"{}\"/>{}\n    ", xml_escape(trap_diagnosis(r, t)), points);
        } else if (!t.passed) {
            // The verdict of the trap's first failing test decides failure (wrong answer) or error.
            Verdict test_verdict = r.verdict == Verdict::missing || r.verdict == Verdict::compile_error
                                       ? r.verdict
                                       : Verdict::wrong_answer;
            const auto first = std::find_if(r.tests.begin(), r.tests.end(), [&](const TestOutcome& test) {
                return test.trap == t.id && !test.passed();
            });
            if (first != r.tests.end()) test_verdict = first->verdict;
            const bool failure = test_verdict == Verdict::wrong_answer;
            (failure ? failures : errors)++;
            // The message is the first line; the body is the whole diagnosis, as Gradescope's output.
            const std::string body = trap_diagnosis(r, t);
            cases += fmt::format("\n      <{} type=\"{}\" message=\"{}\">{}</{}>{}\n    ",
                                 failure ? "failure" : "error", to_string(test_verdict), xml_escape(t.message),
                                 xml_escape(body), failure ? "failure" : "error", points);
        } else {
            cases += points + "\n    ";
        }
        cases += "</testcase>\n";
    }
    total.tests += r.traps.size();
    total.failures += failures;
    total.errors += errors;
    total.skipped += skipped;
    // The suite's score in its properties: the judge's total, as every other format gives it.
    const std::string properties = fmt::format(
        "    <properties>\n      <property name=\"score\" value=\"{}\"/>\n"
        "      <property name=\"max_score\" value=\"{}\"/>\n    </properties>\n",
        r.score, r.max_score);
    return fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"0\">\n{}{}"
        "  </testsuite>\n",
        xml_escape(name), r.traps.size(), failures, errors, skipped, properties, cases);
}

std::string render_junit_document(const std::string& name, const std::string& suites, const JunitCounts& total) {
    return fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"0\">\n{}</testsuites>\n",
        xml_escape(name), total.tests, total.failures, total.errors, suites);
}

}  // namespace judge
