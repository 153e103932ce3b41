#include "problem/sequence.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <string>

#include "problem/types.hpp"

namespace judge {

namespace {

// The type a sequence name has when an output of one call feeds a parameter of the next: the
// spec's words, which an output type and a parameter type share ("tensor", "int", "float").
std::string words(ParamType t) { return std::string(type_info(t).spec_name); }
std::string words(OutputType t) { return std::string(type_info(t).spec_name); }

}  // namespace

FunctionSpec parse_sequence(const Field& f, const std::vector<FunctionSpec>& earlier) {
    f.only_keys({"name", "sequence", "small_inputs", "test_defaults"});
    FunctionSpec fn;
    fn.name = identifier(f.at("name"));
    // Each name in the sequence: what it is ("parameter" or "output of call N") and its type.
    struct Named {
        std::string what, type;
    };
    std::map<std::string, Named> names;
    const Field calls = f.at("sequence");
    if (calls.items().empty()) calls.fail("a sequence needs at least one call");
    for (const Field& c : calls.items()) {
        c.only_keys({"call", "args", "results"});
        const std::string callee = identifier(c.at("call"));
        const auto it =
            std::find_if(earlier.begin(), earlier.end(), [&](const FunctionSpec& e) { return e.name == callee; });
        if (it == earlier.end())
            c.at("call").fail("\"" + callee + "\" is not a function declared before " + fn.name +
                              " (a sequence calls the functions listed above it)");
        if (it->is_sequence())
            c.at("call").fail("\"" + callee + "\" is a sequence; a sequence calls the solution's functions");
        const FunctionSpec& g = *it;
        const size_t step = fn.sequence.size() + 1;
        SequenceStep s{callee, {}, {}};
        std::map<std::string, std::string> args, results;
        for (const char* key : {"args", "results"}) {
            if (!c.has(key)) continue;
            const Field m = c.child(key);
            m.require_object();
            for (const auto& [k, v] : m.raw().items()) {
                const Field one = m.child(k);
                const bool known = std::string(key) == "args" ? g.param(k) != nullptr : g.output(k) != nullptr;
                if (!known)
                    one.fail(std::string("\"") + k + "\" is not " +
                             (std::string(key) == "args" ? "a parameter" : "an output") + " of " + callee);
                (std::string(key) == "args" ? args : results)[k] = identifier(one);
            }
        }
        for (const Param& q : g.params) {
            const std::string name = args.count(q.name) ? args.at(q.name) : q.name;
            const Field where = args.count(q.name) ? c.child("args").child(q.name) : c;
            if (const auto at = names.find(name); at != names.end()) {
                if (at->second.type != words(q.type))
                    where.fail(fmt::format("\"{}\" ({}) has type {}, but {}'s parameter {} has type {}", name,
                                           at->second.what, at->second.type, callee, q.name, words(q.type)));
            } else {
                names[name] = {"a parameter", words(q.type)};
                fn.params.push_back({name, q.type, {}});
            }
            s.args.push_back(name);
        }
        for (const OutputSpec& o : g.outputs) {
            if (!results.count(o.name)) {
                s.results.emplace_back();
                continue;
            }
            const std::string name = results.at(o.name);
            if (const auto at = names.find(name); at != names.end())
                c.child("results").child(o.name).fail(
                    fmt::format("\"{}\" is already a name in {} ({}); each result needs a name of its own", name,
                                fn.name, at->second.what));
            names[name] = {fmt::format("the output {} of call {}", o.name, step), words(o.type)};
            OutputSpec out = o;
            out.name = name;
            fn.outputs.push_back(out);
            s.results.push_back(name);
        }
        fn.sequence.push_back(std::move(s));
    }
    if (fn.outputs.empty()) calls.fail("a sequence keeps no output: name at least one in a call's \"results\"");
    fn.returns = fn.outputs.size() == 1 ? ReturnType::single : ReturnType::tuple;
    return fn;
}

std::vector<std::string> sequence_lines(const FunctionSpec& f) {
    std::vector<std::string> lines;
    for (const SequenceStep& step : f.sequence) {
        std::string results, args;
        for (const std::string& r : step.results) results += (results.empty() ? "" : ", ") + (r.empty() ? "_" : r);
        for (const std::string& a : step.args) args += (args.empty() ? "" : ", ") + a;
        lines.push_back(results + " = " + step.call + "(" + args + ")");
    }
    return lines;
}

}  // namespace judge
