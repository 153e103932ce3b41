#include "grade/class_view.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>

namespace judge {

namespace {

std::string standing(const Report& r) {
    if (r.verdict == Verdict::judge_error) return "judge_error (no grade)";
    return fmt::format("{} {}/{}", to_string(r.verdict), r.score, r.max_score);
}

}  // namespace

std::string Histogram::label(size_t k) const {
    if (k + 1 == bins.size()) return std::to_string(max_score);
    // Bin k holds the scores s with k/10 <= s/max < (k+1)/10.
    const int lo = (static_cast<int>(k) * max_score + 9) / 10;
    const int hi = (static_cast<int>(k + 1) * max_score + 9) / 10 - 1;
    return lo >= hi ? std::to_string(lo) : fmt::format("{}-{}", lo, hi);
}

ClassRoll class_roll(const Problem& p, const std::vector<ClassStudent>& students) {
    ClassRoll roll;
    const std::vector<std::pair<Verdict, std::string>> kinds = {
        {Verdict::missing, "No submission"},
        {Verdict::invalid_submission, "Refused before compiling"},
        {Verdict::compile_error, "Did not compile"},
        {Verdict::judge_error, "Not graded: the judge failed"}};
    for (const auto& [v, what] : kinds) {
        NoAttempt n{to_string(v), what, {}};
        for (const ClassStudent& st : students)
            if (st.report.verdict == v) n.who.push_back(&st);
        if (!n.who.empty()) roll.no_attempt.push_back(std::move(n));
    }
    NoAttempt untouched{"untouched_template", "Handed in the template untouched", {}};
    for (const ClassStudent& st : students)
        if (st.report.untouched_template && ran(st.report.verdict)) untouched.who.push_back(&st);
    if (!untouched.who.empty()) roll.no_attempt.push_back(std::move(untouched));
    const auto named = class_misconceptions(students);
    for (const TrapSpec& trap : p.traps) {
        TrapRoll t{&trap, trap_counts(trap.id, students), {}, {}};
        if (t.counts.failed == 0) continue;
        for (const auto& [n, who] : named) {
            if (n.trap != trap.id) continue;
            std::vector<const ClassStudent*> failing;
            for (const ClassStudent* st : who)
                if (std::ranges::find(t.counts.failing, st) != t.counts.failing.end()) failing.push_back(st);
            if (!failing.empty()) t.named.emplace_back(n, std::move(failing));
        }
        for (const ClassStudent* st : t.counts.failing) {
            const bool explained = std::ranges::any_of(
                t.named, [&](const auto& m) { return std::ranges::find(m.second, st) != m.second.end(); });
            if (!explained) t.unexplained.push_back(st);
        }
        roll.traps.push_back(std::move(t));
    }
    roll.histogram.max_score = p.max_score();
    roll.histogram.bins.assign(11, 0);
    for (const ClassStudent& st : students) {
        if (st.report.verdict == Verdict::judge_error) continue;
        const int max = std::max(1, roll.histogram.max_score);
        const int s = std::clamp(st.report.score, 0, max);
        ++roll.histogram.bins[s == max ? 10 : static_cast<size_t>(10 * s / max)];
    }
    return roll;
}

std::vector<Change> changes_since(const std::vector<ClassStudent>& previous, const std::vector<ClassStudent>& now) {
    std::map<std::string, std::pair<std::string, std::string>> by_id;
    for (const ClassStudent& st : previous) by_id[st.id].first = standing(st.report);
    for (const ClassStudent& st : now) by_id[st.id].second = standing(st.report);
    std::vector<Change> changes;
    for (const auto& [id, was] : by_id)
        if (was.first != was.second)
            changes.push_back(
                {id, was.first.empty() ? "absent" : was.first, was.second.empty() ? "absent" : was.second});
    return changes;
}

}  // namespace judge
