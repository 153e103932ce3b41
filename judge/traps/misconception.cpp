#include "traps/misconception.hpp"

#include "checks/compare.hpp"

namespace judge {

bool can_match(const TestRun& run) { return !run.hit_time_limit() && run.status != TestRun::Status::output_limit; }

bool same_behaviour(const TestRun& a, const TestRun& b, const Tolerance& tol) {
    if (a.status != b.status) return false;
    if (a.status == TestRun::Status::exception) return a.exception_type == b.exception_type;
    if (a.status == TestRun::Status::crashed) return a.detail == b.detail;
    if (a.status != TestRun::Status::ok) return false;
    for (const auto& [name, arr] : a.outputs) {
        const auto it = b.outputs.find(name);
        if (it == b.outputs.end() || !arrays_close(arr, it->second, tol)) return false;
    }
    return true;
}

std::string match_misconception(const TestSpec& test, const TestRun& run, const std::vector<SeededBug>& bugs,
                                const std::vector<const TestRun*>& bug_runs) {
    const SeededBug* best = nullptr;
    for (size_t b = 0; b < bugs.size() && b < bug_runs.size(); ++b) {
        if (bug_runs[b] == nullptr || !same_behaviour(run, *bug_runs[b], test.tolerance)) continue;
        if (best == nullptr || (bugs[b].trap == test.trap && best->trap != test.trap)) best = &bugs[b];
    }
    return best == nullptr ? "" : best->misconception;
}

}  // namespace judge
