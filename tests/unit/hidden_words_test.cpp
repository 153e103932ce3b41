// A hidden test's diagnosis names nothing that depends on its inputs (issue #39): for every check
// kind, the same mistake on two hidden tests whose inputs differ (shapes, lengths, values) gives
// the same words. A sample test's words differ, as they should: they show where and by how much.
#include <cmath>
#include <limits>
#include "catch.hpp"

#include "checks/compare.hpp"
#include "fixtures.hpp"

namespace hidden_words_test {  // a unity batch is one translation unit: this file's names stay its own

namespace npy = judge::npy;

namespace {

using fixtures::array;
npy::Array arr(std::vector<int64_t> shape, std::vector<float> v) { return array(std::move(shape), std::move(v)); }

npy::Array ints(std::vector<int64_t> shape, std::vector<int64_t> v) {
    npy::Array a;
    a.dtype = npy::Dtype::int64;
    a.shape = std::move(shape);
    a.i64 = std::move(v);
    return a;
}

// Uniform rows of `keys` weights, one per (example, query), with `leak` added to the last key.
npy::Array rows(int64_t b, int64_t q, int64_t keys, float leak) {
    std::vector<float> v(static_cast<size_t>(b * q * keys), 0.0f);
    for (size_t r = 0; r < static_cast<size_t>(b * q); ++r) {
        v[r * static_cast<size_t>(keys)] = 1.0f - leak;
        v[(r + 1) * static_cast<size_t>(keys) - 1] += leak;
    }
    return arr({b, q, keys}, v);
}

const judge::Tolerance tol{};
const judge::DescribeOptions hidden{{"example", "query", "key"}, false};
const judge::DescribeOptions sample{{"example", "query", "key"}, true};

// Both failed, with the same words, and the sample test's words for the first are not those.
void same_hidden_words(const judge::CheckResult& a, const judge::CheckResult& b, const judge::CheckResult& shown) {
    CHECK_FALSE(a.passed);
    CHECK_FALSE(b.passed);
    CHECK(a.message == b.message);
    CHECK(shown.message != a.message);
}

}  // namespace

TEST_CASE("hidden words: float values differ", "[compare][hidden]") {
    const auto a = judge::compare_output("o", arr({2, 2}, {0, 1, 2, 5}), arr({2, 2}, {0, 1, 2, 3}), tol, hidden, {});
    const auto b = judge::compare_output("o", arr({3}, {9, 1, 2}), arr({3}, {0, 1, 2}), tol, hidden, {});
    same_hidden_words(
        a, b, judge::compare_output("o", arr({2, 2}, {0, 1, 2, 5}), arr({2, 2}, {0, 1, 2, 3}), tol, sample, {}));
    // A float scalar, and a traced input of another shape: the same words.
    CHECK(judge::compare_output("o", arr({}, {5.5f}), arr({}, {6}), tol, hidden, {}).message == a.message);
    const judge::TraceSource x{"x", {1, 2, 4}, 0.0, 1.0};
    CHECK(judge::compare_output("o", arr({1, 2, 2, 2}, {0, 1, 2, 3, 4, 5, 6, 7}),
                                arr({1, 2, 2, 2}, {0, 1, 4, 5, 2, 3, 6, 7}), tol, {{}, false}, x)
              .message == a.message);
}

TEST_CASE("hidden words: NaN where none is expected, and a number where NaN is", "[compare][hidden]") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    same_hidden_words(judge::compare_output("w", arr({2}, {nan, 1}), arr({2}, {0, 1}), tol, hidden, {}),
                      judge::compare_output("w", arr({1, 3}, {1, 1, nan}), arr({1, 3}, {1, 1, 0}), tol, hidden, {}),
                      judge::compare_output("w", arr({2}, {nan, 1}), arr({2}, {0, 1}), tol, sample, {}));
    judge::DescribeOptions match = hidden;
    match.nan_match = true;
    judge::DescribeOptions match_sample = sample;
    match_sample.nan_match = true;
    same_hidden_words(judge::compare_output("w", arr({2}, {0.5f, 0.5f}), arr({2}, {nan, 0.5f}), tol, match, {}),
                      judge::compare_output("w", arr({3}, {1, 2, 7}), arr({3}, {1, 2, nan}), tol, match, {}),
                      judge::compare_output("w", arr({2}, {0.5f, 0.5f}), arr({2}, {nan, 0.5f}), tol, match_sample, {}));
}

TEST_CASE("hidden words: a wrong shape", "[compare][hidden]") {
    same_hidden_words(
        judge::compare_output("o", arr({2, 3}, std::vector<float>(6)), arr({3, 2}, std::vector<float>(6)), tol, hidden,
                              {}),
        judge::compare_output("o", arr({5}, std::vector<float>(5)), arr({4}, std::vector<float>(4)), tol, hidden, {}),
        judge::compare_output("o", arr({2, 3}, std::vector<float>(6)), arr({3, 2}, std::vector<float>(6)), tol, sample,
                              {}));
    CHECK(judge::shape_words("o", {2, 3}, {3, 2}, hidden) == judge::shape_words("o", {7}, {1, 1, 1}, hidden));
}

TEST_CASE("hidden words: integer outputs", "[compare][hidden]") {
    same_hidden_words(judge::compare_output("c", ints({3}, {1, 2, 9}), ints({3}, {1, 2, 3}), tol, hidden, {}),
                      judge::compare_output("c", ints({2}, {7, 2}), ints({2}, {1, 2}), tol, hidden, {}),
                      judge::compare_output("c", ints({3}, {1, 2, 9}), ints({3}, {1, 2, 3}), tol, sample, {}));
    // A scalar says higher or lower, and no more.
    same_hidden_words(judge::compare_output("flops", ints({}, {120}), ints({}, {128}), tol, hidden, {}),
                      judge::compare_output("flops", ints({}, {1}), ints({}, {99999}), tol, hidden, {}),
                      judge::compare_output("flops", ints({}, {120}), ints({}, {128}), tol, sample, {}));
}

TEST_CASE("hidden words: a masked key with weight, whatever the lengths", "[compare][hidden][masking]") {
    // Every weight nonzero: the first masked key with weight is exactly the length, which a hidden
    // test's words must not give away; nor the number of such keys.
    const auto all_nonzero = [](int64_t b, int64_t keys) {
        return arr({b, 1, keys}, std::vector<float>(static_cast<size_t>(b * keys), 1.0f / static_cast<float>(keys)));
    };
    const judge::Lengths two{"valid_lens", {2}, {2, 3}}, three{"valid_lens", {3}, {1, 4, 2}};
    same_hidden_words(judge::check_zero_beyond_lens("weights", all_nonzero(2, 5), two, hidden),
                      judge::check_zero_beyond_lens("weights", all_nonzero(3, 6), three, hidden),
                      judge::check_zero_beyond_lens("weights", all_nonzero(2, 5), two, sample));
    // Per-query lengths, and lengths whose shape does not fit.
    const judge::Lengths per_query{"valid_lens", {1, 2}, {1, 2}}, other{"valid_lens", {1, 2}, {2, 1}};
    same_hidden_words(judge::check_zero_beyond_lens("weights", rows(1, 2, 3, 0.25f), per_query, hidden),
                      judge::check_zero_beyond_lens("weights", rows(1, 2, 3, 0.5f), other, hidden),
                      judge::check_zero_beyond_lens("weights", rows(1, 2, 3, 0.25f), per_query, sample));
    const judge::Lengths wrong{"valid_lens", {1, 3}, {1, 1, 1}}, wrong2{"valid_lens", {2, 5}, std::vector<int64_t>(10)};
    same_hidden_words(judge::check_zero_beyond_lens("weights", rows(1, 2, 3, 0), wrong, hidden),
                      judge::check_zero_beyond_lens("weights", rows(1, 4, 3, 0), wrong2, hidden),
                      judge::check_zero_beyond_lens("weights", rows(1, 2, 3, 0), wrong, sample));
}

TEST_CASE("hidden words: a future key with weight", "[compare][hidden][masking]") {
    same_hidden_words(judge::check_zero_above_diagonal("w", rows(1, 2, 2, 0.5f), 0, hidden),
                      judge::check_zero_above_diagonal("w", rows(3, 4, 4, 0.1f), 0, hidden),
                      judge::check_zero_above_diagonal("w", rows(1, 2, 2, 0.5f), 0, sample));
    same_hidden_words(judge::check_zero_above_diagonal("w", arr({4}, {1, 2, 3, 4}), 0, hidden),
                      judge::check_zero_above_diagonal("w", arr({}, {1}), 0, hidden),
                      judge::check_zero_above_diagonal("w", arr({4}, {1, 2, 3, 4}), 0, sample));
}

TEST_CASE("hidden words: rows that do not sum to one", "[compare][hidden]") {
    CHECK(judge::check_rows_sum_to_one("w", rows(1, 2, 2, 0), 1e-4, hidden).passed);
    same_hidden_words(judge::check_rows_sum_to_one("w", arr({1, 2, 2}, {0.5f, 0.5f, 0.5f, 0.9f}), 1e-4, hidden),
                      judge::check_rows_sum_to_one("w", arr({2, 3, 1}, {1, 1, 1, 1, 1, 7}), 1e-4, hidden),
                      judge::check_rows_sum_to_one("w", arr({1, 2, 2}, {0.5f, 0.5f, 0.5f, 0.9f}), 1e-4, sample));
}

TEST_CASE("hidden words: heads that are all alike, however many", "[compare][hidden][heads]") {
    const judge::DescribeOptions h{{"example", "head", "query", "key"}, false};
    const judge::DescribeOptions s{{"example", "head", "query", "key"}, true};
    const auto ref2 = arr({1, 2, 1, 2}, {0.9f, 0.1f, 0.2f, 0.8f});
    const auto ref3 = arr({1, 3, 1, 1}, {1, 2, 3});
    same_hidden_words(judge::check_heads_differ("w", arr({1, 2, 1, 2}, {0.5f, 0.5f, 0.5f, 0.5f}), ref2, 1, tol, h),
                      judge::check_heads_differ("w", arr({1, 3, 1, 1}, {4, 4, 4}), ref3, 1, tol, h),
                      judge::check_heads_differ("w", arr({1, 2, 1, 2}, {0.5f, 0.5f, 0.5f, 0.5f}), ref2, 1, tol, s));
}

}  // namespace hidden_words_test
