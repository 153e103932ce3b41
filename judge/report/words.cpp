#include "report/words.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "report/lead.hpp"
#include "report/pictures.hpp"
#include "report/png.hpp"
#include "report/shown.hpp"
#include "util/text.hpp"

namespace judge {

using nlohmann::json;

namespace {

// A value of a counterexample on one line: "x (1, 2, 2, 2) = [0, 1, ...]" with every value.
std::string compact_value(const ShownValue& v) {
    const npy::Array& a = v.array;
    const json one = shown_json(v);
    if (!v.tensor && !one.is_array()) return v.name + " = " + one.dump();  // a scalar or a bool
    std::string s = "[";
    for (size_t i = 0; i < static_cast<size_t>(a.numel()); ++i) {
        s += i == 0 ? "" : ", ";
        s += a.dtype == npy::Dtype::int64 ? std::to_string(a.i64.at(i)) : float_text(a.f32.at(i), 4);
    }
    s += "]";
    if (!v.tensor) return v.name + " = " + s;
    std::string shape;
    for (const int64_t d : a.shape) shape += (shape.empty() ? "" : ", ") + std::to_string(d);
    return fmt::format("{} ({}{}) = {}", v.name, shape, a.shape.size() == 1 ? "," : "", s);
}

// The values in name order, as the JSON report keeps them.
std::vector<const ShownValue*> by_name(const std::vector<ShownValue>& values) {
    std::vector<const ShownValue*> sorted;
    for (const ShownValue& v : values) sorted.push_back(&v);
    std::sort(sorted.begin(), sorted.end(), [](const ShownValue* a, const ShownValue* b) { return a->name < b->name; });
    return sorted;
}

std::string compact_counterexample(const Counterexample& c, Language language) {
    std::string s = "counterexample on fresh small inputs: " + c.function + "(";
    bool first = true;
    for (const ShownValue* v : by_name(c.inputs)) {
        s += (first ? "" : "; ") + compact_value(*v);
        first = false;
    }
    s += ")";
    if (!c.expected_exception.empty()) s += "; expected: it " + throws_words(language, c.expected_exception);
    for (const ShownValue* v : by_name(c.expected)) s += "; expected " + compact_value(*v);
    for (const ShownValue* v : by_name(c.got)) s += "; got " + compact_value(*v);
    return s + "\n" + c.message;
}

}  // namespace

std::string trap_diagnosis(const Report& r, const TrapOutcome& trap, bool misconception_and_hint) {
    if (trap.passed) return "passed";
    if (trap.blocked) return blocked_trap_words(trap);
    const TestOutcome* t = speaker(r.tests, trap.id);
    std::string s;
    if (t == nullptr) {
        s = trap.message;
    } else {
        s = fmt::format("test {} ({}{}){}: {}", t->id, t->hidden ? "hidden" : "sample",
                        t->verdict == Verdict::wrong_answer ? "" : ", " + to_string(t->verdict), in_function(r, *t),
                        t->message);
        if (misconception_and_hint && !t->misconception.empty()) s += "\n" + misconception_sentence(t->misconception);
        if (t->counterexample) s += "\n" + compact_counterexample(*t->counterexample, r.language);
        if (const std::string cmd = rerun_command(r, *t); !cmd.empty()) s += "\nrerun: " + cmd;
    }
    if (!misconception_and_hint || !trap_hint_applies(r, trap)) return s;
    // A hint names the trap's mistake when the failure looks like it; else it says what the trap checks.
    const auto [label, hint] = hint_line(trap);
    return s + "\n" + label + ": " + hint;
}

std::string summary_words(const Report& r) {
    std::string s = fmt::format("{}: {}, {}/{} points", r.problem, to_string(r.verdict), r.score, r.max_score);
    for (const LeadLine& l : lead_lines(r)) s += "\n" + l.label + ": " + l.text;
    return s;
}

std::vector<std::pair<std::string, std::string>> trap_pngs(const Report& r, const TrapOutcome& trap, const Problem& p,
                                                           size_t most) {
    std::vector<std::pair<std::string, std::string>> out;
    const TestOutcome* t = trap.passed || trap.blocked ? nullptr : speaker(r.tests, trap.id);
    if (t == nullptr) return out;
    for (const Picture& pic : pictures_of(*t, p)) {
        if (out.size() == most) break;
        out.emplace_back(picture_label(pic), picture_png(pic));
    }
    return out;
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

std::string html_escape(const std::string& s) {
    std::string out;
    for (char c : xml_escape(s)) {
        if (c == '\'')
            out += "&#39;";
        else
            out += c;
    }
    return out;
}

std::string base64(const std::string& bytes) {
    static constexpr char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const size_t n = std::min<size_t>(3, bytes.size() - i);
        uint32_t v = 0;
        for (size_t k = 0; k < 3; ++k) v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
        for (size_t k = 0; k < 4; ++k) out += k <= n ? digits[(v >> (18 - 6 * k)) & 63] : '=';
    }
    return out;
}

}  // namespace judge
