#include "util/text.hpp"

#include <fmt/core.h>

#include <cmath>
#include <cstdio>

namespace judge {

namespace {

// The length of the valid UTF-8 sequence at s[i], or 0 when there is none (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF).
size_t sequence_length(std::string_view s, size_t i) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) return 1;
    size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c == 0xE0)
        n = 3, lo = 0xA0;
    else if (c >= 0xE1 && c <= 0xEC)
        n = 3;
    else if (c == 0xED)
        n = 3, hi = 0x9F;
    else if (c >= 0xEE && c <= 0xEF)
        n = 3;
    else if (c == 0xF0)
        n = 4, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3)
        n = 4;
    else if (c == 0xF4)
        n = 4, hi = 0x8F;
    else
        return 0;
    if (i + n > s.size()) return 0;
    if (b(i + 1) < lo || b(i + 1) > hi) return 0;
    for (size_t k = 2; k < n; ++k) {
        if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
    }
    return n;
}

// A noncharacter (U+FDD0..U+FDEF, and the last two code points of every plane): valid UTF-8, but
// no text; XML 1.0 refuses U+FFFE and U+FFFF outright.
bool noncharacter(std::string_view seq) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(seq[k]); };
    unsigned cp = 0;
    if (seq.size() == 3) cp = ((b(0) & 0x0Fu) << 12) | ((b(1) & 0x3Fu) << 6) | (b(2) & 0x3Fu);
    if (seq.size() == 4) cp = ((b(0) & 0x07u) << 18) | ((b(1) & 0x3Fu) << 12) | ((b(2) & 0x3Fu) << 6) | (b(3) & 0x3Fu);
    return (cp >= 0xFDD0 && cp <= 0xFDEF) || (seq.size() >= 3 && (cp & 0xFFFEu) == 0xFFFEu);
}

}  // namespace

std::string valid_utf8(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        const size_t n = sequence_length(s, i);
        if (n == 0 || noncharacter(s.substr(i, n))) {
            out += "\xEF\xBF\xBD";  // U+FFFD
            i += n == 0 ? 1 : n;
        } else {
            out.append(s.substr(i, n));
            i += n;
        }
    }
    return out;
}

std::string printable(std::string_view s) {
    const std::string valid = valid_utf8(s);
    std::string out;
    out.reserve(valid.size());
    for (const char ch : valid) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c < 0x20 && ch != '\n' && ch != '\t') || c == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += ch;
        }
    }
    return out;
}

std::string float_text(double v, int digits) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    if (v == 0.0) return "0";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

std::string trimmed(std::string_view s, std::string_view blanks) {
    const size_t b = s.find_first_not_of(blanks);
    if (b == std::string_view::npos) return "";
    return std::string(s.substr(b, s.find_last_not_of(blanks) - b + 1));
}

std::string count_words(long long n, std::string_view singular, std::string_view plural) {
    return std::to_string(n) + " " + std::string(n == 1 ? singular : plural);
}

namespace {

// The length in bytes of the blank that `s` starts with at `at`, else 0: a space (ASCII, or
// Unicode's category Zs) or an invisible format character (the soft hyphen U+00AD, U+180E,
// U+200B..U+200F, U+2060, U+2066..U+2069, U+FEFF), which a spreadsheet may skip before a formula
// sign. `s` is valid UTF-8.
size_t blank_at(std::string_view s, size_t at) {
    const auto byte = [&](size_t i) { return i < s.size() ? static_cast<unsigned char>(s[i]) : 0u; };
    const unsigned b0 = byte(at), b1 = byte(at + 1), b2 = byte(at + 2);
    if (b0 == ' ') return 1;
    if (b0 == 0xC2 && (b1 == 0xA0 || b1 == 0xAD)) return 2;                                // U+00A0, U+00AD
    if (b0 == 0xE1 && b1 == 0x9A && b2 == 0x80) return 3;                                  // U+1680
    if (b0 == 0xE1 && b1 == 0xA0 && b2 == 0x8E) return 3;                                  // U+180E
    if (b0 == 0xE2 && b1 == 0x80 && ((b2 >= 0x80 && b2 <= 0x8F) || b2 == 0xAF)) return 3;  // U+2000..U+200F, U+202F
    if (b0 == 0xE2 && b1 == 0x81 && (b2 == 0x9F || b2 == 0xA0 || (b2 >= 0xA6 && b2 <= 0xA9)))
        return 3;                                          // U+205F, U+2060, U+2066..U+2069
    if (b0 == 0xE3 && b1 == 0x80 && b2 == 0x80) return 3;  // U+3000
    if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) return 3;  // U+FEFF
    return 0;
}

// Where the text that a spreadsheet would read as a cell's start begins, from `at`: past blanks
// and quotes (a lenient parser drops a quote it did not expect).
size_t cell_text_at(std::string_view s, size_t at) {
    for (size_t n; at < s.size() && ((n = blank_at(s, at)) > 0 || (n = s[at] == '"' ? 1 : 0) > 0);) at += n;
    return at;
}

bool formula_sign(std::string_view s, size_t at) {
    return at < s.size() && std::string_view("=+-@").find(s[at]) != std::string_view::npos;
}

}  // namespace

std::string csv_cell(std::string_view raw) {
    std::string text;
    for (const char ch : valid_utf8(raw)) {
        const auto c = static_cast<unsigned char>(ch);
        text += c < 0x20 || c == 0x7F ? fmt::format("\\x{:02x}", c) : std::string(1, ch);
    }
    // A spreadsheet that splits on another locale's separator (';' where this file uses ',')
    // starts a cell after any separator inside this one: a formula sign there gets a ' too.
    std::string s;
    for (size_t i = 0; i < text.size(); ++i) {
        s += text[i];
        if (text[i] != ',' && text[i] != ';') continue;
        const size_t start = cell_text_at(text, i + 1);
        if (!formula_sign(text, start)) continue;
        s.append(text, i + 1, start - i - 1).append("'");
        i = start - 1;
    }
    if (formula_sign(s, cell_text_at(s, 0))) s = "'" + s;
    if (s.find_first_of(",;\t\"") == std::string::npos) return s;
    std::string out = "\"";
    for (const char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace judge
