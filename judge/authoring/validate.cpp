// validate_problem: the checks of a problem folder, each a unit writing to a Diagnostics sink.
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <set>

#include "authoring/equivalence.hpp"
#include "authoring/mutants.hpp"
#include "authoring/units.hpp"
#include "authoring/validation.hpp"
#include "pipeline/counterexample.hpp"
#include "pipeline/judge.hpp"
#include "traps/evaluate.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

std::string course_path(const Problem& p, const fs::path& file) {
    return fs::relative(file, p.dir.parent_path().parent_path()).string();
}

std::vector<const Finding*> Validation::findings() const {
    std::vector<const Finding*> all;
    for (const Finding& f : checks) all.push_back(&f);
    for (const BugResult& b : bugs)
        for (const Finding& f : b.findings) all.push_back(&f);
    for (const Finding& f : matrix_lint) all.push_back(&f);
    if (seeds)
        for (const Finding& f : seeds->findings) all.push_back(&f);
    return all;
}

int Validation::errors() const {
    int n = 0;
    for (const Finding* f : findings()) n += f->severity == Severity::error ? 1 : 0;
    return n;
}

int Validation::warnings() const {
    int n = mutants ? static_cast<int>(mutants->survivors.size()) : 0;
    for (const Finding* f : findings()) n += f->severity == Severity::warning ? 1 : 0;
    return n;
}

namespace validation_units {

void check_statement(const Problem& p, Diagnostics& d) {
    if (!fs::exists(p.dir / p.statement_file))
        d.error(course_path(p, p.dir / p.statement_file) + ": the statement is missing");
}

Report check_reference(const Problem& p, Judge& judge, Diagnostics& d) {
    const Report ref = judge.judge_trusted(judge.trusted().reference_exe());
    if (ref.verdict == Verdict::accepted) {
        d.ok(fmt::format("reference passes all {} tests", p.tests.size()));
    } else {
        for (const TestOutcome& t : ref.tests)
            for (const TestSpec& ts : p.tests)
                if (!t.passed() && ts.id == t.id)
                    d.error(fmt::format("reference fails test {} ({}): {}", t.id,
                                        summarize_inputs(p.function(ts.function), ts), t.message));
    }
    return ref;
}

// Other correct solutions, in other styles and languages: each must pass every test, judged as a
// student's file is (languages/build.hpp's prepare_submission, in the sandbox).
std::vector<std::pair<std::string, bool>> check_accepted(const Problem& p, Judge& judge, const ValidationSettings& s,
                                                         Diagnostics& d) {
    std::vector<std::pair<std::string, bool>> results;
    size_t ok = 0;
    for (const fs::path& a : load_accepted(p)) {
        const std::string shown = course_path(p, a);
        Report r;
        try {
            r = judge.judge_source(read_input_file(a), shown, s.sandbox());
        } catch (const InputError& e) {  // a first line that states a language it cannot be
            d.error(e.what());
            results.emplace_back(a.stem().string(), false);
            continue;
        }
        results.emplace_back(a.stem().string(), r.verdict == Verdict::accepted);
        if (r.verdict == Verdict::compile_error) {
            const LanguageInfo& lang = language_info(r.language);
            d.error(fmt::format("{}: this accepted alternative ({}) {}:\n{}", shown, lang.words, lang.fails_to_build,
                                r.compile_log));
            continue;
        }
        for (const TestOutcome& t : r.tests)
            if (!t.passed()) d.error(fmt::format("{}: fails test {} [{}]: {}", shown, t.id, t.trap, t.message));
        ok += r.verdict == Verdict::accepted ? 1 : 0;
    }
    if (!results.empty() && ok == results.size())
        d.ok(fmt::format("{} accepted alternative{} pass all tests", results.size(), results.size() == 1 ? "" : "s"));
    return results;
}

void check_template(const Problem& p, Judge& judge, const ValidationSettings& s, Diagnostics& d) {
    if (!fs::exists(p.template_solution)) {
        d.error(course_path(p, p.template_solution) + ": the student template is missing");
        return;
    }
    // Every language's template the problem ships (C++'s always): it builds, and is rejected.
    // Only the verdict is read: no counterexample is searched for (a Python template's search
    // costs seconds, and says nothing of a stub). The accepted alternatives before it need none.
    const NoCounterexamples quiet(judge);
    std::set<fs::path> seen;
    for (const LanguageInfo& lang : languages()) {
        const fs::path t = language_template(p, lang.id);
        if (!seen.insert(t).second || !fs::exists(t)) continue;
        const std::string words(lang.words);
        const Report r = judge.judge_source(read_input_file(t), t.filename().string(), s.sandbox(), lang.id);
        if (r.verdict == Verdict::compile_error) {
            d.error(fmt::format("{}: the {} student template {}:\n{}", course_path(p, t), words, lang.fails_to_build,
                                r.compile_log));
        } else if (r.verdict == Verdict::accepted) {
            d.error(course_path(p, t) + ": the " + words + " student template is accepted; it should be a stub");
        } else {
            d.ok(fmt::format("student template in {} {} and is rejected", words, lang.builds));
        }
    }
}

// The spec lint, the domain lint (on the reference's runs), the small inputs that can never be a
// counterexample, and too few accepted alternatives.
void lint_problem(const Problem& p, Judge& judge, bool reference_ok, size_t accepted, Diagnostics& d) {
    for (const LintWarning& w : lint_spec(p)) d.lint(w);
    if (reference_ok) {
        std::vector<const TestRun*> ref_runs;
        for (size_t t = 0; t < p.tests.size(); ++t) ref_runs.push_back(&judge.key().reference(t));
        for (const LintWarning& w : lint_domains(p, ref_runs)) d.lint(w);
    }
    for (const auto& [fn, i] : unusable_small_inputs(p, judge.key()))
        d.lint({"small_input_unused", "warning",
                fmt::format("{}: {} small input {} can never be a counterexample: on it the reference fails the "
                            "checks of every hidden test of {} (a NaN where \"nan\" is \"never\"?)",
                            course_path(p, p.spec_path), fn, i, fn)});
    if (accepted < 2) {
        d.lint({"few_accepted_alternatives", "info",
                fmt::format("{} accepted alternative{} in {}: give at least two, in other styles (loops, another "
                            "layout), so that the tests are known to accept more than the reference's way",
                            accepted, accepted == 1 ? "" : "s", course_path(p, p.accepted_dir))});
    }
}

// --cross-check: the Python reference, and builtin.py, beside the C++ reference (cross_check.hpp).
std::vector<CrossCheck> check_cross(const Problem& p, Judge& judge, const ValidationSettings& s, Diagnostics& d) {
    std::vector<CrossCheck> results;
    for (const fs::path& file : cross_check_files(p)) {
        const bool builtin = file.filename() == "builtin.py";
        if (!fs::exists(file)) {
            d.error(course_path(p, file) +
                    ": missing: --cross-check runs the problem's Python reference beside the C++ one (docs/python.md)");
            continue;
        }
        spdlog::info("cross-check: {} beside the C++ reference", course_path(p, file));
        CrossCheck c = cross_check(p, file, builtin, judge.key(), judge.builder(), s.sandbox());
        const std::string what = builtin ? "PyTorch's own modules" : "the Python reference";
        if (!c.build_error.empty()) {
            d.error(fmt::format("cross-check: {} ({}) could not be loaded: {}", c.file, what, c.build_error));
        } else if (c.compared == 0) {
            std::string why;
            for (const std::string& w : c.why_not_covered) why += (why.empty() ? "" : "; ") + w;
            d.note(fmt::format("cross-check: {} ({}) compared nothing: {}", c.file, what, why));
        } else {
            const std::string figures =
                c.fraction == 0.0 ? std::string("every value equal")
                                  : fmt::format("largest difference {:.2g}, {:.1f}% of the tolerance{}", c.largest,
                                                100.0 * c.fraction, c.where.empty() ? "" : " (" + c.where + ")");
            const std::string on = c.compared == c.tests + c.small
                                       ? fmt::format("{} tests and {} small inputs", c.tests, c.small)
                                       : fmt::format("{} of {} cases", c.compared, c.tests + c.small);
            if (c.mismatches.empty())
                d.ok(fmt::format("cross-check: {} ({}; {}) agrees with the C++ reference on {}: {}", c.file, what,
                                 c.runtime, on, figures));
            const size_t shown = std::min<size_t>(c.mismatches.size(), 5);
            for (size_t i = 0; i < shown; ++i)
                d.error(fmt::format("cross-check: {} disagrees with the C++ reference: {}", c.file, c.mismatches[i]));
            if (c.mismatches.size() > shown)
                d.error(
                    fmt::format("cross-check: {} disagrees in {} more places", c.file, c.mismatches.size() - shown));
            if (c.not_covered > 0) {
                std::string why;
                for (const std::string& w : c.why_not_covered) why += (why.empty() ? "" : "; ") + w;
                d.note(fmt::format("cross-check: {}: {} cases not compared: {}", c.file, c.not_covered, why));
            }
        }
        results.push_back(std::move(c));
    }
    return results;
}

}  // namespace validation_units

Validation validate_problem(const Problem& p, Builder& builder, const ValidationSettings& settings) {
    using namespace validation_units;
    Validation v;
    v.problem = p.name;
    v.title = p.title;
    v.functions = p.functions.size();
    v.traps = p.traps.size();
    v.tests = p.tests.size();
    for (const TestSpec& t : p.tests) v.test_rows.push_back(t.id + " [" + t.trap + "]");
    Diagnostics d;
    const auto count = [](size_t n, const char* noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); };
    d.ok(fmt::format("spec: {}, {}, {}", count(p.functions.size(), "function"), count(p.traps.size(), "trap"),
                     count(p.tests.size(), "test")));
    check_statement(p, d);
    Judge judge(p, 0, builder, settings.sandbox());
    const Report ref = check_reference(p, judge, d);
    v.accepted = check_accepted(p, judge, settings, d);
    check_template(p, judge, settings, d);
    lint_problem(p, judge, ref.verdict == Verdict::accepted, v.accepted.size(), d);
    if (settings.cross_check && ref.verdict == Verdict::accepted) v.cross_checks = check_cross(p, judge, settings, d);
    // The mutants are made once, here: cheap (nothing is built) and needed by both the
    // equivalent_mutants check and --mutants.
    std::vector<Mutant> mutants;
    if (!p.equivalent_mutants.empty() || settings.mutants) mutants = make_mutants(read_input_file(p.reference));
    EquivalenceMatch equivalent;
    if (!p.equivalent_mutants.empty()) {
        equivalent = match_equivalent(mutants, p.equivalent_mutants, course_path(p, p.reference));
        for (const LintWarning& w : equivalent.findings) d.lint(w);
    }
    if (ref.verdict != Verdict::accepted) {
        // Every bug would be measured against a wrong answer: one error, not a warning per bug.
        d.note("the seeded bugs and the mutants are not run until the reference passes every test");
        v.checks = std::move(d.findings);
        return v;
    }
    if (judge.trusted().bugs().empty()) {
        d.error(course_path(p, p.bugs_dir) + ": no seeded bugs (bugs/*.patch or bugs/*.cpp)");
        v.checks = std::move(d.findings);
        return v;
    }
    v.checks = std::move(d.findings);
    v.bugs_ran = true;
    v.bugs = run_bug_matrix(p, judge);
    v.matrix_lint = lint_bug_matrix(p, judge, v.bugs);
    for (Finding& f : lint_bug_counterexamples(p, judge, v.bugs)) v.matrix_lint.push_back(std::move(f));
    if (settings.mutants) v.mutants = run_mutants(p, judge, builder, mutants, equivalent.reason_of, settings);
    if (settings.seeds > 0) v.seeds = check_seeds(p, builder, settings.sandbox(), settings.seeds);
    return v;
}

}  // namespace judge
