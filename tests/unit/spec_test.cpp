#include <nlohmann/json.hpp>
#include "catch.hpp"

#include "core/errors.hpp"
#include "fixtures.hpp"
#include "problem/inputs.hpp"
#include "problem/spec.hpp"

namespace spec_test {  // a unity batch is one translation unit: this file's names stay its own

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

std::string error_of(const json& j) { return fixtures::spec_error(j.dump()); }

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

TEST_CASE("a tensor input may have an extent of 0 (an empty cache; issue #43, point 8)", "[spec]") {
    json j = minimal();
    j["tests"][0]["inputs"]["x"]["shape"] = {1, 0, 4};
    const judge::Problem p = judge::parse_problem(j.dump(), "p.json");
    const judge::InputArrays in = judge::make_inputs(p.tests[0], 7);
    CHECK(in.at("x").shape == std::vector<int64_t>{1, 0, 4});
    CHECK(in.at("x").f32.empty());
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
    SECTION("a statement outside the problem's folder (issue #38)") {
        for (const char* where : {"/etc/hostname", "../other/statement.md", "a//b.md", "./x/../../y"}) {
            j["statement"] = where;
            CHECK(error_of(j) ==
                  "problems/p/problem.json: statement: expected a file in the problem's folder, like "
                  "\"statement.md\"");
        }
        j["statement"] = "docs/statement.md";
        CHECK(error_of(j) == "no error");
    }
    SECTION("a wrong type") {
        j["tests"][0]["tolerance"] = {{"rtol", "1e-3"}};
        CHECK(error_of(j) == "problems/p/problem.json: tests[t1].tolerance.rtol: expected a number, got \"1e-3\"");
    }
    SECTION("an equivalent mutant: its id's form, and its line") {
        j["equivalent_mutants"] = json::parse(R"([{"id": "int:3", "reason": "same"}])");
        CHECK(error_of(j) ==
              "problems/p/problem.json: equivalent_mutants[0].id: expected "
              "\"<operator>:<line>:<column>\" as validate --mutants prints it");
        j["equivalent_mutants"] = json::parse(R"([{"id": "int:3:4:0", "reason": "same", "line": "  x = 1;"}])");
        const judge::Problem q = judge::parse_problem(j.dump(), "problems/p/problem.json");
        REQUIRE(q.equivalent_mutants.size() == 1);
        CHECK(q.equivalent_mutants[0].line == std::optional<std::string>("  x = 1;"));
        j["equivalent_mutants"][0]["text"] = "x";
        CHECK(error_of(j).find("equivalent_mutants[0]: unknown field 'text' (allowed: id, reason, line)") !=
              std::string::npos);
    }
    SECTION("an unknown field") {
        j["tests"][0]["hiden"] = true;
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[t1]: unknown field 'hiden' (allowed: id, function, trap, description, "
              "points, visibility, inputs, compare, throws, checks, trace, tolerance, shape_only, intervention, keep, "
              "weights, weights_heads)");
    }
    SECTION("an unknown function") {
        j["tests"][0]["function"] = "scal";
        CHECK(error_of(j) == "problems/p/problem.json: tests[t1].function: unknown function \"scal\"");
    }
    SECTION("an unknown trap") {
        j["tests"][0]["trap"] = "nope";
        CHECK(error_of(j) == "problems/p/problem.json: tests[t1].trap: unknown trap \"nope\"");
    }
    SECTION("a missing input") {
        j["tests"][0]["inputs"].erase("k");
        CHECK(error_of(j) == "problems/p/problem.json: tests[t1].inputs: missing input for parameter 'k' of scale");
    }
    SECTION("an extra input") {
        j["tests"][0]["inputs"]["z"] = 1;
        CHECK(error_of(j) == "problems/p/problem.json: tests[t1].inputs: \"z\" is not a parameter of scale");
    }
    SECTION("an unknown generator") {
        j["tests"][0]["inputs"]["x"]["gen"] = "normal";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[t1].inputs.x.gen: unknown generator \"normal\" (expected "
              "arange, randn, uniform, const or values)");
    }
    SECTION("a random generator without a seed") {
        j["tests"][0]["inputs"]["x"].erase("seed");
        CHECK(error_of(j) == "problems/p/problem.json: tests[t1].inputs.x: missing required field 'seed'");
    }
    SECTION("a negative extent") {
        j["tests"][0]["inputs"]["x"]["shape"] = {2, -3};
        CHECK(error_of(j) == "problems/p/problem.json: tests[t1].inputs.x.shape[1]: must be at least 0, got -3");
    }
    SECTION("values that do not fill the shape") {
        j["tests"][0]["inputs"]["x"] = {{"gen", "values"}, {"shape", {2}}, {"values", {1}}};
        CHECK(error_of(j) == "problems/p/problem.json: tests[t1].inputs.x.values: shape [2] needs 2 values, got 1");
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
    SECTION("a trap's hint in Python's words, which must say something") {
        j["traps"][0]["hint_python"] = "Multiply every element of the array.";
        CHECK(judge::parse_problem(j.dump(), "problems/p/problem.json").traps[0].hint_in.at("python") ==
              "Multiply every element of the array.");
        j["traps"][0]["hint_python"] = "";
        CHECK(error_of(j).rfind("problems/p/problem.json: traps[0].hint_python: ", 0) == 0);
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
              "problems/p/problem.json: tests[t1].checks[0].kind: unknown check \"rows_sum_to_two\" "
              "(expected zero_beyond_lens, zero_above_diagonal, rows_sum_to_one, heads_differ or unchanged)");
        j["tests"][0]["checks"] = {{{"kind", "rows_sum_to_one"}, {"output", "output"}, {"lens", "k"}}};
        CHECK(error_of(j) == "problems/p/problem.json: tests[t1].checks[0].lens: rows_sum_to_one takes no lens");
        j["tests"][0]["checks"] = {{{"kind", "rows_sum_to_one"}, {"output", "output"}}};
        CHECK(judge::parse_problem(j.dump(), "problems/p/problem.json").tests[0].checks[0].kind ==
              judge::CheckKind::rows_sum_to_one);
        // heads_differ reads a "head" axis, which this output has not.
        j["tests"][0]["checks"] = {{{"kind", "heads_differ"}, {"output", "output"}}};
        CHECK(error_of(j).find("problems/p/problem.json: tests[t1].checks[0].output: heads_differ needs an output "
                               "with a \"head\" axis; output has none") == 0);
    }
    SECTION("an output named as a parameter, or as another output, says which (issue #43, point 8)") {
        j["functions"][0]["outputs"][0]["name"] = "k";
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].outputs[0].name: duplicate name \"k\": scale has a "
              "parameter of that name (an output's name differs from each parameter's and each other "
              "output's)");
        j["functions"][0].erase("returns");
        j["functions"][0]["outputs"] = {{{"name", "y"}}, {{"name", "y"}}};
        CHECK(error_of(j).find("functions[0].outputs[1].name: duplicate name \"y\": scale has another output of "
                               "that name") != std::string::npos);
        j["functions"][0]["params"].push_back(j["functions"][0]["params"][1]);
        CHECK(error_of(j) == "problems/p/problem.json: functions[0].params[2].name: duplicate parameter \"k\"");
    }
    SECTION("a duplicate test id") {
        j["tests"].push_back(j["tests"][0]);
        CHECK(error_of(j) == "problems/p/problem.json: tests[1].id: duplicate test id \"t1\"");
    }
    SECTION("a bad visibility") {
        j["tests"][0]["visibility"] = "secret";
        CHECK(
            error_of(j) ==
            "problems/p/problem.json: tests[t1].visibility: expected \"sample\", \"hidden\" or \"after_due_date\", got \"secret\"");
    }
    SECTION("an unknown exception type") {
        j["tests"][0]["throws"] = "bad_thing";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[t1].throws: unknown exception type \"bad_thing\" (expected "
              "invalid_argument, out_of_range, logic_error or runtime_error)");
    }
    SECTION("a trace that is not an arange input") {
        j["tests"][0]["trace"] = "x";
        CHECK(
            error_of(j) ==
            "problems/p/problem.json: tests[t1].trace: \"x\" must name a tensor input made with the arange generator");
    }
    SECTION("weights that name no output the test compares") {
        j["tests"][0]["weights"] = "nothing";
        CHECK(error_of(j).find("tests[t1].weights: \"nothing\" must be an output of ") != std::string::npos);
    }
    SECTION("weights_heads without weights") {
        j["tests"][0]["weights_heads"] = "nothing";
        CHECK(error_of(j).find("tests[t1].weights_heads: \"nothing\" must be an int parameter of ") !=
              std::string::npos);
    }
    SECTION("an unsupported schema") {
        j["schema"] = 3;
        CHECK(error_of(j) ==
              "problems/p/problem.json: schema: unsupported schema version 3 (this judge reads versions 1 and 2)");
    }
    SECTION("a function name that is not an identifier") {
        j["functions"][0]["name"] = "2scale";
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].name: \"2scale\" is not a valid identifier (letters, "
              "digits and _, not starting with a digit)");
    }
}

TEST_CASE("schema 2: test defaults, cases and one-line generators", "[spec]") {
    json j = minimal();
    j["schema"] = 2;
    j["test_defaults"] = {{"function", "scale"}, {"trap", "values"}, {"inputs", {{"x", "randn(2, 3)"}, {"k", 2}}}};
    j["tests"] = json::parse(R"js([
      {"id": "plain"},
      {"id": "k", "visibility": "sample", "cases": [{"inputs": {"k": 1}}, {"id": "k_big", "inputs": {"k": 9}}]},
      {"id": "shorthand", "inputs": {"x": "uniform(4; low=0, high=2, seed=5)"}}
    ])js");
    const judge::Problem p = judge::parse_problem(j.dump(), "p.json");
    REQUIRE(p.tests.size() == 4);
    CHECK(p.tests[0].id == "plain");
    CHECK(p.tests[0].inputs.at("k").int_value == 2);
    CHECK(p.tests[1].id == "k_1");
    CHECK(p.tests[1].inputs.at("k").int_value == 1);
    CHECK_FALSE(p.tests[1].hidden);
    CHECK(p.tests[2].id == "k_big");
    CHECK(p.tests[2].inputs.at("k").int_value == 9);
    CHECK(p.tests[2].inputs.at("x").gen.shape == std::vector<int64_t>{2, 3});  // from the defaults
    // Without seed=, each place gets its own seed, so tests do not share values by accident.
    CHECK(p.tests[0].inputs.at("x").gen.seed != p.tests[1].inputs.at("x").gen.seed);
    const judge::Generator& u = p.tests[3].inputs.at("x").gen;
    CHECK(u.kind == judge::GenKind::uniform);
    CHECK(u.seed == 5);
    CHECK(u.high == 2.0);
    // The same text always gives the same seeds.
    CHECK(judge::parse_problem(j.dump(), "p.json").tests[1].inputs.at("x").gen.seed ==
          p.tests[1].inputs.at("x").gen.seed);

    SECTION("errors name the case and the field") {
        j["tests"][1]["cases"][0]["inputs"]["k"] = "one";
        CHECK(error_of(j) == "problems/p/problem.json: tests[k].cases[0].inputs.k: expected an integer, got \"one\"");
    }
    SECTION("a bad one-line generator says how to write one") {
        j["tests"][2]["inputs"]["x"] = "normal(4)";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[shorthand].inputs.x: \"normal(4)\": unknown generator \"normal\" "
              "(expected arange, randn, uniform or const) (write e.g. \"randn(2, 3, 4)\", "
              "\"uniform(2, 3; low=0, high=1, seed=5)\" or \"const(2, 3; value=1)\")");
        j["tests"][2]["inputs"]["x"] = "randn(2; sed=1)";
        CHECK(error_of(j).find("unknown key \"sed\"") != std::string::npos);
        j["tests"][2]["inputs"]["x"] = "const(2)";
        CHECK(error_of(j).find("const needs value=") != std::string::npos);
    }
    SECTION("a throws test does not inherit a default compare") {
        j["test_defaults"]["compare"] = {"output"};
        j["tests"].push_back(json::parse(R"({"id": "bad", "throws": "invalid_argument"})"));
        const judge::Problem q = judge::parse_problem(j.dump(), "p.json");
        CHECK(q.tests.back().compare.empty());
        CHECK(q.tests[0].compare == std::vector<std::string>{"output"});
    }
    SECTION("duplicate ids made by cases are caught") {
        j["tests"][1]["cases"][1]["id"] = "plain";
        CHECK(error_of(j) == "problems/p/problem.json: tests[1].cases[1].id: duplicate test id \"plain\"");
    }
    SECTION("schema 1 has neither defaults nor cases") {
        j["schema"] = 1;
        CHECK(error_of(j) == "problems/p/problem.json: test_defaults: needs \"schema\": 2");
        j.erase("test_defaults");
        j["tests"] = json::parse(R"([{"id": "k", "function": "scale", "trap": "values", "cases": [{}]}])");
        CHECK(error_of(j) == "problems/p/problem.json: tests[0].cases: needs \"schema\": 2");
    }
}

TEST_CASE("output types, NaN policies and checks are validated with the field named", "[spec]") {
    json j = minimal();
    SECTION("an unknown output type") {
        j["functions"][0].erase("returns");
        j["functions"][0]["outputs"][0]["type"] = "long";
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].outputs[0].type: unknown output type \"long\" "
              "(expected tensor, int_tensor, int or float)");
    }
    SECTION("schema 1's returns allows tensors only") {
        j["functions"][0]["outputs"][0]["type"] = "int";
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].outputs[0].type: \"returns\": \"tensor\" returns "
              "tensors only; leave \"returns\" out to use other types");
    }
    SECTION("at most four outputs") {
        j["functions"][0].erase("returns");
        j["functions"][0]["outputs"] = json::parse(R"([{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"},
                                                      {"name": "e"}])");
        CHECK(error_of(j) == "problems/p/problem.json: functions[0].outputs: a function has 1 to 4 outputs, got 5");
    }
    SECTION("NaN can only be matched in a float output") {
        j["functions"][0].erase("returns");
        j["functions"][0]["outputs"][0]["type"] = "int";
        j["functions"][0]["outputs"][0]["nan"] = "match";
        CHECK(error_of(j) == "problems/p/problem.json: functions[0].outputs[0].nan: only a float output can hold NaN");
        j["functions"][0]["outputs"][0]["nan"] = "sometimes";
        CHECK(
            error_of(j) ==
            "problems/p/problem.json: functions[0].outputs[0].nan: expected \"never\" or \"match\", got \"sometimes\"");
    }
    SECTION("a check's lengths must be lengths, and only the causal check takes an offset") {
        j["tests"][0]["checks"] = json::parse(R"([{"kind": "zero_beyond_lens", "output": "output", "lens": "k"}])");
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[t1].checks[0].lens: \"k\" is not a parameter of scale "
              "holding lengths (an int_list, or a 1-D or 2-D int_tensor)");
        j["tests"][0]["checks"] = json::parse(R"([{"kind": "rows_sum_to_one", "output": "output", "offset": 1}])");
        CHECK(error_of(j) == "problems/p/problem.json: tests[t1].checks[0].offset: rows_sum_to_one takes no offset");
        j["tests"][0]["checks"] = json::parse(R"([{"kind": "zero_above_diagonal", "output": "output", "offset": 1}])");
        CHECK(judge::parse_problem(j.dump(), "p.json").tests[0].checks[0].offset == 1);
    }
    SECTION("an intervention needs one length per example") {
        j["functions"][0]["params"][1] = {{"name", "lens"}, {"type", "int_tensor"}};
        j["tests"][0]["inputs"].erase("k");
        j["tests"][0]["inputs"]["lens"] = json::parse("[[1, 2, 3]]");
        j["tests"][0]["inputs"]["x"]["beyond_lens"] = {{"lens", "lens"}, {"gen", {{"gen", "const"}, {"value", 9}}}};
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[t1].inputs.x.beyond_lens.lens: lens has 1 lengths for 2 "
              "examples");
        j["tests"][0]["inputs"]["lens"] = json::parse("[[1, 2, 3], [3, 2, 1]]");
        CHECK(judge::parse_problem(j.dump(), "p.json").tests[0].inputs.at("lens").int_shape ==
              std::vector<int64_t>{2, 3});
    }
}

TEST_CASE("a function's domain: lengths, query and key extents, integer maxima (issue #21)", "[spec][domain]") {
    json j = minimal();
    j["functions"][0]["params"].push_back({{"name", "lens"}, {"type", "int_list"}});
    j["tests"][0]["inputs"]["lens"] = json::array({1, 2});
    j["functions"][0]["domain"] = {{"lengths", {{"lens", {{"min", 0}, {"max", "x[1]"}}}}},
                                   {"query_key", {{"queries", "x[0]"}, {"keys", "x[1]"}, {"differ", true}}}};
    const judge::Problem p = judge::parse_problem(j.dump(), "p.json");
    const judge::FunctionSpec& fn = p.functions[0];
    REQUIRE(fn.lengths.size() == 1);
    CHECK(fn.lengths[0].param == "lens");
    CHECK(fn.lengths[0].min == 0);
    CHECK(fn.lengths[0].max->text() == "x[1]");
    REQUIRE(fn.query_key);
    CHECK(fn.query_key->queries.text() == "x[0]");
    SECTION("each mistake names its field") {
        j["functions"][0]["domain"]["lengths"]["lens"]["max"] = "k[0]";
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].domain.lengths.lens.max: expected a tensor "
              "parameter of scale and an axis, e.g. \"scores[2]\", got \"k[0]\"");
        j["functions"][0]["domain"]["lengths"] = {{"k", {{"min", 0}}}};
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].domain.lengths.k: \"k\" is not an int_tensor or "
              "int_list parameter of scale");
        j["functions"][0]["domain"] = {{"length", {}}};
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].domain: unknown field 'length' (allowed: "
              "lengths, query_key)");
    }
    SECTION("a largest value belongs to an integer output") {
        j["functions"][0]["outputs"][0]["max"] = 100;
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].outputs[0].max: only an integer output has a "
              "largest value");
    }
    SECTION("a check's \"when\" names a bool parameter") {
        j["tests"][0]["checks"] = json::array({{{"kind", "rows_sum_to_one"}, {"output", "output"}, {"when", "k"}}});
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[t1].checks[0].when: \"k\" is not a bool parameter of scale");
    }
}

TEST_CASE("schema 2: defaults per function and named fixtures, with the origin in errors", "[spec]") {
    json j = minimal();
    j["schema"] = 2;
    j["functions"].push_back(json::parse(R"js({"name": "affine",
        "params": [{"name": "x", "type": "tensor", "shape": ["B", "D"]}, {"name": "gamma", "type": "tensor", "shape": ["D"]},
                   {"name": "beta", "type": "tensor", "shape": ["D"]}],
        "outputs": [{"name": "y"}],
        "test_defaults": {"trap": "values", "inputs": {"x": "randn(2, 4)"}}})js"));
    j["fixtures"] = json::parse(R"js({"neutral": {"gamma": "const(4; value=1)", "beta": "const(4; value=0)"},
                                    "wide": {"x": "randn(3, 4)"}})js");
    j["tests"].push_back(json::parse(R"js({"id": "a1", "function": "affine", "fixture": "neutral"})js"));
    j["tests"].push_back(json::parse(R"js({"id": "a2", "function": "affine", "fixture": ["neutral", "wide"],
                                         "inputs": {"beta": "const(4; value=2)"}})js"));
    const judge::Problem p = judge::parse_problem(j.dump(), "p.json");
    REQUIRE(p.tests.size() == 3);
    CHECK(p.tests[1].trap == "values");                                        // the function's default
    CHECK(p.tests[1].inputs.at("gamma").gen.value == 1.0);                     // the fixture
    CHECK(p.tests[2].inputs.at("x").gen.shape == std::vector<int64_t>{3, 4});  // the later fixture
    CHECK(p.tests[2].inputs.at("beta").gen.value == 2.0);                      // the test over its fixtures
    CHECK(p.function("affine").params[1].shape == std::vector<std::string>{"D"});

    SECTION("an entry from a fixture says so") {
        j["fixtures"]["neutral"]["gamma"] = "const(4; valu=1)";
        CHECK(error_of(j).find("tests[a1].inputs.gamma (from fixtures.neutral): ") != std::string::npos);
    }
    SECTION("an entry from the function's defaults says so") {
        j["functions"][1]["test_defaults"]["inputs"]["x"] = "randn(2, -4)";
        CHECK(error_of(j).find("tests[a1].inputs.x (from functions[affine].test_defaults): ") != std::string::npos);
    }
    SECTION("an entry from the top-level defaults says so") {
        j["test_defaults"] = {{"tolerance", {{"rtol", "big"}}}};
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[t1].tolerance.rtol (from test_defaults): expected a "
              "number, got \"big\"");
    }
    SECTION("an unknown fixture names the known ones") {
        j["tests"][1]["fixture"] = "neutrl";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[1].fixture: unknown fixture \"neutrl\" (fixtures: "
              "neutral, wide)");
    }
    SECTION("a declared shape: a symbol bound by an earlier parameter") {
        j["fixtures"]["neutral"]["gamma"] = "const(5; value=1)";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[a1].inputs.gamma (from fixtures.neutral): shape (5,) "
              "does not match gamma's declared shape [D]: D is 5 here and 4 in x (2, 4)");
    }
    SECTION("a declared shape: the rank, and a fixed extent") {
        j["tests"][2]["inputs"]["beta"] = "const(4, 1; value=2)";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[a2].inputs.beta: shape (4, 1) does not match beta's "
              "declared shape [D]: 2 dimensions, not 1");
        j["tests"][2]["inputs"]["beta"] = "const(4; value=2)";
        j["functions"][1]["params"][0]["shape"] = json::array({"B", 4});
        j["fixtures"]["wide"]["x"] = "randn(3, 5)";
        CHECK(error_of(j) ==
              "problems/p/problem.json: tests[a2].inputs.x (from fixtures.wide): shape (3, 5) does "
              "not match x's declared shape [B, 4]: dimension 1 is 5, not 4");
    }
    SECTION("a test that expects an exception may break the declared shapes") {
        j["tests"].push_back(json::parse(R"js({"id": "bad", "function": "affine", "fixture": "neutral",
            "inputs": {"x": "randn(2, 3)"}, "throws": "invalid_argument"})js"));
        CHECK(judge::parse_problem(j.dump(), "p.json").tests.size() == 4);
    }
    SECTION("a small input is checked too") {
        j["functions"][1]["small_inputs"] = json::parse(R"js([{"x": "randn(1, 2)", "gamma": "const(3; value=1)",
                                                            "beta": "const(2; value=0)"}])js");
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[1].small_inputs[0].gamma: shape (3,) does not match "
              "gamma's declared shape [D]: D is 3 here and 2 in x (1, 2)");
    }
    SECTION("only tensors and lists have shapes; schema 1 has neither fixtures nor function defaults") {
        j["functions"][0]["params"][1]["shape"] = json::array({"B"});
        CHECK(error_of(j) ==
              "problems/p/problem.json: functions[0].params[1].shape: only a tensor, an int_tensor or "
              "an int_list has a shape");
        j["functions"][0]["params"][1].erase("shape");
        j["schema"] = 1;
        CHECK(error_of(j) == "problems/p/problem.json: functions[1].test_defaults: needs \"schema\": 2");
    }
}

}  // namespace spec_test
