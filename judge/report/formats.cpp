#include "report/formats.hpp"

#include <fmt/core.h>

#include "report/report.hpp"
#include "util/text.hpp"

namespace judge {

using nlohmann::json;

namespace {

// A value of a counterexample on one line: "x (1, 2, 2, 2) = [0, 1, ...]" with every value.
std::string compact_value(const std::string& name, const json& v) {
    const auto list = [](const json& values) {
        std::string s = "[";
        for (size_t i = 0; i < values.size(); ++i) {
            s += i == 0 ? "" : ", ";
            // NaN and the infinities are the strings "nan", "inf" and "-inf" (shown_json).
            s += values[i].is_string()         ? values[i].get<std::string>()
                 : values[i].is_number_float() ? float_text(values[i].get<double>(), 4)
                                               : values[i].dump();
        }
        return s + "]";
    };
    if (v.is_object()) {
        std::string shape;
        for (const json& d : v["shape"]) shape += (shape.empty() ? "" : ", ") + d.dump();
        return fmt::format("{} ({}{}) = {}", name, shape, v["shape"].size() == 1 ? "," : "", list(v["values"]));
    }
    return name + " = " + (v.is_array() ? list(v) : v.dump());
}

std::string compact_counterexample(const json& c) {
    std::string s = "counterexample on fresh small inputs: " + c["function"].get<std::string>() + "(";
    bool first = true;
    for (const auto& [name, v] : c["inputs"].items()) {
        s += (first ? "" : "; ") + compact_value(name, v);
        first = false;
    }
    s += ")";
    if (c.contains("expected_exception"))
        s += "; expected: it throws std::" + c["expected_exception"].get<std::string>();
    for (const auto& [name, v] : c["expected"].items()) s += "; expected " + compact_value(name, v);
    for (const auto& [name, v] : c["got"].items()) s += "; got " + compact_value(name, v);
    return s + "\n" + c["message"].get<std::string>();
}

}  // namespace

namespace {

// The test that speaks for the trap, as in the text report (speaker_rank): a sample one, else a
// hidden one with a counterexample, else the first.
const json* speaker_of(const json& report, const json& trap) {
    const json* speaker = nullptr;
    const auto rank = [](const json& t) {
        return !t["hidden"].get<bool>() ? 2 : t.contains("counterexample") && !t["counterexample"].is_null() ? 1 : 0;
    };
    for (const json& t : report["tests"]) {
        if (t["trap"] != trap["id"] || t["passed"].get<bool>()) continue;
        if (speaker == nullptr || rank(t) > rank(*speaker)) speaker = &t;
    }
    return speaker;
}

// The Fix first line and its hint, from a report's JSON, as the text report says them.
std::string first_fix_text(const json& report, const json& trap) {
    TrapOutcome t;
    t.id = trap["id"].get<std::string>();
    t.title = trap["title"].get<std::string>();
    t.explained = trap.value("explained", true);
    const json* speaker = speaker_of(report, trap);
    if (speaker != nullptr) t.failed_test = (*speaker)["id"].get<std::string>();
    std::string s = fix_first_words(t, speaker != nullptr ? (*speaker)["verdict"].get<std::string>() : "");
    if (t.explained) s += "\nhint: " + trap["hint"].get<std::string>();
    return s;
}

}  // namespace

std::string trap_status(const json& trap) {
    return trap.value("status", trap["passed"].get<bool>() ? "passed" : "failed");
}

std::string trap_diagnosis(const json& report, const json& trap) {
    const std::string status = trap_status(trap);
    if (status == "passed") return "passed";
    if (status == "blocked") return blocked_words(trap["blocked_by"].get<std::vector<std::string>>());
    const json* speaker = speaker_of(report, trap);
    std::string s;
    if (speaker == nullptr) {
        s = trap["message"].get<std::string>();
    } else {
        const json& t = *speaker;
        s = fmt::format("test {} ({}{}): {}", t["id"].get<std::string>(), t["hidden"].get<bool>() ? "hidden" : "sample",
                        t["verdict"] == "wrong_answer" ? "" : ", " + t["verdict"].get<std::string>(),
                        t["message"].get<std::string>());
        if (t.contains("misconception") && !t["misconception"].is_null())
            s += "\n" + misconception_sentence(t["misconception"]["text"].get<std::string>());
        if (t.contains("counterexample") && !t["counterexample"].is_null())
            s += "\n" + compact_counterexample(t["counterexample"]);
        if (t.contains("rerun")) s += "\nrerun: " + t["rerun"].get<std::string>();
    }
    // A hint names the trap's mistake: given only when the failure looks like it.
    if (!trap.value("explained", true)) return s;
    return s + "\nhint: " + trap["hint"].get<std::string>();
}

// Gradescope's autograder format: one test per trap, worth the points of that trap's tests.
json gradescope_results(const Problem& p, const json& report, long seconds) {
    json tests = json::array();
    for (const json& trap : report["traps"]) {
        int score = 0, max = 0;
        bool after_due_date = false;  // a trap with any such test is shown after the due date, whole
        for (const TestSpec& t : p.tests) {
            if (t.trap != trap["id"]) continue;
            max += t.points;
            after_due_date = after_due_date || t.after_due_date;
        }
        for (const json& t : report["tests"]) {
            if (t["trap"] == trap["id"]) score += t["points"].get<int>();
        }
        const std::string output = trap_diagnosis(report, trap);
        tests.push_back({{"name", trap["id"].get<std::string>() + ": " + trap["title"].get<std::string>()},
                         {"score", score},
                         {"max_score", max},
                         {"status", trap["passed"].get<bool>() ? "passed" : "failed"},
                         {"output", output},
                         {"visibility", after_due_date ? "after_due_date" : "visible"}});
    }
    std::string output = fmt::format("{}: {}, {}/{} points", p.name, report["verdict"].get<std::string>(),
                                     report["score"].get<int>(), report["max_score"].get<int>());
    if (report.contains("first_fix") && !report["first_fix"].is_null()) {
        for (const json& trap : report["traps"])
            if (trap["id"] == report["first_fix"]) output += "\nFix first: " + first_fix_text(report, trap);
    }
    if (!report["compile"]["ok"].get<bool>() && report["verdict"] == "compile_error") {
        output += "\n\nThe compiler said:\n" + report["compile"]["log"].get<std::string>();
    }
    return {{"score", report["score"]},
            {"execution_time", seconds},
            {"output", output},
            {"output_format", "text"},
            {"tests", tests}};
}

std::string xml_escape(const std::string& s) {
    // valid_utf8 first: no stray byte, and no noncharacter (XML 1.0's Char production has no
    // U+FFFE or U+FFFF); the rest of what Char excludes is the C0 controls.
    std::string out;
    for (const char c : valid_utf8(s)) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default:
                // XML 1.0 allows no control characters but tab, newline and carriage return.
                if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t' || c == '\r') out += c;
        }
    }
    return out;
}

std::string render_junit_suite(const std::string& name, const json& r, JunitCounts& total) {
    const std::string verdict = r["verdict"];
    std::string cases;
    size_t failures = 0, errors = 0;
    for (const json& t : r["traps"]) {
        // time is 0: a report holds no timing, so that it is the same on every run (see report.md).
        cases += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"0\">", xml_escape(name),
                             xml_escape(t["id"].get<std::string>()));
        if (!t["passed"].get<bool>()) {
            // The verdict of the trap's first failing test decides failure (wrong answer) or error.
            std::string test_verdict = verdict == "missing"         ? "missing"
                                       : verdict == "compile_error" ? "compile_error"
                                                                    : "wrong_answer";
            for (const json& test : r["tests"]) {
                if (test["trap"] == t["id"] && !test["passed"].get<bool>()) {
                    test_verdict = test["verdict"];
                    break;
                }
            }
            const bool failure = test_verdict == "wrong_answer";
            (failure ? failures : errors)++;
            // The message is the first line; the body is the whole diagnosis, as Gradescope's output.
            const std::string body = trap_diagnosis(r, t);
            const bool blocked = trap_status(t) == "blocked";
            cases +=
                fmt::format("\n      <{} type=\"{}\" message=\"{}\">{}</{}>\n    ", failure ? "failure" : "error",
                            blocked ? "blocked" : test_verdict,
                            xml_escape(blocked ? body.substr(0, body.find('\n')) : t["message"].get<std::string>()),
                            xml_escape(body), failure ? "failure" : "error");
        }
        cases += "</testcase>\n";
    }
    total.tests += r["traps"].size();
    total.failures += failures;
    total.errors += errors;
    return fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"0\">\n{}  </testsuite>\n",
        xml_escape(name), r["traps"].size(), failures, errors, cases);
}

std::string render_junit_document(const std::string& name, const std::string& suites, const JunitCounts& total) {
    return fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"0\">\n{}</testsuites>\n",
        xml_escape(name), total.tests, total.failures, total.errors, suites);
}

}  // namespace judge
