// `judge heads`: every head of a function's attention weights, the submission's beside the
// reference's, on one sample test (the D2L toy input by default): the course unit's exercise
// "plot one head per panel; identical panels expose a split bug".
#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <algorithm>
#include <cmath>
#include <iterator>

#include "checks/compare.hpp"
#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/submission_file.hpp"
#include "cli/which_test.hpp"
#include "compile/builder.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "pipeline/counterexample.hpp"
#include "pipeline/heads_words.hpp"
#include "pipeline/judge.hpp"
#include "pipeline/packed_key.hpp"
#include "problem/inputs.hpp"
#include "report/html.hpp"
#include "report/render.hpp"
#include "report/words.hpp"
#include "runs/program_run.hpp"
#include "sandbox/sandbox.hpp"
#include "traps/evaluate.hpp"
#include "traps/seeded_bugs.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// The output of `fn` that holds attention weights per head: axes with head, query and key, or
// folded ones.
const OutputSpec* head_weights(const FunctionSpec& fn) {
    for (const OutputSpec& o : fn.outputs) {
        const auto has = [&](const char* a) { return std::find(o.axes.begin(), o.axes.end(), a) != o.axes.end(); };
        if ((has("head") && has("query") && has("key")) || folded_weights(fn, o)) return &o;
    }
    return nullptr;
}

// Folded weights are drawn and compared as (B, H, Lq, Lk), with the test's number of heads: the
// output as drawn, the number of heads it was unfolded by (0: not folded), and `c` unfolded.
std::pair<OutputSpec, int64_t> unfold_case(const FunctionSpec& fn, const OutputSpec& out, const InputArrays& inputs,
                                           std::optional<Counterexample>& c) {
    if (!folded_weights(fn, out)) return {out, 0};
    const npy::Array& n = inputs.at("num_heads");
    const int64_t fold = n.i64.empty() ? 0 : n.i64.front();
    OutputSpec shown = out;
    shown.axes = {"example", "head", "query", "key"};
    if (c)
        for (std::vector<ShownValue>* vs : {&c->expected, &c->got})
            for (ShownValue& v : *vs)
                if (v.name == out.name) v.array = unfold_heads(v.array, fold);
    return {shown, fold};
}

// --test, or the first sample test of a function with per-head weights, a D2L one first.
size_t chosen_test(const Problem& p, const HeadsOptions& o) {
    std::string functions;
    for (const FunctionSpec& f : p.functions)
        if (head_weights(f)) functions += (functions.empty() ? "" : ", ") + f.name;
    if (functions.empty())
        throw InputError("heads: " + p.name + " has no function whose output has head, query and key axes");
    if (o.test) {
        const size_t t = test_index(p, *o.test);
        if (!head_weights(p.function(p.tests[t].function)))
            throw InputError("--test: " + *o.test + " tests " + p.tests[t].function +
                             ", which returns no weights per head (those that do: " + functions + ")");
        if (p.tests[t].throws) throw InputError("--test: " + *o.test + " expects an exception; it has no weights");
        return t;
    }
    std::optional<size_t> first;
    for (size_t t = 0; t < p.tests.size(); ++t) {
        const TestSpec& ts = p.tests[t];
        if (ts.hidden || ts.throws || !head_weights(p.function(ts.function))) continue;
        if (ts.id.find("d2l") != std::string::npos) return t;
        if (!first) first = t;
    }
    if (!first) throw InputError("heads: " + p.name + " has no sample test of " + functions + "; give --test");
    return *first;
}

// --html: the heads' page, written whole or not at all.
void write_heads_page(const Problem& p, const HeadsOptions& o, const TestSpec& ts, const FunctionSpec& fn,
                      const std::vector<Picture>& pics, bool match, const std::string& words) {
    std::string page = html_page_start(fmt::format("{}: the heads of {}", p.name, fn.name));
    page += fmt::format("<header><h1>{}: the heads of {}</h1><p>{} on test {} ({} test). {}</p></header>\n",
                        html_escape(p.name), html_escape(fn.name), html_escape(o.file), html_escape(ts.id),
                        ts.hidden ? "a hidden" : "a sample",
                        match ? "Every head matches the reference's." : "Not every head matches the reference's.");
    page += "<pre class=\"diagnosis\">" + html_escape(words) + "</pre>\n";
    for (const Picture& pic : pics) page += picture_html(pic);
    page += html_page_end();
    try {
        write_file_atomic(*o.html, page);
    } catch (const std::exception& e) {
        throw InputError("--html: cannot write " + *o.html + ": " + e.what());
    }
    spdlog::info("wrote the heads' page to {}", *o.html);
}

}  // namespace

int cmd_heads(const GlobalOptions& g, const HeadsOptions& o) {
    const CourseRoot root = find_course_root(g.root);
    require_known_problem(root.path, o.problem);
    const Problem p = load_course_problem(root.path, o.problem);
    const size_t t = chosen_test(p, o);
    const TestSpec& ts = p.tests[t];
    const FunctionSpec& fn = p.function(ts.function);
    const OutputSpec& out = *head_weights(fn);
    if (!fs::exists(o.file)) throw InputError("--file: " + o.file + " does not exist");

    Builder builder(detect_toolchain(), cache_root());
    const std::unique_ptr<Sandbox> sandbox = make_sandbox(probe_sandbox());
    Judge judge(p, 0, builder, *sandbox);
    TempDir box("judge-heads");
    warn_if_not_isolated(*sandbox);
    const PreparedSubmission sub =
        prepared_or_error(p, box.path(), read_input_file(o.file), o.file, o.lang, *sandbox, builder);
    const InputArrays inputs = make_inputs(ts, 0);
    write_inputs(box.path() / "in", inputs);
    const TestRun run = run_one_test(p, sub.launch, fn, box.path() / "in", box.path(), *sandbox);
    const TestRun& ref = judge.key().reference(t);
    const TestOutcome verdict = evaluate(p, t, run, &ref, sub.language.language);
    if (run.status != TestRun::Status::ok) {
        fmt::print("test {}: {}: {}\n", ts.id, to_string(verdict.verdict), verdict.message);
        return code(ExitCode::not_passed);
    }
    std::optional<Counterexample> c = shown_case(p, ts, 0, run, &ref, max_pictured_elements);
    const auto [shown, fold] = unfold_case(fn, out, inputs, c);
    const npy::Array want = unfold_heads(ref.outputs.at(out.name), fold);
    // Every example (or --example's), each with a panel per head.
    const bool by_example = !shown.axes.empty() && shown.axes.front() == "example" && !want.shape.empty();
    const int64_t examples = by_example ? want.shape.front() : 1;
    if (o.example && (!by_example || *o.example < 0 || *o.example >= examples))
        throw InputError(fmt::format("--example: {} is not an example of test {}, which has {} (0 to {})", *o.example,
                                     ts.id, examples, examples - 1));
    std::vector<Picture> pics;
    if (c) {
        for (int64_t e = o.example.value_or(0); e < (o.example ? *o.example + 1 : examples); ++e)
            if (auto pic = output_picture(ts.id, fn, *c, shown, true, by_example ? e : -1)) pics.push_back(*pic);
    }
    if (pics.empty()) {
        fmt::print("test {}: {}\n", ts.id, verdict.passed() ? "passed" : verdict.message);
        spdlog::info("no picture: {} of test {} is too large to draw or not the reference's shape", out.name, ts.id);
        return code(verdict.passed() ? ExitCode::ok : ExitCode::not_passed);
    }
    // The weights themselves, whatever else the test checks (a test of shapes passes on any values).
    const npy::Array got = unfold_heads(run.outputs.at(out.name), fold);
    const bool match = arrays_close(got, want, ts.tolerance);
    const std::string words = heads_diagnosis(judge, t, ts, shown, fold, pics, *c, got, want);
    fmt::print("{}", words);
    for (const Picture& pic : pics)
        if (pic.expected.front().rows <= 8 && pic.expected.front().cols <= 8)
            fmt::print("{}", picture_text(pic, terminal_style()));
    if (o.html) write_heads_page(p, o, ts, fn, pics, match, words);
    return code(match ? ExitCode::ok : ExitCode::not_passed);
}

}  // namespace judge
