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

// The output of `fn` that holds attention weights per head: axes with head, query and key.
const OutputSpec* head_weights(const FunctionSpec& fn) {
    for (const OutputSpec& o : fn.outputs) {
        const auto has = [&](const char* a) { return std::find(o.axes.begin(), o.axes.end(), a) != o.axes.end(); };
        if (has("head") && has("query") && has("key")) return &o;
    }
    return nullptr;
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

// Whether all the heads attend alike while the reference's do not: a split bug, in words.
std::string split_words(const TestSpec& ts, const npy::Array& got, const npy::Array& want, const OutputSpec& out) {
    DescribeOptions how;
    how.axes = out.axes;
    how.show_values = true;  // a sample test's (heads refuses a hidden one)
    const auto head = std::find(out.axes.begin(), out.axes.end(), "head") - out.axes.begin();
    const CheckResult split = check_heads_differ(out.name, got, want, head, ts.tolerance, how);
    return split.passed ? "" : split.message + "\n";
}

// What the heads of one example say, in words: whether each head matches the reference's.
std::string heads_words(const Picture& pic, const TestSpec& ts, const OutputSpec& out) {
    std::string s;
    int same = 0;
    for (size_t h = 0; h < pic.expected.size(); ++h) {
        // A head matches under the test's own tolerance, as arrays_close judges the whole output.
        float worst = 0;
        bool close = true;
        for (size_t k = 0; k < pic.diff[h].values.size(); ++k) {
            const double d = std::abs(pic.diff[h].values[k]);
            worst = std::max(worst, static_cast<float>(d));
            close = close && d <= ts.tolerance.allowed(pic.expected[h].values[k]);
        }
        same += close ? 1 : 0;
        s += fmt::format("  {}: {}\n", pic.expected[h].label,
                         close ? "as the reference's"
                               : "differs from the reference's (largest difference " + short_number(worst) + ")");
    }
    return fmt::format("{} heads of {} on test {}{}; {} of {} as the reference's:\n", pic.expected.size(), out.name,
                       ts.id, pic.where.empty() ? "" : " at " + pic.where, same, pic.expected.size()) +
           s;
}

// Whether head `h` of `a` and of `b` (same shape) agree within `tol`, in every example.
bool head_close(const npy::Array& a, const npy::Array& b, int64_t head_axis, int64_t h, const Tolerance& tol) {
    int64_t outer = 1, inner = 1;
    for (int64_t d = 0; d < head_axis; ++d) outer *= a.shape[static_cast<size_t>(d)];
    for (size_t d = static_cast<size_t>(head_axis) + 1; d < a.shape.size(); ++d) inner *= a.shape[d];
    const int64_t heads = a.shape[static_cast<size_t>(head_axis)];
    for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
            const auto k = static_cast<size_t>((o * heads + h) * inner + i);
            const float x = a.f32[k], y = b.f32[k];
            if (std::isnan(x) || std::isnan(y) ? !(std::isnan(x) && std::isnan(y)) : !tol.within(x, y)) return false;
        }
    return true;
}

std::string index_list(const std::vector<int64_t>& v) {
    std::string s;
    for (const int64_t x : v) s += (s.empty() ? "" : ", ") + std::to_string(x);
    return s;
}

// Which known mistake gives the heads that differ from the reference's: each seeded bug's
// weights on the same test, compared head by head over every example. A bug whose head is the
// reference's explains nothing there.
std::string cause_words(Judge& judge, size_t t, const TestSpec& ts, const OutputSpec& out, const npy::Array& got,
                        const npy::Array& want) {
    const auto head = std::find(out.axes.begin(), out.axes.end(), "head") - out.axes.begin();
    const int64_t heads = want.shape[static_cast<size_t>(head)];
    std::vector<int64_t> differing;
    for (int64_t h = 0; h < heads; ++h)
        if (!head_close(got, want, head, h, ts.tolerance)) differing.push_back(h);
    if (differing.empty()) return "";
    // Through the answer key: a student pack holds the seeded bugs' runs, not their sources.
    AnswerKey& key = judge.key();
    const std::vector<SeededBug>& bugs = key.bugs();
    const std::vector<bool> every(bugs.size(), true);
    key.prepare_bugs(every);
    const std::vector<const TestRun*> runs = key.bug_runs(t, every);
    std::string per_head;
    for (size_t b = 0; b < bugs.size() && b < runs.size(); ++b) {
        if (!runs[b] || runs[b]->status != TestRun::Status::ok || !runs[b]->outputs.count(out.name)) continue;
        const npy::Array& bug = runs[b]->outputs.at(out.name);
        if (bug.shape != want.shape || bug.f32.size() != want.f32.size()) continue;
        std::vector<int64_t> explained;
        for (const int64_t h : differing)
            if (head_close(got, bug, head, h, ts.tolerance)) explained.push_back(h);
        if (explained.empty()) continue;
        if (explained.size() == differing.size() && arrays_close(got, bug, ts.tolerance))
            return fmt::format("Your {} are exactly those of this mistake: {} (seeded bug {}).\n", out.name,
                               bugs[b].misconception, bugs[b].name);
        per_head += fmt::format("  head{} {}: as under seeded bug {} ({})\n", explained.size() == 1 ? "" : "s",
                                index_list(explained), bugs[b].name, bugs[b].misconception);
    }
    if (per_head.empty())
        return fmt::format("No known mistake of this problem gives head{} {}.\n", differing.size() == 1 ? "" : "s",
                           index_list(differing));
    return "Heads that a known mistake gives (no one mistake gives them all):\n" + per_head;
}

// In words, per head of the drawn example: the keys it weights that the reference masks (weight 0
// for every query), and the keys it masks that the reference weights.
std::string mask_words(const Picture& pic) {
    std::string s;
    const auto zero_columns = [](const Grid& g) {
        std::vector<int64_t> cols;
        for (int64_t c = 0; c < g.cols; ++c) {
            bool zero = true;
            for (int64_t r = 0; r < g.rows; ++r) zero = zero && g.at(r, c) == 0.0f;
            if (zero) cols.push_back(c);
        }
        return cols;
    };
    for (size_t h = 0; h < pic.expected.size() && h < pic.got.size(); ++h) {
        const std::vector<int64_t> want = zero_columns(pic.expected[h]), got = zero_columns(pic.got[h]);
        std::vector<int64_t> weighted, masked;
        std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(weighted));
        std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(masked));
        if (!weighted.empty())
            s += fmt::format("  {}: weights key{} {}, which the reference masks\n", pic.expected[h].label,
                             weighted.size() == 1 ? "" : "s", index_list(weighted));
        if (!masked.empty())
            s += fmt::format("  {}: masks key{} {}, which the reference weights\n", pic.expected[h].label,
                             masked.size() == 1 ? "" : "s", index_list(masked));
    }
    return s.empty() ? "" : "Masked keys" + (pic.where.empty() ? "" : " at " + pic.where) + ":\n" + s;
}

// "valid_lens = [3, 2]": the lengths the test masks with, when it has them.
std::string lengths_words(const Picture& pic, const Counterexample& c) {
    if (pic.lengths.empty()) return "";
    for (const ShownValue& v : c.inputs) {
        if (v.name != pic.lengths || v.array.i64.empty()) continue;
        return fmt::format("{} = [{}]", v.name, index_list(v.array.i64));
    }
    return "";
}

// Everything `heads` says: the lengths, each example's heads and masked keys, a split bug, the cause.
std::string all_words(Judge& judge, size_t t, const TestSpec& ts, const OutputSpec& out,
                      const std::vector<Picture>& pics, const Counterexample& c, const npy::Array& got,
                      const npy::Array& want) {
    std::string words;
    if (const std::string lens = lengths_words(pics.front(), c); !lens.empty())
        words += "The test masks with " + lens + ".\n";
    for (const Picture& pic : pics) words += heads_words(pic, ts, out) + mask_words(pic);
    words += split_words(ts, got, want, out);
    if (got.shape == want.shape && got.f32.size() == want.f32.size() &&
        static_cast<int64_t>(want.f32.size()) == want.numel())
        words += cause_words(judge, t, ts, out, got, want);
    return words;
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
    Judge judge(p, 0, builder);
    TempDir box("judge-heads");
    const std::unique_ptr<Sandbox> sandbox = make_sandbox(probe_sandbox());
    warn_if_not_isolated(*sandbox);
    const PreparedSubmission sub =
        prepared_or_error(p, box.path(), read_input_file(o.file), o.file, o.lang, *sandbox, builder);
    write_inputs(box.path() / "in", make_inputs(ts, 0));
    const TestRun run = run_one_test(p, sub.launch, fn, box.path() / "in", box.path(), *sandbox);
    const TestRun& ref = judge.key().reference(t);
    const TestOutcome verdict = evaluate(p, t, run, &ref, sub.language.language);
    if (run.status != TestRun::Status::ok) {
        fmt::print("test {}: {}: {}\n", ts.id, to_string(verdict.verdict), verdict.message);
        return code(ExitCode::not_passed);
    }
    const std::optional<Counterexample> c = shown_case(p, ts, 0, run, &ref, max_pictured_elements);
    const npy::Array& want = ref.outputs.at(out.name);
    // Every example (or --example's), each with a panel per head.
    const bool by_example = !out.axes.empty() && out.axes.front() == "example" && !want.shape.empty();
    const int64_t examples = by_example ? want.shape.front() : 1;
    if (o.example && (!by_example || *o.example < 0 || *o.example >= examples))
        throw InputError(fmt::format("--example: {} is not an example of test {}, which has {} (0 to {})", *o.example,
                                     ts.id, examples, examples - 1));
    std::vector<Picture> pics;
    if (c) {
        for (int64_t e = o.example.value_or(0); e < (o.example ? *o.example + 1 : examples); ++e)
            if (auto pic = output_picture(ts.id, fn, *c, out, true, by_example ? e : -1)) pics.push_back(*pic);
    }
    if (pics.empty()) {
        fmt::print("test {}: {}\n", ts.id, verdict.passed() ? "passed" : verdict.message);
        spdlog::info("no picture: {} of test {} is too large to draw or not the reference's shape", out.name, ts.id);
        return code(verdict.passed() ? ExitCode::ok : ExitCode::not_passed);
    }
    // The weights themselves, whatever else the test checks (a test of shapes passes on any values).
    const bool match = arrays_close(run.outputs.at(out.name), want, ts.tolerance);
    const npy::Array& got = run.outputs.at(out.name);
    const std::string words = all_words(judge, t, ts, out, pics, *c, got, want);
    fmt::print("{}", words);
    for (const Picture& pic : pics)
        if (pic.expected.front().rows <= 8 && pic.expected.front().cols <= 8)
            fmt::print("{}", picture_text(pic, terminal_style()));
    if (o.html) write_heads_page(p, o, ts, fn, pics, match, words);
    return code(match ? ExitCode::ok : ExitCode::not_passed);
}

}  // namespace judge
