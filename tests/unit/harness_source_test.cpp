// The generated harness and the parameter type table.
#include <catch2/catch.hpp>

#include "compile/harness_source.hpp"
#include "fixtures.hpp"
#include "problem/types.hpp"

TEST_CASE("the harness declares each function and reads each parameter with its type's reader", "[harness]") {
    const std::string s = judge::harness_source(fixtures::problem());
    CHECK(s.find("#define JUDGE_TENSOR_IMPLEMENTATION\n#include \"judge/tensor.hpp\"") != std::string::npos);
    CHECK(s.find("std::pair<judge::Tensor, judge::Tensor> f(const judge::Tensor& x, int64_t k, "
                 "const std::vector<int64_t>& lens, float s);\n") != std::string::npos);
    CHECK(
        s.find("    auto result = f(io.tensor(\"x\"), io.int64(\"k\"), io.int_list(\"lens\"), io.float32(\"s\"));\n") !=
        std::string::npos);
    CHECK(s.find("    io.put(\"out\", result.first);\n    io.put(\"aux\", result.second);\n") != std::string::npos);
    CHECK(s.find("        {\"f\", &call_f},\n") != std::string::npos);
}

TEST_CASE("the type table has one row per type, in the enum's order", "[types]") {
    const auto& rows = judge::param_types();
    REQUIRE(rows.size() == 5);
    for (size_t i = 0; i < rows.size(); ++i) CHECK(static_cast<size_t>(rows[i].type) == i);
    CHECK(judge::param_type_names() == "tensor, int, int_list, float or bool");
    CHECK(judge::find_param_type("int_list")->type == judge::ParamType::int_list);
    CHECK(judge::find_param_type("bool")->type == judge::ParamType::boolean);
    CHECK(judge::find_param_type("long") == nullptr);
    CHECK(std::string(judge::type_info(judge::ParamType::boolean).cpp_decl) == "bool ");
    CHECK(judge::to_string(judge::ParamType::float32) == "float");
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
