// Loading problem.json: the top level, functions and traps (tests are parsed in tests.cpp).
#include "problem/spec.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "core/errors.hpp"
#include "problem/compact.hpp"
#include "problem/field.hpp"
#include "problem/sequence.hpp"
#include "problem/types.hpp"
#include "util/files.hpp"

namespace judge {

using nlohmann::json;

namespace {

ParamType parse_param_type(const Field& f) {
    const std::string t = f.str();
    if (const ParamTypeInfo* row = find_param_type(t)) return row->type;
    f.fail("unknown type \"" + t + "\" (expected " + param_type_names() + ")");
}

// A parameter's declared "shape": ["B", "L", "D"], a symbol or a fixed extent per dimension.
std::vector<std::string> parse_declared_shape(const Field& f, ParamType type) {
    if (type != ParamType::tensor && type != ParamType::int_tensor && type != ParamType::int_list)
        f.fail("only a tensor, an int_tensor or an int_list has a shape");
    std::vector<std::string> dims;
    for (const Field& d : f.items()) {
        if (d.raw().is_number_integer()) {
            dims.push_back(std::to_string(d.integer_at_least(0)));
        } else {
            dims.push_back(identifier(d));
        }
    }
    if (type == ParamType::int_list && dims.size() != 1) f.fail("an int_list is 1-D: give one dimension");
    return dims;
}

FunctionSpec parse_function(const Field& f) {
    f.only_keys({"name", "returns", "params", "outputs", "small_inputs", "domain", "test_defaults"});
    FunctionSpec fn;
    fn.name = identifier(f.at("name"));
    // "returns" is schema 1's: "tensor" or "tensor_pair". Without it, the outputs' types say it all.
    std::optional<std::string> legacy;
    if (f.has("returns")) {
        const Field ret = f.child("returns");
        legacy = ret.str();
        if (*legacy != "tensor" && *legacy != "tensor_pair")
            ret.fail("unknown return type \"" + *legacy +
                     "\" (expected tensor or tensor_pair; or leave \"returns\" out and give each output a type)");
    }
    std::map<std::string, std::string> names;  // each name of a parameter or output: which it is
    for (const Field& p : f.at("params").items()) {
        p.only_keys({"name", "type", "shape"});
        Param param{identifier(p.at("name")), parse_param_type(p.at("type")), {}};
        if (p.has("shape")) param.shape = parse_declared_shape(p.child("shape"), param.type);
        if (!names.emplace(param.name, "parameter").second)
            p.at("name").fail("duplicate parameter \"" + param.name + "\"");
        fn.params.push_back(param);
    }
    const Field outs = f.at("outputs");
    for (const Field& o : outs.items()) {
        o.only_keys({"name", "axes", "type", "nan", "max"});
        OutputSpec out;
        out.name = identifier(o.at("name"));
        if (o.has("axes")) {
            for (const Field& a : o.at("axes").items()) out.axes.push_back(a.nonempty_str());
        }
        if (o.has("type")) {
            const Field t = o.child("type");
            const OutputTypeInfo* row = find_output_type(t.str());
            if (row == nullptr)
                t.fail("unknown output type \"" + t.str() + "\" (expected " + output_type_names() + ")");
            if (legacy && row->type != OutputType::tensor)
                t.fail("\"returns\": \"" + *legacy +
                       "\" returns tensors only; leave \"returns\" out to use other types");
            out.type = row->type;
        }
        if (o.has("nan")) {
            const Field n = o.child("nan");
            const std::string v = n.str();
            if (v != "never" && v != "match") n.fail("expected \"never\" or \"match\", got \"" + v + "\"");
            if (v == "match" && out.type != OutputType::tensor && out.type != OutputType::float32)
                n.fail("only a float output can hold NaN");
            out.nan = v == "match" ? NanPolicy::match : NanPolicy::never;
        }
        if (o.has("max")) {
            const Field m = o.child("max");
            if (out.type != OutputType::int64 && out.type != OutputType::int_tensor)
                m.fail("only an integer output has a largest value");
            out.max = m.integer();
        }
        if (const auto [at, fresh] = names.emplace(out.name, "output"); !fresh)
            o.at("name").fail("duplicate name \"" + out.name + "\": " + fn.name + " has a" +
                              (at->second == "output" ? "nother output" : " parameter") +
                              " of that name (an output's name differs from each parameter's and each other output's)");
        fn.outputs.push_back(out);
    }
    if (legacy) {
        fn.returns = *legacy == "tensor" ? ReturnType::single : ReturnType::pair;
        const size_t want = fn.returns == ReturnType::single ? 1 : 2;
        if (fn.outputs.size() != want) {
            outs.fail("a function returning " + *legacy + " needs " + std::to_string(want) + " output name" +
                      (want == 1 ? "" : "s") + ", got " + std::to_string(fn.outputs.size()));
        }
    } else {
        if (fn.outputs.empty() || fn.outputs.size() > 4)
            outs.fail("a function has 1 to 4 outputs, got " + std::to_string(fn.outputs.size()));
        fn.returns = fn.outputs.size() == 1 ? ReturnType::single : ReturnType::tuple;
    }
    if (f.has("domain")) parse_domain(f.child("domain"), fn);
    return fn;
}

}  // namespace

std::string to_string(ParamType t) { return std::string(type_info(t).spec_name); }
std::string to_string(OutputType t) { return std::string(type_info(t).spec_name); }

std::string FunctionSpec::return_type() const {
    if (returns == ReturnType::single) return std::string(type_info(outputs.front().type).cpp_type);
    std::string s = returns == ReturnType::pair ? "std::pair<" : "std::tuple<";
    for (size_t i = 0; i < outputs.size(); ++i) s += (i ? ", " : "") + std::string(type_info(outputs[i].type).cpp_type);
    return s + ">";
}

std::string FunctionSpec::signature() const {
    std::string s = return_type() + " " + name + "(";
    for (size_t i = 0; i < params.size(); ++i) {
        if (i > 0) s += ", ";
        s += std::string(type_info(params[i].type).cpp_decl) + params[i].name;
    }
    return s + ")";
}

const Param* FunctionSpec::param(const std::string& n) const {
    for (const Param& p : params)
        if (p.name == n) return &p;
    return nullptr;
}

const OutputSpec* FunctionSpec::output(const std::string& n) const {
    for (const OutputSpec& o : outputs)
        if (o.name == n) return &o;
    return nullptr;
}

const FunctionSpec& Problem::function(const std::string& n) const {
    for (const FunctionSpec& f : functions)
        if (f.name == n) return f;
    throw InputError(spec_path.string() + ": no function \"" + n + "\"");
}

size_t Problem::trap_index(const std::string& id) const {
    for (size_t i = 0; i < traps.size(); ++i)
        if (traps[i].id == id) return i;
    throw InputError(spec_path.string() + ": no trap \"" + id + "\"");
}

int Problem::max_score() const {
    int s = 0;
    for (const TestSpec& t : tests) s += t.points;
    return s;
}

Problem parse_problem(const std::string& text, const std::string& display_path) {
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::parse_error& e) {
        // Turn the byte offset into line:column, the way compilers point at a spot.
        size_t line = 1, col = 1;
        for (size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
            if (text[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        // nlohmann says "[json.exception.parse_error.101] parse error at line 4, column 1: <what>".
        std::string what = e.what();
        const size_t column = what.find("column ");
        const size_t colon = what.find(": ", column == std::string::npos ? 0 : column);
        if (colon != std::string::npos) what = what.substr(colon + 2);
        throw InputError(display_path + ":" + std::to_string(line) + ":" + std::to_string(col) +
                         ": invalid JSON: " + what);
    }
    const Field top(doc, "", display_path);
    top.only_keys({"schema", "title", "statement", "functions", "traps", "tests", "test_defaults", "limits",
                   "tolerance", "equivalent_mutants", "packed", "withheld", "fixtures"});
    Problem p;
    p.packed = top.has("packed") && top.child("packed").boolean();
    if (top.has("withheld")) {
        if (!p.packed) top.child("withheld").fail("only a pack's spec says how many tests it withholds");
        p.withheld = static_cast<int>(top.child("withheld").integer_at_least(0));
    }
    const Field schema = top.at("schema");
    if (schema.integer() != 1 && schema.integer() != 2)
        schema.fail("unsupported schema version " + schema.shown() + " (this judge reads versions 1 and 2)");
    const bool compact = schema.integer() == 2;
    if (!compact && top.has("test_defaults")) top.child("test_defaults").fail("needs \"schema\": 2");
    p.title = top.at("title").nonempty_str();
    p.statement_file = top.has("statement") ? top.child("statement").nonempty_str() : "statement.md";
    if (top.has("statement") && !stays_below(p.statement_file))
        top.child("statement").fail("expected a file in the problem's folder, like \"statement.md\"");
    if (top.has("equivalent_mutants")) {
        for (const Field& m : top.child("equivalent_mutants").items()) {
            m.only_keys({"id", "reason", "line"});
            EquivalentMutant e{m.at("id").nonempty_str(), m.at("reason").nonempty_str(), std::nullopt};
            if (std::count(e.id.begin(), e.id.end(), ':') < 2)
                m.child("id").fail("expected \"<operator>:<line>:<column>\" as validate --mutants prints it");
            if (m.has("line")) e.line = m.child("line").str();
            p.equivalent_mutants.push_back(std::move(e));
        }
    }
    for (const Field& f : top.at("functions").items()) {
        FunctionSpec fn = f.has("sequence") ? parse_sequence(f, p.functions) : parse_function(f);
        for (const FunctionSpec& other : p.functions) {
            if (other.name == fn.name) f.at("name").fail("duplicate function \"" + fn.name + "\"");
        }
        if (f.has("small_inputs")) {
            for (const Field& s : f.child("small_inputs").items()) {
                std::map<std::string, InputSpec> in = parse_inputs(s, fn);
                for (const auto& [name, spec] : in) {
                    if (type_info(spec.type).rank >= 0) continue;  // only tensors are limited
                    int64_t n = 1;
                    for (const int64_t d : shape_of(spec)) n *= d;
                    if (n > max_shown_elements)
                        s.child(name).fail(fmt::format("{} elements; a small input is shown whole, so at most {}", n,
                                                       max_shown_elements));
                }
                check_declared_shapes(fn, in, s);
                p.small_inputs[fn.name].push_back(std::move(in));
            }
        }
        p.functions.push_back(std::move(fn));
    }
    if (p.functions.empty()) top.at("functions").fail("needs at least one function");
    for (const Field& f : top.at("traps").items()) {
        f.only_keys({"id", "title", "hint", "hint_python", "after", "visibility"});
        TrapSpec t{identifier(f.at("id")), f.at("title").nonempty_str(), f.at("hint").nonempty_str(), {}, "", {}};
        if (f.has("hint_python")) t.hint_in["python"] = f.at("hint_python").nonempty_str();
        if (f.has("visibility")) t.visibility = visibility_word(f.child("visibility"));
        for (const TrapSpec& other : p.traps) {
            if (other.id == t.id) f.at("id").fail("duplicate trap \"" + t.id + "\"");
        }
        if (f.has("after")) {
            for (const Field& a : f.child("after").items()) {
                const std::string dep = a.nonempty_str();
                // Only earlier traps: the list is then an order to assess them in, and has no cycle.
                if (std::none_of(p.traps.begin(), p.traps.end(), [&](const TrapSpec& o) { return o.id == dep; })) {
                    a.fail(dep == t.id ? "a trap cannot come after itself"
                                       : "\"" + dep + "\" is not a trap declared before \"" + t.id +
                                             "\" (list the traps in the order they are assessed)");
                }
                if (std::count(t.after.begin(), t.after.end(), dep)) a.fail("\"" + dep + "\" is listed twice");
                t.after.push_back(dep);
            }
        }
        p.traps.push_back(std::move(t));
    }
    if (top.has("limits")) {
        const Field l = top.child("limits");
        l.only_keys({"time_per_test_ms", "compile_time_ms", "memory_mb", "output_kb"});
        if (l.has("time_per_test_ms"))
            p.limits.time_per_test_ms = static_cast<int>(l.child("time_per_test_ms").integer_at_least(1));
        if (l.has("compile_time_ms"))
            p.limits.compile_time_ms = static_cast<int>(l.child("compile_time_ms").integer_at_least(1));
        if (l.has("memory_mb")) p.limits.memory_mb = static_cast<int>(l.child("memory_mb").integer_at_least(16));
        if (l.has("output_kb")) p.limits.output_kb = static_cast<int>(l.child("output_kb").integer_at_least(1));
    }
    const Tolerance base = top.has("tolerance") ? parse_tolerance(top.child("tolerance"), Tolerance{}) : Tolerance{};
    std::set<std::string> ids;
    for (const ExpandedTest& e : expand_tests(top, compact)) {
        const Field f(e.json, e.path, e.index_path, display_path);
        TestSpec t;
        try {
            t = parse_test(f, p, base);
            // A test that expects an exception may break the declared shapes on purpose.
            if (!t.throws && !t.inputs.empty()) check_declared_shapes(p.function(t.function), t.inputs, f.at("inputs"));
        } catch (const InputError& err) {
            throw with_origin(err, e);
        }
        if (!ids.insert(t.id).second)
            Field(e.json, e.index_path, display_path).at("id").fail("duplicate test id \"" + t.id + "\"");
        p.tests.push_back(std::move(t));
    }
    for (size_t i = 0; i < p.traps.size(); ++i) {
        const std::string& id = p.traps[i].id;
        if (std::none_of(p.tests.begin(), p.tests.end(), [&](const TestSpec& t) { return t.trap == id; })) {
            top.child("traps").items()[i].fail("trap \"" + id + "\" has no tests");
        }
    }
    p.spec_text = text;
    return p;
}

Problem load_problem(const std::filesystem::path& root, const std::string& name) {
    const std::filesystem::path spec_path = root / "problems" / name / "problem.json";
    const std::string display = (std::filesystem::path("problems") / name / "problem.json").string();
    Problem p = parse_problem(read_input_file(spec_path), display);
    p.name = name;
    p.dir = root / "problems" / name;
    p.spec_path = spec_path;
    p.reference = root / "reference" / name / "solution.cpp";
    p.bugs_dir = root / "reference" / name / "bugs";
    p.accepted_dir = root / "reference" / name / "accepted";
    p.template_solution = root / "student_template" / name / "solution.cpp";
    return p;
}

}  // namespace judge
