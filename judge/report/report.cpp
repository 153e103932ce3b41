#include "report/report.hpp"

#include <fmt/core.h>

namespace judge {

std::string to_string(Verdict v) {
    switch (v) {
        case Verdict::judge_error: return "judge_error";
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

std::string blocked_words(const std::vector<std::string>& blocked_by) {
    std::string s;
    for (size_t i = 0; i < blocked_by.size(); ++i) {
        if (i > 0) s += i + 1 == blocked_by.size() ? " and " : ", ";
        s += blocked_by[i];
    }
    return "not assessed until " + s + (blocked_by.size() == 1 ? " passes" : " pass");
}

std::string rerun_command(const Report& r, const TestOutcome& t) {
    if (t.hidden || t.passed() || r.submission.empty() || !r.compile_ok) return "";
    if (t.verdict == Verdict::compile_error || t.verdict == Verdict::invalid_submission ||
        t.verdict == Verdict::judge_error)
        return "";
    return "judge run " + shell_word(r.problem) + " --test " + shell_word(t.id) + " --file " +
           shell_word(r.submission) + " --outputs " + shell_word(t.id) +
           (r.seed != 0 ? " --seed " + std::to_string(r.seed) : "");
}

int speaker_rank(const TestOutcome& t) { return !t.hidden ? 2 : t.counterexample ? 1 : 0; }

std::string misconception_sentence(const std::string& text) {
    return "This is exactly the output of this mistake: " + text + ".";
}

std::string misconception_summary(int tests, const std::string& text) {
    return fmt::format("Your output on {} test{} is exactly the output of this mistake: {}.", tests,
                       tests == 1 ? "" : "s", text);
}

std::string fix_first_words(const TrapOutcome& t, const std::string& verdict) {
    if (t.explained) return t.id + " (" + t.title + ")";
    const std::string how = verdict == "wrong_answer" ? "its output differs" : verdict;
    return fmt::format("test {} of trap {} fails ({}); no known mistake of {} explains it", t.failed_test, t.id, how,
                       t.id);
}

const TrapOutcome* Report::first_fix() const {
    // Nothing ran: the verdict itself is what to fix.
    if (verdict == Verdict::compile_error || verdict == Verdict::invalid_submission || verdict == Verdict::judge_error)
        return nullptr;
    for (const TrapOutcome& t : traps)
        if (!t.passed && !t.blocked) return &t;
    return nullptr;
}

}  // namespace judge
