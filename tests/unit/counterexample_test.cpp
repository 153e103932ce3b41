// The counterexample candidates of a failed hidden test: fresh, small, smallest first.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "judging/counterexample.hpp"
#include "judging/executor.hpp"
#include "problem/inputs.hpp"

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
    // The test's own 16-element tensor under two new seeds comes after the 2-element arange case
    // and the 6-element random ones.
    CHECK(ids(judge::counterexample_candidates(p, 0)) ==
          std::vector<std::string>{"small_scale_1_0", "small_scale_0_0", "small_scale_0_1", "small_scale_0_2",
                                   "own_small_random_1", "own_small_random_2"});
    // A test with a tensor over 64 elements is never reseeded: it could not be shown whole.
    CHECK(ids(judge::counterexample_candidates(p, 1)).size() == 4);
    // Nor is one without a random generator: new seeds would give the hidden data itself.
    CHECK(ids(judge::counterexample_candidates(p, 2)).size() == 4);
}

TEST_CASE("candidates are fresh data, shown as sample tests, traced only from an arange input", "[counterexample]") {
    const judge::Problem p = problem(spec());
    const std::vector<judge::TestSpec> c = judge::counterexample_candidates(p, 2);
    for (const judge::TestSpec& t : c) {
        CHECK_FALSE(t.hidden);
        CHECK(t.points == 0);
        CHECK(t.trace == (t.inputs.at("x").gen.kind == "arange" ? "x" : ""));
    }
    const std::vector<judge::TestSpec> own = judge::counterexample_candidates(p, 0);
    const auto seed_of = [&](const std::string& id) {
        for (const judge::TestSpec& t : own)
            if (t.id == id) return t.inputs.at("x").gen.seed;
        return uint64_t{0};
    };
    CHECK(seed_of("small_scale_0_0") == 5);  // the spec's own seed first
    CHECK(seed_of("small_scale_0_1") != 5);
    CHECK(seed_of("small_scale_0_1") != seed_of("small_scale_0_2"));
    CHECK(seed_of("own_small_random_1") != 1);
    const judge::InputArrays hidden = judge::make_inputs(p.tests[0], 0);
    for (const judge::TestSpec& t : own) {
        if (t.id.rfind("own_", 0) == 0) CHECK(judge::make_inputs(t, 0).at("x").f32 != hidden.at("x").f32);
    }
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

TEST_CASE("a second run of a box writes into a fresh folder no test could have named", "[counterexample]") {
    const std::filesystem::path box = std::filesystem::temp_directory_path() / "judge-unit-fresh-out";
    std::filesystem::remove_all(box);
    std::filesystem::create_directories(box);
    const std::string a = judge::fresh_out_folder(box), b = judge::fresh_out_folder(box);
    CHECK(a != b);
    CHECK(a.size() == 4 + 32);
    CHECK(std::filesystem::is_directory(box / a));
    CHECK_FALSE(std::filesystem::is_symlink(box / a));
    CHECK(std::filesystem::is_empty(box / b));
    std::filesystem::remove_all(box);
}
