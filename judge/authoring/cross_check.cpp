// The cross-check: a Python file beside the C++ reference on every test and small input.
#include "authoring/cross_check.hpp"

#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <regex>
#include <set>

#include "core/errors.hpp"
#include "judge/protocol/shape.hpp"
#include "languages/build.hpp"
#include "pipeline/counterexample.hpp"
#include "pipeline/input_files.hpp"
#include "pipeline/submission_runs.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// The functions of `p` that `text` defines at module level ("def name(").
std::set<std::string> defined_functions(const Problem& p, const std::string& text) {
    std::set<std::string> found;
    for (const FunctionSpec& f : p.functions)
        if (std::regex_search(text, std::regex("(^|\n)def " + f.name + "\\s*\\("))) found.insert(f.name);
    // A sequence runs when every function it calls is defined.
    for (const FunctionSpec& f : p.functions)
        if (f.is_sequence() && std::all_of(f.sequence.begin(), f.sequence.end(),
                                           [&](const SequenceStep& s) { return found.count(s.call) > 0; }))
            found.insert(f.name);
    return found;
}

// "[1, 0, 3]": the position of flat index `i` in `shape`.
std::string position(const std::vector<int64_t>& shape, int64_t i) {
    std::vector<int64_t> at(shape.size());
    for (size_t d = shape.size(); d-- > 0;) {
        at[d] = shape[d] > 0 ? i % shape[d] : 0;
        i = shape[d] > 0 ? i / shape[d] : 0;
    }
    std::string s = "[";
    for (size_t d = 0; d < at.size(); ++d) s += (d > 0 ? ", " : "") + std::to_string(at[d]);
    return s + "]";
}

std::string status_words(const TestRun& r) {
    switch (r.status) {
        case TestRun::Status::ok: return "returned values";
        case TestRun::Status::exception: return "raised " + r.exception_message;
        case TestRun::Status::timed_out:
        case TestRun::Status::cpu_limit: return "hit the time limit";
        case TestRun::Status::memory_limit: return "ran out of memory";
        case TestRun::Status::output_limit: return "wrote past the output limit";
        case TestRun::Status::crashed: return "crashed (" + r.detail + ")";
        case TestRun::Status::no_result: return "left no result";
        case TestRun::Status::wrong_return: return "returned what the spec does not declare (" + r.detail + ")";
        case TestRun::Status::bad_output: return "left result files that are not the harness's (" + r.detail + ")";
    }
    return "ended";
}

// Compares one case's outputs; a disagreement is added to `c.mismatches`.
void compare_case(const FunctionSpec& fn, const TestSpec& test, const TestRun& got, const TestRun& want,
                  CrossCheck& c) {
    for (const OutputSpec& o : fn.outputs) {
        const auto g = got.outputs.find(o.name), w = want.outputs.find(o.name);
        if (g == got.outputs.end() || w == want.outputs.end()) {
            c.mismatches.push_back(fmt::format("{}: output {} is missing", test.id, o.name));
            continue;
        }
        const npy::Array &a = g->second, &b = w->second;
        if (a.dtype != b.dtype || a.shape != b.shape) {
            c.mismatches.push_back(fmt::format("{}: {} is {} {}; the C++ reference's is {} {}", test.id, o.name,
                                               a.dtype == npy::Dtype::float32 ? "float32" : "int64", shape_str(a.shape),
                                               b.dtype == npy::Dtype::float32 ? "float32" : "int64",
                                               shape_str(b.shape)));
            continue;
        }
        for (int64_t i = 0; i < a.numel(); ++i) {
            const auto u = static_cast<size_t>(i);
            if (a.dtype == npy::Dtype::int64) {
                if (a.i64[u] == b.i64[u]) continue;
                c.mismatches.push_back(fmt::format("{}: {}{} is {}; the C++ reference's is {}", test.id, o.name,
                                                   position(a.shape, i), a.i64[u], b.i64[u]));
                break;
            }
            const double x = a.f32[u], y = b.f32[u];
            if ((std::isnan(x) && std::isnan(y)) || (std::isinf(x) && x == y)) continue;
            const double diff = std::fabs(x - y);
            const double fraction = std::isfinite(diff) ? diff / test.tolerance.allowed(y) : INFINITY;
            if (std::isfinite(diff) && diff > c.largest) c.largest = diff;
            if (fraction > c.fraction || (std::isnan(fraction) && !std::isnan(c.fraction))) {
                c.fraction = std::isnan(fraction) ? INFINITY : fraction;
                c.where = fmt::format("{}, {}{}", test.id, o.name, position(a.shape, i));
            }
            if (!(fraction <= 1.0)) {
                c.mismatches.push_back(
                    fmt::format("{}: {}{} is {:.7g}; the C++ reference's is {:.7g} (beyond the "
                                "tolerance rtol {:g}, atol {:g})",
                                test.id, o.name, position(a.shape, i), x, y, test.tolerance.rtol, test.tolerance.atol));
                break;
            }
        }
    }
}

}  // namespace

std::vector<fs::path> cross_check_files(const Problem& p) {
    const fs::path dir = p.reference.parent_path();
    std::vector<fs::path> files = {dir / "solution.py"};
    if (std::error_code ec; fs::is_regular_file(dir / "builtin.py", ec)) files.push_back(dir / "builtin.py");
    return files;
}

CrossCheck cross_check(const Problem& p, const fs::path& file, bool builtin, AnswerKey& key, Builder& builder,
                       const Sandbox& shared) {
    CrossCheck c;
    c.file = fs::relative(file, p.dir.parent_path().parent_path()).string();
    c.builtin = builtin;
    const std::string text = read_input_file(file);
    // The cases: every test and every small input's case, of the functions the file defines (all
    // of them for the Python reference: a missing one fails its load below).
    const std::set<std::string> defined = defined_functions(p, text);
    Problem cases = candidate_problem(p);
    if (builtin) std::erase_if(cases.functions, [&](const FunctionSpec& f) { return defined.count(f.name) == 0; });
    const auto wanted = [&](const TestSpec& t) { return !builtin || defined.count(t.function) > 0; };
    for (const TestSpec& t : p.tests)
        if (wanted(t)) cases.tests.push_back(t), ++c.tests;
    for (const TestSpec& t : all_candidates(p))
        if (wanted(t)) cases.tests.push_back(t), ++c.small;
    if (cases.tests.empty()) {
        c.build_error = "it defines none of the problem's functions";
        return c;
    }
    InputFiles inputs(cases, 0);
    inputs.ensure();
    std::vector<std::optional<TestRun>> ref(cases.tests.size());
    key.prepare_candidates(cases, inputs, indices(cases.tests.size()));  // in one box, when not cached
    parallel_for(cases.tests.size(), 2, [&](size_t i) { ref[i] = key.candidate(cases, i, inputs); });

    const std::unique_ptr<Sandbox> boxed = shared.for_one_box();
    TempDir box("judge-cross-check");
    const PreparedSubmission sub =
        prepare_submission(cases, box.path(), text, file.string(), std::nullopt, *boxed, builder);
    const BuildResult& br = sub.build;
    c.runtime = br.runtime;
    if (!br.ok) {
        c.build_error = with_file_name(br.log, c.file);
        return c;
    }
    const SubmissionRuns runs = run_submission(cases, box.path(), sub.launch, inputs, *boxed);
    std::set<std::string> reasons;
    for (size_t i = 0; i < cases.tests.size(); ++i) {
        const TestSpec& t = cases.tests[i];
        if (runs.cut_off(i) || !runs.runs[i] || !ref[i]) {
            c.mismatches.push_back(fmt::format("{}: no result ({})", t.id,
                                               runs.cut_off(i) ? "earlier cases hit the time limit"
                                               : !ref[i]       ? "the C++ reference left none"
                                                               : runs.missing_message));
            continue;
        }
        const TestRun &got = *runs.runs[i], &want = *ref[i];
        const bool ref_raises = want.status == TestRun::Status::exception;
        if (builtin &&
            (ref_raises || (got.status == TestRun::Status::exception && got.exception_type == "logic_error"))) {
            // builtin.py checks values where PyTorch's module computes them; argument checks are the
            // Python reference's to match.
            ++c.not_covered;
            reasons.insert(ref_raises ? "the C++ reference raises there (the Python reference is checked on those)"
                                      : got.exception_message);
            continue;
        }
        ++c.compared;
        if (want.status != TestRun::Status::ok && !ref_raises) {
            c.mismatches.push_back(fmt::format("{}: the C++ reference {}", t.id, status_words(want)));
        } else if (ref_raises || got.status == TestRun::Status::exception) {
            if (got.status != want.status || got.exception_type != want.exception_type)
                c.mismatches.push_back(
                    fmt::format("{}: it {}; the C++ reference {}", t.id, status_words(got),
                                ref_raises ? "raised std::" + want.exception_type + ": " + want.exception_message
                                           : status_words(want)));
        } else if (got.status != TestRun::Status::ok) {
            c.mismatches.push_back(
                fmt::format("{}: it {}; the C++ reference returned values", t.id, status_words(got)));
        } else {
            compare_case(p.function(t.function), t, got, want, c);
        }
    }
    c.why_not_covered.assign(reasons.begin(), reasons.end());
    spdlog::debug("cross-check {}: {} cases, {} compared, largest fraction {}", c.file, cases.tests.size(), c.compared,
                  c.fraction);
    return c;
}

}  // namespace judge
