#include "pipeline/rerun.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include "traps/misconception.hpp"

namespace judge {

std::vector<size_t> changing_outputs(const Problem& p, uint64_t seed, const std::filesystem::path& box,
                                     const LaunchSpec& launch, const Sandbox& sandbox, const SubmissionRuns& runs,
                                     const std::vector<TestOutcome>& outcomes,
                                     std::optional<std::chrono::steady_clock::time_point> deadline) {
    std::vector<size_t> again;  // indices into p.tests
    for (size_t t = 0; t < outcomes.size() && t < p.tests.size(); ++t) {
        // A wrong answer that is exactly a seeded bug's is no draw: it needs no second run.
        if (outcomes[t].verdict != Verdict::wrong_answer || p.tests[t].throws || !outcomes[t].misconception.empty())
            continue;
        if (runs.runs[t] && runs.runs[t]->status == TestRun::Status::ok) again.push_back(t);
    }
    if (again.empty()) return {};
    // The same tests in a problem of their own: their inputs are made from the spec and the seed
    // alone, so they are the same arrays.
    Problem q = p;
    q.tests.clear();
    for (const size_t t : again) q.tests.push_back(p.tests[t]);
    const auto t0 = std::chrono::steady_clock::now();
    InputFiles inputs(q, seed);
    inputs.ensure();
    const SubmissionRuns second =
        run_submission(q, box, launch, inputs, sandbox, {fresh_out_folder(box), {}, deadline});
    spdlog::debug("ran {} failing test{} again in {:.3f}s", again.size(), again.size() == 1 ? "" : "s",
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    std::vector<size_t> changing;
    for (size_t i = 0; i < again.size(); ++i) {
        if (second.cut_off(i) || !second.runs[i] || second.runs[i]->status != TestRun::Status::ok) continue;
        const bool same = same_behaviour(*runs.runs[again[i]], *second.runs[i], p.tests[again[i]].tolerance, false);
        if (!same) changing.push_back(again[i]);
    }
    return changing;
}

}  // namespace judge
