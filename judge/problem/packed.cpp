#include "problem/packed.hpp"

#include <algorithm>
#include <set>

#include "core/errors.hpp"
#include "problem/types.hpp"

namespace judge {

using nlohmann::json;

namespace {

json generator_json(const Generator& g, bool nested) {
    json j = {{"gen", generator_info(g.kind).spec_name}};
    if (!nested) j["shape"] = g.shape;
    if (generator_info(g.kind).seeded) j["seed"] = g.seed;
    if (g.kind == GenKind::randn) j["scale"] = g.scale;
    if (g.kind == GenKind::uniform) j["low"] = g.low, j["high"] = g.high;
    if (g.kind == GenKind::arange) j["start"] = g.start, j["step"] = g.step;
    if (g.kind == GenKind::constant) j["value"] = g.value;
    if (g.kind == GenKind::values) j["values"] = g.values;
    if (!g.beyond.empty())
        j["beyond_lens"] = {
            {"lens", g.beyond_lens}, {"axis", g.beyond_axis}, {"gen", generator_json(g.beyond[0], true)}};
    return j;
}

json input_json(const InputSpec& in) {
    switch (in.type) {
        case ParamType::tensor: return generator_json(in.gen, false);
        case ParamType::int64: return in.int_value;
        case ParamType::boolean: return in.int_value != 0;
        case ParamType::float32: return in.float_value;
        case ParamType::int_list: return in.ints;
        case ParamType::int_tensor: return {{"shape", in.int_shape}, {"values", in.ints}};
    }
    return nullptr;
}

json test_json(const TestSpec& t) {
    json j = {{"id", t.id},
              {"function", t.function},
              {"trap", t.trap},
              {"points", t.points},
              {"visibility", t.after_due_date ? "after_due_date"
                             : t.hidden       ? "hidden"
                                              : "sample"},
              {"compare", t.compare},
              {"tolerance", {{"rtol", t.tolerance.rtol}, {"atol", t.tolerance.atol}}}};
    // A hidden test's description (often its shapes and lengths) is never shown: it stays out too.
    if (!t.description.empty() && !t.hidden) j["description"] = t.description;
    if (!t.hidden) {
        json in = json::object();
        for (const auto& [name, spec] : t.inputs) in[name] = input_json(spec);
        j["inputs"] = in;
    }
    if (t.throws) j["throws"] = *t.throws;
    if (t.shape_only) j["shape_only"] = true;
    if (t.intervention) j["intervention"] = true;  // its generators, which say so, stay in the key
    if (!t.trace.empty()) j["trace"] = t.trace;
    if (!t.weights.empty()) j["weights"] = t.weights;
    if (!t.weights_heads.empty()) j["weights_heads"] = t.weights_heads;
    if (!t.checks.empty()) {
        json checks = json::array();
        for (const PropertyCheck& c : t.checks) {
            const CheckKindInfo& row = check_info(c.kind);
            json cj = {{"kind", row.spec_name}, {"output", c.output}};
            if (row.takes_lens) cj["lens"] = c.lens;
            if (row.takes_offset) cj["offset"] = c.offset;
            if (row.takes_from) cj["from"] = c.from;
            if (!c.when.empty()) cj["when"] = c.when;
            checks.push_back(cj);
        }
        j["checks"] = checks;
    }
    return j;
}

}  // namespace

Problem released(const Problem& p, bool release) {
    if (release) return p;
    Problem r = p;
    r.tests.clear();
    for (const TestSpec& t : p.tests) {
        if (t.after_due_date)
            ++r.withheld;
        else
            r.tests.push_back(t);
    }
    if (r.withheld == 0) return r;
    r.traps.clear();
    std::set<std::string> kept;
    for (const TrapSpec& trap : p.traps) {
        if (std::none_of(r.tests.begin(), r.tests.end(), [&](const TestSpec& t) { return t.trap == trap.id; }))
            continue;
        TrapSpec k = trap;
        std::erase_if(k.after, [&](const std::string& a) { return !kept.count(a); });
        kept.insert(k.id);
        r.traps.push_back(std::move(k));
    }
    return r;
}

std::string packed_spec_text(const Problem& p) {
    json doc = json::parse(p.spec_text);
    // The tests are written out whole below. Defaults and fixtures would give a hidden test's
    // generators away, and an equivalent mutant's "line" is a line of the reference.
    doc.erase("test_defaults");
    doc.erase("fixtures");
    doc.erase("equivalent_mutants");
    for (json& f : doc["functions"]) f.erase("test_defaults");
    doc["packed"] = true;
    if (p.withheld > 0) doc["withheld"] = p.withheld;
    json traps = json::array();
    for (const TrapSpec& t : p.traps) {
        json trap = {{"id", t.id}, {"title", t.title}, {"hint", t.hint}, {"after", t.after}};
        for (const auto& [variant, text] : t.hint_in) trap["hint_" + variant] = text;
        traps.push_back(std::move(trap));
    }
    doc["traps"] = traps;
    json tests = json::array();
    for (const TestSpec& t : p.tests) tests.push_back(test_json(t));
    doc["tests"] = tests;
    return doc.dump(1) + "\n";
}

void fill_packed_inputs(Problem& p, size_t t, const std::map<std::string, PackedInput>& inputs,
                        const std::string& where) {
    TestSpec& test = p.tests[t];
    const FunctionSpec& fn = p.function(test.function);
    for (const Param& prm : fn.params) {
        const auto it = inputs.find(prm.name);
        if (it == inputs.end()) throw InputError(where + ": no input \"" + prm.name + "\" for test " + test.id);
        const npy::Array& a = it->second.array;
        if (!wire_matches(prm.type, a))
            throw InputError(where + ": input \"" + prm.name + "\" of test " + test.id + " is not " +
                             std::string(type_info(prm.type).npy_words));
        InputSpec in;
        in.type = prm.type;
        switch (prm.type) {
            case ParamType::tensor:
                in.gen.kind = GenKind::values;
                in.gen.shape = a.shape;
                in.gen.values.assign(a.f32.begin(), a.f32.end());
                if (it->second.arange) std::tie(in.gen.start, in.gen.step) = *it->second.arange;
                break;
            case ParamType::int64:
            case ParamType::boolean: in.int_value = a.i64.at(0); break;
            case ParamType::float32: in.float_value = a.f32.at(0); break;
            case ParamType::int_list: in.ints = a.i64; break;
            case ParamType::int_tensor:
                in.ints = a.i64;
                in.int_shape = a.shape;
                break;
        }
        test.inputs[prm.name] = std::move(in);
    }
}

}  // namespace judge
