// The generated harness and the parameter type table.
#include "catch.hpp"

#include "compile/embedded.hpp"
#include "compile/explain.hpp"
#include "compile/harness_source.hpp"
#include "compile/toolchain.hpp"
#include "core/errors.hpp"
#include "fixtures.hpp"
#include "problem/field.hpp"
#include "problem/types.hpp"
#include "util/files.hpp"

#include <nlohmann/json.hpp>

namespace harness_source_test {  // a unity batch is one translation unit: this file's names stay its own

TEST_CASE("the harness declares each function and reads each parameter with its type's reader", "[harness]") {
    const std::string s = judge::harness_source(fixtures::problem());
    CHECK(s.find("#define JUDGE_TENSOR_IMPLEMENTATION\n#include \"judge/tensor.hpp\"") != std::string::npos);
    CHECK(s.find("std::pair<judge::Tensor, judge::Tensor> f(const judge::Tensor& x, int64_t k, "
                 "const std::vector<int64_t>& lens, float s);\n") != std::string::npos);
    CHECK(
        s.find("    auto result = f(io.tensor(\"x\"), io.int64(\"k\"), io.int_list(\"lens\"), io.float32(\"s\"));\n") !=
        std::string::npos);
    CHECK(s.find("    io.put(\"out\", std::get<0>(result));\n    io.put(\"aux\", std::get<1>(result));\n") !=
          std::string::npos);
    CHECK(s.find("        {\"f\", &call_f},\n") != std::string::npos);
}

TEST_CASE("a solution sees the spec's declarations first, and a return type of its own is said (issue #64)",
          "[harness]") {
    const judge::Problem p = fixtures::problem();
    const std::string d = judge::declarations_source(p);
    CHECK(d.find("#include <judge/tensor.hpp>\n") < d.find("std::pair<judge::Tensor, judge::Tensor> f("));
    CHECK(d.find("std::pair<judge::Tensor, judge::Tensor> f(const judge::Tensor& x, int64_t k, "
                 "const std::vector<int64_t>& lens, float s);\n") != std::string::npos);
    // g++'s words for a definition returning a Tensor where the spec has a pair.
    const std::string log =
        "solution.cpp:3:15: error: ambiguating new declaration of 'judge::Tensor f(const judge::Tensor&, int64_t, "
        "const std::vector<long int>&, float)'\nIn file included from <command-line>:\n"
        "./judge_declarations.hpp:9:50: note: old declaration 'std::pair<judge::Tensor, judge::Tensor> f(...)'\n";
    const std::string said = judge::explain_return_types(p, log);
    CHECK(said.rfind(log, 0) == 0);
    CHECK(said.substr(log.size()) ==
          "\njudge: f returns std::pair<judge::Tensor, judge::Tensor> (out, aux) in this problem; yours returns "
          "judge::Tensor. Declare it as:\n    std::pair<judge::Tensor, judge::Tensor> f(const judge::Tensor& x, "
          "int64_t k, const std::vector<int64_t>& lens, float s)\n");
    CHECK_FALSE(judge::only_formal_conflicts(p, log));
    // A deduced return type, or noexcept, differs only in form: compiled again without the declarations.
    const std::string deduced =
        "solution.cpp:3:6: error: ambiguating new declaration of 'auto f(const judge::Tensor&, int64_t, "
        "const std::vector<long int>&, float)'\n./judge_declarations.hpp:9:50: note: old declaration '...'\n";
    CHECK(judge::only_formal_conflicts(p, deduced));
    CHECK(judge::explain_return_types(p, deduced) == deduced);
    CHECK(judge::only_formal_conflicts(
        p,
        "solution.cpp:3:6: error: declaration of 'std::pair<judge::Tensor, judge::Tensor> f(...) noexcept' has a "
        "different exception specifier\n./judge_declarations.hpp:9:50: note: from previous declaration '...'\n"));
    // The student's own error, which names no declaration of the judge's: compiled once.
    CHECK_FALSE(judge::only_formal_conflicts(p, "solution.cpp:4:1: error: expected ';' before '}' token\n"));
}

TEST_CASE("the type table has one row per type, in the enum's order", "[types]") {
    for (int i = 0; i <= static_cast<int>(judge::ParamType::int_tensor); ++i)
        CHECK(judge::type_info(static_cast<judge::ParamType>(i)).type == static_cast<judge::ParamType>(i));
    CHECK(judge::param_type_names() == "tensor, int, int_list, float, bool or int_tensor");
    CHECK(judge::find_param_type("int_list")->type == judge::ParamType::int_list);
    CHECK(judge::find_param_type("bool")->type == judge::ParamType::boolean);
    CHECK(judge::find_param_type("long") == nullptr);
    CHECK(std::string(judge::type_info(judge::ParamType::boolean).cpp_decl) == "bool ");
    CHECK(judge::to_string(judge::ParamType::float32) == "float");
    CHECK(std::string(judge::type_info(judge::ParamType::int_tensor).cpp_decl) == "const judge::IntTensor& ");
    CHECK(judge::find_output_type("int")->type == judge::OutputType::int64);
    CHECK(judge::to_string(judge::OutputType::int_tensor) == "int_tensor");
}

TEST_CASE("outputs of every type come back as a single value or a std::tuple", "[harness][types]") {
    auto j = nlohmann::json::parse(fixtures::spec_json());
    j["functions"][0].erase("returns");
    j["functions"][0]["outputs"] = {{{"name", "out"}},
                                    {{"name", "idx"}, {"type", "int_tensor"}},
                                    {{"name", "count"}, {"type", "int"}},
                                    {{"name", "loss"}, {"type", "float"}, {"nan", "match"}}};
    for (auto& t : j["tests"]) t.erase("compare");
    const judge::Problem p = judge::parse_problem(j.dump(), "p.json");
    const judge::FunctionSpec& f = p.functions[0];
    CHECK(f.returns == judge::ReturnType::tuple);
    CHECK(f.outputs[3].nan == judge::NanPolicy::match);
    CHECK(f.signature().rfind("std::tuple<judge::Tensor, judge::IntTensor, int64_t, float> f(", 0) == 0);
    const std::string s = judge::harness_source(p);
    CHECK(s.find("    io.put(\"count\", std::get<2>(result));\n    io.put(\"loss\", std::get<3>(result));\n") !=
          std::string::npos);
    j["functions"][0]["outputs"] = {{{"name", "count"}, {"type", "int"}}};
    CHECK(judge::parse_problem(j.dump(), "p.json").functions[0].signature().rfind("int64_t f(", 0) == 0);
}

TEST_CASE("an int_tensor is written as nested arrays or shape and values, and summarised in full", "[types]") {
    const auto parse = [](const nlohmann::json& v) {
        judge::InputSpec in;
        in.type = judge::ParamType::int_tensor;
        judge::type_info(in.type).parse(judge::Field(v, "x", "p.json"), in);
        return in;
    };
    const judge::InputSpec nested = parse(nlohmann::json::parse("[[1, 2, 3], [4, 5, 6]]"));
    CHECK(nested.int_shape == std::vector<int64_t>{2, 3});
    CHECK(nested.ints == std::vector<int64_t>{1, 2, 3, 4, 5, 6});
    CHECK(judge::type_info(judge::ParamType::int_tensor).summary("lens", nested) == "lens = [[1, 2, 3], [4, 5, 6]]");
    const judge::InputSpec flat = parse(nlohmann::json::parse(R"({"shape": [2, 3], "values": [1, 2, 3, 4, 5, 6]})"));
    CHECK(flat.ints == nested.ints);
    CHECK(flat.int_shape == nested.int_shape);
    CHECK(parse(nlohmann::json::parse(R"({"shape": [2], "value": 7})")).ints == std::vector<int64_t>{7, 7});
    const auto error = [&](const char* text) {
        try {
            parse(nlohmann::json::parse(text));
        } catch (const judge::InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error("[[1, 2], [3]]") ==
          "p.json: x[1]: 1 elements; the other rows at this depth have 2 (rows must be the same length)");
    CHECK(error(R"({"shape": [2], "values": [1]})") == "p.json: x.values: shape (2,) needs 2 values, got 1");
    CHECK(error("[[1, 2.5]]") == "p.json: x[0][1]: expected an integer, got 2.5");
    // A float tensor given by its values is shown with them.
    judge::InputSpec stated;
    stated.gen.kind = judge::GenKind::values;
    stated.gen.shape = {2, 2};
    stated.gen.values = {0.5, 1, -2, 3.25};
    CHECK(judge::type_info(judge::ParamType::tensor).summary("x", stated) == "x (2, 2) = [[0.5, 1], [-2, 3.25]]");
    const judge::npy::Array a = judge::type_info(judge::ParamType::int_tensor).make(nested, 0);
    CHECK(a.dtype == judge::npy::Dtype::int64);
    CHECK(judge::wire_matches(judge::ParamType::int_tensor, a));
}

TEST_CASE("each type has its wire dtype and rank", "[types]") {
    judge::npy::Array scalar_int;
    scalar_int.dtype = judge::npy::Dtype::int64;
    scalar_int.i64 = {3};
    judge::npy::Array list = scalar_int;
    list.shape = {1};
    const judge::npy::Array tensor = fixtures::array({2, 2}, {1, 2, 3, 4});
    judge::npy::Array scalar_float = fixtures::array({}, {1.5f});
    CHECK(judge::wire_matches(judge::ParamType::int64, scalar_int));
    CHECK_FALSE(judge::wire_matches(judge::ParamType::int64, list));
    CHECK(judge::wire_matches(judge::ParamType::int_list, list));
    CHECK(judge::wire_matches(judge::ParamType::tensor, tensor));
    CHECK(judge::wire_matches(judge::ParamType::tensor, scalar_float));
    CHECK(judge::wire_matches(judge::ParamType::float32, scalar_float));
    CHECK_FALSE(judge::wire_matches(judge::ParamType::float32, tensor));
    CHECK_FALSE(judge::wire_matches(judge::ParamType::tensor, scalar_int));
    CHECK(judge::wire_matches(judge::ParamType::boolean, scalar_int));  // 0 or 1: the harness checks the value
    CHECK_FALSE(judge::wire_matches(judge::ParamType::boolean, list));
}

TEST_CASE("each type makes its array and its summary from a test's value", "[types]") {
    const judge::Problem p = fixtures::problem();
    const judge::TestSpec& t = p.tests[1];
    const auto& x = judge::type_info(judge::ParamType::tensor).make(t.inputs.at("x"), 0);
    CHECK(x.shape == std::vector<int64_t>{2, 3});
    CHECK(x.f32 == std::vector<float>{0, 1, 2, 3, 4, 5});
    CHECK(judge::type_info(judge::ParamType::int_list).make(t.inputs.at("lens"), 0).i64 == std::vector<int64_t>{3, 3});
    CHECK(judge::type_info(judge::ParamType::int64).summary("k", t.inputs.at("k")) == "k = 1");
    CHECK(judge::type_info(judge::ParamType::float32).summary("s", t.inputs.at("s")) == "s = 1.5");
}

TEST_CASE("a solution's compile uses the precompiled student header that the declarations include", "[harness]") {
    // GCC uses a .gch only for the header a compile names first (an -include, or the source's first
    // #include), never for one that another header includes, as judge_declarations.hpp includes
    // <judge/tensor.hpp>: unless the line names the header first, each compile parses it anew.
    const judge::Toolchain tc = judge::detect_toolchain();
    judge::TempDir tmp("judge-pch-test");
    const std::filesystem::path include = tmp.path() / "include";
    for (const auto& file : judge::embedded::files())
        judge::write_file_atomic(include / file.path, std::string(file.content));
    const std::filesystem::path gch = include / (std::string(judge::precompiled_header) + ".gch");
    judge::ProcessSpec pch = judge::compiler_process(tc.precompile_command(include / judge::precompiled_header, gch),
                                                     tmp.path(), std::chrono::seconds(120));
    REQUIRE(judge::run_process(pch).exit_code == 0);

    judge::write_file_atomic(tmp.path() / judge::declarations_file, judge::declarations_source(fixtures::problem()));
    judge::write_file_atomic(tmp.path() / "solution.cpp", "long helper() { return judge::Tensor().numel(); }\n");
    std::vector<std::string> argv =
        tc.compile_command(include, "solution.cpp", tmp.path() / "solution.o", judge::declarations_file);
    argv.emplace_back("-H");  // lists each header read; "! <file>.gch" first when a precompiled one is used
    judge::ProcessSpec ps = judge::compiler_process(argv, tmp.path(), std::chrono::seconds(120));
    ps.stderr_path = tmp.path() / "log";
    const judge::ProcessResult r = judge::run_process(ps);
    const std::string log = judge::read_head(tmp.path() / "log", 1 << 20);
    INFO(log.substr(0, 2000));
    REQUIRE(r.exit_code == 0);
    CHECK(log.rfind("! " + gch.string() + "\n", 0) == 0);
}

}  // namespace harness_source_test
