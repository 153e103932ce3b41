#include "report/lead.hpp"

#include <fmt/core.h>

#include <set>

namespace judge {

namespace {

bool is_limit(Verdict v) {
    return v == Verdict::time_limit || v == Verdict::memory_limit || v == Verdict::output_limit;
}

}  // namespace

const TestOutcome* limit_test(const Report& r) {
    if (!ran(r.verdict) || !is_limit(r.verdict)) return nullptr;
    for (const TestOutcome& t : r.tests)
        if (t.verdict == r.verdict) return &t;
    return nullptr;
}

std::string in_function(const Report& r, const TestOutcome& t) {
    std::set<std::string> functions;
    for (const TestOutcome& o : r.tests) functions.insert(o.function);
    return functions.size() > 1 && !t.function.empty() ? " in " + t.function : "";
}

std::vector<LeadLine> lead_lines(const Report& r) {
    std::vector<LeadLine> lines;
    const TestOutcome* limit = limit_test(r);
    if (limit != nullptr) {
        lines.push_back({verdict_words(limit->verdict),
                         fmt::format("test {} ({}) of trap {}{}: {}", limit->id, limit->hidden ? "hidden" : "sample",
                                     limit->trap, in_function(r, *limit), limit->message)});
    }
    for (const TestOutcome& t : r.tests) {
        if (!t.changing) continue;
        lines.push_back(
            {"Output changes", fmt::format("test {} ({}){} gave other outputs when run again on the same inputs. Is "
                                           "dropout, or a random draw without a fixed seed, left on? Fix that first: "
                                           "from outputs that change, the judge names no mistake",
                                           t.id, t.hidden ? "hidden" : "sample", in_function(r, t))});
        return lines;
    }
    if (const TestOutcome* t = wrong_return_test(r)) {
        // A sample test's: wrong_return_test takes no hidden one.
        lines.push_back(
            {"Returns",
             fmt::format("test {} (sample){}: {}. Return what the spec declares (judge show {}); "
                         "until then what came back cannot be checked",
                         t->id, in_function(r, *t), t->message.substr(wrong_return_words.size()), r.problem)});
        return lines;
    }
    if (const TestOutcome* t = library_test(r)) {
        lines.push_back(
            {"Library", fmt::format("test {} (sample){}: {}. This is no trap's mistake: write the call with "
                                    "what this version has (judge doctor and the report's first line "
                                    "say which versions the box runs)",
                                    t->id, in_function(r, *t), t->message.substr(library_words.size()))});
        return lines;
    }
    const TrapOutcome* fix = r.first_fix();
    if (fix == nullptr) return lines;
    const TestOutcome* failed = r.test(fix->failed_test);
    // The trap failed by hitting the limit said above: that line is what to fix first.
    if (limit != nullptr && failed != nullptr && is_limit(failed->verdict)) return lines;
    lines.push_back({"Fix first", fix_first_words(*fix, r)});
    const auto [label, hint] = hint_line(*fix);
    lines.push_back({label, hint, true});
    return lines;
}

std::vector<const TestOutcome*> shown_tests(const Report& r, const TrapOutcome& trap) {
    std::vector<const TestOutcome*> shown;
    if (trap.passed || trap.blocked) return shown;
    const TestOutcome* first = speaker(r.tests, trap.id);
    if (first == nullptr) return shown;
    shown.push_back(first);
    for (const TestOutcome& t : r.tests) {
        if (&t == first || t.trap != trap.id || t.passed() || t.verdict == Verdict::wrong_answer) continue;
        if (shown.size() == 4) break;
        shown.push_back(&t);
    }
    return shown;
}

const TestOutcome* verdict_test(const Report& r) {
    if (r.verdict == Verdict::accepted || r.verdict == Verdict::wrong_answer || !ran(r.verdict)) return nullptr;
    if (const TestOutcome* limit = limit_test(r)) return limit;  // said at the top
    const TestOutcome* best = nullptr;
    for (const TrapOutcome& trap : r.traps)
        for (const TestOutcome* t : shown_tests(r, trap))
            if (t->verdict == r.verdict && (best == nullptr || t < best)) best = t;
    return best;
}

const TestOutcome* unshown_verdict_test(const Report& r) {
    if (r.verdict == Verdict::accepted || r.verdict == Verdict::wrong_answer || !ran(r.verdict)) return nullptr;
    if (verdict_test(r) != nullptr) return nullptr;
    const TestOutcome* hidden = nullptr;
    for (const TestOutcome& t : r.tests) {
        if (t.verdict != r.verdict) continue;
        if (!t.hidden) return &t;
        if (hidden == nullptr) hidden = &t;
    }
    return hidden;
}

}  // namespace judge
