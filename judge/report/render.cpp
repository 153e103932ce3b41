#include "report/render.hpp"

#include "report/lead.hpp"
#include "report/shown.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <map>

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

std::string test_head(const Report& r, const TestOutcome& t) {
    return fmt::format("test {} ({}{}){}: ", t.id, t.hidden ? "hidden" : "sample",
                       t.verdict == Verdict::wrong_answer ? "" : ", " + to_string(t.verdict), in_function(r, t));
}

// A failed trap's details: its first failing test speaks (a sample one when there is one: its
// words are whole, and it can be rerun); other failing sample tests that crashed add their words.
std::string trap_details(const Report& r, const TrapOutcome& t, const Style& style, bool with_hint) {
    const std::vector<const TestOutcome*> shown = shown_tests(r, t);
    int more = 0;
    for (const TestOutcome& test : r.tests) more += test.trap == t.id && !test.passed() ? 1 : 0;
    const auto [label, hint] = hint_line(t);
    const std::string hint_text =
        with_hint && trap_hint_applies(r, t) ? "    " + style.paint(label + ": ", "bold") + hint + "\n" : "";
    if (shown.empty()) return hint_text;
    const TestOutcome* first = shown.front();
    more -= static_cast<int>(shown.size());
    std::string s = indent(test_head(r, *first) + first->message, "    ") + "\n";
    if (!first->description.empty() && !first->hidden) s += "      checks: " + first->description + "\n";
    if (!first->inputs.empty()) s += "      inputs: " + first->inputs + "\n";
    if (first->values) {
        std::string v = values_text(*first->values, r.language);
        if (!v.empty() && v.back() == '\n') v.pop_back();
        s += "      values:\n" + indent(v, "        ") + "\n";
    }
    if (const std::string cmd = rerun_command(r, *first); !cmd.empty()) s += "      rerun: " + cmd + "\n";
    if (!first->misconception.empty()) {
        s += "      " + style.paint(misconception_sentence(first->misconception), "bold") + "\n";
    }
    if (first->counterexample) {
        s += indent("counterexample: " + counterexample_text(*first->counterexample, r.language), "      ") + "\n";
    } else if (first->counterexample_tried > 0) {
        s += fmt::format("      no counterexample found among {} fresh small inputs\n", first->counterexample_tried);
    }
    // Tests that failed otherwise than by a wrong answer (a crash, a time-out) say so, sample and
    // hidden alike (a hidden one's words say nothing of its inputs): one of them may give the
    // overall verdict. At most three (lead.hpp's shown_tests).
    for (size_t i = 1; i < shown.size(); ++i) s += indent(test_head(r, *shown[i]) + shown[i]->message, "      ") + "\n";
    if (more > 0) s += fmt::format("      ({} more failing test{} in this trap)\n", more, more == 1 ? "" : "s");
    return s + hint_text;
}

}  // namespace

std::string render_text(const Report& r, const Style& style) {
    const auto paint = [&style](const std::string& text, const char* colour) { return style.paint(text, colour); };
    std::string s;
    if (r.verdict == Verdict::missing) {
        // "no submission: why" (missing_report), as a sentence: what was looked for, and what to do.
        std::string why =
            r.traps.empty() || r.traps.front().message.empty() ? "no submission" : r.traps.front().message;
        why[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(why[0])));
        return fmt::format("{}{}\n\n{}: {}, 0/{} points\n", why, why.back() == '.' ? "" : ".", r.problem,
                           paint("missing", "red"), r.max_score);
    }
    if (!r.submission.empty()) {
        s += paint("Submission: ", "dim") + r.submission;
        // Where the file's name admits more than one language, which one it was judged in, and why.
        if (shares_extension(r.language)) {
            std::string why = r.language_reason;
            if (!r.runtime.empty()) why += (why.empty() ? "" : "; ") + r.runtime;
            s += fmt::format(" ({}{}{})", language_words(r.language), why.empty() ? "" : ": ", why);
        }
        s += "\n";
    }
    if (!r.compile_ok) {
        // Indented like every other message: a log line (a `#line` directive names any file, with
        // a newline in it) can never pass for the judge's own summary line.
        const LanguageInfo& lang = language_info(r.language);
        s += paint(std::string(lang.failed_heading), "red") + " " + std::string(lang.log_by) + "\n\n";
        if (!r.compile_log.empty()) s += indent(r.compile_log, "    ");
        if (!r.compile_log.empty() && r.compile_log.back() != '\n') s += "\n";
        s += fmt::format("\n{}: {}, {}/{} points\n", r.problem, paint(to_string(r.verdict), "red"), r.score,
                         r.max_score);
        return s;
    }
    // Each misconception named, said once at the top, in the order of the traps (the one to fix
    // first, first): two mistakes are both said (issue #64).
    std::vector<std::pair<std::string, int>> matches;
    for (const TrapOutcome& trap : r.traps)
        for (const TestOutcome& test : r.tests) {
            if (test.trap != trap.id || test.misconception.empty()) continue;
            auto it = std::find_if(matches.begin(), matches.end(),
                                   [&](const auto& m) { return m.first == test.misconception; });
            if (it == matches.end()) it = matches.insert(matches.end(), {test.misconception, 0});
            ++it->second;
        }
    for (const auto& [text, tests] : matches) s += paint(misconception_summary(tests, text), "bold") + "\n";
    if (!matches.empty()) s += "\n";
    // A limit hit, then what to fix first and its hint (or what its trap checks): lead.hpp.
    const std::vector<LeadLine> lead = lead_lines(r);
    for (const LeadLine& l : lead) s += (l.under ? "    " : "") + paint(l.label + ": ", "bold") + l.text + "\n";
    if (!lead.empty()) s += "\n";
    size_t width = 0;
    for (const TrapOutcome& t : r.traps) width = std::max(width, t.id.size());
    for (const TrapOutcome& t : r.traps) {
        const std::string mark = t.passed ? paint("✓", "green") : t.blocked ? paint("·", "dim") : paint("✗", "red");
        s += fmt::format("{} {:<{}}  {}\n", mark, t.id, width, t.title);
        if (t.passed) continue;
        if (t.blocked) {
            s += "    " + paint(blocked_trap_words(t), "dim") + "\n";
            continue;
        }
        s += trap_details(r, t, style, &t != r.first_fix());
    }
    int passed = 0, blocked = 0;
    for (const TrapOutcome& t : r.traps) {
        passed += t.passed ? 1 : 0;
        blocked += t.blocked ? 1 : 0;
    }
    const char* colour = r.verdict == Verdict::accepted ? "green" : "red";
    // The test that gives the overall verdict, when it is not a wrong answer: the crash is named.
    // Only a test the report shows (lead.hpp).
    const TestOutcome* named = verdict_test(r);
    // Its words even from a trap not assessed yet: the clearest clue a crash gives (issue #64).
    if (const TestOutcome* unshown = unshown_verdict_test(r)) {
        named = unshown;
        s += fmt::format("\nThe {} comes from a trap not assessed yet ({}):\n", to_string(r.verdict), unshown->trap);
        s += indent(test_head(r, *unshown) + unshown->message, "    ") + "\n";
        if (const std::string cmd = rerun_command(r, *unshown); !cmd.empty()) s += "      rerun: " + cmd + "\n";
    }
    const std::string where = named != nullptr ? " (test " + named->id + ")" : "";
    s += fmt::format("\n{}: {}{}, {}/{} points, {}/{} traps passed{}\n", r.problem, paint(to_string(r.verdict), colour),
                     where, r.score, r.max_score, passed, r.traps.size(),
                     blocked > 0 ? fmt::format(" ({} not assessed yet)", blocked) : "");
    if (r.withheld > 0)
        s += fmt::format("{} more test{} withheld until after the due date\n", r.withheld,
                         r.withheld == 1 ? " is" : "s are");
    return s;
}

std::string render_markdown(const Report& r) {
    const std::string text = render_text(r, Style{});
    size_t longest = 0, run = 0;
    for (const char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(std::max<size_t>(3, longest + 1), '`');
    return fmt::format("# {}: {} of {} points ({})\n\n{}text\n{}{}{}\n", r.problem, r.score, r.max_score,
                       verdict_phrase(r.verdict), fence, text, text.empty() || text.back() == '\n' ? "" : "\n", fence);
}

}  // namespace judge
