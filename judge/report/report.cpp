#include "report/report.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "problem/types.hpp"
#include "report/lead.hpp"

namespace judge {

std::string to_string(Verdict v) {
    switch (v) {
        case Verdict::judge_error: return "judge_error";
        case Verdict::missing: return "missing";
        case Verdict::invalid_submission: return "invalid_submission";
        case Verdict::compile_error: return "compile_error";
        case Verdict::time_limit: return "time_limit";
        case Verdict::memory_limit: return "memory_limit";
        case Verdict::output_limit: return "output_limit";
        case Verdict::runtime_error: return "runtime_error";
        case Verdict::wrong_answer: return "wrong_answer";
        case Verdict::accepted: return "accepted";
    }
    return "judge_error";
}

std::string verdict_phrase(Verdict v) {
    std::string s = to_string(v);
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

std::string verdict_words(Verdict v) {
    std::string s = verdict_phrase(v);
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

std::optional<Verdict> verdict_named(const std::string& name) {
    for (int i = 0; i <= static_cast<int>(Verdict::accepted); ++i) {
        if (to_string(static_cast<Verdict>(i)) == name) return static_cast<Verdict>(i);
    }
    return std::nullopt;
}

bool ran(Verdict v) {
    return v != Verdict::judge_error && v != Verdict::missing && v != Verdict::invalid_submission &&
           v != Verdict::compile_error;
}

Verdict worse(Verdict a, Verdict b) { return static_cast<int>(a) <= static_cast<int>(b) ? a : b; }

namespace {

// A word as a POSIX shell reads it back: quoted unless it is made of safe characters only.
std::string shell_word(const std::string& w) {
    const bool safe = !w.empty() && w.find_first_not_of(
                                        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                        "_-./=:+,@%") == std::string::npos;
    if (safe) return w;
    std::string s = "'";
    for (const char c : w) s += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return s + "'";
}

}  // namespace

std::string rerun_file(const std::string& cmd) {
    const size_t at = cmd.find(" --file ");
    if (at == std::string::npos) return "";
    std::string word;
    size_t i = at + 8;
    if (i < cmd.size() && cmd[i] == '\'') {
        // shell_word's quoting: '...' with each ' inside written as '\''
        for (++i; i < cmd.size(); ++i) {
            if (cmd.compare(i, 4, "'\\''") == 0) {
                word += '\'';
                i += 3;
            } else if (cmd[i] == '\'') {
                return word;
            } else {
                word += cmd[i];
            }
        }
        return "";
    }
    while (i < cmd.size() && cmd[i] != ' ') word += cmd[i++];
    return word;
}

std::string blocked_words(const std::vector<std::string>& blocked_by) {
    std::string s;
    for (size_t i = 0; i < blocked_by.size(); ++i) {
        if (i > 0) s += i + 1 == blocked_by.size() ? " and " : ", ";
        s += blocked_by[i];
    }
    return "not assessed until " + s + (blocked_by.size() == 1 ? " passes" : " pass");
}

std::string blocked_trap_words(const TrapOutcome& t) {
    return blocked_words(t.blocked_by) +
           fmt::format(" (0 of {} point{} until then)", t.max_points, t.max_points == 1 ? "" : "s");
}

std::string rerun_command(const Report& r, const TestOutcome& t) {
    if (t.hidden || t.passed() || r.submission.empty() || !r.compile_ok) return "";
    if (!ran(t.verdict)) return "";
    // Under a grading secret the reader (a student) has no secret: the line runs on the pack's own
    // inputs of the test, and says so in a shell comment, which a pasted line leaves out.
    return "judge run " + shell_word(r.problem) + " --test " + shell_word(t.id) + " --file " +
           shell_word(r.submission) + " --outputs " + shell_word(t.id) +
           (!r.seed_env.empty() ? std::string(secret_rerun_words)
            : r.seed != 0       ? " --seed " + std::to_string(r.seed)
                                : "");
}

void hide_seed(Report& r, const std::string& env) {
    r.seed = 0;
    r.seed_env = env;
}

const TestOutcome* speaker(const std::vector<TestOutcome>& tests, const std::string& trap) {
    const auto rank = [](const TestOutcome& t) { return !t.hidden ? 2 : t.counterexample ? 1 : 0; };
    const TestOutcome* best = nullptr;
    for (const TestOutcome& t : tests) {
        if (t.trap != trap || t.passed()) continue;
        if (best == nullptr || rank(t) > rank(*best)) best = &t;
    }
    return best;
}

std::string misconception_sentence(const std::string& text) {
    return "This is exactly the output of this mistake: " + text + ".";
}

std::string misconception_summary(int tests, const std::string& text) {
    return fmt::format("Your output on {} test{} is exactly the output of this mistake: {}.", tests,
                       tests == 1 ? "" : "s", text);
}

std::string fix_first_words(const TrapOutcome& t, const Report& r) {
    const TestOutcome* test = r.test(t.failed_test);
    const std::string where = test != nullptr ? in_function(r, *test) : "";
    if (t.explained) return t.id + " (" + t.title + ")" + where;
    const std::string how = test == nullptr                          ? ""
                            : test->verdict == Verdict::wrong_answer ? "its output differs"
                                                                     : to_string(test->verdict);
    return fmt::format("test {}{} of trap {} fails ({}); no known mistake of {} explains it", t.failed_test, where,
                       t.id, how, t.id);
}

std::pair<std::string, std::string> hint_line(const TrapOutcome& t) {
    return {t.explained ? "hint" : "this trap checks", t.hint};
}

std::string throws_words(Language language, const std::string& spec_type) {
    return std::string(language_info(language).throws) + " " + exception_name(language, spec_type);
}

const TrapOutcome* Report::first_fix() const {
    // Nothing ran: the verdict itself is what to fix.
    if (!ran(verdict)) return nullptr;
    // Outputs that change from run to run: no trap can be named from one run (lead.hpp says so).
    for (const TestOutcome& t : tests)
        if (t.changing) return nullptr;
    // A function that returns what the spec does not declare: that is what to fix, before any trap.
    if (wrong_return_test(*this) != nullptr) return nullptr;
    // A call the library failed (a function this torch lacks): no trap's mistake.
    if (library_test(*this) != nullptr) return nullptr;
    for (const TrapOutcome& t : traps)
        if (!t.passed && !t.blocked) return &t;
    return nullptr;
}

const TestOutcome* wrong_return_test(const Report& r) {
    // A shown test's: a hidden test's words are fixed (their detail never reaches a report), and the
    // sample tests of the same function, which run first, say it.
    for (const TestOutcome& t : r.tests)
        if (!t.hidden && !t.passed() && t.message.rfind(wrong_return_words, 0) == 0) return &t;
    return nullptr;
}

const TestOutcome* library_test(const Report& r) {
    for (const TestOutcome& t : r.tests)
        if (!t.hidden && !t.passed() && t.message.rfind(library_words, 0) == 0) return &t;
    return nullptr;
}

bool trap_hint_applies(const Report& r, const TrapOutcome& t) {
    const TestOutcome* first = speaker(r.tests, t.id);
    return first == nullptr || first->message.rfind(library_words, 0) != 0;
}

const TestOutcome* Report::test(const std::string& id) const {
    for (const TestOutcome& t : tests)
        if (t.id == id) return &t;
    return nullptr;
}

}  // namespace judge
