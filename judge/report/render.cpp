#include "report/render.hpp"

#include <fmt/core.h>

#include "cli/output.hpp"

namespace judge {

namespace {

std::string indent(const std::string& text, const std::string& pad) {
    std::string out = pad;
    for (size_t i = 0; i < text.size(); ++i) {
        out += text[i];
        if (text[i] == '\n' && i + 1 < text.size()) out += pad;
    }
    return out;
}

}  // namespace

std::string render_text(const Report& r) {
    std::string s;
    if (!r.submission.empty()) s += paint("Submission: ", "dim") + r.submission + "\n";
    if (!r.compile_ok) {
        s += paint("Compilation failed.", "red") + " The compiler said:\n\n" + r.compile_log;
        if (!r.compile_log.empty() && r.compile_log.back() != '\n') s += "\n";
        s += fmt::format("\n{}: {}, {}/{} points\n", r.problem, paint(to_string(r.verdict), "red"), r.score, r.max_score);
        return s;
    }
    size_t width = 0;
    for (const TrapOutcome& t : r.traps) width = std::max(width, t.id.size());
    for (const TrapOutcome& t : r.traps) {
        const std::string mark = t.passed ? paint("✓", "green") : paint("✗", "red");
        s += fmt::format("{} {:<{}}  {}\n", mark, t.id, width, t.title);
        if (t.passed) continue;
        for (const TestOutcome& test : r.tests) {
            if (test.trap != t.id || test.passed()) continue;
            std::string head = fmt::format("test {} ({}{}): ", test.id, test.hidden ? "hidden" : "sample",
                                           test.verdict == Verdict::wrong_answer ? "" : ", " + to_string(test.verdict));
            s += indent(head + test.message, "    ") + "\n";
            if (!test.inputs.empty()) s += "      inputs: " + test.inputs + "\n";
            if (!test.misconception.empty()) {
                s += "      " + paint("This is exactly what " + test.misconception + " produces.", "yellow") + "\n";
            }
        }
        s += "    " + paint("hint: ", "bold") + t.hint + "\n";
    }
    int passed = 0;
    for (const TrapOutcome& t : r.traps) passed += t.passed ? 1 : 0;
    const char* colour = r.verdict == Verdict::accepted ? "green" : "red";
    s += fmt::format("\n{}: {}, {}/{} points, {}/{} traps passed\n", r.problem, paint(to_string(r.verdict), colour), r.score,
                     r.max_score, passed, r.traps.size());
    return s;
}

nlohmann::json render_json(const Report& r) {
    using nlohmann::json;
    json traps = json::array();
    for (const TrapOutcome& t : r.traps) {
        traps.push_back({{"id", t.id}, {"title", t.title}, {"passed", t.passed}, {"message", t.message}, {"hint", t.hint}});
    }
    json tests = json::array();
    for (const TestOutcome& t : r.tests) {
        json j = {{"id", t.id},           {"trap", t.trap},       {"function", t.function},     {"hidden", t.hidden},
                  {"verdict", to_string(t.verdict)}, {"passed", t.passed()}, {"points", t.points}, {"max_points", t.max_points},
                  {"message", t.message}, {"misconception", t.misconception}};
        if (!t.hidden) j["inputs"] = t.inputs;
        tests.push_back(std::move(j));
    }
    return {{"problem", r.problem},
            {"verdict", to_string(r.verdict)},
            {"score", r.score},
            {"max_score", r.max_score},
            {"seed", r.seed},
            {"sandbox", r.sandbox},
            {"traps", traps},
            {"tests", tests},
            {"compile", {{"ok", r.compile_ok}, {"log", r.compile_log}}}};
}

}  // namespace judge
