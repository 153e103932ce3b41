// judge/pipeline/heads_words.cpp: what `judge heads` says of a submission's heads, in words.
#include "pipeline/heads_words.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <cmath>
#include <iterator>

#include "checks/compare.hpp"
#include "report/words.hpp"

namespace judge {

namespace {

// Whether all the heads attend alike while the reference's do not: a split bug, in words.
std::string split_words(const TestSpec& ts, const npy::Array& got, const npy::Array& want, const OutputSpec& out) {
    DescribeOptions how;
    how.axes = out.axes;
    how.show_values = true;  // a sample test's (heads refuses a hidden one)
    const auto head = std::find(out.axes.begin(), out.axes.end(), "head") - out.axes.begin();
    const CheckResult split = check_heads_differ(out.name, got, want, head, ts.tolerance, how);
    return split.passed ? "" : split.message + "\n";
}

std::string index_list(const std::vector<int64_t>& v) {
    std::string s;
    for (const int64_t x : v) s += (s.empty() ? "" : ", ") + std::to_string(x);
    return s;
}

// Which known mistake gives the heads that differ from the reference's: each seeded bug's
// weights on the same test, compared head by head over every example. A bug whose head is the
// reference's explains nothing there.
std::string cause_words(Judge& judge, size_t t, const TestSpec& ts, const OutputSpec& out, int64_t fold,
                        const npy::Array& got, const npy::Array& want) {
    const auto head = std::find(out.axes.begin(), out.axes.end(), "head") - out.axes.begin();
    const int64_t heads = want.shape[static_cast<size_t>(head)];
    std::vector<int64_t> differing;
    for (int64_t h = 0; h < heads; ++h)
        if (!head_agrees(got, h, want, h, head, ts.tolerance)) differing.push_back(h);
    if (differing.empty()) return "";
    // Through the answer key: a student pack holds the seeded bugs' runs, not their sources.
    AnswerKey& key = judge.key();
    const std::vector<SeededBug>& bugs = key.bugs();
    const std::vector<bool> every(bugs.size(), true);
    key.prepare_bugs(every, {t});
    const std::vector<const TestRun*> runs = key.bug_runs(t, every);
    std::string per_head;
    std::vector<size_t> exact;  // the bugs whose weights are the submission's, every head
    for (size_t b = 0; b < bugs.size() && b < runs.size(); ++b) {
        if (!runs[b] || runs[b]->status != TestRun::Status::ok || !runs[b]->outputs.count(out.name)) continue;
        const npy::Array bug = unfold_heads(runs[b]->outputs.at(out.name), fold);  // as the submission's were
        if (bug.shape != want.shape || bug.f32.size() != want.f32.size()) continue;
        std::vector<int64_t> explained;
        for (const int64_t h : differing)
            if (head_agrees(got, h, bug, h, head, ts.tolerance)) explained.push_back(h);
        if (explained.empty()) continue;
        if (explained.size() == differing.size() && arrays_close(got, bug, ts.tolerance)) {
            exact.push_back(b);
            continue;
        }
        per_head += fmt::format("  head{} {}: as under seeded bug {} ({})\n", explained.size() == 1 ? "" : "s",
                                index_list(explained), bugs[b].name, bugs[b].misconception);
    }
    // Two mistakes in different functions can give the same weights (repeat for repeat_interleave
    // in repeat_lens, or inside the layer): each is named, none chosen.
    if (exact.size() == 1)
        return fmt::format("Your {} are exactly those of this mistake: {} (seeded bug {}).\n", out.name,
                           bugs[exact[0]].misconception, bugs[exact[0]].name);
    if (!exact.empty()) {
        std::string s = fmt::format("Your {} are exactly those of each of these mistakes:\n", out.name);
        for (const size_t b : exact) s += fmt::format("  {} (seeded bug {})\n", bugs[b].misconception, bugs[b].name);
        return s;
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

}  // namespace

bool folded_weights(const FunctionSpec& fn, const OutputSpec& o) {
    if (o.axes != std::vector<std::string>{"example·head", "query", "key"}) return false;
    return std::any_of(fn.params.begin(), fn.params.end(),
                       [](const Param& q) { return q.name == "num_heads" && q.type == ParamType::int64; });
}

npy::Array unfold_heads(npy::Array a, int64_t heads) {
    if (heads > 0 && a.shape.size() == 3 && a.shape[0] % heads == 0)
        a.shape = {a.shape[0] / heads, heads, a.shape[1], a.shape[2]};
    return a;
}

// Everything `heads` says: the lengths, each example's heads and masked keys, a split bug, the cause.
std::string heads_diagnosis(Judge& judge, size_t t, const TestSpec& ts, const OutputSpec& out, int64_t fold,
                            const std::vector<Picture>& pics, const Counterexample& c, const npy::Array& got,
                            const npy::Array& want) {
    std::string words;
    if (const std::string lens = lengths_words(pics.front(), c); !lens.empty())
        words += "The test masks with " + lens + ".\n";
    for (const Picture& pic : pics) words += example_heads_words(pic, ts, out) + mask_words(pic);
    words += split_words(ts, got, want, out);
    if (got.shape == want.shape && got.f32.size() == want.f32.size() &&
        static_cast<int64_t>(want.f32.size()) == want.numel())
        words += cause_words(judge, t, ts, out, fold, got, want);
    return words;
}

// What the heads of one example say, in words: whether each head matches the reference's.
std::string example_heads_words(const Picture& pic, const TestSpec& ts, const OutputSpec& out) {
    std::string s;
    int same = 0;
    for (size_t h = 0; h < pic.expected.size(); ++h) {
        // A head matches as arrays_close judges the whole output: each value agrees under the
        // test's tolerance (a NaN only with a NaN). The largest difference is among finite values.
        const std::vector<float>& want = pic.expected[h].values;
        const std::vector<float>& got = pic.got[h].values;
        double worst = 0;
        bool close = true, finite = true;
        for (size_t k = 0; k < want.size() && k < got.size(); ++k) {
            if (ts.tolerance.agrees(got[k], want[k])) continue;
            close = false;
            const double d = std::fabs(static_cast<double>(got[k]) - want[k]);
            if (std::isfinite(d))
                worst = std::max(worst, d);
            else
                finite = false;
        }
        same += close ? 1 : 0;
        const std::string differs =
            finite ? "differs from the reference's (largest difference " + short_number(static_cast<float>(worst)) + ")"
                   : "differs from the reference's (a NaN or an infinity where the reference's value differs)";
        s += fmt::format("  {}: {}\n", pic.expected[h].label, close ? "as the reference's" : differs);
    }
    return fmt::format("{} heads of {} on test {}{}; {} of {} as the reference's:\n", pic.expected.size(), out.name,
                       ts.id, pic.where.empty() ? "" : " at " + pic.where, same, pic.expected.size()) +
           s;
}

}  // namespace judge
