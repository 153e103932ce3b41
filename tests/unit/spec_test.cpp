#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "problem/spec.hpp"

using nlohmann::json;

namespace {

json minimal() {
    return json::parse(R"({
      "schema": 1,
      "title": "Scale a tensor",
      "functions": [{"name": "scale", "returns": "tensor",
                     "params": [{"name": "x", "type": "tensor"}, {"name": "k", "type": "int"}],
                     "outputs": [{"name": "output"}]}],
      "traps": [{"id": "values", "title": "Values", "hint": "Multiply every element."}],
      "tests": [{"id": "t1", "function": "scale", "trap": "values",
                 "inputs": {"x": {"gen": "randn", "shape": [2, 3], "seed": 1}, "k": 2}}]
    })");
}

std::string error_of(const json& j) {
    try {
        judge::parse_problem(j.dump(), "problems/p/problem.json");
    } catch (const judge::InputError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("a minimal spec loads with its defaults", "[spec]") {
    const judge::Problem p = judge::parse_problem(minimal().dump(), "p.json");
    REQUIRE(p.functions.size() == 1);
    CHECK(p.functions[0].signature() == "judge::Tensor scale(const judge::Tensor& x, int64_t k)");
    REQUIRE(p.tests.size() == 1);
    CHECK(p.tests[0].hidden);
    CHECK(p.tests[0].points == 1);
    CHECK(p.tests[0].compare == std::vector<std::string>{"output"});
    CHECK(p.tests[0].tolerance.rtol == 1e-4);
    CHECK(p.max_score() == 1);
    CHECK(p.statement_file == "statement.md");
}

TEST_CASE("a malformed spec names the file and the field", "[spec]") {
    json j = minimal();
    SECTION("invalid JSON points at line and column") {
        CHECK_THROWS_WITH(
            judge::parse_problem("{\n  \"schema\": 1,\n  oops\n}", "problems/p/problem.json"),
            "problems/p/problem.json:3:3: invalid JSON: syntax error while parsing object key - invalid literal; last read: '1,<U+000A>  o'; expected string literal");
    }
    SECTION("a missing field") {
        j.erase("title");
        CHECK(error_of(j) == "problems/p/problem.json: top level: missing required field 'title'");
    }
    SECTION("a wrong type") {
        j["tests"][0]["tolerance"] = {{"rtol", "1e-3"}};
        CHECK(error_of(j) == "problems/p/problem.json: tests[0].tolerance.rtol: expected a number, got \"1e-3\"");
    }
    SECTION("an unknown field") {
        j["tests"][0]["hiden"] = true;
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[0]: unknown field 'hiden' (allowed: id, function, trap, description, "
              "points, visibility, inputs, compare, throws, checks, trace, tolerance, shape_only)");
    }
    SECTION("an unknown function") {
        j["tests"][0]["function"] = "scal";
        CHECK(error_of(j) == "problems/p/problem.json: tests[0].function: unknown function \"scal\"");
    }
    SECTION("an unknown trap") {
        j["tests"][0]["trap"] = "nope";
        CHECK(error_of(j) == "problems/p/problem.json: tests[0].trap: unknown trap \"nope\"");
    }
    SECTION("a missing input") {
        j["tests"][0]["inputs"].erase("k");
        CHECK(error_of(j) == "problems/p/problem.json: tests[0].inputs: missing input for parameter 'k' of scale");
    }
    SECTION("an extra input") {
        j["tests"][0]["inputs"]["z"] = 1;
        CHECK(error_of(j) == "problems/p/problem.json: tests[0].inputs: \"z\" is not a parameter of scale");
    }
    SECTION("an unknown generator") {
        j["tests"][0]["inputs"]["x"]["gen"] = "normal";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[0].inputs.x.gen: unknown generator \"normal\" (expected "
              "arange, randn, uniform, const or values)");
    }
    SECTION("a random generator without a seed") {
        j["tests"][0]["inputs"]["x"].erase("seed");
        CHECK(error_of(j) == "problems/p/problem.json: tests[0].inputs.x: missing required field 'seed'");
    }
    SECTION("a negative extent") {
        j["tests"][0]["inputs"]["x"]["shape"] = {2, -3};
        CHECK(error_of(j) == "problems/p/problem.json: tests[0].inputs.x.shape[1]: must be at least 0, got -3");
    }
    SECTION("values that do not fill the shape") {
        j["tests"][0]["inputs"]["x"] = {{"gen", "values"}, {"shape", {2}}, {"values", {1}}};
        CHECK(error_of(j) == "problems/p/problem.json: tests[0].inputs.x.values: shape [2] needs 2 values, got 1");
    }
    SECTION("an unknown parameter type") {
        j["functions"][0]["params"][1]["type"] = "long";
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].params[1].type: unknown type \"long\" (expected "
              "tensor, int, int_list, float, bool or int_tensor)");
    }
    SECTION("a pair with one output name") {
        j["functions"][0]["returns"] = "tensor_pair";
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].outputs: a function returning tensor_pair needs 2 "
              "output names, got 1");
    }
    SECTION("a trap without tests") {
        j["traps"].push_back({{"id", "lonely"}, {"title", "t"}, {"hint", "h"}});
        CHECK(error_of(j) == "problems/p/problem.json: traps[1]: trap \"lonely\" has no tests");
    }
    SECTION("a trap after one declared later, after itself, or after one twice") {
        j["traps"][0]["after"] = {"later"};
        CHECK(error_of(j) ==
              "problems/p/problem.json: traps[0].after[0]: \"later\" is not a trap declared before \"values\" "
              "(list the traps in the order they are assessed)");
        j["traps"][0]["after"] = {"values"};
        CHECK(error_of(j) == "problems/p/problem.json: traps[0].after[0]: a trap cannot come after itself");
        j["traps"][0].erase("after");
        j["traps"].push_back({{"id", "second"}, {"title", "t"}, {"hint", "h"}, {"after", {"values", "values"}}});
        CHECK(error_of(j) == "problems/p/problem.json: traps[1].after[1]: \"values\" is listed twice");
        j["traps"][1]["after"] = {"values"};
        j["tests"].push_back(j["tests"][0]);
        j["tests"][1]["id"] = "t2";
        j["tests"][1]["trap"] = "second";
        CHECK(judge::parse_problem(j.dump(), "problems/p/problem.json").traps[1].after ==
              std::vector<std::string>{"values"});
    }
    SECTION("checks: an unknown kind, and lens where none is taken") {
        j["tests"][0]["checks"] = {{{"kind", "rows_sum_to_two"}, {"output", "output"}}};
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[0].checks[0].kind: unknown check \"rows_sum_to_two\" "
              "(expected zero_beyond_lens, zero_above_diagonal or rows_sum_to_one)");
        j["tests"][0]["checks"] = {{{"kind", "rows_sum_to_one"}, {"output", "output"}, {"lens", "k"}}};
        CHECK(error_of(j) == "problems/p/problem.json: tests[0].checks[0].lens: rows_sum_to_one takes no lens");
        j["tests"][0]["checks"] = {{{"kind", "rows_sum_to_one"}, {"output", "output"}}};
        CHECK(judge::parse_problem(j.dump(), "problems/p/problem.json").tests[0].checks[0].kind == "rows_sum_to_one");
    }
    SECTION("a duplicate test id") {
        j["tests"].push_back(j["tests"][0]);
        CHECK(error_of(j) == "problems/p/problem.json: tests[1].id: duplicate test id \"t1\"");
    }
    SECTION("a bad visibility") {
        j["tests"][0]["visibility"] = "secret";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[0].visibility: expected \"hidden\" or \"sample\", got \"secret\"");
    }
    SECTION("an unknown exception type") {
        j["tests"][0]["throws"] = "bad_thing";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[0].throws: unknown exception type \"bad_thing\" (expected "
              "invalid_argument, out_of_range, logic_error or runtime_error)");
    }
    SECTION("a trace that is not an arange input") {
        j["tests"][0]["trace"] = "x";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[0].trace: \"x\" must name a tensor input made with the arange generator");
    }
    SECTION("an unsupported schema") {
        j["schema"] = 2;
        CHECK(error_of(j) ==
              "problems/p/problem.json: schema: unsupported schema version 2 (this judge reads version 1)");
    }
    SECTION("a function name that is not an identifier") {
        j["functions"][0]["name"] = "2scale";
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].name: \"2scale\" is not a valid identifier (letters, "
              "digits and _, not starting with a digit)");
    }
}
