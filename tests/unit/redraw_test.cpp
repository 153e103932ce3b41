// A grading seed's tests (problem/redraw.hpp): every size redrawn, every relation a trap can hinge
// on kept, and no test's lookup key one a pack holds (issue #38).
#include <cstdlib>
#include <map>
#include <set>

#include "catch.hpp"
#include "fixtures.hpp"
#include "problem/redraw.hpp"
#include "problem/spec.hpp"

namespace redraw_test {  // a unity batch is one translation unit: this file's names stay its own

namespace {

// Tests of one function: sizes of every kind, a validation test, a pinned one.
judge::Problem sizes_problem() {
    judge::Problem p = judge::parse_problem(R"J({
      "schema": 2, "title": "Sizes",
      "functions": [{"name": "g", "params": [{"name": "x", "type": "tensor"}, {"name": "heads", "type": "int"},
                                           {"name": "lens", "type": "int_list"}, {"name": "mask", "type": "int_tensor"},
                                           {"name": "causal", "type": "bool"}],
                     "outputs": [{"name": "out"}]}],
      "traps": [{"id": "t", "title": "T", "hint": "H."}],
      "tests": [
        {"id": "mha", "function": "g", "trap": "t", "description": "B = 2, 4 queries",
         "inputs": {"x": "randn(2, 4, 100)", "heads": 5, "lens": [3, 4], "mask": [[1, 0, 1]], "causal": true}},
        {"id": "odd", "function": "g", "trap": "t", "description": "an odd width",
         "inputs": {"x": "arange(3, 7, 9)", "heads": 3, "lens": [], "mask": [[1]], "causal": false}},
        {"id": "no_divide", "function": "g", "trap": "t", "throws": "invalid_argument",
         "inputs": {"x": "randn(2, 6, 10)", "heads": 4, "lens": [6, 0], "mask": [[0]], "causal": false}},
        {"id": "negative", "function": "g", "trap": "t", "throws": "invalid_argument",
         "inputs": {"x": "const(2, 8, 8; value=0)", "heads": -3, "lens": [1, 1], "mask": [[-1]], "causal": false}},
        {"id": "pinned", "function": "g", "trap": "t", "keep": "all",
         "inputs": {"x": "randn(2, 4, 8)", "heads": 2, "lens": [4, 2], "mask": [[1]], "causal": false}},
        {"id": "kept", "function": "g", "trap": "t", "keep": [8],
         "inputs": {"x": "randn(3, 5, 8)", "heads": 4, "lens": [5, 2, 1], "mask": [[1]], "causal": false}}
      ]})J",
                                            "problems/sizes/problem.json");
    p.name = "sizes";
    return p;
}

// The integers of a test, in a fixed order, for comparing relations: a list's distinct values in
// order (a list whose entries are all the same may change its length).
std::vector<int64_t> ints_of(const judge::TestSpec& t) {
    std::vector<int64_t> v = t.inputs.at("x").gen.shape;
    v.push_back(t.inputs.at("heads").int_value);
    for (const char* list : {"lens", "mask"}) {
        const std::vector<int64_t>& ints = t.inputs.at(list).ints;
        const std::set<int64_t> distinct(ints.begin(), ints.end());
        v.insert(v.end(), distinct.begin(), distinct.end());
    }
    return v;
}

}  // namespace

TEST_CASE("seed 0 is the spec itself", "[redraw]") {
    const judge::Problem p = sizes_problem();
    const judge::Problem same = judge::redraw(p, 0);
    for (size_t t = 0; t < p.tests.size(); ++t)
        CHECK(judge::lookup_key(same.tests[t]) == judge::lookup_key(p.tests[t]));
}

TEST_CASE("a grading seed redraws every size and keeps every relation among them", "[redraw]") {
    const judge::Problem p = sizes_problem();
    std::set<std::string> own;
    for (const judge::TestSpec& t : p.tests) own.insert(judge::lookup_key(t));
    std::set<std::vector<int64_t>> draws_of_mha;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        const judge::Problem d = judge::redraw(p, seed);
        CHECK(judge::lookup_key(judge::redraw(p, seed).tests[0]) == judge::lookup_key(d.tests[0]));  // deterministic
        for (size_t t = 0; t < p.tests.size(); ++t) {
            const judge::TestSpec &a = p.tests[t], &b = d.tests[t];
            INFO("seed " << seed << ", test " << a.id << ": " << judge::lookup_key(b));
            if (a.keep_all) {
                CHECK(judge::lookup_key(b) == judge::lookup_key(a));
                continue;
            }
            CHECK(own.count(judge::lookup_key(b)) == 0);  // no pack holds these inputs
            const std::vector<int64_t> x = ints_of(a), y = ints_of(b);
            REQUIRE(x.size() == y.size());
            for (size_t i = 0; i < x.size(); ++i) {
                if (x[i] >= -1 && x[i] <= 1) CHECK(y[i] == x[i]);
                if (i <= 3) CHECK((x[i] - y[i]) % 2 == 0);  // a size keeps its parity (x's extents, heads)
                CHECK(((x[i] < 0) == (y[i] < 0)));
                for (size_t j = 0; j < x.size(); ++j) CHECK((x[i] < x[j]) == (y[i] < y[j]));
                // heads divides an extent, or does not, as before
                const int64_t h = std::llabs(x[3]), fh = std::llabs(y[3]);
                if (i < 3 && h > 1 && x[i] > 1) CHECK((x[i] % h == 0) == (y[i] % fh == 0));
            }
            // A list whose entries differ only grows, its new rows repeating the old ones in turn
            // ([3, 4] -> [5, 6, 5]); one whose entries are the same may shrink too ([1, 1] -> [1]).
            const std::vector<int64_t>&lens = a.inputs.at("lens").ints, &new_lens = b.inputs.at("lens").ints;
            if (std::set<int64_t>(lens.begin(), lens.end()).size() > 1) {
                CHECK(new_lens.size() >= lens.size());
                for (size_t i = 0; i < new_lens.size(); ++i) CHECK(new_lens[i] == new_lens[i % lens.size()]);
            }
            if (a.id == "negative") CHECK(static_cast<int64_t>(new_lens.size()) == b.inputs.at("x").gen.shape[0]);
            // An int tensor's row whose entries differ grows by repeating its last entry:
            // [[1, 0, 1]] -> [[1, 0, 1, 1, 1]].
            const judge::InputSpec &mask = a.inputs.at("mask"), &new_mask = b.inputs.at("mask");
            CHECK(new_mask.int_shape[0] == mask.int_shape[0]);
            CHECK(new_mask.int_shape[1] >= mask.int_shape[1]);
            if (a.id == "mha")
                for (size_t j = 0; j < new_mask.ints.size(); ++j) CHECK(new_mask.ints[j] == (j == 1 ? 0 : 1));
            if (a.id == "kept") CHECK(b.inputs.at("x").gen.shape[2] == 8);
            if (a.id == "negative") CHECK(b.inputs.at("x").gen.value == 0);  // a const keeps its value
        }
        CHECK(d.tests[0].description.empty());  // "B = 2" may no longer hold
        CHECK(d.tests[1].description == "an odd width");
        CHECK(d.tests[1].inputs.at("x").gen.start != 0);  // an arange starts elsewhere
        draws_of_mha.insert(ints_of(d.tests[0]));
    }
    CHECK(draws_of_mha.size() > 5);  // not one other draw, but many
}

TEST_CASE("the tests a pack's answers pass under any grading seed: pinned ones", "[redraw]") {
    const judge::Problem p = sizes_problem();
    CHECK(judge::seed_independent_tests(p) == std::vector<size_t>{4});
    CHECK(judge::seed_independent_points(p) == 1);
}

TEST_CASE("a huge count is redrawn without listing its range", "[redraw]") {
    // problem_attention_cost's d_model = 300,000,001: listing the 450 million values it may become
    // took minutes (issue #38).
    const judge::Problem p = judge::parse_problem(
        R"({"schema": 2, "title": "K", "functions": [{"name": "g", "params": [{"name": "n", "type": "int"},
            {"name": "h", "type": "int"}], "outputs": [{"name": "out", "type": "int"}]}],
            "traps": [{"id": "t", "title": "T", "hint": "H."}],
            "tests": [{"id": "a", "function": "g", "trap": "t", "inputs": {"n": 300000001, "h": 7}}]})",
        "p.json");
    std::set<int64_t> seen;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        const judge::Problem drawn = judge::redraw(p, seed);
        const judge::TestSpec& t = drawn.tests[0];
        const int64_t n = t.inputs.at("n").int_value, h = t.inputs.at("h").int_value;
        INFO("seed " << seed << ": n = " << n << ", h = " << h);
        CHECK(n >= 150000001);
        CHECK(n <= 600000002);
        CHECK(n % 2 == 1);  // its parity
        CHECK(n % h == 0);  // 7 divides it (7 x 42,857,143), and h still does
        CHECK(h % 2 == 1);
        CHECK(h < n);
        seen.insert(n);
    }
    CHECK(seen.size() > 15);
}

TEST_CASE("a test whose sizes have no other draw keeps them, and is counted", "[redraw]") {
    judge::Problem p = fixtures::problem();  // t_throws: const [1], k = -1, lens []: nothing to redraw
    CHECK(judge::seed_independent_tests(p) == std::vector<size_t>{2});
    const judge::Problem d = judge::redraw(p, 7);
    CHECK(judge::lookup_key(d.tests[2]) == judge::lookup_key(p.tests[2]));
}

TEST_CASE("\"keep\" is \"all\" or a list of integers", "[redraw]") {
    const auto spec = [](const std::string& keep) {
        return R"({"schema": 2, "title": "K", "functions": [{"name": "g", "params": [{"name": "n", "type": "int"}],
                   "outputs": [{"name": "out", "type": "int"}]}], "traps": [{"id": "t", "title": "T", "hint": "H."}],
                   "tests": [{"id": "a", "function": "g", "trap": "t", "inputs": {"n": 3}, "keep": )" +
               keep + "}]}";
    };
    CHECK_THROWS_WITH(judge::parse_problem(spec("\"some\""), "p.json"),
                      Catch::Contains("p.json: tests[a].keep: expected \"all\" or a list of integers, got \"some\""));
    CHECK_THROWS_WITH(judge::parse_problem(spec("[1.5]"), "p.json"), Catch::Contains("tests[a].keep[0]"));
    CHECK(judge::parse_problem(spec("[3]"), "p.json").tests[0].keep == std::vector<int64_t>{3});
}

}  // namespace redraw_test
