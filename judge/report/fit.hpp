// judge/report/fit.hpp: a student's Markdown report cut to fit a platform's limit (issue #63).
#pragma once

#include <cstddef>
#include <string>

namespace judge {

/// GitHub's limit on an issue's or a comment's body: 65,536 characters.
inline constexpr size_t github_issue_limit = 65536;
/// The smallest limit a report is cut to: the heading, the note and a few lines of the report.
inline constexpr size_t min_fit_limit = 2048;
/// The longest `whole_at` fit_markdown takes.
inline constexpr size_t max_whole_at = 512;

/// What fit_markdown did.
struct Fitted {
    std::string text;
    bool cut = false;
    size_t lines_cut = 0, bytes_cut = 0;
};

/// `markdown` (render_markdown's: a heading, then the text report in a code fence) in at most
/// `limit` bytes, so in at most `limit` characters however a platform counts them. When it is
/// longer, the report's middle is left out at line ends (the head, where a compiler's first error
/// is, keeps three quarters of the room; the tail, with the points, the rest), a line in the fence
/// says where and how much, and a note under the heading says what was cut and where the whole
/// report is (`whole_at`, Markdown). Never cuts inside a UTF-8 character, and keeps the fence
/// whole. Anything else than render_markdown's shape is cut the same way, without a fence.
/// `limit` is at least min_fit_limit, and `whole_at` at most max_whole_at bytes (the words must fit).
Fitted fit_markdown(const std::string& markdown, size_t limit, const std::string& whole_at);

}  // namespace judge
