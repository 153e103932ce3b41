#include "traps/trap_report.hpp"

#include "traps/evaluate.hpp"

namespace judge {

Report assemble_report(const Problem& p, uint64_t seed, std::vector<TestOutcome> tests) {
    Report r;
    r.problem = p.name;
    r.seed = seed;
    r.max_score = p.max_score();
    for (const TrapSpec& trap : p.traps) {
        TrapOutcome to{trap.id, trap.title, trap.hint, true, "", ""};
        for (const TestOutcome& t : tests) {
            if (t.trap != trap.id || t.passed()) continue;
            if (to.passed) {
                to.passed = false;
                to.message = t.message;
                to.failed_test = t.id;
            }
        }
        r.traps.push_back(std::move(to));
    }
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
