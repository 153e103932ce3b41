#include "pipeline/bug_evidence.hpp"

#include <algorithm>
#include <set>
#include <thread>

#include "util/parallel.hpp"

namespace judge {

namespace {

bool fails(const Problem& p, size_t t, const TestRun* run, const ReferenceOf& reference_of) {
    return run != nullptr && !evaluate(p, t, *run, reference_of(t), Language::cpp).passed();
}

// Whether bug x's run is a witness against it on this test: it fails, and the submission does not
// behave as it does there (so x is no candidate wherever this test counts).
bool witness(const TestEvidence& e, size_t x) {
    return e.bug_fails[x] && (e.submission == nullptr || !same_behaviour(*e.submission, *e.bugs[x], e.test->tolerance,
                                                                         e.test->throws.has_value()));
}

void set_run(const Problem& p, TestEvidence& e, size_t t, size_t x, const TestRun* run,
             const ReferenceOf& reference_of) {
    e.bugs[x] = run;
    e.bug_fails[x] = fails(p, t, run, reference_of);
}

std::vector<bool> only(size_t n, size_t x) {
    std::vector<bool> w(n, false);
    w[x] = true;
    return w;
}

// One wanted bug on some passed tests, in order, up to its first witness.
struct Walk {
    size_t bug = 0;
    std::vector<size_t> tests;
    std::vector<std::pair<size_t, const TestRun*>> runs;  // what it ran
};

// Runs the walks (in parallel), records what they ran, then gives every wanted bug's run on each
// passed test that some bug fails with the submission's very behaviour (tolerance is not
// transitive): that test may decide whether a candidate is told apart.
void run_walks(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence, std::vector<Walk>& walks,
               const std::vector<bool>& wanted, const ReferenceOf& reference_of) {
    const size_t n = wanted.size();
    parallel_for(walks.size(), std::max(1u, std::thread::hardware_concurrency()), [&](size_t i) {
        Walk& w = walks[i];
        const std::vector<bool> this_bug = only(n, w.bug);
        // The walk's tests in stretches of 1, 2, 4, ... tests, each stretch's runs in one box: a
        // witness is most often the first test (its own trap's), and a bug with none walks all of
        // them in a few boxes. Only the runs up to the first witness are recorded, as one by one.
        for (size_t from = 0, stretch = 1; from < w.tests.size(); from += stretch, stretch *= 2) {
            const std::vector<size_t> part(
                w.tests.begin() + static_cast<std::ptrdiff_t>(from),
                w.tests.begin() + static_cast<std::ptrdiff_t>(std::min(w.tests.size(), from + stretch)));
            key.prepare_bugs(this_bug, part);
            bool found = false;
            for (const size_t t : part) {
                TestEvidence e{evidence[t].test, evidence[t].submission, std::vector<const TestRun*>(n, nullptr),
                               std::vector<bool>(n, false)};
                set_run(p, e, t, w.bug, key.bug_runs(t, this_bug)[w.bug], reference_of);
                w.runs.emplace_back(t, e.bugs[w.bug]);
                if ((found = witness(e, w.bug))) break;
            }
            if (found) break;
        }
    });
    std::set<size_t> touched;
    for (const Walk& w : walks)
        for (const auto& [t, run] : w.runs) {
            set_run(p, evidence[t], t, w.bug, run, reference_of);
            touched.insert(t);
        }
    for (const size_t t : touched) {
        bool needed = false;
        for (size_t x = 0; x < n; ++x) needed = needed || (evidence[t].bug_fails[x] && !witness(evidence[t], x));
        if (!needed) continue;
        const std::vector<const TestRun*> bug_runs = key.bug_runs(t, wanted);
        for (size_t x = 0; x < n; ++x)
            if (wanted[x]) set_run(p, evidence[t], t, x, bug_runs[x], reference_of);
    }
}

// Whether bug x has a witness among `tests`' runs so far.
bool has_witness(const std::vector<TestEvidence>& evidence, const std::vector<size_t>& tests, size_t x) {
    return std::any_of(tests.begin(), tests.end(),
                       [&](size_t t) { return evidence[t].bugs[x] != nullptr && witness(evidence[t], x); });
}

}  // namespace

std::vector<TestEvidence> gather_evidence(const Problem& p, AnswerKey& key, const std::vector<TestOutcome>& outcomes,
                                          const SubmissionRuns& runs, const std::vector<bool>& wanted,
                                          const ReferenceOf& reference_of) {
    const size_t n = wanted.size();
    std::vector<size_t> failing, passed;
    for (size_t t = 0; t < p.tests.size(); ++t) (outcomes[t].passed() ? passed : failing).push_back(t);
    std::vector<TestEvidence> evidence(p.tests.size());
    for (size_t t = 0; t < p.tests.size(); ++t) {
        TestEvidence& e = evidence[t];
        e.test = &p.tests[t];
        if (!runs.cut_off(t) && runs.runs[t] && can_match(*runs.runs[t])) e.submission = &*runs.runs[t];
        e.bugs.assign(n, nullptr);
        e.bug_fails.assign(n, false);
    }
    // Every wanted bug on every failed test.
    key.prepare_bugs(wanted, failing);
    for (const size_t t : failing) {
        const std::vector<const TestRun*> bug_runs = key.bug_runs(t, wanted);
        for (size_t x = 0; x < n; ++x)
            if (wanted[x]) set_run(p, evidence[t], t, x, bug_runs[x], reference_of);
    }
    // Each wanted bug with no witness yet on the passed tests, those of its own trap first (where a
    // bug shows), up to its first witness.
    const std::vector<SeededBug>& bugs = key.bugs();
    std::vector<Walk> walks;
    for (size_t x = 0; x < n; ++x) {
        if (!wanted[x] || has_witness(evidence, failing, x)) continue;
        Walk w{x, {}, {}};
        for (const bool own : {true, false})
            for (const size_t t : passed)
                if ((p.tests[t].trap == bugs[x].trap) == own) w.tests.push_back(t);
        walks.push_back(std::move(w));
    }
    run_walks(p, key, evidence, walks, wanted, reference_of);
    return evidence;
}

void complete_scope(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence,
                    const std::vector<size_t>& scope, const std::vector<bool>& wanted,
                    const ReferenceOf& reference_of) {
    std::vector<Walk> walks;
    for (size_t x = 0; x < wanted.size(); ++x) {
        if (!wanted[x] || has_witness(evidence, scope, x)) continue;
        Walk w{x, {}, {}};
        for (const size_t t : scope)
            if (evidence[t].bugs[x] == nullptr) w.tests.push_back(t);
        if (!w.tests.empty()) walks.push_back(std::move(w));
    }
    run_walks(p, key, evidence, walks, wanted, reference_of);
}

void complete_bug(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence, size_t x,
                  const ReferenceOf& reference_of) {
    std::vector<size_t> missing;
    for (size_t t = 0; t < evidence.size(); ++t)
        if (evidence[t].bugs[x] == nullptr) missing.push_back(t);
    if (missing.empty()) return;
    const std::vector<bool> this_bug = only(evidence[missing[0]].bugs.size(), x);
    key.prepare_bugs(this_bug, missing);  // in one box
    for (const size_t t : missing) set_run(p, evidence[t], t, x, key.bug_runs(t, this_bug)[x], reference_of);
}

}  // namespace judge
