#include <cmath>
#include "catch.hpp"

#include "problem/inputs.hpp"

namespace inputs_test {  // a unity batch is one translation unit: this file's names stay its own

TEST_CASE("generators are deterministic and seeds change them", "[inputs]") {
    judge::Generator g;
    g.kind = judge::GenKind::randn;
    g.shape = {1000};
    g.seed = 7;
    const auto a = judge::generate(g, 0), b = judge::generate(g, 0);
    CHECK(a == b);
    CHECK(judge::generate(g, 3) != a);  // a grading seed derives other values
    g.seed = 8;
    CHECK(judge::generate(g, 0) != a);
    double mean = 0, var = 0;
    for (float v : a) mean += v;
    mean /= 1000;
    for (float v : a) var += (v - mean) * (v - mean);
    CHECK(std::fabs(mean) < 0.1);
    CHECK(var / 1000 == Approx(1.0).epsilon(0.15));
}

TEST_CASE("arange, const, uniform and values fill as documented", "[inputs]") {
    judge::Generator g;
    g.shape = {2, 2};
    g.kind = judge::GenKind::arange;
    g.start = 1;
    g.step = 2;
    CHECK(judge::generate(g, 0) == std::vector<float>{1, 3, 5, 7});
    g.kind = judge::GenKind::constant;
    g.value = 0.5;
    CHECK(judge::generate(g, 0) == std::vector<float>(4, 0.5f));
    g.kind = judge::GenKind::values;
    g.values = {4, 3, 2, 1};
    CHECK(judge::generate(g, 0) == std::vector<float>{4, 3, 2, 1});
    g.kind = judge::GenKind::uniform;
    g.low = 2;
    g.high = 3;
    for (float v : judge::generate(g, 0)) CHECK((v >= 2 && v < 3));
}

TEST_CASE("beyond_lens replaces only the positions past each example's length", "[inputs]") {
    judge::TestSpec t;
    judge::InputSpec key;
    key.type = judge::ParamType::tensor;
    key.gen.kind = judge::GenKind::constant;
    key.gen.shape = {2, 3, 1};  // (B, Lk, D)
    key.gen.value = 1;
    judge::Generator other;
    other.kind = judge::GenKind::constant;
    other.shape = key.gen.shape;
    other.value = 9;
    key.gen.beyond = {other};
    key.gen.beyond_lens = "valid_lens";
    judge::InputSpec lens;
    lens.type = judge::ParamType::int_list;
    lens.ints = {1, 2};
    t.inputs = {{"key", key}, {"valid_lens", lens}};
    const auto in = judge::make_inputs(t, 0);
    CHECK(in.at("key").f32 == std::vector<float>{1, 9, 9, 1, 1, 9});
    CHECK(in.at("valid_lens").i64 == std::vector<int64_t>{1, 2});

    SECTION("with lengths per query (2-D), past the longest of the example's queries") {
        judge::InputSpec per_query;
        per_query.type = judge::ParamType::int_tensor;
        per_query.int_shape = {2, 2};   // (B, Lq)
        per_query.ints = {1, 2, 1, 1};  // example 0 sees up to 2 keys, example 1 one
        t.inputs["valid_lens"] = per_query;
        const auto in2 = judge::make_inputs(t, 0);
        CHECK(in2.at("key").f32 == std::vector<float>{1, 1, 9, 1, 9, 9});
        CHECK(in2.at("valid_lens").shape == std::vector<int64_t>{2, 2});
    }
}

}  // namespace inputs_test
