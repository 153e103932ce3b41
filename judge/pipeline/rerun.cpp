#include "pipeline/rerun.hpp"

#include "traps/misconception.hpp"

namespace judge {

std::vector<size_t> worth_running_again(const Problem& p, const SubmissionRuns& runs,
                                        const std::vector<TestOutcome>& outcomes) {
    std::vector<size_t> again;  // indices into p.tests
    for (size_t t = 0; t < outcomes.size() && t < p.tests.size() && t < runs.runs.size(); ++t) {
        if (outcomes[t].verdict != Verdict::wrong_answer || p.tests[t].throws) continue;
        if (runs.runs[t] && runs.runs[t]->status == TestRun::Status::ok) again.push_back(t);
    }
    return again;
}

std::vector<size_t> changing_outputs(const Problem& p, const SubmissionRuns& runs,
                                     const std::vector<TestOutcome>& outcomes) {
    std::vector<size_t> changing;
    for (const size_t t : worth_running_again(p, runs, outcomes)) {
        // A wrong answer that is exactly a seeded bug's is no draw.
        if (!outcomes[t].misconception.empty() || t >= runs.again.size()) continue;
        const std::optional<TestRun>& second = runs.again[t];
        if (!second || second->status != TestRun::Status::ok) continue;
        if (!same_behaviour(*runs.runs[t], *second, p.tests[t].tolerance, false)) changing.push_back(t);
    }
    return changing;
}

}  // namespace judge
