#include "traps/evaluate.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "checks/compare.hpp"
#include "core/errors.hpp"
#include "problem/types.hpp"

namespace judge {

namespace {

// What a run threw, said in the submission's language: "threw std::invalid_argument: bad heads",
// "raised ValueError: bad heads" (a sample test's; a hidden test says its verdict only).
std::string exception_words(const TestRun& run, Language lang) {
    const std::string name = exception_name(lang, run.exception_type);
    std::string s = std::string(language_info(lang).threw) + " " + name;
    // Python's words begin with the class's name ("ValueError: bad heads"): said once.
    const std::string& said = run.exception_message;
    if (said == name) return s;
    if (said.rfind(name + ": ", 0) == 0) return s + said.substr(name.size());
    if (!said.empty()) s += ": " + said;
    return s;
}

// What is wrong with a run's outputs, or "" when nothing is. Order matters for the student: a
// wrong shape first (nothing else is meaningful then), then properties such as "key 3 is masked
// but has weight 0.2", which say more than a value diff, then the values themselves.
std::string diagnose_outputs(const TestSpec& test, const FunctionSpec& fn, const TestRun& run, const TestRun& ref,
                             const DescribeOptions& how_base, std::string& evidence) {
    std::vector<std::string> looked_at = test.compare;
    for (const PropertyCheck& pc : test.checks) {
        looked_at.push_back(pc.output);
        if (!pc.from.empty()) looked_at.push_back(pc.from);
    }
    for (const std::string& name : looked_at) {
        const npy::Array& got = run.outputs.at(name);
        const npy::Array& want = ref.outputs.at(name);
        // The element type first: values of another type would compare as an empty array.
        if (got.dtype != want.dtype) {
            return fmt::format("{} holds {} values; expected {}", name, npy::dtype_name(got.dtype),
                               npy::dtype_name(want.dtype));
        }
        if (got.shape != want.shape) return shape_words(name, got.shape, want.shape, how_base);
    }
    for (const PropertyCheck& pc : test.checks) {
        if (!check_applies(test, pc)) continue;
        DescribeOptions how = how_base;
        how.axes = fn.output(pc.output)->axes;
        how.nan_match = fn.output(pc.output)->nan == NanPolicy::match;
        const npy::Array& out = run.outputs.at(pc.output);
        CheckResult c;
        switch (pc.kind) {
            case CheckKind::rows_sum_to_one:
                c = check_rows_sum_to_one(pc.output, out, std::max(1e-4, test.tolerance.atol), how);
                break;
            case CheckKind::zero_above_diagonal: c = check_zero_above_diagonal(pc.output, out, pc.offset, how); break;
            case CheckKind::heads_differ: {
                const auto& axes = how.axes;
                const auto head = std::find(axes.begin(), axes.end(), "head") - axes.begin();
                c = check_heads_differ(pc.output, out, ref.outputs.at(pc.output), head, test.tolerance, how);
                break;
            }
            case CheckKind::unchanged:
                c = check_unchanged(pc.output, out, pc.from, run.outputs.at(pc.from), how);
                break;
            case CheckKind::zero_beyond_lens: {
                const InputSpec& lens = test.inputs.at(pc.lens);
                c = check_zero_beyond_lens(pc.output, out, {pc.lens, *lengths_shape(lens), lens.ints}, how);
                break;
            }
        }
        if (!c.passed) {
            evidence = "property";
            return c.message;
        }
    }
    if (test.shape_only) return "";
    std::optional<TraceSource> trace;
    if (!test.trace.empty()) {
        const Generator& g = test.inputs.at(test.trace).gen;
        trace = TraceSource{test.trace, g.shape, g.start, g.step};
    }
    for (const std::string& name : test.compare) {
        DescribeOptions how = how_base;
        how.axes = fn.output(name)->axes;
        how.nan_match = fn.output(name)->nan == NanPolicy::match;
        const CheckResult c =
            compare_output(name, run.outputs.at(name), ref.outputs.at(name), test.tolerance, how, trace);
        if (!c.passed) return c.message;
    }
    return "";
}

// What a failed hidden test says: its verdict in fixed words, the same whatever the run did. A
// hidden test's run comes after the sample tests and the counterexample candidates have been read,
// so its exit code, signal, exception, output and even its kind of failure could carry what it was
// given (issue #62): none of them is said. What went wrong is shown on the sample tests and the
// counterexample, which ran before any hidden test.
constexpr const char* hidden_suffix = " (hidden test: only its verdict is shown)";

std::string hidden_words(const Problem& p, const TestSpec& test, Verdict v, Language lang) {
    const LanguageInfo& li = language_info(lang);
    switch (v) {
        case Verdict::time_limit:
            return fmt::format("{} did not finish within the {} ms time limit", test.function,
                               p.limits.time_per_test_ms);
        case Verdict::memory_limit:
            return fmt::format("{} ran out of memory, over the {} MB limit", test.function, p.limits.memory_mb);
        case Verdict::output_limit:
            return fmt::format("{} wrote more than the {} KB output limit", test.function, p.limits.output_kb);
        case Verdict::wrong_answer:
            if (test.throws)
                return fmt::format("{} did not {} {} as the spec asks", test.function, li.to_throw,
                                   exception_name(lang, *test.throws));
            return test.function + "'s result is wrong";
        default: return test.function + " stopped with an error";
    }
}

// An outcome for test `ts` with its identity filled in, accepted and with no points yet.
TestOutcome outcome_of(const TestSpec& ts) {
    TestOutcome o;
    o.id = ts.id;
    o.trap = ts.trap;
    o.function = ts.function;
    o.description = ts.description;
    o.hidden = ts.hidden;
    o.max_points = ts.points;
    return o;
}

}  // namespace

std::string raised_words(const TestRun& run, Language lang) {
    if (run.status == TestRun::Status::wrong_return) return std::string(wrong_return_words) + run.detail;
    return exception_words(run, lang);
}

bool check_applies(const TestSpec& test, const PropertyCheck& pc) {
    if (pc.when.empty()) return true;
    const auto it = test.inputs.find(pc.when);
    return it != test.inputs.end() && it->second.int_value != 0;
}

std::string summarize_inputs(const FunctionSpec& fn, const TestSpec& test) {
    std::string s;
    for (const Param& p : fn.params) {
        s += s.empty() ? "" : ", ";
        s += type_info(p.type).summary(p.name, test.inputs.at(p.name));
    }
    return s;
}

TestOutcome not_run(const TestSpec& ts, Verdict verdict, std::string message) {
    TestOutcome o = outcome_of(ts);
    o.verdict = verdict;
    o.message = std::move(message);
    return o;
}

void check_reference_run(const Problem& p, const TestSpec& test, const TestRun* ref) {
    if (test.throws || ref == nullptr || ref->status == TestRun::Status::ok) return;
    // The instructor's own error: the inputs' shapes say which case the reference gets wrong.
    const FunctionSpec& fn = p.function(test.function);
    const std::string inputs = test.inputs.empty() ? "" : " (" + summarize_inputs(fn, test) + ")";
    throw InputError("reference/" + p.name + "/solution.cpp: fails test " + test.id + inputs + ": " +
                     (ref->status == TestRun::Status::exception ? exception_words(*ref, Language::cpp) : ref->detail));
}

TestOutcome evaluate(const Problem& p, size_t t, const TestRun& run, const TestRun* ref, Language lang) {
    return evaluate_spec(p, p.tests[t], run, ref, lang);
}

TestOutcome evaluate_spec(const Problem& p, const TestSpec& test, const TestRun& run, const TestRun* ref,
                          Language lang) {
    const FunctionSpec& fn = p.function(test.function);
    TestOutcome o = outcome_of(test);
    if (!test.hidden) o.inputs = summarize_inputs(fn, test);
    const DescribeOptions how_base{{}, !test.hidden};

    const auto fail = [&](Verdict v, std::string msg) {
        o.verdict = v;
        o.message = std::move(msg);
    };
    switch (run.status) {
        case TestRun::Status::timed_out:
        case TestRun::Status::cpu_limit: fail(Verdict::time_limit, run.detail); break;
        case TestRun::Status::memory_limit: fail(Verdict::memory_limit, run.detail); break;
        case TestRun::Status::output_limit: fail(Verdict::output_limit, run.detail); break;
        case TestRun::Status::crashed:
            // Where an exception is expected, a crash (SIGFPE from a division by zero, SIGABRT from
            // an assert) is the missing check, as Python's ZeroDivisionError or AssertionError is.
            if (test.throws) {
                o.evidence = "throws";
                fail(Verdict::wrong_answer, run.detail + "; expected " + exception_name(lang, *test.throws));
            } else {
                fail(Verdict::runtime_error, run.detail);
            }
            break;
        case TestRun::Status::no_result: fail(Verdict::runtime_error, run.detail); break;
        case TestRun::Status::wrong_return:
            // The harness's words on what came back (a list, a dtype); a type's name is the submission's.
            fail(Verdict::runtime_error, std::string(wrong_return_words) + run.detail);
            break;
        case TestRun::Status::bad_output:
            // The detail may quote the submission's own bytes (a forged dtype, a status line).
            fail(Verdict::runtime_error, run.detail);
            break;
        case TestRun::Status::exception:
            if (test.throws && run.exception_type == *test.throws) break;
            if (run.exception_type == "bad_alloc") {
                fail(Verdict::memory_limit, fmt::format("ran out of memory ({}): the limit is {} MB",
                                                        exception_name(lang, "bad_alloc"), p.limits.memory_mb));
                break;
            }
            if (test.throws) {
                o.evidence = "throws";
                fail(Verdict::wrong_answer,
                     exception_words(run, lang) + "; expected " + exception_name(lang, *test.throws));
            } else if (run.library) {
                fail(Verdict::runtime_error, std::string(library_words) + run.exception_message);
            } else {
                fail(Verdict::runtime_error, exception_words(run, lang));
            }
            break;
        case TestRun::Status::ok: {
            if (test.throws) {
                o.evidence = "throws";
                fail(Verdict::wrong_answer, "returned normally; expected it to " +
                                                std::string(language_info(lang).to_throw) + " " +
                                                exception_name(lang, *test.throws));
                break;
            }
            if (ref == nullptr) throw JudgeFailure("evaluate: test " + test.id + " needs the reference's run");
            check_reference_run(p, test, ref);
            const std::string problem = diagnose_outputs(test, fn, run, *ref, how_base, o.evidence);
            if (!problem.empty()) {
                fail(Verdict::wrong_answer, problem);
                // A test of shapes only, or inputs that must not matter and did: the trap's own mistake.
                if (o.evidence.empty() && test.shape_only) o.evidence = "shape";
                if (o.evidence.empty() && test.intervention) o.evidence = "intervention";
            }
            break;
        }
    }
    if (o.passed()) {
        o.points = test.points;
        return o;
    }
    if (test.hidden) {
        o.message = hidden_words(p, test, o.verdict, lang) + hidden_suffix;
        return o;
    }
    if (!run.stderr_tail.empty() && !test.hidden && o.verdict == Verdict::runtime_error) {
        o.message += "\nlast output on stderr:\n" + run.stderr_tail;
    }
    return o;
}

}  // namespace judge
