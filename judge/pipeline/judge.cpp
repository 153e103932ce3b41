#include "pipeline/judge.hpp"

#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <future>
#include <set>

#include "core/errors.hpp"
#include "judge/protocol/shape.hpp"
#include "pipeline/bug_evidence.hpp"
#include "pipeline/counterexample.hpp"
#include "pipeline/pack_format.hpp"
#include "pipeline/packed_key.hpp"
#include "pipeline/rerun.hpp"
#include "problem/agreement.hpp"
#include "problem/redraw.hpp"
#include "problem/types.hpp"
#include "runs/box_protocol.hpp"
#include "traps/evaluate.hpp"
#include "traps/misconception.hpp"
#include "traps/trap_report.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"
#include "util/parallel.hpp"
#include "util/safe_read.hpp"

namespace judge {

namespace {

// What a run gave, as a digest: its status, its exception and its outputs' names, shapes and bytes.
std::string run_digest(const TestRun& run) {
    Hasher h;
    h.add(std::to_string(static_cast<int>(run.status))).add(run.exception_type);
    for (const auto& [name, a] : run.outputs) {
        h.add(name).add(shape_str(a.shape)).add(std::to_string(static_cast<int>(a.dtype)));
        if (a.dtype == npy::Dtype::float32)
            h.add(std::string_view(reinterpret_cast<const char*>(a.f32.data()), a.f32.size() * sizeof(float)));
        else
            h.add(std::string_view(reinterpret_cast<const char*>(a.i64.data()), a.i64.size() * sizeof(int64_t)));
    }
    return h.hex();
}

// How a failed run failed (TestOutcome::behaviour): the verdict, then per compared output the
// sign of its first difference from the reference beyond the test's tolerance.
std::string run_behaviour(const TestSpec& test, Verdict verdict, const TestRun& run, const TestRun* ref) {
    std::string b = to_string(verdict);
    if (run.status == TestRun::Status::exception) return b + ":" + run.exception_type;
    if (verdict != Verdict::wrong_answer || ref == nullptr) return b;
    for (const std::string& name : test.compare) {
        const auto g = run.outputs.find(name), e = ref->outputs.find(name);
        if (g == run.outputs.end() || e == ref->outputs.end()) continue;
        const npy::Array &got = g->second, &want = e->second;
        if (got.shape != want.shape || got.dtype != want.dtype) {
            b += ":" + name + "shape";
            continue;
        }
        if (got.dtype != npy::Dtype::float32 || got.f32.size() != want.f32.size()) continue;
        if (const std::optional<size_t> k = first_disagreement(got, want, test.tolerance)) {
            const float x = got.f32[*k], y = want.f32[*k];
            b += ":" + name + (std::isnan(x) != std::isnan(y) ? "nan" : x > y ? "+" : "-");
        }
    }
    return b;
}

}  // namespace

namespace fs = std::filesystem;

Judge::Judge(const Problem& p, uint64_t seed, Builder& builder, const Sandbox& sandbox,
             std::optional<uint64_t> case_seed)
    : m_p(redraw(p, seed)),
      m_seed(seed),
      m_case_seed(case_seed.value_or(seed)),
      m_builder(builder),
      m_sandbox(sandbox),
      m_inputs(m_p, seed),
      m_cases(all_candidate_cases(m_p)),
      m_case_inputs(m_cases, m_case_seed, m_inputs) {
    if (p.packed) {
        if (seed != 0)
            throw InputError("--seed: " + pack::needs_full_root("a grading seed (new inputs need the reference)"));
        const fs::path root = p.dir.parent_path().parent_path();
        m_key = std::make_unique<PackedKey>(m_p, root);
        // The harness the packing judge built serves where this compiler is the same one.
        builder.add_prebuilt(pack::key_dir(root, p.name) / "harness");
    } else {
        m_key = std::make_unique<TrustedRuns>(m_p, seed, builder, sandbox, m_inputs, m_case_seed);
    }
}

TrustedRuns& Judge::trusted() {
    auto* t = dynamic_cast<TrustedRuns*>(m_key.get());
    if (t == nullptr) throw InputError(pack::needs_full_root("this"));
    return *t;
}

const TestRun* Judge::reference_for(size_t t) { return m_p.tests[t].throws ? nullptr : &m_key->reference(t); }

Report Judge::judge_file(const SafeRead& src, const std::string& display_name, const Sandbox& sandbox,
                         std::optional<Language> language) {
    if (src.fault == ReadFault::too_large) return too_large(src.size, display_name);
    if (!src.ok()) throw InputError(display_name + ": cannot read: it is " + describe(src.fault));
    return judge_source(src.bytes, display_name, sandbox, language);
}

Report Judge::too_large(unsigned long long bytes, const std::string& display_name) {
    Report r = compile_error_report(m_p, m_seed, source_too_large(bytes));
    r.submission = display_name;
    return r;
}

Report Judge::judge_source(const std::string& text, const std::string& display_name, const Sandbox& shared,
                           std::optional<Language> language) {
    const LanguageChoice lang = choose_language(display_name, text, language);
    // This box's own uid (when root): a neighbour's fork bomb cannot take this box's processes.
    // Declared before the box, so the uid is given back only after the box is gone.
    const std::unique_ptr<Sandbox> boxed = shared.for_one_box();
    const Sandbox& sandbox = *boxed;
    TempDir box("judge-box");
    // Build the reference first so that a broken course is reported as such, not as the student's fault.
    m_key->prepare();
    // The compile is the long pole: make the inputs and load the expected outputs meanwhile.
    auto building = std::async(std::launch::async, [&] {
        return prepare_submission(m_p, box.path(), text, display_name, lang, sandbox, m_builder);
    });
    try {
        prepare_expected();
    } catch (...) {
        building.wait();
        throw;
    }
    return judge_prepared(building.get(), box.path(), display_name, sandbox);
}

void Judge::prepare_expected() {
    m_key->prepare();
    m_inputs.ensure();
    std::vector<size_t> expected;
    for (size_t t = 0; t < m_p.tests.size(); ++t)
        if (!m_p.tests[t].throws) expected.push_back(t);
    m_key->prepare_reference(expected);  // (all in one box, when they are not cached)
    for (size_t t = 0; t < m_p.tests.size(); ++t) reference_for(t);
}

Report Judge::judge_prepared(const PreparedSubmission& sub, const fs::path& box, const std::string& display_name,
                             const Sandbox& sandbox) {
    prepare_expected();  // done already when judge_source called it
    const auto t0 = std::chrono::steady_clock::now();
    const auto since = [&t0] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    const LanguageChoice& lang = sub.language;
    const BuildResult& br = sub.build;
    spdlog::debug("submission {} in {:.3f}s", br.ok ? "built" : "failed to build", br.seconds);
    Report r;
    if (br.ok) {
        // The counterexample candidates run with the sample tests, before any hidden test.
        if (m_counterexamples) m_case_inputs.ensure();
        // Past the deadline, only the grade: what explains a failure is left out.
        const auto in_time = [this] { return !m_deadline || std::chrono::steady_clock::now() < *m_deadline; };
        RunSettings run;
        if (m_counterexamples) run.feedback = {&m_cases, &m_case_inputs};
        run.deadline = m_deadline;
        // A wrong answer is run again in the same box: outputs that change are not diagnosed from one run.
        run.again = [&](const SubmissionRuns& first) {
            std::vector<TestOutcome> seen;
            for (size_t t = 0; in_time() && t < m_p.tests.size(); ++t) seen.push_back(outcome(t, first, lang.language));
            std::vector<size_t> again = worth_running_again(m_p, first, seen);
            spdlog::debug("{} wrong answer{} to run again in the same box", again.size(), again.size() == 1 ? "" : "s");
            return again;
        };
        const SubmissionRuns runs = run_submission(m_p, box, sub.launch, m_inputs, sandbox, run);
        std::vector<TestOutcome> outcomes;
        for (size_t t = 0; t < m_p.tests.size(); ++t) outcomes.push_back(outcome(t, runs, lang.language));
        if (in_time()) name_misconceptions(outcomes, runs, lang.language);
        const std::vector<size_t> changing = in_time() ? changing_outputs(m_p, runs, outcomes) : std::vector<size_t>{};
        for (const size_t t : changing) {
            outcomes[t].message = changing_output_words;
            outcomes[t].evidence.clear();
            outcomes[t].changing = true;
        }
        // A failed sample test shows its own values when they are small, as a counterexample does.
        for (size_t t = 0; t < m_p.tests.size(); ++t) {
            if (outcomes[t].verdict != Verdict::wrong_answer || outcomes[t].hidden || !runs.runs[t] ||
                outcomes[t].changing)
                continue;
            outcomes[t].values = shown_case(m_p, m_p.tests[t], m_seed, *runs.runs[t], reference_for(t));
            if (m_pictures) {
                outcomes[t].pictured = outcomes[t].values ? outcomes[t].values
                                                          : shown_case(m_p, m_p.tests[t], m_seed, *runs.runs[t],
                                                                       reference_for(t), max_pictured_elements);
            }
        }
        for (size_t t = 0; t < m_p.tests.size(); ++t)
            if (!outcomes[t].passed() && runs.runs[t]) {
                outcomes[t].output_digest = run_digest(*runs.runs[t]);
                outcomes[t].behaviour =
                    run_behaviour(m_p.tests[t], outcomes[t].verdict, *runs.runs[t], reference_for(t));
            }
        if (m_counterexamples && in_time())
            pick_counterexamples(m_p, m_case_seed, *m_key, m_cases, m_case_inputs, runs.feedback, lang.language,
                                 outcomes);
        spdlog::debug("{:.3f}s: ran and checked {} tests", since(), m_p.tests.size());
        r = assemble_report(m_p, m_seed, std::move(outcomes));
    } else {
        r = compile_error_report(m_p, m_seed, br.log);
    }
    r.compile_log = with_file_name(br.log, display_name);
    r.submission = display_name;
    r.language = lang.language;
    r.language_reason = lang.reason;
    // Each trap's hint in the language's own words, where the spec gives them (hint_python).
    for (TrapOutcome& t : r.traps)
        for (const TrapSpec& spec : m_p.traps)
            if (spec.id == t.id) t.hint = text_in(lang.language, spec.hint_in, spec.hint);
    r.runtime = br.runtime;
    return r;
}

TestOutcome Judge::outcome(size_t t, const SubmissionRuns& runs, Language lang) {
    const TestSpec& ts = m_p.tests[t];
    if (runs.cut_off(t)) {
        // Bounds a student's total time: after this many time-outs the rest is not run.
        return not_run(ts, Verdict::time_limit,
                       fmt::format("not run: {} earlier tests already hit the time limit", box::default_max_timeouts));
    }
    if (!runs.runs[t]) return not_run(ts, runs.missing_verdict, runs.missing_message);
    const TestRun& run = *runs.runs[t];
    return evaluate(m_p, t, run, reference_for(t), lang);
}

void Judge::name_misconceptions(std::vector<TestOutcome>& outcomes, const SubmissionRuns& runs, Language lang) {
    const std::vector<SeededBug>& bugs = m_key->bugs();
    if (bugs.empty() || std::all_of(outcomes.begin(), outcomes.end(), [](const auto& o) { return o.passed(); })) return;
    // A reference that failed a test is the course's error, named by the first such test: the
    // bugs' runs below are checked in no fixed order.
    for (size_t t = 0; t < m_p.tests.size(); ++t) check_reference_run(m_p, m_p.tests[t], reference_for(t));
    // Only the bugs of the traps the submission failed can explain it: every bug fails a test of
    // its own trap (validate checks it), and on a trap it passed, the submission differs from
    // that bug there. So a cold start builds those bugs only.
    std::set<std::string> failed_traps;
    for (const TestOutcome& o : outcomes)
        if (!o.passed()) failed_traps.insert(o.trap);
    std::vector<bool> wanted;
    for (const SeededBug& b : bugs) wanted.push_back(failed_traps.count(b.trap) > 0);
    // Only the runs that can change the match (pipeline/bug_evidence.hpp).
    const ReferenceOf reference_of = [this](size_t t) { return reference_for(t); };
    std::vector<TestEvidence> evidence = gather_evidence(m_p, *m_key, runs, wanted, reference_of);
    // Names bug x on the failing tests among `tests` that it fails; a test that another named bug
    // `also` fails keeps the one of its own trap, or none.
    const auto name = [&](size_t x, const std::vector<size_t>& tests, const std::vector<size_t>& also = {}) {
        for (const size_t t : tests) {
            if (!evidence[t].bug_fails[x] || outcomes[t].passed()) continue;
            const bool shared =
                std::any_of(also.begin(), also.end(), [&](size_t y) { return y != x && evidence[t].bug_fails[y]; });
            if (shared && outcomes[t].trap != bugs[x].trap) continue;
            outcomes[t].misconception = text_in(lang, bugs[x].misconception_in, bugs[x].misconception);
            outcomes[t].misconception_bug = bugs[x].name;
            if (outcomes[t].trap == bugs[x].trap) outcomes[t].evidence = "seeded_bug";
        }
    };
    const std::vector<size_t> all = match_bugs(evidence);
    for (const size_t x : all) name(x, indices(m_p.tests.size()), all);
    // No bug explains every failure it would make: one function's outputs may still be exactly a
    // bug's on every test of that function (a second mistake elsewhere), by the same rule on its
    // tests alone, and two more: the submission fails every test the bug fails, of any function (a
    // bug whose mistake shows where the submission is right is not its mistake), and on one test
    // of the function it returned the bug's very outputs (an exception from the same operation is
    // too common a coincidence to name a mistake from).
    for (const FunctionSpec& fn : m_p.functions) {
        if (!all.empty() || m_p.functions.size() < 2) break;
        std::vector<size_t> own;
        for (size_t t = 0; t < m_p.tests.size(); ++t)
            if (m_p.tests[t].function == fn.name) own.push_back(t);
        complete_scope(m_p, *m_key, evidence, own, wanted, reference_of);  // the runs this match needs
        std::vector<TestEvidence> part;
        for (const size_t t : own) part.push_back(evidence[t]);
        const std::optional<size_t> x = match_bug(part);
        if (!x) continue;
        complete_bug(m_p, *m_key, evidence, *x, reference_of);  // its runs on every test, for the checks below
        bool covered = true, same_outputs = false;
        for (size_t t = 0; t < m_p.tests.size(); ++t) {
            if (!evidence[t].bug_fails[*x]) continue;
            covered = covered && !outcomes[t].passed();
            const TestRun* got = evidence[t].submission;
            same_outputs =
                same_outputs || (m_p.tests[t].function == fn.name && got != nullptr &&
                                 got->status == TestRun::Status::ok && outcomes[t].verdict == Verdict::wrong_answer);
        }
        if (covered && same_outputs) name(*x, own);
    }
    name_by_trap(outcomes, evidence, wanted, name);
}

void Judge::name_by_trap(const std::vector<TestOutcome>& outcomes, std::vector<TestEvidence>& evidence,
                         const std::vector<bool>& wanted,
                         const std::function<void(size_t, const std::vector<size_t>&)>& name) {
    // A failed trap with no mistake named yet: when every failing test of it is exactly one bug's
    // outputs, and that bug fails no other test of it, the bug is named there, whatever fails
    // elsewhere (a second mistake in the same function, say: issue #64, point 2).
    const ReferenceOf reference_of = [this](size_t t) { return reference_for(t); };
    for (const TrapSpec& trap : m_p.traps) {
        std::vector<size_t> own;
        std::vector<bool> failing;
        bool named = false;
        for (size_t t = 0; t < m_p.tests.size(); ++t) {
            if (m_p.tests[t].trap != trap.id) continue;
            own.push_back(t);
            failing.push_back(!outcomes[t].passed());
            named = named || !outcomes[t].misconception.empty();
        }
        if (named || std::find(failing.begin(), failing.end(), true) == failing.end()) continue;
        complete_every(m_p, *m_key, evidence, own, wanted, reference_of);
        std::vector<TestEvidence> part;
        for (const size_t t : own) part.push_back(evidence[t]);
        if (const std::optional<size_t> x = match_trap(part, failing)) name(*x, own);
    }
}

Report Judge::judge_trusted(const fs::path& exe, bool name) {
    SubmissionRuns runs;  // kept only for naming
    std::vector<TestOutcome> outcomes;
    trusted().prepare_runs(exe, indices(m_p.tests.size()));  // the runs not cached yet, in one box
    for (size_t t = 0; t < m_p.tests.size(); ++t) {
        TestRun run = trusted().cached_run(exe, t);
        outcomes.push_back(evaluate(m_p, t, run, reference_for(t), Language::cpp));
        if (name) runs.runs.emplace_back(std::move(run));
    }
    if (name) name_misconceptions(outcomes, runs, Language::cpp);
    return assemble_report(m_p, m_seed, std::move(outcomes));
}

}  // namespace judge
