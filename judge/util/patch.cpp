#include "util/patch.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <utility>
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
            char* after = nullptr;
            h.old_start = std::strtoul(l.c_str() + 4, &after, 10);
            // "-4,0": nothing is removed, and the lines go after line 4 (diff -U0's insertion).
            if (after != nullptr && *after == ',' && std::strtoul(after + 1, nullptr, 10) == 0) ++h.old_start;
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

namespace {

// "5" for one line, "5,3" for three, and for none the line before ("4,0"), as GNU diff writes them.
std::string range(size_t start, size_t count) {
    if (count == 1) return std::to_string(start);
    return std::to_string(count == 0 ? start - 1 : start) + "," + std::to_string(count);
}

// The edit from a to b, line by line: ' ' kept, '-' removed, '+' added, in order. A longest common
// subsequence of the lines between the common head and tail.
std::vector<std::pair<char, std::string>> line_edits(const std::vector<std::string>& a,
                                                     const std::vector<std::string>& b) {
    size_t head = 0, tail = 0;
    while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
    while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
    const size_t n = a.size() - head - tail, m = b.size() - head - tail;
    std::vector<std::vector<unsigned>> lcs(n + 1, std::vector<unsigned>(m + 1, 0));
    for (size_t i = n; i-- > 0;)
        for (size_t j = m; j-- > 0;)
            lcs[i][j] = a[head + i] == b[head + j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    std::vector<std::pair<char, std::string>> ops;
    for (size_t k = 0; k < head; ++k) ops.emplace_back(' ', a[k]);
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a[head + i] == b[head + j]) {
            ops.emplace_back(' ', a[head + i++]);
            ++j;
        } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
            ops.emplace_back('-', a[head + i++]);  // removals first, as diff -u writes them
        } else {
            ops.emplace_back('+', b[head + j++]);
        }
    }
    for (size_t k = a.size() - tail; k < a.size(); ++k) ops.emplace_back(' ', a[k]);
    return ops;
}

}  // namespace

std::string unified_diff(const std::string& before, const std::string& after, const std::string& label_a,
                         const std::string& label_b, int context) {
    const std::vector<std::pair<char, std::string>> ops = line_edits(lines_of(before), lines_of(after));
    const auto ctx = static_cast<size_t>(std::max(context, 0));
    std::string out;
    size_t k = 0;
    size_t old_line = 1, new_line = 1;  // the line numbers at ops[k]
    while (k < ops.size()) {
        // The next change; a hunk starts `ctx` kept lines before it.
        size_t change = k;
        while (change < ops.size() && ops[change].first == ' ') ++change;
        if (change == ops.size()) break;
        const size_t start = change - std::min(ctx, change - k);
        old_line += start - k;
        new_line += start - k;
        // It ends `ctx` kept lines after the last change that comes within 2·ctx kept lines of the one before.
        size_t end = change, kept = 0;
        for (size_t e = change; e < ops.size(); ++e) {
            kept = ops[e].first == ' ' ? kept + 1 : 0;
            if (ops[e].first != ' ') end = e + 1;
            if (kept > 2 * ctx) break;
        }
        end = std::min(ops.size(), end + ctx);
        size_t old_count = 0, new_count = 0;
        std::string body;
        for (size_t e = start; e < end; ++e) {
            old_count += ops[e].first != '+' ? 1 : 0;
            new_count += ops[e].first != '-' ? 1 : 0;
            body += ops[e].first + ops[e].second + "\n";
        }
        out += "@@ -" + range(old_line, old_count) + " +" + range(new_line, new_count) + " @@\n" + body;
        old_line += old_count;
        new_line += new_count;
        k = end;
    }
    return out.empty() ? "" : "--- " + label_a + "\n+++ " + label_b + "\n" + out;
}

}  // namespace judge
