#include "problem/spec.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <set>

#include "util/errors.hpp"
#include "util/files.hpp"

namespace judge {

using nlohmann::json;

namespace {

// A JSON value together with its path in the document, so that every error names the field.
class Field {
public:
    Field(const json& j, std::string path, const std::string& file) : m_j(j), m_path(std::move(path)), m_file(file) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw InputError(m_file + ": " + (m_path.empty() ? std::string("top level") : m_path) + ": " + what);
    }

    const json& raw() const { return m_j; }
    const std::string& path() const { return m_path; }

    bool has(const std::string& key) const { return m_j.is_object() && m_j.contains(key); }

    Field at(const std::string& key) const {
        require_object();
        if (!m_j.contains(key)) fail("missing required field '" + key + "'");
        return child(key);
    }

    Field child(const std::string& key) const {
        return Field(m_j.at(key), m_path.empty() ? key : m_path + "." + key, m_file);
    }

    // Rejects keys outside `allowed`, so that a typo such as "hiden" is an error, not a silent default.
    void only_keys(std::initializer_list<const char*> allowed) const {
        require_object();
        for (const auto& [k, v] : m_j.items()) {
            if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return k == a; })) {
                std::string list;
                for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
                fail("unknown field '" + k + "' (allowed: " + list + ")");
            }
        }
    }

    void require_object() const {
        if (!m_j.is_object()) fail("expected an object, got " + shown());
    }

    std::vector<Field> items() const {
        if (!m_j.is_array()) fail("expected an array, got " + shown());
        std::vector<Field> out;
        for (size_t i = 0; i < m_j.size(); ++i) out.emplace_back(m_j[i], m_path + "[" + std::to_string(i) + "]", m_file);
        return out;
    }

    std::string str() const {
        if (!m_j.is_string()) fail("expected a string, got " + shown());
        return m_j.get<std::string>();
    }

    std::string nonempty_str() const {
        std::string s = str();
        if (s.empty()) fail("must not be empty");
        return s;
    }

    int64_t integer() const {
        if (!m_j.is_number_integer()) fail("expected an integer, got " + shown());
        return m_j.get<int64_t>();
    }

    int64_t integer_at_least(int64_t lo) const {
        const int64_t v = integer();
        if (v < lo) fail("must be at least " + std::to_string(lo) + ", got " + std::to_string(v));
        return v;
    }

    double number() const {
        if (!m_j.is_number()) fail("expected a number, got " + shown());
        return m_j.get<double>();
    }

    bool boolean() const {
        if (!m_j.is_boolean()) fail("expected true or false, got " + shown());
        return m_j.get<bool>();
    }

    std::string shown() const {
        std::string s = m_j.dump();
        if (s.size() > 40) s = s.substr(0, 37) + "...";
        return s;
    }

private:
    const json& m_j;
    std::string m_path;
    const std::string& m_file;
};

bool valid_identifier(const std::string& s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

std::string identifier(const Field& f) {
    std::string s = f.str();
    if (!valid_identifier(s)) f.fail("\"" + s + "\" is not a valid identifier (letters, digits and _, not starting with a digit)");
    return s;
}

ParamType parse_param_type(const Field& f) {
    const std::string t = f.str();
    if (t == "tensor") return ParamType::tensor;
    if (t == "int") return ParamType::int64;
    if (t == "int_list") return ParamType::int_list;
    if (t == "float") return ParamType::float32;
    f.fail("unknown type \"" + t + "\" (expected tensor, int, int_list or float)");
}

FunctionSpec parse_function(const Field& f) {
    f.only_keys({"name", "returns", "params", "outputs"});
    FunctionSpec fn;
    fn.name = identifier(f.at("name"));
    const Field ret = f.at("returns");
    const std::string r = ret.str();
    if (r == "tensor") {
        fn.returns = ReturnType::tensor;
    } else if (r == "tensor_pair") {
        fn.returns = ReturnType::tensor_pair;
    } else {
        ret.fail("unknown return type \"" + r + "\" (expected tensor or tensor_pair)");
    }
    std::set<std::string> names;
    for (const Field& p : f.at("params").items()) {
        p.only_keys({"name", "type"});
        Param param{identifier(p.at("name")), parse_param_type(p.at("type"))};
        if (!names.insert(param.name).second) p.at("name").fail("duplicate parameter \"" + param.name + "\"");
        fn.params.push_back(param);
    }
    const Field outs = f.at("outputs");
    for (const Field& o : outs.items()) {
        o.only_keys({"name", "axes"});
        OutputSpec out{identifier(o.at("name")), {}};
        if (o.has("axes")) {
            for (const Field& a : o.at("axes").items()) out.axes.push_back(a.nonempty_str());
        }
        if (!names.insert(out.name).second) o.at("name").fail("duplicate name \"" + out.name + "\"");
        fn.outputs.push_back(out);
    }
    const size_t want = fn.returns == ReturnType::tensor ? 1 : 2;
    if (fn.outputs.size() != want) {
        outs.fail("a function returning " + r + " needs " + std::to_string(want) + " output name" +
                  (want == 1 ? "" : "s") + ", got " + std::to_string(fn.outputs.size()));
    }
    return fn;
}

std::vector<int64_t> parse_shape(const Field& f) {
    std::vector<int64_t> shape;
    for (const Field& e : f.items()) shape.push_back(e.integer_at_least(0));
    return shape;
}

Generator parse_generator(const Field& f, bool nested) {
    f.require_object();
    if (nested) {
        f.only_keys({"gen", "seed", "scale", "low", "high", "value", "start", "step", "values"});
    } else {
        f.only_keys({"gen", "shape", "seed", "scale", "low", "high", "value", "start", "step", "values", "beyond_lens"});
    }
    Generator g;
    const Field kind = f.at("gen");
    g.kind = kind.str();
    if (!nested) g.shape = parse_shape(f.at("shape"));
    if (g.kind == "randn" || g.kind == "uniform") {
        g.seed = static_cast<uint64_t>(f.at("seed").integer_at_least(0));
    } else if (g.kind != "arange" && g.kind != "const" && g.kind != "values") {
        kind.fail("unknown generator \"" + g.kind + "\" (expected arange, randn, uniform, const or values)");
    }
    if (f.has("scale")) g.scale = f.child("scale").number();
    if (f.has("low")) g.low = f.child("low").number();
    if (f.has("high")) g.high = f.child("high").number();
    if (f.has("start")) g.start = f.child("start").number();
    if (f.has("step")) g.step = f.child("step").number();
    if (g.kind == "const") g.value = f.at("value").number();
    if (g.kind == "values") {
        for (const Field& v : f.at("values").items()) g.values.push_back(v.number());
    }
    if (f.has("beyond_lens")) {
        const Field b = f.child("beyond_lens");
        b.only_keys({"lens", "axis", "gen"});
        g.beyond_lens = identifier(b.at("lens"));
        if (b.has("axis")) g.beyond_axis = b.child("axis").integer_at_least(1);
        if (g.beyond_axis >= static_cast<int64_t>(g.shape.size())) {
            b.child("axis").fail("axis " + std::to_string(g.beyond_axis) + " is outside the shape");
        }
        Generator inner = parse_generator(b.at("gen"), true);
        inner.shape = g.shape;
        g.beyond.push_back(inner);
    }
    if (g.kind == "values") {
        int64_t n = 1;
        for (int64_t e : g.shape) n *= e;
        if (static_cast<int64_t>(g.values.size()) != n) {
            f.child("values").fail("shape " + f.at("shape").shown() + " needs " + std::to_string(n) +
                                   " values, got " + std::to_string(g.values.size()));
        }
    }
    return g;
}

InputSpec parse_input(const Field& f, ParamType type) {
    InputSpec in;
    in.type = type;
    switch (type) {
        case ParamType::tensor: in.gen = parse_generator(f, false); break;
        case ParamType::int64: in.int_value = f.integer(); break;
        case ParamType::float32: in.float_value = f.number(); break;
        case ParamType::int_list:
            for (const Field& e : f.items()) in.ints.push_back(e.integer());
            break;
    }
    return in;
}

Tolerance parse_tolerance(const Field& f, Tolerance base) {
    f.only_keys({"rtol", "atol"});
    if (f.has("rtol")) base.rtol = f.child("rtol").number();
    if (f.has("atol")) base.atol = f.child("atol").number();
    if (base.rtol < 0) f.child("rtol").fail("must not be negative");
    if (base.atol < 0) f.child("atol").fail("must not be negative");
    return base;
}

TestSpec parse_test(const Field& f, const Problem& p, Tolerance base) {
    f.only_keys({"id", "function", "trap", "description", "points", "visibility", "inputs", "compare", "throws",
                 "checks", "trace", "tolerance", "shape_only"});
    TestSpec t;
    t.id = identifier(f.at("id"));
    const Field fn_field = f.at("function");
    t.function = fn_field.str();
    const auto fit = std::find_if(p.functions.begin(), p.functions.end(), [&](const FunctionSpec& x) { return x.name == t.function; });
    if (fit == p.functions.end()) fn_field.fail("unknown function \"" + t.function + "\"");
    const FunctionSpec& fn = *fit;
    const Field trap_field = f.at("trap");
    t.trap = trap_field.str();
    if (std::none_of(p.traps.begin(), p.traps.end(), [&](const TrapSpec& x) { return x.id == t.trap; })) {
        trap_field.fail("unknown trap \"" + t.trap + "\"");
    }
    if (f.has("description")) t.description = f.child("description").str();
    if (f.has("points")) t.points = static_cast<int>(f.child("points").integer_at_least(0));
    if (f.has("visibility")) {
        const Field v = f.child("visibility");
        const std::string s = v.str();
        if (s != "hidden" && s != "sample") v.fail("expected \"hidden\" or \"sample\", got \"" + s + "\"");
        t.hidden = s == "hidden";
    }
    const Field inputs = f.at("inputs");
    inputs.require_object();
    for (const Param& param : fn.params) {
        if (!inputs.has(param.name)) inputs.fail("missing input for parameter '" + param.name + "' of " + fn.name);
        t.inputs[param.name] = parse_input(inputs.child(param.name), param.type);
    }
    for (const auto& [k, v] : inputs.raw().items()) {
        if (!fn.param(k)) inputs.fail("\"" + k + "\" is not a parameter of " + fn.name);
    }
    for (const auto& [name, in] : t.inputs) {
        if (in.type == ParamType::tensor && !in.gen.beyond_lens.empty()) {
            const Param* lp = fn.param(in.gen.beyond_lens);
            if (lp == nullptr || lp->type != ParamType::int_list) {
                inputs.child(name).child("beyond_lens").child("lens").fail(
                    "\"" + in.gen.beyond_lens + "\" is not an int_list parameter of " + fn.name);
            }
        }
    }
    if (f.has("throws")) {
        const Field th = f.child("throws");
        t.throws = th.str();
        static const std::set<std::string> known = {"invalid_argument", "out_of_range", "logic_error", "runtime_error"};
        if (!known.count(*t.throws)) th.fail("unknown exception type \"" + *t.throws + "\" (expected invalid_argument, out_of_range, logic_error or runtime_error)");
    }
    if (f.has("compare")) {
        for (const Field& c : f.child("compare").items()) {
            const std::string o = c.str();
            if (!fn.output(o)) c.fail("\"" + o + "\" is not an output of " + fn.name);
            t.compare.push_back(o);
        }
    } else if (!t.throws) {
        for (const OutputSpec& o : fn.outputs) t.compare.push_back(o.name);
    }
    if (f.has("shape_only")) t.shape_only = f.child("shape_only").boolean();
    if (f.has("checks")) {
        for (const Field& c : f.child("checks").items()) {
            c.only_keys({"kind", "output", "lens"});
            PropertyCheck pc{c.at("kind").str(), c.at("output").str(), c.at("lens").str()};
            if (pc.kind != "zero_beyond_lens") c.at("kind").fail("unknown check \"" + pc.kind + "\" (expected zero_beyond_lens)");
            if (!fn.output(pc.output)) c.at("output").fail("\"" + pc.output + "\" is not an output of " + fn.name);
            const Param* lp = fn.param(pc.lens);
            if (lp == nullptr || lp->type != ParamType::int_list) c.at("lens").fail("\"" + pc.lens + "\" is not an int_list parameter of " + fn.name);
            t.checks.push_back(pc);
        }
    }
    if (f.has("trace")) {
        const Field tr = f.child("trace");
        t.trace = tr.str();
        const auto it = t.inputs.find(t.trace);
        if (it == t.inputs.end() || it->second.type != ParamType::tensor || it->second.gen.kind != "arange") {
            tr.fail("\"" + t.trace + "\" must name a tensor input made with the arange generator");
        }
    }
    if (t.throws && (!t.compare.empty() || !t.checks.empty())) f.fail("a test with \"throws\" cannot also compare outputs or run checks");
    if (!t.throws && t.compare.empty() && t.checks.empty()) f.fail("the test checks nothing: give \"compare\", \"checks\" or \"throws\"");
    t.tolerance = f.has("tolerance") ? parse_tolerance(f.child("tolerance"), base) : base;
    return t;
}

}  // namespace

std::string to_string(ParamType t) {
    switch (t) {
        case ParamType::tensor: return "tensor";
        case ParamType::int64: return "int";
        case ParamType::int_list: return "int_list";
        case ParamType::float32: return "float";
    }
    return "?";
}

std::string FunctionSpec::signature() const {
    std::string s = returns == ReturnType::tensor ? "judge::Tensor " : "std::pair<judge::Tensor, judge::Tensor> ";
    s += name + "(";
    for (size_t i = 0; i < params.size(); ++i) {
        if (i > 0) s += ", ";
        switch (params[i].type) {
            case ParamType::tensor: s += "const judge::Tensor& "; break;
            case ParamType::int64: s += "int64_t "; break;
            case ParamType::int_list: s += "const std::vector<int64_t>& "; break;
            case ParamType::float32: s += "float "; break;
        }
        s += params[i].name;
    }
    return s + ")";
}

const Param* FunctionSpec::param(const std::string& n) const {
    for (const Param& p : params) if (p.name == n) return &p;
    return nullptr;
}

const OutputSpec* FunctionSpec::output(const std::string& n) const {
    for (const OutputSpec& o : outputs) if (o.name == n) return &o;
    return nullptr;
}

const FunctionSpec& Problem::function(const std::string& n) const {
    for (const FunctionSpec& f : functions) if (f.name == n) return f;
    throw InputError(spec_path.string() + ": no function \"" + n + "\"");
}

const TrapSpec& Problem::trap(const std::string& id) const {
    for (const TrapSpec& t : traps) if (t.id == id) return t;
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
            if (text[i] == '\n') { ++line; col = 1; } else { ++col; }
        }
        // nlohmann says "[json.exception.parse_error.101] parse error at line 4, column 1: <what>".
        std::string what = e.what();
        const size_t column = what.find("column ");
        const size_t colon = what.find(": ", column == std::string::npos ? 0 : column);
        if (colon != std::string::npos) what = what.substr(colon + 2);
        throw InputError(display_path + ":" + std::to_string(line) + ":" + std::to_string(col) + ": invalid JSON: " + what);
    }
    const Field top(doc, "", display_path);
    top.only_keys({"schema", "title", "statement", "functions", "traps", "tests", "limits", "tolerance"});
    Problem p;
    const Field schema = top.at("schema");
    if (schema.integer() != 1) schema.fail("unsupported schema version " + schema.shown() + " (this judge reads version 1)");
    p.title = top.at("title").nonempty_str();
    p.statement_file = top.has("statement") ? top.child("statement").nonempty_str() : "statement.md";
    for (const Field& f : top.at("functions").items()) {
        FunctionSpec fn = parse_function(f);
        for (const FunctionSpec& other : p.functions) {
            if (other.name == fn.name) f.at("name").fail("duplicate function \"" + fn.name + "\"");
        }
        p.functions.push_back(std::move(fn));
    }
    if (p.functions.empty()) top.at("functions").fail("needs at least one function");
    for (const Field& f : top.at("traps").items()) {
        f.only_keys({"id", "title", "hint"});
        TrapSpec t{identifier(f.at("id")), f.at("title").nonempty_str(), f.at("hint").nonempty_str()};
        for (const TrapSpec& other : p.traps) {
            if (other.id == t.id) f.at("id").fail("duplicate trap \"" + t.id + "\"");
        }
        p.traps.push_back(std::move(t));
    }
    if (top.has("limits")) {
        const Field l = top.child("limits");
        l.only_keys({"time_per_test_ms", "compile_time_ms", "memory_mb", "output_kb"});
        if (l.has("time_per_test_ms")) p.limits.time_per_test_ms = static_cast<int>(l.child("time_per_test_ms").integer_at_least(1));
        if (l.has("compile_time_ms")) p.limits.compile_time_ms = static_cast<int>(l.child("compile_time_ms").integer_at_least(1));
        if (l.has("memory_mb")) p.limits.memory_mb = static_cast<int>(l.child("memory_mb").integer_at_least(16));
        if (l.has("output_kb")) p.limits.output_kb = static_cast<int>(l.child("output_kb").integer_at_least(1));
    }
    const Tolerance base = top.has("tolerance") ? parse_tolerance(top.child("tolerance"), Tolerance{}) : Tolerance{};
    std::set<std::string> ids;
    for (const Field& f : top.at("tests").items()) {
        TestSpec t = parse_test(f, p, base);
        if (!ids.insert(t.id).second) f.at("id").fail("duplicate test id \"" + t.id + "\"");
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
    Problem p = parse_problem(read_file(spec_path), display);
    p.name = name;
    p.dir = root / "problems" / name;
    p.spec_path = spec_path;
    p.reference = root / "reference" / name / "solution.cpp";
    p.bugs_dir = root / "reference" / name / "bugs";
    p.template_solution = root / "student_template" / name / "solution.cpp";
    return p;
}

}  // namespace judge
