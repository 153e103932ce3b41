// Parsing a test of problem.json: its inputs (through the type table), checks and tolerance.
#include <fmt/core.h>

#include <algorithm>
#include <set>

#include "problem/field.hpp"
#include "problem/types.hpp"

namespace judge {

namespace {

std::vector<int64_t> parse_shape(const Field& f) {
    std::vector<int64_t> shape;
    for (const Field& e : f.items()) shape.push_back(e.integer_at_least(0));
    return shape;
}

}  // namespace

namespace {

uint64_t fnv1a(const std::string& s) {
    uint64_t h = 1469598103934665603ULL;
    for (const unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
    return h;
}

// "randn(2, 3, 4; seed=7, scale=0.5)": a generator on one line. Without a seed, the seed comes from
// where the value is written (test and parameter), so that two inputs never share values by accident.
Generator parse_shorthand(const Field& f) {
    const std::string text = f.str();
    const auto bad = [&](const std::string& why) {
        f.fail(
            "\"" + text + "\": " + why +
            " (write e.g. \"randn(2, 3, 4)\", \"uniform(2, 3; low=0, high=1, seed=5)\" or \"const(2, 3; value=1)\")");
    };
    const size_t open = text.find('('), close = text.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open || close + 1 != text.size())
        bad("expected gen(shape; key=value, ...)");
    Generator g;
    const std::string name = text.substr(0, open);
    const GeneratorInfo* row = find_generator(name, true);
    if (row == nullptr) bad("unknown generator \"" + name + "\" (expected " + generator_names(true) + ")");
    g.kind = row->kind;
    const std::string inside = text.substr(open + 1, close - open - 1);
    const size_t semi = inside.find(';');
    const auto split = [](const std::string& list) {
        std::vector<std::string> parts;
        std::string cur;
        for (const char c : list + ",") {
            if (c == ',') {
                const auto b = cur.find_first_not_of(' '), e = cur.find_last_not_of(' ');
                if (b != std::string::npos) parts.push_back(cur.substr(b, e - b + 1));
                cur.clear();
            } else {
                cur += c;
            }
        }
        return parts;
    };
    const auto number = [&](const std::string& v, const std::string& what) {
        try {
            size_t used = 0;
            const double d = std::stod(v, &used);
            if (used == v.size()) return d;
        } catch (const std::exception&) {}
        bad(what + " \"" + v + "\" is not a number");
        return 0.0;
    };
    for (const std::string& e : split(inside.substr(0, semi))) {
        const double d = number(e, "extent");
        if (d < 0 || d != static_cast<double>(static_cast<int64_t>(d))) bad("extent \"" + e + "\" is not a size");
        g.shape.push_back(static_cast<int64_t>(d));
    }
    g.seed = fnv1a(f.place()) & 0x7fffffffULL;
    bool has_value = false;
    if (semi != std::string::npos) {
        for (const std::string& kv : split(inside.substr(semi + 1))) {
            const size_t eq = kv.find('=');
            if (eq == std::string::npos) bad("\"" + kv + "\" is not key=value");
            const std::string k = kv.substr(0, kv.find_last_not_of(' ', eq - 1) + 1);
            const double v = number(kv.substr(kv.find_first_not_of(' ', eq + 1)), k);
            if (k == "seed" && v >= 0 && v == static_cast<double>(static_cast<int64_t>(v)))
                g.seed = static_cast<uint64_t>(v);
            else if (k == "scale")
                g.scale = v;
            else if (k == "low")
                g.low = v;
            else if (k == "high")
                g.high = v;
            else if (k == "start")
                g.start = v;
            else if (k == "step")
                g.step = v;
            else if (k == "value")
                g.value = v, has_value = true;
            else
                bad("unknown key \"" + k + "\" (expected seed, scale, low, high, start, step or value)");
        }
    }
    if (g.kind == GenKind::constant && !has_value) bad("const needs value=");
    return g;
}

}  // namespace

Generator parse_generator(const Field& f, bool nested) {
    if (!nested && f.raw().is_string()) return parse_shorthand(f);
    f.require_object();
    if (nested) {
        f.only_keys({"gen", "seed", "scale", "low", "high", "value", "start", "step", "values"});
    } else {
        f.only_keys(
            {"gen", "shape", "seed", "scale", "low", "high", "value", "start", "step", "values", "beyond_lens"});
    }
    Generator g;
    const Field kind = f.at("gen");
    const GeneratorInfo* row = find_generator(kind.str(), false);
    if (row == nullptr) kind.fail("unknown generator \"" + kind.str() + "\" (expected " + generator_names(false) + ")");
    g.kind = row->kind;
    if (!nested) g.shape = parse_shape(f.at("shape"));
    if (row->seeded) g.seed = static_cast<uint64_t>(f.at("seed").integer_at_least(0));
    if (f.has("scale")) g.scale = f.child("scale").number();
    if (f.has("low")) g.low = f.child("low").number();
    if (f.has("high")) g.high = f.child("high").number();
    if (f.has("start")) g.start = f.child("start").number();
    if (f.has("step")) g.step = f.child("step").number();
    if (g.kind == GenKind::constant) g.value = f.at("value").number();
    if (g.kind == GenKind::values) {
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
    if (g.kind == GenKind::values) {
        int64_t n = 1;
        for (int64_t e : g.shape) n *= e;
        if (static_cast<int64_t>(g.values.size()) != n) {
            f.child("values").fail("shape " + f.at("shape").shown() + " needs " + std::to_string(n) + " values, got " +
                                   std::to_string(g.values.size()));
        }
    }
    return g;
}

namespace {

InputSpec parse_input(const Field& f, ParamType type) {
    InputSpec in;
    in.type = type;
    type_info(type).parse(f, in);
    return in;
}

}  // namespace

Tolerance parse_tolerance(const Field& f, Tolerance base) {
    f.only_keys({"rtol", "atol"});
    if (f.has("rtol")) base.rtol = f.child("rtol").number();
    if (f.has("atol")) base.atol = f.child("atol").number();
    if (base.rtol < 0) f.child("rtol").fail("must not be negative");
    if (base.atol < 0) f.child("atol").fail("must not be negative");
    return base;
}

std::map<std::string, InputSpec> parse_inputs(const Field& inputs, const FunctionSpec& fn) {
    inputs.require_object();
    std::map<std::string, InputSpec> out;
    for (const Param& param : fn.params) {
        if (!inputs.has(param.name)) inputs.fail("missing input for parameter '" + param.name + "' of " + fn.name);
        out[param.name] = parse_input(inputs.child(param.name), param.type);
    }
    for (const auto& [k, v] : inputs.raw().items()) {
        if (!fn.param(k)) inputs.fail("\"" + k + "\" is not a parameter of " + fn.name);
    }
    for (const auto& [name, in] : out) {
        if (in.type == ParamType::tensor && !in.gen.beyond_lens.empty()) {
            const Field lens = inputs.child(name).child("beyond_lens").child("lens");
            const auto it = out.find(in.gen.beyond_lens);
            const auto shape = it == out.end() ? std::nullopt : lengths_shape(it->second);
            if (!shape) lens.fail(lengths_words(in.gen.beyond_lens, fn));
            if (shape->front() != in.gen.shape.front())
                lens.fail(fmt::format("{} has {} lengths for {} examples", in.gen.beyond_lens, shape->front(),
                                      in.gen.shape.front()));
        }
    }
    return out;
}

std::string visibility_word(const Field& v) {
    const std::string s = v.str();
    if (s != "hidden" && s != "sample" && s != "after_due_date")
        v.fail("expected \"sample\", \"hidden\" or \"after_due_date\", got \"" + s + "\"");
    return s;
}

// "keep": "all", or the integers a grading seed leaves as they are, e.g. [3, 4] (problem/redraw.hpp).
void parse_keep(const Field& f, TestSpec& t) {
    if (f.raw().is_string()) {
        if (f.str() != "all") f.fail("expected \"all\" or a list of integers, got \"" + f.str() + "\"");
        t.keep_all = true;
        return;
    }
    for (const Field& v : f.items()) t.keep.push_back(v.integer());
}

TestSpec parse_test(const Field& f, const Problem& p, Tolerance base) {
    f.only_keys({"id", "function", "trap", "description", "points", "visibility", "inputs", "compare", "throws",
                 "checks", "trace", "tolerance", "shape_only", "intervention", "keep", "weights", "weights_heads"});
    TestSpec t;
    t.id = identifier(f.at("id"));
    const Field fn_field = f.at("function");
    t.function = fn_field.str();
    const auto fit = std::find_if(p.functions.begin(), p.functions.end(),
                                  [&](const FunctionSpec& x) { return x.name == t.function; });
    if (fit == p.functions.end()) fn_field.fail("unknown function \"" + t.function + "\"");
    const FunctionSpec& fn = *fit;
    const Field trap_field = f.at("trap");
    t.trap = trap_field.str();
    if (std::none_of(p.traps.begin(), p.traps.end(), [&](const TrapSpec& x) { return x.id == t.trap; })) {
        trap_field.fail("unknown trap \"" + t.trap + "\"");
    }
    if (f.has("description")) t.description = f.child("description").str();
    if (f.has("points")) t.points = static_cast<int>(f.child("points").integer_at_least(0));
    const auto trap_it =
        std::find_if(p.traps.begin(), p.traps.end(), [&](const TrapSpec& x) { return x.id == t.trap; });
    const std::string visibility = f.has("visibility") ? visibility_word(f.child("visibility")) : trap_it->visibility;
    t.hidden = visibility != "sample";
    t.after_due_date = visibility == "after_due_date";
    // A student pack's spec holds no inputs of a hidden test: they come from its data (packed.hpp).
    const bool packed_hidden = p.packed && t.hidden && !f.has("inputs");
    if (!packed_hidden) t.inputs = parse_inputs(f.at("inputs"), fn);
    if (f.has("throws")) {
        const Field th = f.child("throws");
        t.throws = th.str();
        const ExceptionInfo* row = find_exception(*t.throws);
        if (row == nullptr || !row->expectable)
            th.fail("unknown exception type \"" + *t.throws + "\" (expected " + expectable_exception_names() + ")");
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
    t.intervention = std::any_of(t.inputs.begin(), t.inputs.end(), [](const auto& kv) {
        return kv.second.type == ParamType::tensor && !kv.second.gen.beyond.empty();
    });
    if (f.has("intervention")) t.intervention = f.child("intervention").boolean();
    if (f.has("checks")) {
        for (const Field& c : f.child("checks").items()) {
            c.only_keys({"kind", "output", "lens", "offset", "when", "from"});
            const std::string kind = c.at("kind").str();
            const CheckKindInfo* row = find_check_kind(kind);
            if (row == nullptr)
                c.at("kind").fail("unknown check \"" + kind + "\" (expected " + check_kind_names() + ")");
            PropertyCheck pc{row->kind, c.at("output").str(), "", 0, "", ""};
            const OutputSpec* out = fn.output(pc.output);
            if (!out) c.at("output").fail("\"" + pc.output + "\" is not an output of " + fn.name);
            if (out->type != OutputType::tensor) c.at("output").fail("\"" + pc.output + "\" is not a float tensor");
            if (pc.kind == CheckKind::heads_differ &&
                std::find(out->axes.begin(), out->axes.end(), "head") == out->axes.end())
                c.at("output").fail("heads_differ needs an output with a \"head\" axis; " + pc.output + " has none");
            if (row->takes_lens) {
                pc.lens = c.at("lens").str();
                const auto it = t.inputs.find(pc.lens);
                if (!packed_hidden && (it == t.inputs.end() || !lengths_shape(it->second)))
                    c.at("lens").fail(lengths_words(pc.lens, fn));
            } else if (c.has("lens")) {
                c.child("lens").fail(kind + " takes no lens");
            }
            if (row->takes_offset) {
                if (c.has("offset")) pc.offset = c.child("offset").integer();
            } else if (c.has("offset")) {
                c.child("offset").fail(kind + " takes no offset");
            }
            if (row->takes_from) {
                pc.from = c.at("from").str();
                const OutputSpec* from = fn.output(pc.from);
                if (from == nullptr || from->type != OutputType::tensor || pc.from == pc.output)
                    c.at("from").fail(
                        "\"" + pc.from + "\" is not another float tensor output of " + fn.name +
                        " (unchanged compares two outputs: in a sequence, one call's cache and the next's)");
            } else if (c.has("from")) {
                c.child("from").fail(kind + " takes no from");
            }
            if (c.has("when")) {
                const Field w = c.child("when");
                pc.when = w.str();
                const Param* flag = fn.param(pc.when);
                if (flag == nullptr || flag->type != ParamType::boolean)
                    w.fail("\"" + pc.when + "\" is not a bool parameter of " + fn.name);
            }
            t.checks.push_back(pc);
        }
    }
    if (f.has("trace")) {
        const Field tr = f.child("trace");
        t.trace = tr.str();
        const auto it = t.inputs.find(t.trace);
        if (!packed_hidden &&
            (it == t.inputs.end() || it->second.type != ParamType::tensor || it->second.gen.kind != GenKind::arange)) {
            tr.fail("\"" + t.trace + "\" must name a tensor input made with the arange generator");
        }
    }
    if (f.has("weights")) {
        const Field w = f.child("weights");
        t.weights = w.str();
        const OutputSpec* o = fn.output(t.weights);
        if (o == nullptr || o->axes.size() < 3 || std::ranges::find(t.compare, t.weights) == t.compare.end())
            w.fail("\"" + t.weights + "\" must be an output of " + fn.name +
                   " with 3 or more axes that the test compares");
    }
    if (f.has("weights_heads")) {
        const Field h = f.child("weights_heads");
        t.weights_heads = h.str();
        const Param* heads = fn.param(t.weights_heads);
        if (t.weights.empty() || heads == nullptr || heads->type != ParamType::int64)
            h.fail("\"" + t.weights_heads + "\" must be an int parameter of " + fn.name + ", beside \"weights\"");
    }
    if (t.throws && (!t.compare.empty() || !t.checks.empty()))
        f.fail("a test with \"throws\" cannot also compare outputs or run checks");
    if (!t.throws && t.compare.empty() && t.checks.empty())
        f.fail("the test checks nothing: give \"compare\", \"checks\" or \"throws\"");
    t.tolerance = f.has("tolerance") ? parse_tolerance(f.child("tolerance"), base) : base;
    if (f.has("keep")) parse_keep(f.child("keep"), t);
    return t;
}

}  // namespace judge
