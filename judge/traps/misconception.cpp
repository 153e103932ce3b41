#include "traps/misconception.hpp"

#include <algorithm>

#include "checks/compare.hpp"

namespace judge {

bool can_match(const TestRun& run) {
    return !run.hit_time_limit() && run.status != TestRun::Status::output_limit &&
           run.status != TestRun::Status::memory_limit;
}

std::string failing_operation(const std::string& message) {
    // The tensor header and the reference say "<operation>: <what>, got <values>": the values
    // depend on the input, the operation does not.
    const size_t colon = message.find(':');
    if (colon == std::string::npos || colon == 0 || colon > 40) return message;
    const std::string op = message.substr(0, colon);
    return op.find(' ') == std::string::npos ? op : message;
}

bool same_behaviour(const TestRun& a, const TestRun& b, const Tolerance& tol, bool expects_exception) {
    const auto no_own_raise = [](const TestRun& r) {
        return r.status == TestRun::Status::crashed ||
               (r.status == TestRun::Status::exception &&
                (r.exception_type == "exception" || r.exception_type == "unknown"));
    };
    if (expects_exception && no_own_raise(a) && no_own_raise(b)) return true;
    if (a.status != b.status) return false;
    if (a.status == TestRun::Status::exception)
        return a.exception_type == b.exception_type &&
               failing_operation(a.exception_message) == failing_operation(b.exception_message);
    if (a.status == TestRun::Status::crashed) return a.detail == b.detail;
    if (a.status != TestRun::Status::ok) return false;
    if (a.outputs.size() != b.outputs.size()) return false;
    for (const auto& [name, arr] : a.outputs) {
        const auto it = b.outputs.find(name);
        if (it == b.outputs.end() || !arrays_close(arr, it->second, tol)) return false;
    }
    return true;
}

std::vector<size_t> match_bugs(const std::vector<TestEvidence>& tests) {
    if (tests.empty()) return {};
    const size_t n_bugs = tests.front().bugs.size();
    std::vector<size_t> found;
    for (size_t x = 0; x < n_bugs; ++x) {
        bool fails_any = false, same_everywhere = true, separated = false;
        for (const TestEvidence& e : tests) {
            if (!e.bug_fails[x]) continue;
            fails_any = true;
            const TestRun* bx = e.bugs[x];
            if (e.submission == nullptr || bx == nullptr ||
                !same_behaviour(*e.submission, *bx, e.test->tolerance, e.test->throws.has_value())) {
                same_everywhere = false;
                break;
            }
            bool apart = true;  // this test tells x from every other bug
            for (size_t y = 0; y < n_bugs && apart; ++y) {
                if (y != x && e.bugs[y] != nullptr &&
                    same_behaviour(*e.bugs[y], *bx, e.test->tolerance, e.test->throws.has_value()))
                    apart = false;
            }
            separated = separated || apart;
        }
        if (!fails_any || !same_everywhere || !separated) continue;
        found.push_back(x);
    }
    return found;
}

std::optional<size_t> match_bug(const std::vector<TestEvidence>& tests) {
    const std::vector<size_t> found = match_bugs(tests);
    if (found.size() != 1) return std::nullopt;  // two candidates: name neither
    return found.front();
}

std::optional<size_t> match_trap(const std::vector<TestEvidence>& tests, const std::vector<bool>& failing) {
    if (tests.empty() || std::find(failing.begin(), failing.end(), true) == failing.end()) return std::nullopt;
    std::optional<size_t> found;
    for (size_t x = 0; x < tests.front().bugs.size(); ++x) {
        bool exact = true;
        for (size_t i = 0; i < tests.size() && exact; ++i) {
            const TestEvidence& e = tests[i];
            const TestRun* bx = e.bugs[x];
            exact = bx != nullptr && e.bug_fails[x] == failing[i] &&
                    (!failing[i] || (e.submission != nullptr && same_behaviour(*e.submission, *bx, e.test->tolerance,
                                                                               e.test->throws.has_value())));
        }
        if (!exact) continue;
        if (found) return std::nullopt;  // two bugs alike on every test of the trap: name neither
        found = x;
    }
    return found;
}

}  // namespace judge
