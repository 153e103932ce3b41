// judge/problem/spec.hpp: a problem as an instructor writes it in problems/<name>/problem.json.
//
// The spec is the single source of truth for a problem: its functions' typed signatures (from
// which the harness is generated), its traps, its tests with seeded input generators, and its
// limits. Nothing about a particular problem is written in the judge's code.
#pragma once

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace judge {

/// The parameter types the harness can pass to a student function.
enum class ParamType { tensor, int64, int_list, float32, boolean, int_tensor };

/// The types of a function's outputs (problem/types.hpp has a row for each).
enum class OutputType { tensor, int_tensor, int64, float32 };

/// How the outputs come back: one value; a std::pair of tensors ("returns": "tensor_pair", kept for
/// schema 1); or a std::tuple of two to four values.
enum class ReturnType { single, pair, tuple };

/// What an expected NaN means: `never` (no NaN matches anything, the default) or `match` (an
/// expected NaN must be found as NaN, e.g. PyTorch's fully masked row).
enum class NanPolicy { never, match };

struct Param {
    std::string name;
    ParamType type = ParamType::tensor;
    std::vector<std::string> shape;  // declared: a symbol ("B") or a fixed extent ("4") per dimension; or none
};

/// One named output of a function; `axes` names each dimension for diagnoses ("head", "position").
struct OutputSpec {
    std::string name;
    std::vector<std::string> axes;
    OutputType type = OutputType::tensor;
    NanPolicy nan = NanPolicy::never;
    // An integer output's largest value, as the statement allows it ("max"): the lint wants a
    // test past 2^31 and 2^53 when the domain reaches them.
    std::optional<int64_t> max;

    /// Its name with the axes the spec names: "weights (example, query, key)", or "weights".
    std::string with_axes() const {
        std::string named;
        for (const std::string& a : axes) named += (named.empty() ? "" : ", ") + a;
        return named.empty() ? name : name + " (" + named + ")";
    }
};

/// An input's extent, "scores[2]": the tensor `input`, axis `axis` (>= 0).
struct Extent {
    std::string input;
    int64_t axis = 0;
    std::string text() const { return input + "[" + std::to_string(axis) + "]"; }
};

/// What the statement allows a function's inputs to be ("domain", issue #21). validate checks
/// every test against it, and its lint warns about a boundary that no test of a trap reaches.
struct LengthDomain {
    std::string param;          // an int_tensor or int_list of lengths
    int64_t min = 0;            // the smallest length allowed: 0 means a row may see no key
    std::optional<Extent> max;  // at most this extent of another input, e.g. scores[2]
};
struct QueryKeyDomain {
    Extent queries, keys;  // e.g. scores[1] and scores[2]
    bool differ = true;    // the statement lets Lq differ from Lk
};

/// One call of a sequence (problem/sequence.hpp): the function it calls, the sequence's name for
/// each of that function's parameters (a parameter of the sequence, or an output of an earlier
/// call), and the sequence's name for each of its outputs ("": not kept).
struct SequenceStep {
    std::string call;
    std::vector<std::string> args;     // one per parameter of `call`, in its order
    std::vector<std::string> results;  // one per output of `call`, in its order
};

struct FunctionSpec {
    std::string name;
    // A sequence ("sequence" in the spec): calls of the solution's functions in one process, each
    // reading the sequence's parameters or the outputs of earlier calls. The solution does not
    // define it; its tests are tests like any other. Empty: a function the solution defines.
    std::vector<SequenceStep> sequence;
    bool is_sequence() const { return !sequence.empty(); }
    ReturnType returns = ReturnType::single;
    std::vector<Param> params;
    std::vector<OutputSpec> outputs;  // one for single, two for pair, 2 to 4 for tuple
    std::vector<LengthDomain> lengths;
    std::optional<QueryKeyDomain> query_key;

    /// The C++ return type, e.g. "std::pair<judge::Tensor, judge::Tensor>".
    std::string return_type() const;
    /// The C++ declaration, e.g. "judge::Tensor split_heads(const judge::Tensor& x, int64_t num_heads)".
    std::string signature() const;
    const Param* param(const std::string& n) const;
    const OutputSpec* output(const std::string& n) const;
};

struct TrapSpec {
    std::string id;
    std::string title;
    std::string hint;
    // The traps this one is assessed after (declared earlier in the list): while one of them, or
    // one they come after, fails, this trap's failures are "blocked", not its own.
    std::vector<std::string> after;
    // The visibility of its tests that give none ("" when the trap gives none either: hidden).
    std::string visibility;
    // The hint in a language's own words, by the language's text variant (problem/language.hpp):
    // "python" from the spec's hint_python. A language without one here gets `hint`.
    std::map<std::string, std::string> hint_in;
};

/// The tensor generators (problem/types.hpp has a row for each).
enum class GenKind { arange, randn, uniform, constant, values };

/// A seeded tensor generator. Every random value in a test comes from one of these.
struct Generator {
    GenKind kind = GenKind::randn;
    std::vector<int64_t> shape;
    uint64_t seed = 0;
    double scale = 1.0, low = -1.0, high = 1.0, value = 0.0, start = 0.0, step = 1.0;
    std::vector<double> values;
    // Optional intervention: positions along `beyond_axis` at or past lens[example] take values
    // from `beyond` instead (used to prove masked keys and values cannot matter).
    std::string beyond_lens;
    int64_t beyond_axis = 1;
    std::vector<Generator> beyond;  // zero or one element
};

/// The value given for one parameter in a test.
struct InputSpec {
    ParamType type = ParamType::tensor;
    Generator gen;                   // tensor
    int64_t int_value = 0;           // int64, and bool as 0 or 1
    std::vector<int64_t> ints;       // int_list, and int_tensor's values in row-major order
    std::vector<int64_t> int_shape;  // int_tensor
    double float_value = 0.0;        // float32
};

/// The one tolerance rule (checks/compare.hpp says the NaN and infinity policy around it): a
/// value passes when |got - want| <= atol + rtol * |want|.
struct Tolerance {
    double rtol = 1e-4;
    double atol = 1e-5;
    /// How far a value may be from `want`.
    double allowed(double want) const { return atol + rtol * std::fabs(want); }
    /// Whether finite `got` is within the tolerance of finite `want`.
    bool within(double got, double want) const { return std::fabs(got - want) <= allowed(want); }
    /// Whether `got` agrees with `want`: NaN only with NaN, an infinity only with itself, finite
    /// values within the tolerance.
    bool agrees(double got, double want) const {
        if (std::isnan(got) || std::isnan(want)) return std::isnan(got) && std::isnan(want);
        if (std::isinf(got) || std::isinf(want)) return got == want;
        return within(got, want);
    }
};

/// The property checks (problem/types.hpp has a row for each).
enum class CheckKind { zero_beyond_lens, zero_above_diagonal, rows_sum_to_one, heads_differ, unchanged };

/// A property every correct output has, checked in addition to (or instead of) the reference.
struct PropertyCheck {
    CheckKind kind = CheckKind::rows_sum_to_one;
    std::string output;  // which output
    std::string lens;    // zero_beyond_lens: the parameter holding the lengths, per example (1-D) or per query (2-D)
    int64_t offset = 0;  // zero_above_diagonal: key k of query q must be 0 when k > q + offset
    std::string when;    // a bool parameter: the check applies only where it is true ("" always)
    std::string from;    // unchanged: the output whose entries `output` keeps exactly, at the same positions
};

struct TestSpec {
    std::string id;
    std::string function;
    std::string trap;
    std::string description;
    int points = 1;
    bool hidden = true;           // no data shown: "hidden" and "after_due_date"
    bool after_due_date = false;  // its verdict too is withheld until released (problem/packed.hpp: released)
    std::map<std::string, InputSpec> inputs;
    std::vector<std::string> compare;   // outputs compared against the reference
    bool shape_only = false;            // compare shapes, not values
    std::optional<std::string> throws;  // expected exception type, e.g. "invalid_argument"
    std::vector<PropertyCheck> checks;
    std::string trace;  // an arange tensor input whose values identify source positions
    // Inputs that must not change the output (a "beyond_lens" generator, or "intervention": true):
    // a failure is then the trap's own mistake.
    bool intervention = false;
    Tolerance tolerance;
    // What a grading seed may not redraw (problem/redraw.hpp): these integers keep their value
    // ("keep": [3, 4]), or with keep_all ("keep": "all") every input keeps its sizes.
    std::vector<int64_t> keep;
    bool keep_all = false;
    // "weights": an output this test's inputs make equal to the attention weights (one-hot values
    // and W_o = I, say): its pictures draw it as weights, query by key, a panel per leading index
    // (issue #64: problem_kv_cache's step returns no weights).
    std::string weights;
    // "weights_heads": the int input whose value of heads split that output's last axis, each its
    // own keys (head h's are columns h*K to h*K + K - 1): a panel per head.
    std::string weights_heads;
};

struct Limits {
    int time_per_test_ms = 2000;
    int compile_time_ms = 60000;
    int memory_mb = 1024;
    int output_kb = 1024;
};

/// A counterexample is shown whole: no tensor of it (input or output) has more elements than this.
constexpr int64_t max_shown_elements = 64;

/// A loaded, validated problem.
/// A mutant of the reference declared equivalent: its id ("<operator>:<line>:<column>[:<variant>]"),
/// why, and the text of its line, which finds it again when the line moves.
struct EquivalentMutant {
    std::string id, reason;
    std::optional<std::string> line;
};

struct Problem {
    std::string name;
    std::filesystem::path dir;                // problems/<name>
    std::filesystem::path spec_path;          // problems/<name>/problem.json
    std::filesystem::path reference;          // reference/<name>/solution.cpp
    std::filesystem::path bugs_dir;           // reference/<name>/bugs
    std::filesystem::path accepted_dir;       // reference/<name>/accepted: other correct solutions
    std::filesystem::path template_solution;  // student_template/<name>/solution.cpp
    std::string spec_text;                    // raw bytes, part of every cache key
    // A student pack's spec ("packed": true): hidden tests have no inputs until the pack's data
    // fills them (problem/packed.hpp); no reference, bug or accepted source is beside it.
    bool packed = false;
    // Tests withheld until after the due date (visibility "after_due_date"), left out of this
    // problem by released(); counted so that the report can say so.
    int withheld = 0;
    std::string title;
    std::string statement_file;
    std::vector<FunctionSpec> functions;
    std::vector<TrapSpec> traps;
    std::vector<TestSpec> tests;
    Limits limits;
    // By function: small inputs (every tensor at most 64 elements), smallest first, from which the
    // judge makes fresh cases in search of a counterexample to a failed hidden test.
    std::map<std::string, std::vector<std::map<std::string, InputSpec>>> small_inputs;
    // Mutants of the reference (authoring/mutants.hpp) that behave as it does, by id, with the reason.
    std::vector<EquivalentMutant> equivalent_mutants;

    const FunctionSpec& function(const std::string& n) const;
    size_t trap_index(const std::string& id) const;
    int max_score() const;
};

/// Loads and validates root/problems/<name>/problem.json. Throws InputError whose message names
/// the file and the field, e.g. "problems/p/problem.json: tests[3].tolerance.rtol: expected a number, got \"1e-3\"".
Problem load_problem(const std::filesystem::path& root, const std::string& name);

/// Parses spec text; `display_path` is the path named in error messages.
Problem parse_problem(const std::string& text, const std::string& display_path);

std::string to_string(ParamType t);
std::string to_string(OutputType t);

}  // namespace judge
