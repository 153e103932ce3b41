#include "traps/trap_report.hpp"

#include <set>

#include "traps/evaluate.hpp"

namespace judge {

std::vector<std::set<size_t>> traps_before(const Problem& p) {
    // `after` names only earlier traps, so one pass in list order follows every chain.
    std::vector<std::set<size_t>> before(p.traps.size());
    for (size_t i = 0; i < p.traps.size(); ++i) {
        for (const std::string& dep : p.traps[i].after) {
            const size_t d = p.trap_index(dep);
            before[i].insert(d);
            before[i].insert(before[d].begin(), before[d].end());
        }
    }
    return before;
}

void block_dependents(const Problem& p, std::vector<TrapOutcome>& traps) {
    const std::vector<std::set<size_t>> before = traps_before(p);
    for (size_t i = 0; i < traps.size() && i < before.size(); ++i) {
        TrapOutcome& t = traps[i];
        if (t.passed) continue;
        bool waits = false;
        for (const size_t d : before[i]) waits = waits || !traps[d].passed;
        if (!waits) continue;
        t.blocked = true;
        // The root causes: the failed ones (a blocked trap's own causes are in the set too).
        for (const size_t d : before[i])
            if (!traps[d].passed && !traps[d].blocked) t.blocked_by.push_back(traps[d].id);
    }
}

Report assemble_report(const Problem& p, uint64_t seed, std::vector<TestOutcome> tests) {
    Report r;
    r.problem = p.name;
    r.seed = seed;
    r.max_score = p.max_score();
    r.withheld = p.withheld;
    for (const TrapSpec& trap : p.traps) {
        TrapOutcome to;
        to.id = trap.id;
        to.title = trap.title;
        to.hint = trap.hint;
        to.explained = false;
        const TestOutcome* speaker = nullptr;
        for (const TestOutcome& t : tests) {
            if (t.trap != trap.id || t.passed()) continue;
            if (speaker == nullptr || speaker_rank(t) > speaker_rank(*speaker)) speaker = &t;
            to.explained = to.explained || !t.evidence.empty();
        }
        if (speaker != nullptr) {
            to.passed = false;
            to.message = speaker->message;
            to.failed_test = speaker->id;
        } else {
            to.explained = true;
        }
        r.traps.push_back(std::move(to));
    }
    block_dependents(p, r.traps);
    for (const TestOutcome& t : tests) {
        r.score += t.points;
        r.verdict = worse(r.verdict, t.verdict);
    }
    r.tests = std::move(tests);
    return r;
}

Report invalid_submission_report(const Problem& p, uint64_t seed, const std::string& why) {
    Report r = assemble_report(p, seed, {});
    r.verdict = Verdict::invalid_submission;
    for (TrapOutcome& t : r.traps) {
        t.passed = false;
        t.message = "not run: " + why;
    }
    for (const TestSpec& ts : p.tests) r.tests.push_back(not_run(ts, Verdict::invalid_submission, "not run: " + why));
    return r;
}

Report judge_error_report(const Problem& p, uint64_t seed, const std::string& why) {
    Report r = assemble_report(p, seed, {});
    r.verdict = Verdict::judge_error;
    const std::string message = "not judged: the judge failed on this submission: " + why;
    for (TrapOutcome& t : r.traps) {
        t.passed = false;
        t.message = message;
    }
    for (const TestSpec& ts : p.tests) r.tests.push_back(not_run(ts, Verdict::judge_error, message));
    return r;
}

Report compile_error_report(const Problem& p, uint64_t seed, const std::string& log) {
    const std::string why = "not run: the submission did not compile";
    Report r = assemble_report(p, seed, {});
    r.verdict = Verdict::compile_error;
    r.compile_ok = false;
    r.compile_log = log;
    for (TrapOutcome& t : r.traps) {
        t.passed = false;
        t.message = why;
    }
    for (const TestSpec& ts : p.tests) r.tests.push_back(not_run(ts, Verdict::compile_error, why));
    return r;
}

}  // namespace judge
