// The counterexample candidates of a failed hidden test: fresh, small, smallest first.
#include <filesystem>
#include <nlohmann/json.hpp>
#include "catch.hpp"

#include <cmath>
#include "core/errors.hpp"
#include "judge/protocol/shape.hpp"
#include "pipeline/counterexample.hpp"
#include "pipeline/submission_runs.hpp"
#include "problem/inputs.hpp"
#include "problem/types.hpp"

namespace counterexample_test {  // a unity batch is one translation unit: this file's names stay its own

namespace {

nlohmann::json spec() {
    return nlohmann::json::parse(R"({
      "schema": 1,
      "title": "Scale",
      "functions": [{"name": "scale", "returns": "tensor",
                     "params": [{"name": "x", "type": "tensor"}, {"name": "k", "type": "int"}],
                     "outputs": [{"name": "output"}],
                     "small_inputs": [{"x": {"gen": "randn", "shape": [2, 3], "seed": 5}, "k": 2},
                                      {"x": {"gen": "arange", "shape": [1, 2]}, "k": 3}]}],
      "traps": [{"id": "values", "title": "Values", "hint": "Multiply every element."}],
      "tests": [{"id": "small_random", "function": "scale", "trap": "values",
                 "inputs": {"x": {"gen": "randn", "shape": [4, 4], "seed": 1}, "k": 2}},
                {"id": "big", "function": "scale", "trap": "values",
                 "inputs": {"x": {"gen": "randn", "shape": [5, 13], "seed": 2}, "k": 2}},
                {"id": "traced", "function": "scale", "trap": "values", "trace": "x",
                 "inputs": {"x": {"gen": "arange", "shape": [3, 3]}, "k": 2}}]
    })");
}

judge::Problem problem(const nlohmann::json& j) { return judge::parse_problem(j.dump(), "problems/p/problem.json"); }

std::vector<std::string> ids(const std::vector<judge::TestSpec>& c) {
    std::vector<std::string> out;
    for (const judge::TestSpec& t : c) out.push_back(t.id);
    return out;
}

}  // namespace

TEST_CASE("candidates: the small inputs under three seeds (once without a random generator), smallest first",
          "[counterexample]") {
    const judge::Problem p = problem(spec());
    // The 2-element arange case first, then the 6-element random one under three seeds; never the
    // test's own generators, whatever their size.
    const std::vector<std::string> want = {"small_scale_1_0", "small_scale_0_0", "small_scale_0_1", "small_scale_0_2"};
    CHECK(ids(judge::counterexample_candidates(p, 0)) == want);
    CHECK(ids(judge::counterexample_candidates(p, 1)) == want);
    CHECK(ids(judge::counterexample_candidates(p, 2)) == want);
}

TEST_CASE("no candidate copies a hidden input: the same cases whatever the test's inputs", "[counterexample]") {
    nlohmann::json j = spec();
    const judge::Problem p = problem(j);
    j["tests"][0]["inputs"] = {{"x", {{"gen", "values"}, {"shape", {1, 2}}, {"values", {7, 8}}}}, {"k", 9}};
    const judge::Problem q = problem(j);
    const std::vector<judge::TestSpec> a = judge::counterexample_candidates(p, 0),
                                       b = judge::counterexample_candidates(q, 0);
    REQUIRE(a.size() == b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        CHECK(judge::make_inputs(a[i], 0).at("x").f32 == judge::make_inputs(b[i], 0).at("x").f32);
        CHECK(a[i].inputs.at("k").int_value == b[i].inputs.at("k").int_value);
        CHECK(a[i].inputs.at("k").int_value != 9);
    }
}

TEST_CASE("on the shipped problems no case equals a hidden test on all its non-random inputs and shapes",
          "[counterexample]") {
    const std::filesystem::path root = JUDGE_SOURCE_DIR;
    int cases = 0;
    for (const auto& e : std::filesystem::directory_iterator(root / "problems")) {
        const judge::Problem p = judge::load_problem(root, e.path().filename().string());
        const auto fixed = [](const judge::TestSpec& t) {
            // Everything but the values of random tensors: ints, lists, int tensors, bools, floats,
            // deterministic tensors in full, and every shape.
            std::vector<std::string> words;
            const judge::InputArrays a = judge::make_inputs(t, 0);
            for (const auto& [name, in] : t.inputs) {
                const judge::npy::Array& x = a.at(name);
                std::string w = name + judge::shape_str(x.shape);
                const bool random = in.type == judge::ParamType::tensor && judge::generator_info(in.gen.kind).seeded;
                if (!random) {
                    for (const float f : x.f32) w += " " + std::to_string(f);
                    for (const int64_t i : x.i64) w += " " + std::to_string(i);
                }
                words.push_back(w);
            }
            return words;
        };
        for (size_t t = 0; t < p.tests.size(); ++t) {
            if (!p.tests[t].hidden) continue;
            for (const judge::TestSpec& c : judge::counterexample_candidates(p, t)) {
                ++cases;
                for (const judge::TestSpec& h : p.tests)
                    if (h.hidden && h.function == c.function) CHECK(fixed(c) != fixed(h));
            }
        }
    }
    CHECK(cases > 100);
}

TEST_CASE("a case serves only when the reference passes the test's own checks on it", "[counterexample]") {
    nlohmann::json j = spec();
    j["functions"][0]["outputs"][0]["nan"] = "never";
    j["tests"][0]["checks"] = {{{"kind", "rows_sum_to_one"}, {"output", "output"}}};
    const judge::Problem p = problem(j);
    const judge::TestSpec c = judge::counterexample_candidates(p, 0).front();
    judge::TestRun ref;
    ref.status = judge::TestRun::Status::ok;
    judge::npy::Array out;
    out.shape = {1, 2};
    out.f32 = {0.25f, 0.75f};
    ref.outputs["output"] = out;
    CHECK(judge::reference_passes(p, c, ref));
    // Rows that do not sum to one: the reference itself fails the check there.
    ref.outputs["output"].f32 = {0.5f, 0.75f};
    CHECK_FALSE(judge::reference_passes(p, c, ref));
    // A NaN where the output's policy allows none: no output, not even the reference's, passes.
    ref.outputs["output"].f32 = {std::nanf(""), 1.0f};
    CHECK_FALSE(judge::reference_passes(p, c, ref));
    // An exception where the test expects outputs.
    ref.outputs.clear();
    ref.status = judge::TestRun::Status::exception;
    ref.exception_type = "invalid_argument";
    CHECK_FALSE(judge::reference_passes(p, c, ref));
    judge::TestSpec throwing = c;
    throwing.throws = "invalid_argument";
    throwing.compare.clear();
    throwing.checks.clear();
    CHECK(judge::reference_passes(p, throwing, ref));
}

TEST_CASE("small inputs are checked like a test's, and must be small", "[counterexample][spec]") {
    nlohmann::json j = spec();
    j["functions"][0]["small_inputs"][1]["x"]["shape"] = {5, 13};
    CHECK_THROWS_WITH(problem(j),
                      "problems/p/problem.json: functions[0].small_inputs[1].x: 65 elements; a small input is shown "
                      "whole, so at most 64");
    j = spec();
    j["functions"][0]["small_inputs"][0].erase("k");
    CHECK_THROWS_WITH(problem(j),
                      "problems/p/problem.json: functions[0].small_inputs[0]: missing input for parameter "
                      "'k' of scale");
    j = spec();
    j["functions"][0]["small_inputs"][0]["y"] = 1;
    CHECK_THROWS_WITH(problem(j),
                      "problems/p/problem.json: functions[0].small_inputs[0]: \"y\" is not a parameter of scale");
}

namespace {

// An answer key whose reference returns the same output on every case.
struct FixedKey final : judge::AnswerKey {
    judge::TestRun run;
    std::vector<judge::SeededBug> none;
    void prepare() override {}
    const std::vector<judge::SeededBug>& bugs() const override { return none; }
    const judge::TestRun& reference(size_t) override { return run; }
    void prepare_bugs(const std::vector<bool>&, const std::vector<size_t>&) override {}
    std::vector<const judge::TestRun*> bug_runs(size_t, const std::vector<bool>&) override { return {}; }
    std::optional<judge::TestRun> candidate(const judge::Problem&, size_t, judge::InputFiles&) override { return run; }
};

}  // namespace

TEST_CASE("validate's list of small inputs that no hidden test can use", "[counterexample]") {
    nlohmann::json j = spec();
    j["functions"][0]["small_inputs"][1]["x"]["shape"] = {2, 3};  // both sets make (2, 3) outputs
    const judge::Problem p = problem(j);
    FixedKey key;
    key.run.status = judge::TestRun::Status::ok;
    judge::npy::Array out;
    out.shape = {2, 3};
    out.f32 = {1, 2, 3, 4, 5, 6};
    key.run.outputs["output"] = out;
    CHECK(judge::unusable_small_inputs(p, key).empty());
    // A NaN in every output, where the output allows none: neither set can ever serve.
    key.run.outputs["output"].f32[4] = std::nanf("");
    using Unused = std::vector<std::pair<std::string, size_t>>;
    CHECK(judge::unusable_small_inputs(p, key) == Unused{{"scale", 0}, {"scale", 1}});
}

}  // namespace counterexample_test
