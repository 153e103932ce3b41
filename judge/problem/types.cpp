#include "problem/types.hpp"

#include <fmt/core.h>

#include "problem/field.hpp"
#include "problem/inputs.hpp"

namespace judge {

namespace {

npy::Array scalar_int(int64_t v) {
    npy::Array a;
    a.dtype = npy::Dtype::int64;
    a.i64 = {v};
    return a;
}

const std::vector<ParamTypeInfo> table = {
    {ParamType::tensor, "tensor", "const judge::Tensor& ", "tensor", npy::Dtype::float32, -1, "a float32 array",
     [](const Field& f, InputSpec& in) { in.gen = parse_generator(f, false); },
     [](const InputSpec& in, uint64_t seed) {
         npy::Array a;
         a.dtype = npy::Dtype::float32;
         a.shape = in.gen.shape;
         a.f32 = generate(in.gen, seed);
         return a;
     },
     [](const std::string& name, const InputSpec& in) {
         return name + " " + shape_str(in.gen.shape) + " from " + in.gen.kind;
     }},
    {ParamType::int64, "int", "int64_t ", "int64", npy::Dtype::int64, 0, "a 0-d int64 array",
     [](const Field& f, InputSpec& in) { in.int_value = f.integer(); },
     [](const InputSpec& in, uint64_t) { return scalar_int(in.int_value); },
     [](const std::string& name, const InputSpec& in) { return name + " = " + std::to_string(in.int_value); }},
    {ParamType::int_list, "int_list", "const std::vector<int64_t>& ", "int_list", npy::Dtype::int64, 1,
     "a 1-D int64 array",
     [](const Field& f, InputSpec& in) {
         for (const Field& e : f.items()) in.ints.push_back(e.integer());
     },
     [](const InputSpec& in, uint64_t) {
         npy::Array a = scalar_int(0);
         a.shape = {static_cast<int64_t>(in.ints.size())};
         a.i64 = in.ints;
         return a;
     },
     [](const std::string& name, const InputSpec& in) {
         std::string l;
         for (int64_t v : in.ints) l += (l.empty() ? "" : ", ") + std::to_string(v);
         return name + " = [" + l + "]";
     }},
    {ParamType::float32, "float", "float ", "float32", npy::Dtype::float32, 0, "a 0-d float32 array",
     [](const Field& f, InputSpec& in) { in.float_value = f.number(); },
     [](const InputSpec& in, uint64_t) {
         npy::Array a;
         a.dtype = npy::Dtype::float32;
         a.f32 = {static_cast<float>(in.float_value)};
         return a;
     },
     [](const std::string& name, const InputSpec& in) { return fmt::format("{} = {}", name, in.float_value); }},
    // On the wire a bool is a 0-d int64 of 0 or 1 (judge run also takes NumPy's bool arrays).
    {ParamType::boolean, "bool", "bool ", "boolean", npy::Dtype::int64, 0, "a 0-d bool or int64 array (0 or 1)",
     [](const Field& f, InputSpec& in) { in.int_value = f.boolean() ? 1 : 0; },
     [](const InputSpec& in, uint64_t) { return scalar_int(in.int_value); },
     [](const std::string& name, const InputSpec& in) { return name + " = " + (in.int_value ? "true" : "false"); }},
};

}  // namespace

const std::vector<ParamTypeInfo>& param_types() { return table; }

const ParamTypeInfo& type_info(ParamType t) { return table.at(static_cast<size_t>(t)); }

const ParamTypeInfo* find_param_type(std::string_view name) {
    for (const ParamTypeInfo& row : table) {
        if (row.spec_name == name) return &row;
    }
    return nullptr;
}

std::string param_type_names() {
    std::string s;
    for (size_t i = 0; i < table.size(); ++i) {
        s += (i == 0 ? "" : i + 1 == table.size() ? " or " : ", ") + std::string(table[i].spec_name);
    }
    return s;
}

bool wire_matches(ParamType t, const npy::Array& a) {
    const ParamTypeInfo& row = type_info(t);
    return a.dtype == row.dtype && (row.rank < 0 || static_cast<int>(a.shape.size()) == row.rank);
}

}  // namespace judge
