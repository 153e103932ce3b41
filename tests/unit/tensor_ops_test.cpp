// The header's reductions, element-wise functions and broadcasting, against PyTorch's own results
// (tests/unit/data/tensor_torch.json, written by make_tensor_torch.py beside it with Debian 12's python3-torch 1.13.1).
#include <cmath>
#include <fstream>
#include <set>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "catch.hpp"

#include "judge/tensor.hpp"

namespace tensor_ops_test {  // a unity batch is one translation unit: this file's names stay its own

using judge::Tensor;
using nlohmann::json;

namespace {

const json& torch_cases() {
    static const json cases = [] {
        std::ifstream in(std::string(JUDGE_SOURCE_DIR) + "/tests/unit/data/tensor_torch.json");
        return json::parse(in).at("cases");
    }();
    return cases;
}

float decode(const json& v) {
    if (v.is_number()) return v.get<float>();
    const std::string s = v.get<std::string>();
    if (s == "nan") return NAN;
    return s == "inf" ? INFINITY : -INFINITY;
}

Tensor tensor(const json& t) {
    std::vector<float> values;
    for (const json& v : t.at("values")) values.push_back(decode(v));
    return Tensor(t.at("shape").get<judge::Shape>(), std::move(values));
}

// NaN where PyTorch has NaN, the same infinity, and otherwise within float32 rounding of a different
// summation order.
bool same(float got, float want) {
    if (std::isnan(want)) return std::isnan(got);
    if (std::isinf(want)) return got == want;
    return std::fabs(got - want) <= 2e-6f * std::fmax(1.0f, std::fabs(want));
}

void check_against_torch(const Tensor& got, const json& c) {
    const Tensor want = tensor(c.at("out"));
    INFO(c.dump().substr(0, 300));
    REQUIRE(got.shape() == want.shape());
    for (int64_t i = 0; i < got.numel(); ++i) {
        INFO("element " << i << ": got " << got.data()[i] << ", PyTorch " << want.data()[i]);
        CHECK(same(got.data()[i], want.data()[i]));
    }
}

// Runs `run` on every case of `op`, and returns how many there were.
template <class Run>
int for_cases(const std::string& op, Run run) {
    int n = 0;
    for (const json& c : torch_cases()) {
        if (c.at("op") != op) continue;
        ++n;
        run(c);
    }
    return n;
}

template <class Fn>
void reduction(const std::string& op, Fn fn) {
    const int n = for_cases(op, [&](const json& c) {
        check_against_torch(fn(tensor(c.at("x")), c.at("dim").get<int64_t>(), c.at("keepdim").get<bool>(), c), c);
    });
    CHECK(n >= 20);
}

template <class Fn>
void unary(const std::string& op, Fn fn) {
    const int n = for_cases(op, [&](const json& c) { check_against_torch(fn(tensor(c.at("x")), c), c); });
    CHECK(n >= 2);
}

}  // namespace

TEST_CASE("sum(x, dim, keepdim) gives torch.sum's values and shapes", "[tensor][torch]") {
    reduction("sum", [](const Tensor& x, int64_t d, bool k, const json&) { return judge::sum(x, d, k); });
    CHECK(judge::sum(judge::ones({2, 3}), -1).shape() == judge::Shape{2});
    CHECK(judge::sum(judge::ones({2, 3}), 0, true).shape() == judge::Shape{1, 3});
}

TEST_CASE("mean(x, dim, keepdim) gives torch.mean's values", "[tensor][torch]") {
    reduction("mean", [](const Tensor& x, int64_t d, bool k, const json&) { return judge::mean(x, d, k); });
}

TEST_CASE("var(x, dim, unbiased, keepdim) gives torch.var's values, biased and unbiased", "[tensor][torch]") {
    reduction("var", [](const Tensor& x, int64_t d, bool k, const json& c) {
        return judge::var(x, d, c.at("unbiased").get<bool>(), k);
    });
    // PyTorch's default is unbiased: [1, 3] has variance 2, not 1.
    CHECK(judge::var(judge::from_vector({1, 3}, {2}), 0).data()[0] == 2.0f);
    CHECK(judge::var(judge::from_vector({1, 3}, {2}), 0, false).data()[0] == 1.0f);
}

TEST_CASE("amax(x, dim, keepdim) gives torch.amax's values, NaN included", "[tensor][torch]") {
    reduction("amax", [](const Tensor& x, int64_t d, bool k, const json&) { return judge::amax(x, d, k); });
    CHECK_THROWS_WITH(judge::amax(judge::zeros({2, 0}), 1),
                      "amax: dimension 1 of a tensor of shape (2, 0) is empty, and an empty slice has no maximum");
}

TEST_CASE("reductions name the dimension and the shape when dim is out of range", "[tensor]") {
    CHECK_THROWS_WITH(judge::sum(judge::zeros({2, 3}), 2),
                      "sum: dimension 2 is out of range for a tensor of shape (2, 3) (it has 2 dimensions)");
    CHECK_THROWS_WITH(judge::var(judge::zeros({2, 3}), -3),
                      "var: dimension -3 is out of range for a tensor of shape (2, 3) (it has 2 dimensions)");
}

TEST_CASE("sqrt, exp, log, sin, cos, tanh and relu give torch's values, edges included", "[tensor][torch]") {
    unary("sqrt", [](const Tensor& x, const json&) { return judge::sqrt(x); });
    unary("exp", [](const Tensor& x, const json&) { return judge::exp(x); });
    unary("log", [](const Tensor& x, const json&) { return judge::log(x); });
    unary("sin", [](const Tensor& x, const json&) { return judge::sin(x); });
    unary("cos", [](const Tensor& x, const json&) { return judge::cos(x); });
    unary("tanh", [](const Tensor& x, const json&) { return judge::tanh(x); });
    unary("relu", [](const Tensor& x, const json&) { return judge::relu(x); });
}

TEST_CASE("pow(x, p) gives torch.pow's values for whole, fractional, negative and zero p", "[tensor][torch]") {
    unary("pow", [](const Tensor& x, const json& c) { return judge::pow(x, c.at("p").get<float>()); });
}

TEST_CASE("maximum(a, b) broadcasts and gives torch.maximum's values, NaN included", "[tensor][torch]") {
    const int n = for_cases(
        "maximum", [](const json& c) { check_against_torch(judge::maximum(tensor(c.at("a")), tensor(c.at("b"))), c); });
    CHECK(n >= 25);
}

TEST_CASE("+ - * / broadcast by PyTorch's rules for every pair of ranks up to 4", "[tensor][torch]") {
    std::set<std::pair<size_t, size_t>> ranks;
    std::set<std::string> ops;
    for (const json& c : torch_cases()) {
        const std::string op = c.at("op");
        if (op != "add" && op != "sub" && op != "mul" && op != "div") continue;
        const Tensor a = tensor(c.at("a")), b = tensor(c.at("b"));
        const auto apply = [&] { return op == "add" ? a + b : op == "sub" ? a - b : op == "mul" ? a * b : a / b; };
        if (c.contains("error")) {
            const std::string both = judge::shape_str(a.shape()) + " and " + judge::shape_str(b.shape());
            CHECK_THROWS_WITH(apply(), Catch::Contains(both + " do not broadcast"));
            continue;
        }
        check_against_torch(apply(), c);
        ranks.emplace(a.shape().size(), b.shape().size());
        ops.insert(op);
    }
    CHECK(ranks.size() == 25);
    CHECK(ops == std::set<std::string>{"add", "sub", "mul", "div"});
}

TEST_CASE("the issue's shapes: (B, L, D) with (D,) and with (B, L, 1)", "[tensor]") {
    const Tensor x = judge::arange(24).reshape({2, 3, 4});
    const Tensor gamma = judge::from_vector({1, 2, 3, 4}, {4});
    const Tensor y = x * gamma;
    CHECK(y.shape() == judge::Shape{2, 3, 4});
    CHECK(y.at({1, 2, 3}) == 23.0f * 4.0f);
    const Tensor centred = x - judge::mean(x, -1, true);
    CHECK(centred.shape() == judge::Shape{2, 3, 4});
    CHECK(centred.at({0, 0, 0}) == -1.5f);
    CHECK(centred.at({1, 2, 3}) == 1.5f);
    CHECK_THROWS_WITH(x + judge::zeros({3}),
                      "operator+: shapes (2, 3, 4) and (3,) do not broadcast: dimension -1 is 4 in the first "
                      "and 3 in the second (each pair must be equal or 1)");
    CHECK_THROWS_WITH(judge::maximum(judge::zeros({2, 3}), judge::zeros({3, 3})),
                      "maximum: shapes (2, 3) and (3, 3) do not broadcast: dimension -2 is 2 in the first "
                      "and 3 in the second (each pair must be equal or 1)");
}

TEST_CASE("a LayerNorm reads like PyTorch's", "[tensor]") {
    const Tensor x = judge::from_vector({1, 2, 3, 4, 2, 2, 2, 6}, {2, 4});
    const Tensor ln = (x - judge::mean(x, -1, true)) / judge::sqrt(judge::var(x, -1, false, true) + 1e-5f);
    // torch.nn.functional.layer_norm(x, (4,)) on the same rows
    const std::vector<float> want{-1.3416f, -0.4472f, 0.4472f, 1.3416f, -0.5773f, -0.5773f, -0.5773f, 1.7320f};
    for (size_t i = 0; i < want.size(); ++i) CHECK(std::fabs(ln.data()[i] - want[i]) < 1e-3f);
}

}  // namespace tensor_ops_test
