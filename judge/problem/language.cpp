#include "problem/language.hpp"

#include <fmt/core.h>

#include <filesystem>

#include "core/errors.hpp"

namespace judge {

namespace {

// A Python library's row: every Python row loads the same way and speaks Python's words; only the
// name, the words, the template and the library the harness imports differ.
LanguageInfo python_row(Language id, std::string_view name, std::string_view words, std::string_view template_file,
                        std::string_view tensor_type, std::string_view import_line) {
    return {id,
            name,
            words,
            ".py",
            "solution.py",
            template_file,
            name,  // the library the harness imports: the row's own name
            "raised",
            "raises",
            "raise",
            &ExceptionInfo::python_name,
            "",
            "loads",
            "does not load",
            "Python",
            "The file could not be loaded.",
            "Python said:",
            256,
            "the interpreter and torch's own working set",
            "python",
            tensor_type,
            import_line};
}

const std::vector<LanguageInfo> language_table = {
    {Language::cpp,
     "cpp",
     "C++",
     ".cpp",
     "solution.cpp",
     "solution.cpp",
     "",
     "threw",
     "throws",
     "throw",
     &ExceptionInfo::spec_name,
     "std::",
     "compiles",
     "does not compile",
     "the compiler",
     "Compilation failed.",
     "The compiler said:",
     0,
     "",
     "",
     "a judge::Tensor",
     ""},
    python_row(Language::numpy, "numpy", "NumPy", "solution_numpy.py", "an ndarray",
               "import numpy as np  # noqa: F401"),
    python_row(Language::torch, "torch", "PyTorch", "solution.py", "a torch.Tensor", "import torch  # noqa: F401"),
};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// The lines of `text`, without their ends.
std::vector<std::string_view> lines_of(const std::string& text) {
    std::vector<std::string_view> lines;
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        lines.emplace_back(text.data() + at, end - at);
        at = end + 1;
    }
    return lines;
}

// Whether the statement `line` (trimmed) imports torch: `import torch`, `import numpy, torch.nn as
// nn`, `from torch import nn`, `from torch.nn import functional`.
bool imports_torch(std::string_view line) {
    if (const size_t hash = line.find('#'); hash != std::string_view::npos) line = trim(line.substr(0, hash));
    const auto module_is_torch = [](std::string_view name) {
        name = trim(name);
        if (const size_t as = name.find(" as "); as != std::string_view::npos) name = trim(name.substr(0, as));
        return name.substr(0, name.find('.')) == "torch";
    };
    if (line.starts_with("from ") || line.starts_with("from\t")) {
        std::string_view rest = trim(line.substr(5));
        return module_is_torch(rest.substr(0, rest.find_first_of(" \t")));
    }
    if (!line.starts_with("import ") && !line.starts_with("import\t")) return false;
    std::string_view names = line.substr(7);
    names = names.substr(0, names.find(';'));
    while (!names.empty()) {
        const size_t comma = names.find(',');
        if (module_is_torch(names.substr(0, comma))) return true;
        if (comma == std::string_view::npos) break;
        names.remove_prefix(comma + 1);
    }
    return false;
}

// The first line that imports torch, 1-based, outside a top-level `if __name__ == "__main__":`
// block and outside triple-quoted strings; 0 when there is none. `main_only` is set when such an
// import is only under `__main__`.
size_t torch_import_line(const std::string& text, bool& main_only) {
    main_only = false;
    bool in_main = false, in_string = false;
    const std::vector<std::string_view> lines = lines_of(text);
    for (size_t i = 0; i < lines.size(); ++i) {
        const std::string_view raw = lines[i];
        const std::string_view line = trim(raw);
        size_t quotes = 0;
        for (std::string_view q : {"\"\"\"", "'''"})
            for (size_t at = line.find(q); at != std::string_view::npos; at = line.find(q, at + 3)) ++quotes;
        const bool was_string = in_string;
        if (quotes % 2 == 1) in_string = !in_string;
        if (was_string || line.empty() || line.front() == '#') continue;
        const bool top_level = raw.front() != ' ' && raw.front() != '\t';
        if (top_level) in_main = line.starts_with("if __name__") && line.find("__main__") != std::string_view::npos;
        if (!imports_torch(line)) continue;
        if (!in_main) return i + 1;
        main_only = true;
    }
    return 0;
}

}  // namespace

const std::vector<LanguageInfo>& languages() { return language_table; }

const LanguageInfo& language_info(Language l) { return language_table.at(static_cast<size_t>(l)); }

std::string_view language_name(Language l) { return language_info(l).name; }

std::string_view language_words(Language l) { return language_info(l).words; }

std::optional<Language> parse_language(std::string_view name) {
    for (const LanguageInfo& row : language_table)
        if (row.name == name) return row.id;
    return std::nullopt;
}

std::string language_names() {
    std::string s;
    for (size_t i = 0; i < language_table.size(); ++i)
        s += std::string(i == 0                           ? ""
                         : i + 1 == language_table.size() ? " or "
                                                          : ", ") +
             std::string(language_table[i].name);
    return s;
}

bool shares_extension(Language l) {
    int same = 0;
    for (const LanguageInfo& row : language_table) same += row.extension == language_info(l).extension ? 1 : 0;
    return same > 1;
}

std::string exception_name(Language l, std::string_view spec_type) {
    const LanguageInfo& row = language_info(l);
    const ExceptionInfo* e = find_exception(spec_type);
    if (e == nullptr || (e->*row.exception_column).empty()) return "std::" + std::string(spec_type);
    return std::string(row.exception_prefix) + std::string(e->*row.exception_column);
}

std::optional<Language> stated_language(const std::string& file_name, const std::string& text) {
    const std::string_view first = trim(std::string_view(text).substr(0, text.find('\n')));
    if (!first.starts_with("#")) return std::nullopt;
    const std::string_view comment = trim(first.substr(1));
    constexpr std::string_view mark = "judge:";
    if (!comment.starts_with(mark)) return std::nullopt;
    const std::string_view said = trim(comment.substr(mark.size()));
    const std::string extension = std::filesystem::path(file_name).extension().string();
    std::string fits;
    for (const LanguageInfo& row : language_table) {
        if (row.extension != extension) continue;
        if (row.name == said) return row.id;
        fits += (fits.empty() ? "" : " or ") + std::string(row.name);
    }
    throw InputError(fmt::format("{}:1: the first line says \"# judge: {}\"; a {} file can be {}", file_name, said,
                                 extension.empty() ? "plain" : extension, fits.empty() ? "nothing here" : fits));
}

LanguageChoice choose_language(const std::string& file_name, const std::string& text, std::optional<Language> given) {
    if (given) return {*given, fmt::format("as asked (--lang {})", language_name(*given))};
    if (const std::optional<Language> stated = stated_language(file_name, text))
        return {*stated, fmt::format("its first line says \"# judge: {}\"", language_name(*stated))};
    if (std::filesystem::path(file_name).extension() != ".py") return {Language::cpp, "not a .py file"};
    bool main_only = false;
    if (const size_t line = torch_import_line(text, main_only); line > 0)
        return {Language::torch, fmt::format("it imports torch on line {}", line)};
    if (main_only) {
        return {Language::numpy,
                "it imports torch only under `if __name__ == \"__main__\":`, which the judge does not run"};
    }
    return {Language::numpy, "it does not import torch"};
}

const std::string& text_in(Language l, const std::map<std::string, std::string>& forms, const std::string& text) {
    const auto it = forms.find(std::string(language_info(l).text_variant));
    return it == forms.end() ? text : it->second;
}

std::filesystem::path language_template(const Problem& p, Language l) {
    return p.template_solution.parent_path() / std::string(language_info(l).template_file);
}

}  // namespace judge
