// Python templates generated from the spec (judge template, issue #43 point 4), and the words
// `judge show` gives a Python function's parameters and outputs.
#include <fmt/core.h>

#include <utility>
#include <vector>

#include "languages/python.hpp"
#include "problem/types.hpp"

namespace judge {

namespace {

// "queries, keys, values: float32 tensor; num_heads: int".
std::string typed_names(const std::vector<std::pair<std::string, std::string_view>>& named) {
    std::string s;
    for (size_t i = 0; i < named.size(); ++i) {
        s += named[i].first;
        const bool last_of_type = i + 1 == named.size() || named[i + 1].second != named[i].second;
        s += last_of_type ? ": " + std::string(named[i].second) + (i + 1 == named.size() ? "" : "; ") : ", ";
    }
    return s;
}

// `text` in lines of at most `width` characters (a longer word keeps its own line), each after
// `indent`.
std::string wrapped(const std::string& text, const std::string& indent, size_t width) {
    std::string out, line;
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find(' ', at);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(at, end - at);
        if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width) {
            out += indent + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        at = end + 1;
    }
    return line.empty() ? out : out + indent + line + "\n";
}

}  // namespace

std::string python_parameter_words(const FunctionSpec& f) {
    std::vector<std::pair<std::string, std::string_view>> params;
    for (const Param& q : f.params) params.emplace_back(q.name, type_info(q.type).python_words);
    return typed_names(params);
}

std::string python_return_words(const FunctionSpec& f) {
    std::vector<std::pair<std::string, std::string_view>> outputs;
    std::string tuple;
    for (const OutputSpec& o : f.outputs) {
        outputs.emplace_back(o.name, type_info(o.type).python_words);
        tuple += (tuple.empty() ? "" : ", ") + o.name;
    }
    const std::string typed = typed_names(outputs);
    return f.outputs.size() == 1 ? typed : "(" + tuple + ") as a tuple; " + typed;
}

std::string python_template(const Problem& p, const LanguageInfo& lang) {
    std::string s = fmt::format(
        "# judge: {name}\n"
        "\"\"\"{problem} in {words}: {title}.\n\n"
        "Read the statement with `judge show {problem}`, then replace each stub below.\n"
        "Judge your work with `judge submit {problem} --file {file}`.\n"
        "A float32 tensor argument is {tensor} of its own, an int64 tensor one of dtype int64; int,\n"
        "float and bool arguments are Python's, a list[int] a list. Return float32 tensors (int64 ones\n"
        "for integer outputs), several outputs as a tuple in the order below (docs/python.md).\n"
        "\"\"\"\n"
        "{import_line}\n",
        fmt::arg("name", lang.name), fmt::arg("problem", p.name), fmt::arg("words", lang.words),
        fmt::arg("title", p.title), fmt::arg("file", lang.template_file), fmt::arg("tensor", lang.tensor_type),
        fmt::arg("import_line", lang.import_line));
    for (const FunctionSpec& f : p.functions) {
        if (f.is_sequence()) continue;  // the judge calls the others in turn (problem/sequence.hpp)
        std::string names, tuple, outputs;
        for (const Param& q : f.params) names += (names.empty() ? "" : ", ") + q.name;
        for (const OutputSpec& o : f.outputs) {
            tuple += (tuple.empty() ? "" : ", ") + o.name;
            outputs +=
                fmt::format("{}{}: {}", outputs.empty() ? "" : "; ", o.with_axes(), type_info(o.type).python_words);
        }
        const std::string params = f.params.empty() ? "Takes no argument." : python_parameter_words(f) + ".";
        const std::string returns =
            f.outputs.size() == 1 ? "Returns " + outputs + "." : "Returns a tuple (" + tuple + "): " + outputs + ".";
        const std::string doc = wrapped(params, "    ", 100) + "\n" + wrapped(returns, "    ", 100);
        s += fmt::format(
            "\n\ndef {f}({names}):\n"
            "    \"\"\"{doc}    \"\"\"\n"
            "    raise NotImplementedError(\"{f}: not implemented yet\")\n",
            fmt::arg("f", f.name), fmt::arg("names", names), fmt::arg("doc", doc.substr(4)));
    }
    return s;
}

}  // namespace judge
