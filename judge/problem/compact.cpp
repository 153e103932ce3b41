#include "problem/compact.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <optional>

#include "problem/types.hpp"

namespace judge {

using nlohmann::json;

namespace {

// Lays `over` on `out`: its "inputs" merged by parameter, any other key replaced; records where
// each entry came from ("" for the test itself).
void lay(json& out, const json& over, const std::string& origin, std::map<std::string, std::string>& origins) {
    const auto mark = [&](const std::string& key) {
        if (origin.empty()) {
            origins.erase(key);
        } else {
            origins[key] = origin;
        }
    };
    for (const auto& [k, v] : over.items()) {
        if (k == "inputs" && out.contains("inputs") && out["inputs"].is_object() && v.is_object()) {
            for (const auto& [name, value] : v.items()) {
                out["inputs"][name] = value;
                mark("inputs." + name);
            }
            continue;
        }
        out[k] = v;
        if (k != "inputs") {
            mark(k);
        } else if (v.is_object()) {  // each input has its origin; "inputs" as a whole has none
            for (const auto& [name, value] : v.items()) mark("inputs." + name);
        }
    }
}

json defaults_object(const Field& d) {
    d.require_object();
    if (d.has("id")) d.child("id").fail("test ids are given per test");
    if (d.has("cases")) d.child("cases").fail("cases are given per test");
    return d.raw();
}

struct Layers {
    json defaults = json::object();
    std::map<std::string, json> by_function;  // functions[i].test_defaults
    std::map<std::string, json> fixtures;     // fixtures.<name>: inputs
    std::map<std::string, Field> function_fixture;
    std::optional<Field> default_fixture;
};

Layers read_layers(const Field& top, bool compact) {
    Layers l;
    if (top.has("test_defaults")) {
        l.defaults = defaults_object(top.child("test_defaults"));
        if (top.child("test_defaults").has("fixture"))
            l.default_fixture.emplace(top.child("test_defaults").child("fixture"));
    }
    for (const Field& f : top.at("functions").items()) {
        if (!f.has("test_defaults")) continue;
        if (!compact) f.child("test_defaults").fail("needs \"schema\": 2");
        const Field d = f.child("test_defaults");
        if (d.has("function")) d.child("function").fail("a function's defaults are for its own tests");
        l.by_function[f.at("name").str()] = defaults_object(d);
        if (d.has("fixture")) l.function_fixture.emplace(f.at("name").str(), d.child("fixture"));
    }
    if (top.has("fixtures")) {
        const Field fx = top.child("fixtures");
        if (!compact) fx.fail("needs \"schema\": 2");
        fx.require_object();
        for (const auto& [name, v] : fx.raw().items()) {
            fx.child(name).require_object();
            l.fixtures[name] = v;
        }
    }
    return l;
}

// The fixture names a "fixture" field gives: "name" or ["a", "b"].
std::vector<std::string> fixture_names(const Field& f, const Layers& l) {
    std::vector<Field> items;
    if (f.raw().is_array()) {
        items = f.items();
    } else {
        items.push_back(f);
    }
    std::vector<std::string> names;
    for (const Field& i : items) {
        const std::string n = i.nonempty_str();
        if (!l.fixtures.count(n)) {
            std::string known;
            for (const auto& [k, v] : l.fixtures) known += (known.empty() ? "" : ", ") + k;
            i.fail("unknown fixture \"" + n + "\"" +
                   (known.empty() ? " (the spec has no \"fixtures\")" : " (fixtures: " + known + ")"));
        }
        names.push_back(n);
    }
    return names;
}

std::string id_path(const json& j, const std::string& fallback) {
    return j.contains("id") && j["id"].is_string() && !j["id"].get<std::string>().empty()
               ? "tests[" + j["id"].get<std::string>() + "]"
               : fallback;
}

// Defaults, the function's defaults, the fixtures, then each of `own` in turn. "fixture" is a field
// like the others: the last layer that gives it names the fixtures.
ExpandedTest build(const Layers& l, const std::vector<const Field*>& own) {
    ExpandedTest e;
    e.json = json::object();
    lay(e.json, l.defaults, "test_defaults", e.origins);
    std::string fn = l.defaults.value("function", std::string());
    for (const Field* f : own)
        if (f->has("function") && f->raw()["function"].is_string()) fn = f->raw()["function"].get<std::string>();
    if (l.by_function.count(fn)) lay(e.json, l.by_function.at(fn), "functions[" + fn + "].test_defaults", e.origins);
    std::optional<Field> named = l.default_fixture;
    if (l.function_fixture.count(fn)) named.emplace(l.function_fixture.at(fn));
    for (const Field* f : own)
        if (f->has("fixture")) named.emplace(f->child("fixture"));
    const std::vector<std::string> fixtures = named ? fixture_names(*named, l) : std::vector<std::string>{};
    for (const std::string& name : fixtures)
        lay(e.json, {{"inputs", l.fixtures.at(name)}}, "fixtures." + name, e.origins);
    for (const Field* f : own) lay(e.json, f->raw(), "", e.origins);
    e.json.erase("fixture");
    e.json.erase("cases");
    // A test that expects an exception compares nothing: a default "compare" does not reach it.
    if (e.json.contains("throws") && e.origins.count("compare")) e.json.erase("compare");
    return e;
}

}  // namespace

std::vector<ExpandedTest> expand_tests(const Field& top, bool compact) {
    const Layers l = read_layers(top, compact);
    std::vector<ExpandedTest> out;
    for (const Field& t : top.at("tests").items()) {
        t.require_object();
        if (!compact && t.has("fixture")) t.child("fixture").fail("needs \"schema\": 2");
        if (!t.has("cases")) {
            ExpandedTest e = build(l, {&t});
            e.path = id_path(t.raw(), t.path());
            e.index_path = t.path();
            out.push_back(std::move(e));
            continue;
        }
        const Field cases = t.child("cases");
        if (!compact) cases.fail("needs \"schema\": 2");
        const std::string id = t.at("id").str();
        const std::vector<Field> items = cases.items();
        if (items.empty()) cases.fail("needs at least one case");
        for (size_t i = 0; i < items.size(); ++i) {
            items[i].require_object();
            ExpandedTest e = build(l, {&t, &items[i]});
            if (!items[i].has("id")) e.json["id"] = id + "_" + std::to_string(i + 1);
            e.path = items[i].has("id") ? id_path(items[i].raw(), items[i].path())
                                        : "tests[" + id + "].cases[" + std::to_string(i) + "]";
            e.index_path = items[i].path();
            out.push_back(std::move(e));
        }
    }
    return out;
}

InputError with_origin(const InputError& e, const ExpandedTest& t) {
    std::string msg = e.what();
    for (const auto& [key, origin] : t.origins) {
        const std::string field = t.path + "." + key;
        const size_t at = msg.find(field);
        if (at == std::string::npos) continue;
        const size_t end = at + field.size();
        if (end < msg.size() && msg[end] != ':' && msg[end] != '.' && msg[end] != '[') continue;
        const size_t colon = msg.find(": ", end);
        if (colon == std::string::npos) continue;
        msg.insert(colon, " (from " + origin + ")");
        break;
    }
    return InputError(msg);
}

void check_declared_shapes(const FunctionSpec& fn, const std::map<std::string, InputSpec>& in, const Field& inputs) {
    struct Bound {
        int64_t value;
        std::string from;  // "x (2, 3, 8)"
    };
    std::map<std::string, Bound> bound;
    for (const Param& par : fn.params) {
        const auto it = in.find(par.name);
        if (par.shape.empty() || it == in.end()) continue;
        const std::vector<int64_t> shape = shape_of(it->second);
        const std::string declared = [&] {
            std::string s;
            for (const std::string& d : par.shape) s += (s.empty() ? "" : ", ") + d;
            return "[" + s + "]";
        }();
        const auto fail = [&](const std::string& why) {
            inputs.child(par.name).fail(fmt::format("shape {} does not match {}'s declared shape {}: {}",
                                                    shape_str(shape), par.name, declared, why));
        };
        if (shape.size() != par.shape.size())
            fail(fmt::format("{} dimensions, not {}", shape.size(), par.shape.size()));
        for (size_t i = 0; i < shape.size(); ++i) {
            const std::string& d = par.shape[i];
            if (std::isdigit(static_cast<unsigned char>(d[0]))) {
                if (std::stoll(d) != shape[i]) fail(fmt::format("dimension {} is {}, not {}", i, shape[i], d));
                continue;
            }
            const auto b = bound.find(d);
            if (b == bound.end()) {
                bound[d] = {shape[i], par.name + " " + shape_str(shape)};
            } else if (b->second.value != shape[i]) {
                fail(fmt::format("{} is {} here and {} in {}", d, shape[i], b->second.value, b->second.from));
            }
        }
    }
}

}  // namespace judge
