// Sequences in the spec (issue #43, point 2): how they are read, named, refused and called.
#include <nlohmann/json.hpp>
#include "catch.hpp"

#include "compile/harness_source.hpp"
#include "core/errors.hpp"
#include "fixtures.hpp"
#include "problem/sequence.hpp"
#include "problem/spec.hpp"

namespace sequence_test {  // a unity batch is one translation unit: this file's names stay its own

using nlohmann::json;

namespace {

// push(cache, x) -> (grown, mean), and push_twice, its two calls in a row.
json spec() {
    return json::parse(R"J({
      "schema": 2,
      "title": "A running mean",
      "functions": [
        {"name": "push", "params": [{"name": "cache", "type": "tensor"}, {"name": "x", "type": "tensor"}],
         "outputs": [{"name": "grown", "axes": ["position", "feature"]}, {"name": "mean"}]},
        {"name": "push_twice", "sequence": [
          {"call": "push", "args": {"cache": "cache0", "x": "x1"}, "results": {"grown": "cache1"}},
          {"call": "push", "args": {"cache": "cache1"}, "results": {"grown": "cache2", "mean": "mean2"}}]}],
      "traps": [{"id": "t", "title": "T", "hint": "H"}],
      "tests": [{"id": "two", "function": "push_twice", "trap": "t",
                 "inputs": {"cache0": "const(0, 2; value=0)", "x1": "randn(1, 2)", "x": "randn(1, 2)"}}]
    })J");
}

std::string error_of(const json& j) { return fixtures::spec_error(j.dump()); }

}  // namespace

TEST_CASE("a sequence's parameters are the names no earlier call makes; its outputs, the named results", "[sequence]") {
    const judge::Problem p = judge::parse_problem(spec().dump(), "p.json");
    const judge::FunctionSpec& f = p.function("push_twice");
    REQUIRE(f.is_sequence());
    CHECK_FALSE(p.function("push").is_sequence());
    std::vector<std::string> params, outputs;
    for (const judge::Param& q : f.params) params.push_back(q.name);
    for (const judge::OutputSpec& o : f.outputs) outputs.push_back(o.name);
    // Call 2's x is not named in its args: it keeps push's own name, a parameter of the sequence.
    CHECK(params == std::vector<std::string>{"cache0", "x1", "x"});
    CHECK(outputs == std::vector<std::string>{"cache1", "cache2", "mean2"});
    CHECK(f.outputs[0].axes == std::vector<std::string>{"position", "feature"});  // push's grown
    CHECK(f.returns == judge::ReturnType::tuple);
    CHECK(judge::sequence_lines(f) ==
          std::vector<std::string>{"cache1, _ = push(cache0, x1)", "cache2, mean2 = push(cache1, x)"});
    REQUIRE(p.tests.size() == 1);
    CHECK(p.tests[0].compare == std::vector<std::string>{"cache1", "cache2", "mean2"});
}

TEST_CASE("the C++ harness calls a sequence step by step, handing results on, and declares no function for it",
          "[sequence][harness]") {
    // Each kept result is copied as its call returns (a Tensor is a value): a later call that
    // rewrites its argument in place cannot rewrite the record the checks read (issue #62).
    const std::string s = judge::harness_source(judge::parse_problem(spec().dump(), "p.json"));
    CHECK(s.find(" push_twice(const") == std::string::npos);  // no declaration: the solution does not define it
    CHECK(s.find("void call_push_twice(const judge::harness::Io& io) {\n"
                 "    auto r1 = push(io.tensor(\"cache0\"), io.tensor(\"x1\"));\n"
                 "    const auto k1_0 = std::get<0>(r1);\n"
                 "    auto r2 = push(std::get<0>(r1), io.tensor(\"x\"));\n"
                 "    const auto k2_0 = std::get<0>(r2);\n"
                 "    const auto k2_1 = std::get<1>(r2);\n"
                 "    io.put(\"cache1\", k1_0);\n"
                 "    io.put(\"cache2\", k2_0);\n"
                 "    io.put(\"mean2\", k2_1);\n}\n") != std::string::npos);
    CHECK(s.find("        {\"push_twice\", &call_push_twice},\n") != std::string::npos);
}

TEST_CASE("a malformed sequence names the field and what is wrong", "[sequence]") {
    const std::string at = "problems/p/problem.json: functions[1].";
    json j = spec();
    j["functions"][1]["sequence"][0]["call"] = "pull";
    CHECK(error_of(j) == at + "sequence[0].call: \"pull\" is not a function declared before push_twice (a sequence "
                              "calls the functions listed above it)");
    j = spec();
    j["functions"][1]["sequence"][0]["args"]["y"] = "y1";
    CHECK(error_of(j) == at + "sequence[0].args.y: \"y\" is not a parameter of push");
    j = spec();
    j["functions"][1]["sequence"][1]["results"]["grown"] = "cache1";
    CHECK(error_of(j) == at + "sequence[1].results.grown: \"cache1\" is already a name in push_twice (the output "
                              "grown of call 1); each result needs a name of its own");
    j = spec();
    j["functions"][1]["sequence"][1]["results"]["mean"] = "x1";
    CHECK(error_of(j) == at + "sequence[1].results.mean: \"x1\" is already a name in push_twice (a parameter); each "
                              "result needs a name of its own");
    j = spec();
    j["functions"][0]["params"].push_back({{"name", "n"}, {"type", "int"}});
    j["functions"][1]["sequence"][1]["args"]["n"] = "cache1";
    j["tests"][0]["inputs"]["n"] = 1;
    CHECK(error_of(j) == at + "sequence[1].args.n: \"cache1\" (the output grown of call 1) has type tensor, but "
                              "push's parameter n has type int");
    j = spec();
    j["functions"][1]["sequence"] = json::array();
    CHECK(error_of(j) == at + "sequence: a sequence needs at least one call");
    j = spec();
    for (auto& c : j["functions"][1]["sequence"]) c.erase("results");
    CHECK(error_of(j) == at + "sequence: a sequence keeps no output: name at least one in a call's \"results\"");
    j = spec();
    j["functions"][1]["params"] = json::array();
    CHECK(error_of(j) ==
          "problems/p/problem.json: functions[1]: unknown field 'params' (allowed: name, sequence, "
          "small_inputs, test_defaults)");
}

TEST_CASE("unchanged names another float output of the test's function, and only unchanged takes from",
          "[sequence][compare]") {
    json j = spec();
    j["tests"][0]["checks"] = {{{"kind", "unchanged"}, {"output", "cache2"}, {"from", "cache1"}}};
    const judge::Problem p = judge::parse_problem(j.dump(), "p.json");
    REQUIRE(p.tests[0].checks.size() == 1);
    CHECK(p.tests[0].checks[0].from == "cache1");
    const std::string at = "problems/p/problem.json: tests[two].checks[0].";
    j["tests"][0]["checks"][0]["from"] = "cache0";
    CHECK(error_of(j) == at + "from: \"cache0\" is not another float tensor output of push_twice (unchanged compares "
                              "two outputs: in a sequence, one call's cache and the next's)");
    j["tests"][0]["checks"][0].erase("from");
    CHECK(error_of(j) == "problems/p/problem.json: tests[two].checks[0]: missing required field 'from'");
    j["tests"][0]["checks"][0] = {{"kind", "rows_sum_to_one"}, {"output", "mean2"}, {"from", "cache1"}};
    CHECK(error_of(j) == at + "from: rows_sum_to_one takes no from");
}

}  // namespace sequence_test
