#include "compile/explain.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "compile/harness_source.hpp"

namespace judge {

namespace {

// g++'s words (LC_ALL=C) for a definition whose return type differs from the spec's declaration
// (declarations_source): "ambiguating new declaration of 'judge::Tensor attention_heads(const ...'".
constexpr std::string_view ambiguating = "ambiguating new declaration of '";

// The return type of each such definition in `log`, with the function it is of, in log order. A
// deduced one ("auto", "decltype(auto)") is left out: it may well be the spec's, which only the
// definition's body says.
std::vector<std::pair<const FunctionSpec*, std::string>> other_return_types(const Problem& p, const std::string& log) {
    std::vector<std::pair<const FunctionSpec*, std::string>> out;
    for (size_t at = log.find(ambiguating); at != std::string::npos; at = log.find(ambiguating, at + 1)) {
        const size_t from = at + ambiguating.size();
        const size_t line_end = std::min(log.find('\n', from), log.size());
        for (const FunctionSpec& f : p.functions) {
            const size_t name = log.find(" " + f.name + "(", from);
            if (f.is_sequence() || name == std::string::npos || name > line_end) continue;
            const std::string type = log.substr(from, name - from);
            if (type != "auto" && type != "decltype(auto)") out.emplace_back(&f, type);
            break;
        }
    }
    return out;
}

}  // namespace

// Makes the link error of a missing or mis-declared function say what was expected.
std::string explain_link_errors(const Problem& p, const std::string& log) {
    std::string extra;
    for (const FunctionSpec& f : p.functions) {
        if (f.is_sequence()) continue;  // the harness's own: it calls the others
        // GNU ld quotes the symbol as `name(...)', gold as 'name(...)'.
        if (log.find("undefined reference to `" + f.name + "(") != std::string::npos ||
            log.find("undefined reference to '" + f.name + "(") != std::string::npos) {
            extra +=
                "\njudge: your solution must define, with exactly these parameter types:\n    " + f.signature() + "\n";
        }
    }
    return log + extra;
}

// A compile that failed only where the spec's declarations disagree with a definition in form, not
// in type: a deduced return type, or an exception specification. The file compiles as it would
// have without them, so it is compiled again so.
bool only_formal_conflicts(const Problem& p, const std::string& log) {
    if (log.find(declarations_file) == std::string::npos) return false;  // no note on a declaration of ours
    return other_return_types(p, log).empty();
}

// Makes the compile error of a definition whose return type is not the spec's say what the problem
// expects: "attention_heads returns std::tuple<...> (output, weights) in this problem; yours
// returns judge::Tensor".
std::string explain_return_types(const Problem& p, const std::string& log) {
    std::string extra;
    std::set<std::string> said;
    for (const auto& [f, type] : other_return_types(p, log)) {
        if (!said.insert(f->name).second) continue;
        std::string outputs;
        for (const OutputSpec& o : f->outputs) outputs += (outputs.empty() ? "" : ", ") + o.name;
        extra += fmt::format("\njudge: {} returns {} ({}) in this problem; yours returns {}. Declare it as:\n    {}\n",
                             f->name, f->return_type(), outputs, type, f->signature());
    }
    return log + extra;
}

}  // namespace judge
