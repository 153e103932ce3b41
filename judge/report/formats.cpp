#include "report/formats.hpp"

#include <fmt/core.h>

namespace judge {

using nlohmann::json;

// Gradescope's autograder format: one test per trap, worth the points of that trap's tests.
json gradescope_results(const Problem& p, const json& report, long seconds) {
    json tests = json::array();
    for (const json& trap : report["traps"]) {
        int score = 0, max = 0;
        for (const TestSpec& t : p.tests) {
            if (t.trap != trap["id"]) continue;
            max += t.points;
        }
        for (const json& t : report["tests"]) {
            if (t["trap"] == trap["id"]) score += t["points"].get<int>();
        }
        std::string output = trap["passed"].get<bool>()
                                 ? "passed"
                                 : trap["message"].get<std::string>() + "\nhint: " + trap["hint"].get<std::string>();
        tests.push_back({{"name", trap["id"].get<std::string>() + ": " + trap["title"].get<std::string>()},
                         {"score", score},
                         {"max_score", max},
                         {"status", trap["passed"].get<bool>() ? "passed" : "failed"},
                         {"output", output},
                         {"visibility", "visible"}});
    }
    std::string output = fmt::format("{}: {}, {}/{} points", p.name, report["verdict"].get<std::string>(),
                                     report["score"].get<int>(), report["max_score"].get<int>());
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
    std::string out;
    for (const char c : s) {
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
        cases += fmt::format("    <testcase classname=\"{}\" name=\"{}\">", xml_escape(name),
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
            cases += fmt::format("\n      <{} type=\"{}\" message=\"{}\"/>\n    ", failure ? "failure" : "error",
                                 test_verdict, xml_escape(t["message"].get<std::string>()));
        }
        cases += "</testcase>\n";
    }
    total.tests += r["traps"].size();
    total.failures += failures;
    total.errors += errors;
    return fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\">\n{}  </testsuite>\n",
                       xml_escape(name), r["traps"].size(), failures, errors, cases);
}

std::string render_junit_document(const std::string& name, const std::string& suites, const JunitCounts& total) {
    return fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\">\n{}</testsuites>\n",
        xml_escape(name), total.tests, total.failures, total.errors, suites);
}

}  // namespace judge
