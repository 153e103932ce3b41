#include "problem/types.hpp"

#include <fmt/core.h>

#include "problem/field.hpp"
#include "problem/inputs.hpp"

namespace judge {

namespace {

npy::Array int_array(const std::vector<int64_t>& shape, const std::vector<int64_t>& values) {
    npy::Array a;
    a.dtype = npy::Dtype::int64;
    a.shape = shape;
    a.i64 = values;
    return a;
}

npy::Array scalar_int(int64_t v) { return int_array({}, {v}); }

// An int_tensor in problem.json: nested arrays ([[1, 2], [3, 4]], the shape from the nesting),
// or {"shape": [2, 2], "values": [1, 2, 3, 4]}, or {"shape": [2, 2], "value": 3}.
void parse_int_tensor(const Field& f, InputSpec& in) {
    if (f.raw().is_object()) {
        f.only_keys({"shape", "values", "value"});
        int64_t n = 1;
        for (const Field& e : f.at("shape").items()) {
            in.int_shape.push_back(e.integer_at_least(0));
            n *= in.int_shape.back();
        }
        if (f.has("value") == f.has("values")) f.fail("give exactly one of \"values\" and \"value\"");
        if (f.has("value")) {
            in.ints.assign(static_cast<size_t>(n), f.child("value").integer());
            return;
        }
        for (const Field& e : f.child("values").items()) in.ints.push_back(e.integer());
        if (static_cast<int64_t>(in.ints.size()) != n)
            f.child("values").fail(
                fmt::format("shape {} needs {} values, got {}", shape_str(in.int_shape), n, in.ints.size()));
        return;
    }
    if (!f.raw().is_array()) f.fail("expected nested arrays of integers, or {\"shape\": [...], \"values\": [...]}");
    // The shape is the first element's nesting; every other element must have the same.
    for (const nlohmann::json* j = &f.raw(); j->is_array(); j = &j->front()) {
        in.int_shape.push_back(static_cast<int64_t>(j->size()));
        if (j->empty()) break;
    }
    const auto walk = [&](auto&& self, const Field& e, size_t depth) -> void {
        if (depth == in.int_shape.size()) {
            in.ints.push_back(e.integer());
            return;
        }
        const std::vector<Field> items = e.items();
        if (static_cast<int64_t>(items.size()) != in.int_shape[depth])
            e.fail(fmt::format("{} elements; the other rows at this depth have {} (rows must be the same length)",
                               items.size(), in.int_shape[depth]));
        for (const Field& x : items) self(self, x, depth + 1);
    };
    walk(walk, f, 0);
}

// An int list's or int tensor's sizes: its values, and its extents. An extent along which every
// slice is the same (the same lengths for each example) may shrink or grow: the slice is repeated
// or dropped. One whose slices differ may only grow, keeping every old entry: along the first axis
// (one row per example) the new rows repeat the old ones in turn, along a later one (a length per
// query) a row is extended with its last entry. `in.int_shape` is the list's (n,) while this runs.
void resize_lists(InputSpec& in, const SizeVisit& visit) {
    const std::vector<int64_t> old = in.int_shape;
    std::vector<int64_t> strides(old.size(), 1);
    for (size_t a = old.size(); a-- > 1;) strides[a - 1] = strides[a] * old[a];
    std::vector<bool> uniform(old.size());
    for (size_t a = 0; a < old.size(); ++a) {
        bool same = old[a] > 0;
        for (size_t i = 0; i < in.ints.size() && same; ++i) {
            const int64_t along = (static_cast<int64_t>(i) / strides[a]) % old[a];  // i's place along axis a
            same = in.ints[i] == in.ints[i - static_cast<size_t>(along * strides[a])];
        }
        uniform[a] = same;
        visit(in.int_shape[a], same ? SizeRole::extent : SizeRole::grows);
    }
    if (in.int_shape != old) {
        std::vector<int64_t> ints;
        int64_t n = 1;
        for (const int64_t e : in.int_shape) n *= e;
        for (int64_t i = 0; i < n; ++i) {  // the old value this place repeats
            int64_t rest = i, from = 0;
            for (size_t a = in.int_shape.size(); a-- > 0;) {
                const int64_t at = rest % in.int_shape[a];
                rest /= in.int_shape[a];
                const int64_t was = uniform[a] ? (in.int_shape[a] == old[a] ? at : 0)
                                    : a == 0   ? at % old[a]
                                               : std::min(at, old[a] - 1);
                from += was * strides[a];
            }
            ints.push_back(in.ints[static_cast<size_t>(from)]);
        }
        in.ints = std::move(ints);
    }
    for (int64_t& v : in.ints) visit(v, SizeRole::entry);
}

const std::vector<ParamTypeInfo> table = {
    {ParamType::tensor, "tensor", "const judge::Tensor& ", "tensor", npy::Dtype::float32, -1, "a float32 array",
     "float32 tensor", [](const Field& f, InputSpec& in) { in.gen = parse_generator(f, false); },
     [](const InputSpec& in, uint64_t seed) {
         npy::Array a;
         a.dtype = npy::Dtype::float32;
         a.shape = in.gen.shape;
         a.f32 = generate(in.gen, seed);
         return a;
     },
     [](const std::string& name, const InputSpec& in) {
         // Values the spec states are shown as stated, when few enough to read.
         if (in.gen.kind == GenKind::values && in.gen.values.size() <= static_cast<size_t>(max_shown_elements)) {
             std::vector<std::string> words;
             for (const double v : in.gen.values) words.push_back(fmt::format("{:g}", static_cast<float>(v)));
             return name + " " + shape_str(in.gen.shape) + " = " + nested(words, in.gen.shape);
         }
         return name + " " + shape_str(in.gen.shape) + " from " + std::string(generator_info(in.gen.kind).spec_name);
     },
     [](InputSpec& in, const SizeVisit& visit) {
         const auto role = [](const Generator& g) {
             return g.kind == GenKind::values ? SizeRole::pinned : SizeRole::extent;
         };
         for (int64_t& e : in.gen.shape) visit(e, role(in.gen));
         for (Generator& b : in.gen.beyond)
             for (int64_t& e : b.shape) visit(e, role(b));
     }},
    {ParamType::int64, "int", "int64_t ", "int64", npy::Dtype::int64, 0, "a 0-d int64 array", "int",
     [](const Field& f, InputSpec& in) { in.int_value = f.integer(); },
     [](const InputSpec& in, uint64_t) { return scalar_int(in.int_value); },
     [](const std::string& name, const InputSpec& in) { return name + " = " + std::to_string(in.int_value); },
     [](InputSpec& in, const SizeVisit& visit) { visit(in.int_value, SizeRole::count); }},
    {ParamType::int_list, "int_list", "const std::vector<int64_t>& ", "int_list", npy::Dtype::int64, 1,
     "a 1-D int64 array", "list[int]",
     [](const Field& f, InputSpec& in) {
         for (const Field& e : f.items()) in.ints.push_back(e.integer());
     },
     [](const InputSpec& in, uint64_t) { return int_array(shape_of(in), in.ints); },
     [](const std::string& name, const InputSpec& in) { return name + " = " + nested_ints(in.ints, shape_of(in)); },
     [](InputSpec& in, const SizeVisit& visit) {
         in.int_shape = {static_cast<int64_t>(in.ints.size())};
         resize_lists(in, visit);
         in.int_shape.clear();
     }},
    {ParamType::float32, "float", "float ", "float32", npy::Dtype::float32, 0, "a 0-d float32 array", "float",
     [](const Field& f, InputSpec& in) { in.float_value = f.number(); },
     [](const InputSpec& in, uint64_t) {
         npy::Array a;
         a.dtype = npy::Dtype::float32;
         a.f32 = {static_cast<float>(in.float_value)};
         return a;
     },
     [](const std::string& name, const InputSpec& in) { return fmt::format("{} = {}", name, in.float_value); },
     [](InputSpec&, const SizeVisit&) {}},
    // On the wire a bool is a 0-d int64 of 0 or 1 (judge run also takes NumPy's bool arrays).
    {ParamType::boolean, "bool", "bool ", "boolean", npy::Dtype::int64, 0, "a 0-d bool or int64 array (0 or 1)", "bool",
     [](const Field& f, InputSpec& in) { in.int_value = f.boolean() ? 1 : 0; },
     [](const InputSpec& in, uint64_t) { return scalar_int(in.int_value); },
     [](const std::string& name, const InputSpec& in) { return name + " = " + (in.int_value ? "true" : "false"); },
     [](InputSpec&, const SizeVisit&) {}},
    {ParamType::int_tensor, "int_tensor", "const judge::IntTensor& ", "int_tensor", npy::Dtype::int64, -1,
     "an int64 array", "int64 tensor", parse_int_tensor,
     [](const InputSpec& in, uint64_t) { return int_array(shape_of(in), in.ints); },
     [](const std::string& name, const InputSpec& in) {
         // Small ones in full: lengths and indices are what a reader needs to see.
         if (in.ints.size() <= static_cast<size_t>(max_shown_elements))
             return name + " = " + nested_ints(in.ints, in.int_shape);
         return name + " " + shape_str(in.int_shape) + " of integers";
     },
     resize_lists},
};

const std::vector<OutputTypeInfo> output_table = {
    {OutputType::tensor, "tensor", "judge::Tensor", -1, "float32 tensor"},
    {OutputType::int_tensor, "int_tensor", "judge::IntTensor", -1, "int64 tensor"},
    {OutputType::int64, "int", "int64_t", 0, "int"},
    {OutputType::float32, "float", "float", 0, "float"},
};

// In the order judge/harness/support.hpp catches them.
const std::vector<ExceptionInfo> exception_table = {
    {"invalid_argument", true, "ValueError", true},
    {"out_of_range", true, "IndexError", true},
    {"logic_error", true, "NotImplementedError", true},
    {"bad_alloc", false, "MemoryError", true},
    {"runtime_error", true, "RuntimeError", true},
    {"exception", false, "an exception", false},
    {"unknown", false, "", false},
};

// In GenKind's order.
const std::vector<GeneratorInfo> generator_table = {
    {GenKind::arange, "arange", false, true},  {GenKind::randn, "randn", true, true},
    {GenKind::uniform, "uniform", true, true}, {GenKind::constant, "const", false, true},
    {GenKind::values, "values", false, false},
};

// In CheckKind's order.
const std::vector<CheckKindInfo> check_table = {
    {CheckKind::zero_beyond_lens, "zero_beyond_lens", true, false, false},
    {CheckKind::zero_above_diagonal, "zero_above_diagonal", false, true, false},
    {CheckKind::rows_sum_to_one, "rows_sum_to_one", false, false, false},
    {CheckKind::heads_differ, "heads_differ", false, false, false},
    {CheckKind::unchanged, "unchanged", false, false, true},
};

// "a, b or c": the spec names of a table's rows, for error messages.
template <class Row>
std::string spec_names(const std::vector<Row>& rows) {
    std::string s;
    for (size_t i = 0; i < rows.size(); ++i)
        s += (i == 0 ? "" : i + 1 == rows.size() ? " or " : ", ") + std::string(rows[i].spec_name);
    return s;
}

// The row of a table whose spec name is `name`, or nullptr.
template <class Row>
const Row* find_row(const std::vector<Row>& rows, std::string_view name) {
    for (const Row& row : rows) {
        if (row.spec_name == name) return &row;
    }
    return nullptr;
}

}  // namespace

const ParamTypeInfo& type_info(ParamType t) { return table.at(static_cast<size_t>(t)); }

const ParamTypeInfo* find_param_type(std::string_view name) { return find_row(table, name); }

std::string param_type_names() { return spec_names(table); }

const OutputTypeInfo& type_info(OutputType t) { return output_table.at(static_cast<size_t>(t)); }

const OutputTypeInfo* find_output_type(std::string_view name) { return find_row(output_table, name); }

std::string output_type_names() { return spec_names(output_table); }

const std::vector<ExceptionInfo>& exception_types() { return exception_table; }

const ExceptionInfo* find_exception(std::string_view name) { return find_row(exception_table, name); }

std::string expectable_exception_names() {
    std::vector<ExceptionInfo> rows;
    for (const ExceptionInfo& row : exception_table)
        if (row.expectable) rows.push_back(row);
    return spec_names(rows);
}

const GeneratorInfo& generator_info(GenKind k) { return generator_table.at(static_cast<size_t>(k)); }

const GeneratorInfo* find_generator(std::string_view name, bool one_line) {
    for (const GeneratorInfo& row : generator_table) {
        if (row.spec_name == name && (row.one_line || !one_line)) return &row;
    }
    return nullptr;
}

std::string generator_names(bool one_line) {
    std::vector<GeneratorInfo> rows;
    for (const GeneratorInfo& row : generator_table)
        if (row.one_line || !one_line) rows.push_back(row);
    return spec_names(rows);
}

const CheckKindInfo& check_info(CheckKind k) { return check_table.at(static_cast<size_t>(k)); }

const CheckKindInfo* find_check_kind(std::string_view name) { return find_row(check_table, name); }

std::string check_kind_names() { return spec_names(check_table); }

std::vector<int64_t> shape_of(const InputSpec& in) {
    switch (in.type) {
        case ParamType::tensor: return in.gen.shape;
        case ParamType::int_tensor: return in.int_shape;
        case ParamType::int_list: return {static_cast<int64_t>(in.ints.size())};
        default: return {};
    }
}

std::string nested(const std::vector<std::string>& values, const std::vector<int64_t>& shape) {
    if (shape.empty()) return values.empty() ? "?" : values.front();
    size_t next = 0;
    const auto walk = [&](auto&& self, size_t depth) -> std::string {
        std::string s = "[";
        for (int64_t i = 0; i < shape[depth]; ++i) {
            s += i > 0 ? ", " : "";
            s += depth + 1 == shape.size() ? values.at(next++) : self(self, depth + 1);
        }
        return s + "]";
    };
    return walk(walk, 0);
}

std::string nested_ints(const std::vector<int64_t>& values, const std::vector<int64_t>& shape) {
    std::vector<std::string> words;
    for (const int64_t v : values) words.push_back(std::to_string(v));
    return nested(words, shape);
}

std::optional<std::vector<int64_t>> lengths_shape(const InputSpec& in) {
    const std::vector<int64_t> shape = shape_of(in);
    const bool integers = in.type == ParamType::int_list || in.type == ParamType::int_tensor;
    if (integers && (shape.size() == 1 || shape.size() == 2)) return shape;
    return std::nullopt;
}

std::string lengths_words(const std::string& name, const FunctionSpec& fn) {
    return "\"" + name + "\" is not a parameter of " + fn.name +
           " holding lengths (an int_list, or a 1-D or 2-D int_tensor)";
}

bool wire_matches(ParamType t, const npy::Array& a) {
    const ParamTypeInfo& row = type_info(t);
    return a.dtype == row.dtype && (row.rank < 0 || static_cast<int>(a.shape.size()) == row.rank);
}

}  // namespace judge
