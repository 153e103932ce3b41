#include "util/patch.hpp"

#include <cstdlib>
#include <sstream>
#include <vector>

namespace judge {

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) out.push_back(line);
    return out;
}

struct Hunk {
    size_t old_start = 0;  // 1-based, as in "@@ -40,7 +40,7 @@"
    size_t header_line = 0;
    std::vector<std::string> old_lines, new_lines;
};

std::vector<Hunk> parse_hunks(const std::vector<std::string>& diff) {
    std::vector<Hunk> hunks;
    size_t i = 0;
    while (i < diff.size() && diff[i].rfind("--- ", 0) != 0) ++i;
    if (i == diff.size()) throw PatchError("no \"--- \" line: not a unified diff");
    for (; i < diff.size(); ++i) {
        const std::string& l = diff[i];
        if (l.rfind("@@ -", 0) == 0) {
            Hunk h;
            h.old_start = std::strtoul(l.c_str() + 4, nullptr, 10);
            h.header_line = i + 1;
            hunks.push_back(h);
        } else if (l.rfind("--- ", 0) == 0 || l.rfind("+++ ", 0) == 0 || l.rfind("diff ", 0) == 0 ||
                   l.rfind("index ", 0) == 0 || l.rfind("\\ ", 0) == 0) {
            continue;
        } else if (hunks.empty()) {
            throw PatchError("line " + std::to_string(i + 1) + ": text before the first \"@@\" hunk header");
        } else if (l.empty() || l[0] == ' ') {
            const std::string body = l.empty() ? "" : l.substr(1);  // some editors strip a lone space
            hunks.back().old_lines.push_back(body);
            hunks.back().new_lines.push_back(body);
        } else if (l[0] == '-') {
            hunks.back().old_lines.push_back(l.substr(1));
        } else if (l[0] == '+') {
            hunks.back().new_lines.push_back(l.substr(1));
        } else {
            throw PatchError("line " + std::to_string(i + 1) + ": expected a line starting with ' ', '-' or '+'");
        }
    }
    if (hunks.empty()) throw PatchError("no \"@@\" hunk: the diff changes nothing");
    return hunks;
}

bool matches_at(const std::vector<std::string>& text, const std::vector<std::string>& want, size_t at) {
    if (at + want.size() > text.size()) return false;
    for (size_t k = 0; k < want.size(); ++k)
        if (text[at + k] != want[k]) return false;
    return true;
}

}  // namespace

std::string apply_patch(const std::string& original, const std::string& diff) {
    std::vector<std::string> text = lines_of(original);
    long shift = 0;    // how far earlier hunks moved the lines below them
    size_t floor = 0;  // hunks apply in order, below the previous one
    size_t n = 0;
    for (const Hunk& h : parse_hunks(lines_of(diff))) {
        ++n;
        const long stated = static_cast<long>(h.old_start == 0 ? 0 : h.old_start - 1) + shift;
        long found = -1;
        for (long d = 0; found < 0 && d <= static_cast<long>(text.size()); ++d) {
            for (const long at : {stated - d, stated + d}) {
                if (at >= static_cast<long>(floor) && matches_at(text, h.old_lines, static_cast<size_t>(at))) {
                    found = at;
                    break;
                }
            }
        }
        if (found < 0) {
            throw PatchError("hunk " + std::to_string(n) + " (diff line " + std::to_string(h.header_line) +
                             ", at line " + std::to_string(h.old_start) + "): its lines are not in the file");
        }
        const auto at = text.begin() + found;
        text.erase(at, at + static_cast<long>(h.old_lines.size()));
        text.insert(text.begin() + found, h.new_lines.begin(), h.new_lines.end());
        shift += static_cast<long>(h.new_lines.size()) - static_cast<long>(h.old_lines.size());
        floor = static_cast<size_t>(found) + h.new_lines.size();
    }
    std::string out;
    for (const std::string& l : text) out += l + "\n";
    return out;
}

}  // namespace judge
