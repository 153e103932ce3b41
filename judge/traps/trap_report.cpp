#include "traps/trap_report.hpp"

#include <algorithm>
#include <set>

#include "report/report_json.hpp"
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

namespace {

// A report in which nothing ran: every trap fails with `message`, and every test with it too
// unless `with_tests` is false (a missing submission lists none).
Report not_run_report(const Problem& p, uint64_t seed, Verdict v, const std::string& message, bool with_tests) {
    Report r = assemble_report(p, seed, {});
    r.verdict = v;
    for (TrapOutcome& t : r.traps) {
        t.passed = false;
        t.message = message;
    }
    if (with_tests) {
        for (const TestSpec& ts : p.tests) r.tests.push_back(not_run(ts, v, message));
    }
    return r;
}

}  // namespace

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
        to.explained = true;
        if (const TestOutcome* first = speaker(tests, trap.id)) {
            to.passed = false;
            to.message = first->message;
            to.failed_test = first->id;
            to.explained = false;
            for (const TestOutcome& t : tests)
                to.explained = to.explained || (t.trap == trap.id && !t.passed() && !t.evidence.empty());
        }
        r.traps.push_back(std::move(to));
    }
    block_dependents(p, r.traps);
    // A blocked trap is not assessed, so it scores nothing: not even its passing tests (report.md's
    // "Points"). Every format then gives the same total.
    for (TestOutcome& t : tests) {
        const auto trap =
            std::find_if(r.traps.begin(), r.traps.end(), [&](const TrapOutcome& o) { return o.id == t.trap; });
        if (trap != r.traps.end() && trap->blocked) t.points = 0;
        r.score += t.points;
        r.verdict = worse(r.verdict, t.verdict);
    }
    r.tests = std::move(tests);
    add_trap_points(p, r);
    return r;
}

Report invalid_submission_report(const Problem& p, uint64_t seed, const std::string& why) {
    return not_run_report(p, seed, Verdict::invalid_submission, "not run: " + why, true);
}

Report judge_error_report(const Problem& p, uint64_t seed, const std::string& why) {
    return not_run_report(p, seed, Verdict::judge_error, "not judged: the judge failed on this submission: " + why,
                          true);
}

Report compile_error_report(const Problem& p, uint64_t seed, const std::string& log) {
    Report r = not_run_report(p, seed, Verdict::compile_error, "not run: the submission did not compile", true);
    r.compile_ok = false;
    r.compile_log = log;
    return r;
}

Report missing_report(const Problem& p, uint64_t seed, const std::string& why) {
    Report r =
        not_run_report(p, seed, Verdict::missing, why.empty() ? "no submission" : "no submission: " + why, false);
    r.compile_ok = false;
    return r;
}

}  // namespace judge
