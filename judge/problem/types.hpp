// judge/problem/types.hpp: the parameter types, one row each.
//
// Everything the judge knows about a parameter type lives in its row: the name in problem.json,
// the C++ declaration in the signature, the harness reader (judge::harness::Io's method of that
// name, in harness/support.hpp), the .npy dtype and rank on the wire, how a test's value is parsed,
// made into an array and summarised. Adding a type is a new row here plus its reader in the harness.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/protocol/npy.hpp"
#include "problem/spec.hpp"

namespace judge {

class Field;

/// What an integer of a test's value is to a grading seed's redraw (problem/redraw.hpp): an
/// extent, an `int` parameter (a count, such as num_heads), an entry of an int list or int tensor
/// (a length, an index), an extent that may only grow (an int list's or int tensor's, whose slices
/// differ: new rows repeat the old ones in turn, a longer row repeats its last entry), or pinned:
/// the extent of stated values, for which the spec gives no other values.
enum class SizeRole { extent, count, entry, grows, pinned };

/// Called on each integer of a test's value with its role; `v` may be changed unless pinned.
using SizeVisit = std::function<void(int64_t& v, SizeRole role)>;

struct ParamTypeInfo {
    ParamType type;
    std::string_view spec_name;                          // in problem.json: "tensor"
    std::string_view cpp_decl;                           // in the signature, before the name: "const judge::Tensor& "
    std::string_view harness_reader;                     // the harness's reader: io.tensor("x")
    npy::Dtype dtype;                                    // on the wire
    int rank;                                            // on the wire; -1 for any rank
    std::string_view npy_words;                          // what `judge run` expects: "a float32 array"
    std::string_view python_words;                       // a Python argument, in `judge show`: "float32 tensor"
    void (*parse)(const Field& value, InputSpec& into);  // a test's value in problem.json
    npy::Array (*make)(const InputSpec& in, uint64_t grading_seed);        // the array the harness reads
    std::string (*summary)(const std::string& name, const InputSpec& in);  // "x (2, 5, 12) from randn"
    void (*sizes)(InputSpec& in, const SizeVisit& visit);                  // its ints, its extents
};

/// The row of `t`.
const ParamTypeInfo& type_info(ParamType t);

/// The row whose spec name is `name`, or nullptr.
const ParamTypeInfo* find_param_type(std::string_view name);

/// "tensor, int, int_list or float": the spec names, for error messages.
std::string param_type_names();

/// True when `a` has the dtype and rank the wire format gives type `t`.
bool wire_matches(ParamType t, const npy::Array& a);

/// One row per output type: its name in problem.json, its C++ type, and its rank.
struct OutputTypeInfo {
    OutputType type;
    std::string_view spec_name;     // "int_tensor"
    std::string_view cpp_type;      // "judge::IntTensor"
    int rank;                       // -1 for any rank (a tensor, shown with its shape)
    std::string_view python_words;  // a Python return value, in `judge show`: "int64 tensor"
};

const OutputTypeInfo& type_info(OutputType t);

/// The row whose spec name is `name`, or nullptr.
const OutputTypeInfo* find_output_type(std::string_view name);

/// "tensor, int_tensor, int or float".
std::string output_type_names();

/// One row per generator: its name in problem.json, whether it draws from a seed, and whether
/// the one-line form ("randn(2, 3)") may name it (values are given as an object only).
struct GeneratorInfo {
    GenKind kind;
    std::string_view spec_name;  // "const"
    bool seeded;
    bool one_line;
};

const GeneratorInfo& generator_info(GenKind k);

/// The row whose spec name is `name`, or nullptr; with `one_line`, only the rows that form takes.
const GeneratorInfo* find_generator(std::string_view name, bool one_line);

/// "arange, randn, uniform, const or values" (with `one_line`, the rows that form takes).
std::string generator_names(bool one_line);

/// One row per exception type the harness reports (judge/harness/support.hpp catches them, in
/// that order): its name, whether a test may expect it ("throws"), and the Python class a Python
/// submission raises for it (docs/python.md; "" where Python has none).
struct ExceptionInfo {
    std::string_view spec_name;  // "invalid_argument"
    bool expectable;
    std::string_view python_name;  // "ValueError"
    bool python_class;             // python_name is the class a Python harness maps to this type
};

/// Every row, in the harness's order.
const std::vector<ExceptionInfo>& exception_types();

/// The row named `name`, or nullptr: a type the harness never writes (a forged status line).
const ExceptionInfo* find_exception(std::string_view name);

/// "invalid_argument, out_of_range, logic_error or runtime_error": the types a test may expect.
std::string expectable_exception_names();

/// One row per property check kind: its name in problem.json, and the fields it takes.
struct CheckKindInfo {
    CheckKind kind;
    std::string_view spec_name;  // "zero_beyond_lens"
    bool takes_lens;             // "lens": the parameter holding the lengths
    bool takes_offset;           // "offset": of the diagonal
    bool takes_from;             // "from": the output whose entries it keeps
};

const CheckKindInfo& check_info(CheckKind k);

/// The row whose spec name is `name`, or nullptr.
const CheckKindInfo* find_check_kind(std::string_view name);

/// "zero_beyond_lens, zero_above_diagonal, rows_sum_to_one, heads_differ or unchanged".
std::string check_kind_names();

/// The shape of a test's value: a tensor's or an int_tensor's, (n,) for an int_list, () for a scalar.
std::vector<int64_t> shape_of(const InputSpec& in);

/// The shape of the lengths `in` holds (an int_list, or a 1-D or 2-D int_tensor), or nullopt.
std::optional<std::vector<int64_t>> lengths_shape(const InputSpec& in);

/// "\"lens\" is not a parameter of f holding lengths (...)", for spec errors.
std::string lengths_words(const std::string& name, const FunctionSpec& fn);

/// "[[1, 2], [3, 4]]": words nested by `shape`, as NumPy prints them.
std::string nested(const std::vector<std::string>& values, const std::vector<int64_t>& shape);

/// nested() of integers.
std::string nested_ints(const std::vector<int64_t>& values, const std::vector<int64_t>& shape);

}  // namespace judge
