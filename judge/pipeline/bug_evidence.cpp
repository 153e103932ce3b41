#include "pipeline/bug_evidence.hpp"

#include <algorithm>

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

// One wanted bug on some tests, in order, up to its first witness.
struct Walk {
    size_t bug = 0;
    std::vector<size_t> tests;
    std::vector<std::pair<size_t, const TestRun*>> runs;  // what it ran
};

// Where the stretch of `n` tests that starts at `from` ends: one test, then all the rest. A box
// costs far more than a run in it (runs/batch_run.hpp), and a walk with no witness on its first
// test is most often the bug the submission is.
size_t stretch_end(size_t n, size_t from) { return from == 0 ? std::min<size_t>(n, 1) : n; }

// `tests` in stretches (stretch_end): `body(stretch)` returns true to stop. A witness is
// most often the first test, and a walk with none covers every test in a few boxes.
template <typename Body>
void by_stretches(const std::vector<size_t>& tests, Body body) {
    for (size_t from = 0; from < tests.size();) {
        const size_t end = stretch_end(tests.size(), from);
        const auto first = tests.begin() + static_cast<std::ptrdiff_t>(from);
        const auto last = tests.begin() + static_cast<std::ptrdiff_t>(end);
        from = end;
        if (body(std::vector<size_t>(first, last))) return;
    }
}

// Runs the walks side by side, in rounds: round k runs the k-th stretch (stretch_end) of
// every walk with no witness yet, all in one box, and each walk records its runs up to its first
// witness (as one run at a time would). A submission that is one seeded bug makes that bug walk
// every test: a few rounds, not a box per bug and stretch.
void run_walks(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence, std::vector<Walk>& walks,
               const ReferenceOf& reference_of) {
    const size_t n = evidence.empty() ? 0 : evidence.front().bugs.size();
    std::vector<size_t> from(walks.size(), 0);  // where each walk goes on; its tests' size once it is done
    for (;;) {
        const auto end_of = [&](size_t i) { return stretch_end(walks[i].tests.size(), from[i]); };
        std::vector<std::pair<size_t, size_t>> round;
        for (size_t i = 0; i < walks.size(); ++i)
            for (size_t k = from[i]; k < end_of(i); ++k) round.emplace_back(walks[i].bug, walks[i].tests[k]);
        if (round.empty()) break;
        key.prepare_bug_runs(round);
        for (size_t i = 0; i < walks.size(); ++i) {
            Walk& w = walks[i];
            const std::vector<bool> this_bug = only(n, w.bug);
            const size_t last = end_of(i);
            for (size_t k = from[i]; k < last; ++k) {
                const size_t t = w.tests[k];
                TestEvidence e{evidence[t].test, evidence[t].submission, std::vector<const TestRun*>(n, nullptr),
                               std::vector<bool>(n, false)};
                set_run(p, e, t, w.bug, key.bug_runs(t, this_bug)[w.bug], reference_of);
                w.runs.emplace_back(t, e.bugs[w.bug]);
                if (witness(e, w.bug)) {
                    from[i] = w.tests.size();
                    break;
                }
            }
            from[i] = std::max(from[i], last);
        }
    }
    for (const Walk& w : walks)
        for (const auto& [t, run] : w.runs) set_run(p, evidence[t], t, w.bug, run, reference_of);
}

// Whether bug x has a witness among `tests`' runs so far.
bool has_witness(const std::vector<TestEvidence>& evidence, const std::vector<size_t>& tests, size_t x) {
    return std::any_of(tests.begin(), tests.end(),
                       [&](size_t t) { return evidence[t].bugs[x] != nullptr && witness(evidence[t], x); });
}

// Whether test e tells bug x from every other bug that ran there.
bool apart(const TestEvidence& e, size_t x) {
    for (size_t y = 0; y < e.bugs.size(); ++y)
        if (y != x && e.bugs[y] != nullptr &&
            same_behaviour(*e.bugs[y], *e.bugs[x], e.test->tolerance, e.test->throws.has_value()))
            return false;
    return true;
}

// Each wanted bug with no witness among `scope` walks those tests of it it has not run, up to its
// first witness; then each candidate (a bug that ran on all of `scope`, fails one, with no witness)
// gets every wanted bug's run on the tests it fails, in stretches, up to the first that tells it
// from all of them. match_bug over `scope` then gives the answer it would on every run: a
// non-candidate has its witness; a candidate has all its runs; and its "separated" holds on these
// runs exactly when it holds on all (a bug not run counts as telling apart, so the stretches go on
// to every test it fails unless one truly tells it apart).
void complete(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence, const std::vector<size_t>& scope,
              const std::vector<bool>& wanted, const ReferenceOf& reference_of) {
    const std::vector<SeededBug>& bugs = key.bugs();
    std::vector<Walk> walks;
    for (size_t x = 0; x < wanted.size(); ++x) {
        if (!wanted[x] || has_witness(evidence, scope, x)) continue;
        Walk w{x, {}, {}};
        for (const bool own : {true, false})  // its own trap's tests first: where a bug shows
            for (const size_t t : scope)
                if (evidence[t].bugs[x] == nullptr && (p.tests[t].trap == bugs[x].trap) == own) w.tests.push_back(t);
        if (!w.tests.empty()) walks.push_back(std::move(w));
    }
    run_walks(p, key, evidence, walks, reference_of);
    for (size_t x = 0; x < wanted.size(); ++x) {
        if (!wanted[x] || has_witness(evidence, scope, x)) continue;
        std::vector<size_t> failed;
        for (const size_t t : scope)
            if (evidence[t].bug_fails[x]) failed.push_back(t);
        by_stretches(failed, [&](const std::vector<size_t>& part) {
            key.prepare_bugs(wanted, part);  // the bugs' runs in one box; those cached are not run again
            bool told_apart = false;
            for (const size_t t : part) {
                std::vector<bool> missing(wanted.size(), false);
                for (size_t y = 0; y < wanted.size(); ++y) missing[y] = wanted[y] && evidence[t].bugs[y] == nullptr;
                if (std::find(missing.begin(), missing.end(), true) != missing.end()) {
                    const std::vector<const TestRun*> runs = key.bug_runs(t, missing);
                    for (size_t y = 0; y < wanted.size(); ++y)
                        if (missing[y]) set_run(p, evidence[t], t, y, runs[y], reference_of);
                }
                told_apart = told_apart || apart(evidence[t], x);
            }
            return told_apart;
        });
    }
}

}  // namespace

std::vector<TestEvidence> gather_evidence(const Problem& p, AnswerKey& key, const SubmissionRuns& runs,
                                          const std::vector<bool>& wanted, const ReferenceOf& reference_of) {
    const size_t n = wanted.size();
    std::vector<TestEvidence> evidence(p.tests.size());
    for (size_t t = 0; t < p.tests.size(); ++t) {
        TestEvidence& e = evidence[t];
        e.test = &p.tests[t];
        if (!runs.cut_off(t) && runs.runs[t] && can_match(*runs.runs[t])) e.submission = &*runs.runs[t];
        e.bugs.assign(n, nullptr);
        e.bug_fails.assign(n, false);
    }
    complete(p, key, evidence, indices(p.tests.size()), wanted, reference_of);
    return evidence;
}

void complete_scope(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence,
                    const std::vector<size_t>& scope, const std::vector<bool>& wanted,
                    const ReferenceOf& reference_of) {
    complete(p, key, evidence, scope, wanted, reference_of);
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

void complete_every(const Problem& p, AnswerKey& key, std::vector<TestEvidence>& evidence,
                    const std::vector<size_t>& scope, const std::vector<bool>& wanted,
                    const ReferenceOf& reference_of) {
    key.prepare_bugs(wanted, scope);  // in one box; those cached are not run again
    for (const size_t t : scope) {
        std::vector<bool> missing(wanted.size(), false);
        for (size_t x = 0; x < wanted.size(); ++x) missing[x] = wanted[x] && evidence[t].bugs[x] == nullptr;
        if (std::find(missing.begin(), missing.end(), true) == missing.end()) continue;
        const std::vector<const TestRun*> runs = key.bug_runs(t, missing);
        for (size_t x = 0; x < wanted.size(); ++x)
            if (missing[x]) set_run(p, evidence[t], t, x, runs[x], reference_of);
    }
}

}  // namespace judge
