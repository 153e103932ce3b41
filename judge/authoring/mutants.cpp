#include "authoring/mutants.hpp"

#include <fmt/core.h>

#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace judge {

namespace {

std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> lines;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

// For each character of `line`: true where it is code (not a string literal, a comment, or an
// exception being built: the judge compares an exception's type and operation, never the rest of
// its message, so a mutant there could only survive).
std::vector<bool> code_mask(const std::string& line) {
    std::vector<bool> code(line.size(), true);
    if (const size_t t = line.find("throw "); t != std::string::npos) {
        for (size_t j = t; j < line.size(); ++j) code[j] = false;
    }
    bool in_string = false;
    for (size_t i = 0; i < line.size(); ++i) {
        if (!in_string && line.compare(i, 2, "//") == 0) {
            for (size_t j = i; j < line.size(); ++j) code[j] = false;
            break;
        }
        if (line[i] == '"' && (i == 0 || line[i - 1] != '\\')) {
            in_string = !in_string;
            code[i] = false;
            continue;
        }
        if (in_string || line[i] == '\'') code[i] = false;
    }
    return code;
}

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// The end of the operand that starts at `i` (an identifier, a call, a parenthesised group).
size_t operand_end(const std::string& s, size_t i) {
    int depth = 0;
    for (size_t j = i; j < s.size(); ++j) {
        const char c = s[j];
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') {
            if (depth == 0) return j;
            --depth;
        }
        if (depth == 0 && (c == ';' || c == ',' || c == ' ')) return j;
    }
    return s.size();
}

struct MutantList {  // the mutants made so far, each id once
    const std::vector<std::string>& lines;
    std::vector<Mutant> out;
    std::set<std::string> seen;

    void add(const std::string& op, size_t line, size_t col, const std::string& after, int variant = -1) {
        const std::string& before = lines[line];
        if (after == before) return;
        std::string id = fmt::format("{}:{}:{}", op, line + 1, col + 1);
        if (variant >= 0) id += fmt::format(":{}", variant);
        if (!seen.insert(id).second) return;
        Mutant m;
        m.id = id;
        m.line = static_cast<int>(line + 1);
        m.before = before;
        m.after = after;
        m.deleted = op == "delete";
        for (size_t i = 0; i < lines.size(); ++i)
            if (i != line || !m.deleted) m.source += (i == line ? after : lines[i]) + "\n";
        out.push_back(std::move(m));
    }
};

}  // namespace

std::string Mutant::diff(const std::string& file) const {
    std::string d = fmt::format("--- {}\n+++ {} ({})\n@@ -{},1 +{},{} @@\n-{}\n", file, file, id, line, line,
                                deleted ? 0 : 1, before);
    if (!deleted) d += "+" + after + "\n";
    return d;
}

std::vector<Mutant> make_mutants(const std::string& source) {
    const std::vector<std::string> lines = split_lines(source);
    MutantList b{lines, {}, {}};
    // Local variables by declared type, in order of declaration: "const Tensor q = ...",
    // "const int64_t B = ..., H = ...".
    std::map<std::string, std::vector<std::pair<size_t, std::string>>> vars;
    const std::regex decl(R"(^\s*(?:const\s+)?(?:judge::)?(Tensor|int64_t|float)\s+(.*)=)");
    int depth = 0;  // braces: only lines inside a function body are mutated
    for (size_t n = 0; n < lines.size(); ++n) {
        const std::string& l = lines[n];
        const std::vector<bool> code = code_mask(l);
        const size_t first = l.find_first_not_of(" \t");
        const bool body = depth > 0 && first != std::string::npos && l[first] != '#' && code[first];
        for (size_t i = 0; i < l.size(); ++i) {
            if (!code[i]) continue;
            if (l[i] == '{') ++depth;
            if (l[i] == '}') --depth;
        }
        if (!body) continue;
        std::smatch m;
        if (std::regex_search(l, m, decl)) {
            // Every "name =" at depth 0 of the declaration.
            const std::regex name(R"((?:^|,)\s*([A-Za-z_]\w*)\s*=)");
            const std::string rest = m[2].str() + "=";
            for (auto it = std::sregex_iterator(rest.begin(), rest.end(), name); it != std::sregex_iterator(); ++it)
                vars[m[1]].push_back({n, (*it)[1]});
        }
        // int: ±1 on integer literals.
        for (size_t i = 0; i < l.size(); ++i) {
            if (!code[i] || !std::isdigit(static_cast<unsigned char>(l[i])) ||
                (i > 0 && (ident_char(l[i - 1]) || l[i - 1] == '.')))
                continue;
            size_t j = i;
            while (j < l.size() && std::isdigit(static_cast<unsigned char>(l[j]))) ++j;
            if (j < l.size() && (l[j] == '.' || l[j] == 'e' || l[j] == 'f' || ident_char(l[j]))) continue;  // a float
            const long v = std::stol(l.substr(i, j - i));
            b.add("int", n, i, l.substr(0, i) + std::to_string(v + 1) + l.substr(j), 0);
            if (v > 0) b.add("int", n, i, l.substr(0, i) + std::to_string(v - 1) + l.substr(j), 1);
            i = j;
        }
        // compare and arith: spaced binary operators only (templates and pointers are never spaced so).
        const std::vector<std::pair<std::string, std::string>> swaps = {
            {" < ", " <= "}, {" <= ", " < "}, {" > ", " >= "}, {" >= ", " > "},
            {" + ", " - "},  {" - ", " + "},  {" * ", " / "},  {" / ", " * "}};
        for (const auto& [from, to] : swaps) {
            for (size_t at = l.find(from); at != std::string::npos; at = l.find(from, at + 1)) {
                if (!code[at + 1]) continue;
                const bool compare = from.find_first_of("<>") != std::string::npos;
                b.add(compare ? "compare" : "arith", n, at + 1, l.substr(0, at) + to + l.substr(at + from.size()));
            }
        }
        // drop: a factor or a divisor and its operand.
        for (const char* op : {" / ", " * "}) {
            for (size_t at = l.find(op); at != std::string::npos; at = l.find(op, at + 1)) {
                if (!code[at + 1]) continue;
                const size_t end = operand_end(l, at + 3);
                b.add("drop", n, at + 1, l.substr(0, at) + l.substr(end));
            }
        }
        // swap_args: two adjacent arguments of a call, at the call's own depth.
        for (size_t open = l.find('('); open != std::string::npos; open = l.find('(', open + 1)) {
            if (!code[open] || open == 0 || !ident_char(l[open - 1])) continue;
            std::vector<std::pair<size_t, size_t>> args;  // [begin, end)
            int d = 0;
            size_t start = open + 1, close = std::string::npos;
            for (size_t j = open + 1; j < l.size() && close == std::string::npos; ++j) {
                if (!code[j]) continue;
                if (l[j] == '(' || l[j] == '{' || l[j] == '[') ++d;
                if (l[j] == ')' || l[j] == '}' || l[j] == ']') {
                    if (d == 0)
                        close = j;
                    else
                        --d;
                }
                if ((l[j] == ',' && d == 0) || close == j) {
                    size_t s = start, e = j;
                    while (s < e && l[s] == ' ') ++s;
                    args.push_back({s, e});
                    start = j + 1;
                }
            }
            if (close == std::string::npos) continue;
            for (size_t a = 0; a + 1 < args.size(); ++a) {
                const auto [s1, e1] = args[a];
                const auto [s2, e2] = args[a + 1];
                const std::string x = l.substr(s1, e1 - s1), y = l.substr(s2, e2 - s2);
                if (x == y || x.empty() || y.empty()) continue;
                b.add("swap_args", n, s1, l.substr(0, s1) + y + l.substr(e1, s2 - e1) + x + l.substr(e2),
                      static_cast<int>(a));
            }
        }
        // swap_vars: a use of a local variable replaced by another of the same type declared before.
        for (const auto& [type, list] : vars) {
            for (const auto& [decl_line, name] : list) {
                if (decl_line >= n && !(decl_line == n)) continue;
                for (size_t at = l.find(name); at != std::string::npos; at = l.find(name, at + 1)) {
                    const size_t end = at + name.size();
                    if (!code[at] || (at > 0 && (ident_char(l[at - 1]) || l[at - 1] == '.')) ||
                        (end < l.size() && ident_char(l[end])))
                        continue;
                    if (end < l.size() && l.compare(end, 2, " =") == 0 && l.compare(end, 3, " ==") != 0) continue;
                    int variant = 0;
                    for (const auto& [other_line, other] : list) {
                        if (other == name || other_line > n || (other_line == n && decl_line == n)) continue;
                        b.add("swap_vars", n, at, l.substr(0, at) + other + l.substr(end), variant++);
                    }
                }
            }
        }
        // delete: a statement that declares nothing and returns nothing.
        const std::string t = l.substr(first);
        if (!t.empty() && t.back() == ';' && t.rfind("return", 0) != 0 && !std::regex_search(l, decl) &&
            t.find("throw") == std::string::npos)
            b.add("delete", n, first, "");
    }
    return b.out;
}

}  // namespace judge
