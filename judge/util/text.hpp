// judge/util/text.hpp: making text that untrusted code produced safe to show and to store.
#pragma once

#include <string>
#include <string_view>

namespace judge {

/// `s` as valid UTF-8: every byte that does not belong to a valid sequence, and every noncharacter
/// (U+FDD0..U+FDEF, U+FFFE, U+FFFF and their kin in the other planes), becomes U+FFFD.
std::string valid_utf8(std::string_view s);

/// valid_utf8(s) with every control character but newline and tab written as "\xNN" (and DEL as
/// "\x7f"), so that no terminal escape, carriage return or NUL reaches a report.
std::string printable(std::string_view s);

/// A CSV cell that every common spreadsheet reads as the text it is: valid UTF-8 with control
/// characters written as "\xNN"; quoted when it holds a separator of any common locale (`,`, `;`,
/// tab) or a quote; and never a formula (OWASP's advice), under any of those separators: a ' before
/// a formula sign (=, +, -, @) that starts the cell, or follows a `,` or `;` inside it, after any
/// blanks, invisible format characters (U+200B..U+200F, U+2066..U+2069, U+00AD, U+180E, U+FEFF)
/// and quotes.
std::string csv_cell(std::string_view raw);

/// A float as PyTorch prints it: "nan", "inf", "-inf", "0" (never "-0"), else `digits`
/// significant digits ("%.*g").
std::string float_text(double v, int digits);

/// `s` without the characters of `blanks` at either end.
std::string trimmed(std::string_view s, std::string_view blanks = " \t\r");

/// "1 masked weight" and "3 masked weights": n, then the singular or the plural.
std::string count_words(long long n, std::string_view singular, std::string_view plural);

}  // namespace judge
