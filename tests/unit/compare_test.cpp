#include <cmath>
#include <limits>
#include "catch.hpp"

#include "checks/compare.hpp"

namespace compare_test {  // a unity batch is one translation unit: this file's names stay its own

namespace npy = judge::npy;

namespace {

npy::Array arr(std::vector<int64_t> shape, std::vector<float> v) {
    npy::Array a;
    a.shape = std::move(shape);
    a.f32 = std::move(v);
    return a;
}

const judge::Tolerance tol{};

}  // namespace

TEST_CASE("values within atol + rtol * |expected| pass, others fail", "[compare]") {
    const auto want = arr({2}, {1.0f, 1000.0f});
    CHECK(judge::compare_output("o", arr({2}, {1.0f + 1e-5f, 1000.0f + 0.09f}), want, tol, {}, std::nullopt).passed);
    CHECK_FALSE(judge::compare_output("o", arr({2}, {1.0f + 1e-3f, 1000.0f}), want, tol, {}, std::nullopt).passed);
    CHECK(judge::arrays_close(arr({2}, {1.0f, 1000.0f}), want, tol));
}

TEST_CASE("NaN never matches and infinity matches only itself", "[compare]") {
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    // arrays_close asks "does it behave like this seeded bug?": the same NaNs are the same behaviour.
    CHECK(judge::arrays_close(arr({1}, {nan}), arr({1}, {nan}), tol));
    CHECK_FALSE(judge::arrays_close(arr({1}, {nan}), arr({1}, {0}), tol));
    CHECK(judge::arrays_close(arr({1}, {inf}), arr({1}, {inf}), tol));
    CHECK_FALSE(judge::arrays_close(arr({1}, {inf}), arr({1}, {-inf}), tol));
    CHECK_FALSE(judge::arrays_close(arr({1}, {inf}), arr({1}, {1e30f}), tol));
    CHECK(
        judge::compare_output("output", arr({2}, {nan, 1}), arr({2}, {0, 1}), tol, {{}, true}, std::nullopt).message ==
        "output[0] is NaN (1 NaN values; 1 of 2 elements differ); NaN never matches");
    CHECK(judge::compare_output("output", arr({2}, {nan, 1}), arr({2}, {0, 1}), tol, {}, std::nullopt).message ==
          "output holds NaN where the expected values have none");
}

TEST_CASE("a shape mismatch is reported with both shapes before any value", "[compare]") {
    const auto r = judge::compare_output("weights", arr({2, 3}, std::vector<float>(6)),
                                         arr({3, 2}, std::vector<float>(6)), tol, {{}, true}, std::nullopt);
    CHECK(r.message == "weights has shape (2, 3); expected (3, 2)");
    // A hidden test's shapes are its inputs' (a grading seed draws them anew): not shown.
    CHECK(judge::compare_output("weights", arr({2, 3}, std::vector<float>(6)), arr({3, 2}, std::vector<float>(6)), tol,
                                {}, std::nullopt)
              .message == "weights has the wrong shape (shapes are shown on sample tests only)");
}

TEST_CASE("value mismatches show values for sample tests and positions only for hidden tests", "[compare]") {
    const auto got = arr({2, 2}, {0, 1, 2, 5}), want = arr({2, 2}, {0, 1, 2, 3});
    CHECK(judge::compare_output("o", got, want, tol, {{}, true}, std::nullopt).message ==
          "o[1,1] is 5, expected 3 (1 of 4 elements differ; largest error 2)");
    CHECK(judge::compare_output("o", got, want, tol, {{}, false}, std::nullopt).message ==
          "o differs from the expected values (where and by how much are shown on sample tests only)");
}

TEST_CASE("a value mismatch names the position by the output's axes when it names them all", "[compare]") {
    const auto got = arr({2, 2}, {0, 1, 2, 5}), want = arr({2, 2}, {0, 1, 2, 3});
    CHECK(judge::compare_output("weights", got, want, tol, {{"query", "key"}, true}, std::nullopt).message ==
          "weights[1,1] is 5, expected 3 (at query 1, key 1; 1 of 4 elements differ; largest error 2)");
    CHECK(judge::compare_output("weights", got, want, tol, {{"query", "key"}, false}, std::nullopt).message ==
          "weights differs from the expected values (where and by how much are shown on sample tests only)");
    const auto nan = arr({2, 2}, {0, 1, 2, NAN});
    CHECK(judge::compare_output("weights", nan, want, tol, {{"query", "key"}, true}, std::nullopt).message ==
          "weights[1,1] is NaN (at query 1, key 1; 1 NaN values; 1 of 4 elements differ); NaN never matches");
    // Names for only some axes: the index alone, as before.
    CHECK(judge::compare_output("weights", got, want, tol, {{"key"}, true}, std::nullopt).message ==
          "weights[1,1] is 5, expected 3 (1 of 4 elements differ; largest error 2)");
}

TEST_CASE("arange inputs let a wrong element be traced to its source", "[compare][trace]") {
    // x is arange (1, 2, 4); split into 2 heads the right answer is head 0 = x[0,:,0:2], head 1 = x[0,:,2:4].
    const auto want = arr({1, 2, 2, 2}, {0, 1, 4, 5, 2, 3, 6, 7});
    const auto got = arr({1, 2, 2, 2}, {0, 1, 2, 3, 4, 5, 6, 7});  // one reshape, no permute
    const judge::TraceSource x{"x", {1, 2, 4}, 0.0, 1.0};
    const judge::DescribeOptions how{{"example", "head", "position", "feature"}, true};
    CHECK(judge::compare_output("output", got, want, tol, how, x).message ==
          "example 0, head 0, position 1 holds x[0,0,2:4]; expected x[0,1,0:2] (4 of 8 elements differ)");
    // A hidden test's trace would name its input's shape.
    CHECK(judge::compare_output("output", got, want, tol, {how.axes, false}, x).message ==
          "output differs from the expected values (where and by how much are shown on sample tests only)");
}

TEST_CASE("masked keys must have weight exactly 0", "[compare][masking]") {
    const judge::Lengths lens{"valid_lens", {2}, {1, 3}};
    // weights (B=2, Lq=1, Lk=3) with valid_lens [1, 3]: keys 1 and 2 of example 0 are masked.
    const judge::DescribeOptions how{{"example", "query", "key"}, false};
    CHECK(judge::check_zero_beyond_lens("weights", arr({2, 1, 3}, {1, 0, 0, 0.2f, 0.3f, 0.5f}), lens, how).passed);
    const auto r =
        judge::check_zero_beyond_lens("weights", arr({2, 1, 3}, {0.9f, 0.1f, 0, 0.2f, 0.3f, 0.5f}), lens, how);
    // A hidden test names no key, weight or count: each would give its lengths away.
    CHECK(r.message == "weights: a masked key (beyond valid_lens) has weight; expected exactly 0");
    const judge::DescribeOptions sample{{"example", "query", "key"}, true};
    CHECK(judge::check_zero_beyond_lens("weights", arr({2, 1, 3}, {0.9f, 0.1f, 0, 0.2f, 0.3f, 0.5f}), lens, sample)
              .message ==
          "example 0, query 0: key 1 is masked (valid_lens[0] = 1) but has weight 0.1; expected exactly 0 (1 masked "
          "weight is not 0)");
    CHECK_FALSE(judge::check_zero_beyond_lens("weights", arr({2, 1, 3}, {1, 1e-30f, 0, 0, 0, 1}), lens, how).passed);
}

TEST_CASE("per-query lengths (2-D) mask each query's own keys, named with the parameter", "[compare][masking]") {
    // weights (B=1, Lq=2, Lk=3), dec_valid_lens [[1, 2]]: query 0 sees key 0, query 1 keys 0 and 1.
    const judge::Lengths lens{"dec_valid_lens", {1, 2}, {1, 2}};
    const judge::DescribeOptions sample{{"example", "query", "key"}, true};
    CHECK(judge::check_zero_beyond_lens("w", arr({1, 2, 3}, {1, 0, 0, 0.5f, 0.5f, 0}), lens, sample).passed);
    const auto r = judge::check_zero_beyond_lens("w", arr({1, 2, 3}, {1, 0, 0, 0.5f, 0.25f, 0.25f}), lens, sample);
    CHECK(r.message ==
          "example 0, query 1: key 2 is masked (dec_valid_lens[0, 1] = 2) but has weight 0.25; expected "
          "exactly 0 (1 masked weight is not 0)");
    // Lengths that do not fit the output are the spec's mistake, said as such.
    const judge::Lengths wrong{"lens", {1, 3}, {1, 1, 1}};
    CHECK_FALSE(judge::check_zero_beyond_lens("w", arr({1, 2, 3}, {1, 0, 0, 1, 0, 0}), wrong, sample).passed);
}

TEST_CASE("a causal mask leaves nothing above the diagonal", "[compare][masking]") {
    const judge::DescribeOptions how{{"example", "query", "key"}, true};
    CHECK(judge::check_zero_above_diagonal("w", arr({1, 2, 2}, {1, 0, 0.5f, 0.5f}), 0, how).passed);
    const auto r = judge::check_zero_above_diagonal("w", arr({1, 2, 2}, {0.5f, 0.5f, 0.5f, 0.5f}), 0, how);
    CHECK(r.message ==
          "example 0, query 0: key 1 comes after query 0 (a causal mask hides it) but has weight 0.5; "
          "expected exactly 0 (1 future weight is not 0)");
    CHECK(
        judge::check_zero_above_diagonal("w", arr({1, 2, 2}, {0.5f, 0.5f, 0.5f, 0.5f}), 0, {how.axes, false}).message ==
        "w: a key after its query (a causal mask hides it) has weight; expected exactly 0");
    // An offset of 1 lets each query see one key ahead.
    CHECK(judge::check_zero_above_diagonal("w", arr({1, 2, 2}, {0.5f, 0.5f, 0.5f, 0.5f}), 1, how).passed);
}

TEST_CASE("integer outputs are compared exactly", "[compare]") {
    judge::npy::Array got, want;
    got.dtype = want.dtype = judge::npy::Dtype::int64;
    got.i64 = {120};
    want.i64 = {128};
    const judge::Tolerance tol;
    CHECK(judge::compare_output("flops", got, want, tol, {{}, true}, std::nullopt).message ==
          "flops is 120, expected 128: lower by 8");
    CHECK(judge::compare_output("flops", got, want, tol, {{}, false}, std::nullopt).message ==
          "flops is lower than expected");
    want.i64 = {120};
    CHECK(judge::compare_output("flops", got, want, tol, {}, std::nullopt).passed);
    CHECK(judge::arrays_close(got, want, tol));
    // An int where a float is expected is a type mistake, not a value one.
    const auto f = arr({}, {120});
    CHECK(judge::compare_output("flops", f, want, tol, {}, std::nullopt).message ==
          "flops holds float32 values; expected int64");
}

TEST_CASE("a float output is named alone", "[compare]") {
    const judge::Tolerance tol;
    CHECK(judge::compare_output("loss", arr({}, {5.5f}), arr({}, {6}), tol, {{}, true}, std::nullopt).message ==
          "loss is 5.5, expected 6");
    CHECK(judge::compare_output("loss", arr({}, {5.5f}), arr({}, {6}), tol, {{}, false}, std::nullopt).message ==
          "loss differs from the expected values (where and by how much are shown on sample tests only)");
}

TEST_CASE("NaN policy: match asks for NaN exactly where the reference has it", "[compare]") {
    const float nan = std::nanf("");
    const auto want = arr({2}, {nan, 0.5f});
    const judge::Tolerance tol;
    judge::DescribeOptions how{{}, true};
    // never: the reference's own NaN fails.
    CHECK(judge::compare_output("w", want, want, tol, how, std::nullopt).message ==
          "w[0] is NaN (1 NaN values; 1 of 2 elements differ); NaN never matches");
    how.nan_match = true;
    CHECK(judge::compare_output("w", want, want, tol, how, std::nullopt).passed);
    CHECK(judge::compare_output("w", arr({2}, {0.5f, 0.5f}), want, tol, how, std::nullopt).message ==
          "w[0] is 0.5; expected NaN there (1 of 2 elements differ)");
    CHECK(judge::compare_output("w", arr({2}, {nan, nan}), want, tol, how, std::nullopt).message ==
          "w[1] is NaN (1 NaN values; 1 of 2 elements differ); NaN is expected only where the reference has NaN");
    // A seeded bug that gives NaN is recognised by its NaNs.
    CHECK(judge::arrays_close(want, want, tol));
}

TEST_CASE("rows of weights must sum to 1 over the last axis", "[compare]") {
    const judge::DescribeOptions how{{"example", "query", "key"}, true};
    CHECK(judge::check_rows_sum_to_one("weights", arr({1, 2, 2}, {0.5f, 0.5f, 0.25f, 0.75f}), 1e-4, how).passed);
    // A softmax over the queries: columns sum to 1, rows do not.
    const auto r = judge::check_rows_sum_to_one("weights", arr({1, 2, 2}, {0.5f, 0.5f, 0.5f, 0.9f}), 1e-4, how);
    CHECK(r.message ==
          "example 0, query 1: the weights over the key axis sum to 1.4; expected 1 (1 of 2 rows does not)");
    const auto nan = judge::check_rows_sum_to_one("w", arr({2, 1}, {1, std::nanf("")}), 1e-4, {{}, true});
    CHECK(nan.message == "w[1,:]: the weights over the last axis sum to nan; expected 1 (1 of 2 rows does not)");
    CHECK(judge::check_rows_sum_to_one("w", arr({2, 1}, {1, std::nanf("")}), 1e-4, {}).message ==
          "w: the weights over the last axis do not sum to 1");
}

TEST_CASE("under the NaN policy match, a NaN row is the value comparison's, not a masked weight",
          "[compare][masking]") {
    const judge::Lengths lens{"valid_lens", {2}, {0, 3}};
    const float nan = std::numeric_limits<float>::quiet_NaN();
    judge::DescribeOptions how{{"example", "query", "key"}, false};
    const auto weights = arr({2, 1, 3}, {nan, nan, nan, 0.2f, 0.3f, 0.5f});
    CHECK_FALSE(judge::check_zero_beyond_lens("weights", weights, lens, how).passed);
    how.nan_match = true;
    CHECK(judge::check_zero_beyond_lens("weights", weights, lens, how).passed);
}

TEST_CASE("heads_differ: identical heads fail only where the reference's heads differ", "[compare][heads]") {
    judge::DescribeOptions how;
    how.axes = {"example", "head", "query", "key"};
    how.show_values = true;
    const judge::Tolerance tol{1e-4, 1e-5};
    // (1, 2, 1, 2): two heads of one query row over two keys.
    const auto ref = arr({1, 2, 1, 2}, {0.9f, 0.1f, 0.2f, 0.8f});
    const auto alike = arr({1, 2, 1, 2}, {0.5f, 0.5f, 0.5f, 0.5f});
    const auto r = judge::check_heads_differ("weights", alike, ref, 1, tol, how);
    CHECK_FALSE(r.passed);
    CHECK(r.message == "weights: all 2 heads attend the same way; the reference's do not: heads are not split");
    // Different heads pass, whatever their values: the value comparison speaks for those.
    CHECK(judge::check_heads_differ("weights", arr({1, 2, 1, 2}, {0.5f, 0.5f, 0.6f, 0.4f}), ref, 1, tol, how).passed);
    // Alike within the tolerance is alike.
    CHECK_FALSE(judge::check_heads_differ("weights", arr({1, 2, 1, 2}, {0.5f, 0.5f, 0.500001f, 0.5f}), ref, 1, tol, how)
                    .passed);
    // When the reference's own heads are alike, alike heads say nothing.
    CHECK(judge::check_heads_differ("weights", alike, alike, 1, tol, how).passed);
    // One head, another shape, or no such axis: nothing to say.
    CHECK(
        judge::check_heads_differ("weights", arr({1, 1, 1, 2}, {1, 0}), arr({1, 1, 1, 2}, {0, 1}), 1, tol, how).passed);
    CHECK(judge::check_heads_differ("weights", arr({2, 2}, {1, 1, 1, 1}), ref, 1, tol, how).passed);
    CHECK(judge::check_heads_differ("weights", alike, ref, 7, tol, how).passed);
    // Heads alike in one example but not the other are not a split bug.
    const auto ref2 = arr({2, 2, 1, 1}, {1, 2, 3, 4});
    CHECK(judge::check_heads_differ("o", arr({2, 2, 1, 1}, {1, 1, 3, 4}), ref2, 1, tol, {}).passed);
    CHECK(judge::check_heads_differ("o", arr({2, 2, 1, 1}, {1, 1, 3, 3}), ref2, 1, tol, {{}, true}).message ==
          "o: all 2 heads hold the same values; the reference's do not: heads are not split");
    // A hidden test's number of heads is an input.
    CHECK(judge::check_heads_differ("o", arr({2, 2, 1, 1}, {1, 1, 3, 3}), ref2, 1, tol, {}).message ==
          "o: all heads hold the same values; the reference's do not: heads are not split");
}

TEST_CASE("the tolerance rule, written once: |got - want| <= atol + rtol * |want|", "[compare]") {
    const judge::Tolerance tol{1e-3, 1e-2};
    CHECK(tol.allowed(0.0) == 1e-2);
    CHECK(tol.allowed(-100.0) == Approx(1e-2 + 0.1));
    CHECK(tol.within(100.1, 100.0));
    CHECK_FALSE(tol.within(100.2, 100.0));
    CHECK(tol.within(-100.1, -100.0));
    CHECK(tol.within(0.0099, 0.0));
    CHECK_FALSE(tol.within(0.011, 0.0));
}

TEST_CASE("unchanged: an output keeps another output's entries exactly, at the same positions", "[compare]") {
    // cache1 (1, 2, 2) kept as the first two positions of cache2 (1, 3, 2).
    const auto cache1 = arr({1, 2, 2}, {1, 2, 3, 4});
    judge::DescribeOptions sample;
    sample.show_values = true;
    sample.axes = {"example", "position", "feature"};
    CHECK(judge::check_unchanged("cache2", arr({1, 3, 2}, {1, 2, 3, 4, 5, 6}), "cache1", cache1, sample).passed);
    const judge::CheckResult moved =
        judge::check_unchanged("cache2", arr({1, 3, 2}, {1, 2, 3, 4.5f, 5, 6}), "cache1", cache1, sample);
    CHECK_FALSE(moved.passed);
    CHECK(moved.message ==
          "cache2[0, 1, 1] is 4.5, but cache1 held 4 there (at example 0, position 1, feature 1): kept "
          "entries must not change (1 of 4 changed)");
    // Exactly: a change far inside any tolerance is a change.
    CHECK_FALSE(
        judge::check_unchanged("cache2", arr({1, 3, 2}, {1, 2, 3, 4.0001f, 5, 6}), "cache1", cache1, {}).passed);
    CHECK(judge::check_unchanged("cache2", arr({1, 3, 2}, {1, 2, 3, 4.5f, 5, 6}), "cache1", cache1, {}).message ==
          "cache2: an entry it keeps from cache1 has changed; expected it exactly as it was");
    const judge::CheckResult small = judge::check_unchanged("cache2", arr({1, 1, 2}, {1, 2}), "cache1", cache1, sample);
    CHECK(small.message ==
          "cache2 has shape (1, 1, 2), which cannot hold cache1 of shape (1, 2, 2); expected cache1 kept in it");
    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK(judge::check_unchanged("b", arr({2}, {nan, 1}), "a", arr({1}, {nan}), {}).passed);
}

}  // namespace compare_test
