// validate's counterexample lint (issue #41): a student with a seeded bug's mistake who fails a
// hidden test is shown a counterexample only when one of the function's small inputs shows the
// mistake (pipeline/counterexample.hpp). A bug that fails a hidden test while no small input of
// that test's function shows it is a gap in the small inputs: validate says which. Tests no small
// input can be like (another rank than the parameter declares), and functions that declare no small
// inputs (no counterexample is ever searched for them), are left out.
#include <fmt/core.h>

#include "authoring/units.hpp"
#include "pipeline/counterexample.hpp"
#include "traps/evaluate.hpp"
#include "util/parallel.hpp"

namespace judge::validation_units {

namespace {

// Whether a small input can be like test `t`: its tensors have the ranks their parameters declare,
// as a small input's must. A test of another rank (a 1-D X that must throw) has none.
bool reachable(const Problem& p, const TestSpec& t) {
    for (const Param& par : p.function(t.function).params) {
        const auto it = t.inputs.find(par.name);
        if (!par.shape.empty() && it != t.inputs.end() && shape_of(it->second).size() != par.shape.size()) return false;
    }
    return true;
}

}  // namespace

std::vector<Finding> lint_bug_counterexamples(const Problem& p, Judge& judge, const std::vector<BugResult>& rows) {
    TrustedRuns& trusted = judge.trusted();
    const std::vector<SeededBug>& bugs = trusted.bugs();
    // Every hidden test's candidates, each distinct case once, as the search makes them.
    std::vector<size_t> hidden;
    for (size_t t = 0; t < p.tests.size(); ++t)
        if (p.tests[t].hidden) hidden.push_back(t);
    const CandidateCases cases = candidate_cases(p, hidden);
    const Problem& cx = cases.problem;
    if (cx.tests.empty()) return {};
    InputFiles inputs(cx, 0);
    std::vector<std::optional<TestRun>> ref(cx.tests.size());
    trusted.prepare_candidates(cx, inputs, indices(cx.tests.size()));  // in one box, when not cached
    for (size_t i = 0; i < cx.tests.size(); ++i) ref[i] = trusted.candidate(cx, i, inputs);
    const std::vector<BuildResult> builds = trusted.build_every_bug();  // built by the matrix: cached
    // Each bug's runs of every case, one box per bug, two bugs at a time.
    parallel_for(bugs.size(), 2, [&](size_t b) {
        if (b < rows.size() && builds[b].ok)
            cache_runs(cx, 0, inputs, builds[b].exe, indices(cx.tests.size()), judge.sandbox());
    });
    Diagnostics d;
    for (size_t b = 0; b < bugs.size() && b < rows.size(); ++b) {
        if (!builds[b].ok) continue;
        size_t missed = p.tests.size();  // the first hidden test it fails, when no small input shows it
        bool shown = false;
        for (size_t k = 0; k < hidden.size() && !shown; ++k) {
            const size_t t = hidden[k];
            if (t >= rows[b].killed.size() || !rows[b].killed[t]) continue;
            if (!reachable(p, p.tests[t]) || !p.small_inputs.count(p.tests[t].function)) continue;
            if (missed == p.tests.size()) missed = t;
            for (const auto& [i, spec] : cases.of_test[k]) {
                if (!ref[i] || !reference_passes(p, spec, *ref[i])) continue;
                const FunctionSpec& fn = p.function(spec.function);
                const std::optional<TestRun> run =
                    read_finished_run(fn, cached_run_files(cx, 0, inputs, builds[b].exe, i, judge.sandbox()));
                if (run && !evaluate_spec(p, spec, *run, spec.throws ? nullptr : &*ref[i], Language::cpp).passed()) {
                    shown = true;
                    break;
                }
            }
        }
        if (shown || missed == p.tests.size()) continue;
        const TestSpec& test = p.tests[missed];
        d.lint({"no_small_counterexample", "warning",
                fmt::format("{}: seeded bug {} [{}] fails hidden test {}, but no small input of {} shows it, so a "
                            "student with this mistake gets no counterexample: add one to {}'s small_inputs",
                            course_path(p, p.spec_path), bugs[b].name, bugs[b].trap, test.id, test.function,
                            test.function)});
    }
    return d.findings;
}

}  // namespace judge::validation_units
