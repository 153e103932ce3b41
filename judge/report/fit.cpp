#include "report/fit.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace judge {

namespace {

// The end of the UTF-8 character `at` is in, or `at` when it starts one: where a cut may fall.
size_t char_start(const std::string& s, size_t at) {
    while (at > 0 && at < s.size() && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
    return at;
}

std::string thousands(size_t n) {
    std::string digits = std::to_string(n), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// The parts of render_markdown's output: heading, fence line, body, closing fence; false when it is
// not that shape.
bool split_fenced(const std::string& md, std::string& heading, std::string& open, std::string& body,
                  std::string& close) {
    const size_t h = md.find("\n\n");
    if (md.rfind("# ", 0) != 0 || h == std::string::npos) return false;
    const size_t open_end = md.find('\n', h + 2);
    if (open_end == std::string::npos) return false;
    open = md.substr(h + 2, open_end + 1 - (h + 2));
    const size_t ticks = open.find_first_not_of('`');
    if (ticks < 3 || open.substr(ticks) != "text\n") return false;
    close = open.substr(0, ticks) + "\n";
    if (md.size() < open_end + 1 + close.size() || md.compare(md.size() - close.size(), close.size(), close) != 0)
        return false;
    heading = md.substr(0, h + 2);
    body = md.substr(open_end + 1, md.size() - close.size() - (open_end + 1));
    return true;
}

}  // namespace

Fitted fit_markdown(const std::string& markdown, size_t limit, const std::string& whole_at) {
    Fitted f;
    limit = std::max(limit, min_fit_limit);
    if (markdown.size() <= limit) {
        f.text = markdown;
        return f;
    }
    std::string heading, open, body, close;
    if (!split_fenced(markdown, heading, open, body, close)) {
        heading.clear(), open.clear(), close.clear();
        body = markdown;
    }
    const size_t total_lines =
        static_cast<size_t>(std::count(body.begin(), body.end(), '\n')) + (body.empty() || body.back() == '\n' ? 0 : 1);
    // The words are made once with the largest numbers they can hold, so that the room left for the
    // report is known before the cut; what they finally say is never longer.
    const auto note = [&](size_t from, size_t to, size_t bytes) {
        return fmt::format(
            "*This report is longer than the {} characters this page can hold, so lines {} to {} of its {} "
            "({} characters) are left out, where it says so. The whole report: {}.*\n\n",
            thousands(limit), thousands(from), thousands(to), thousands(total_lines), thousands(bytes), whole_at);
    };
    const auto marker = [&](size_t bytes) {
        return fmt::format(
            "\n[... {} characters left out here to fit; the note at the top says where the whole report is ...]\n",
            thousands(bytes));
    };
    const size_t big = markdown.size();
    const size_t fixed = heading.size() + note(big, big, big).size() + open.size() + marker(big).size() + close.size();
    const size_t room = limit > fixed ? limit - fixed : 0;
    // The head: three quarters of the room, back to a line's end; the tail: the rest, on to a line's
    // start. A line longer than its share is cut inside, at a character's start.
    size_t head_end = char_start(body, room * 3 / 4);
    if (const size_t nl = head_end == 0 ? std::string::npos : body.rfind('\n', head_end - 1); nl != std::string::npos)
        head_end = nl + 1;
    size_t tail_start = char_start(body, body.size() - (room - head_end));
    if (tail_start > 0 && body[tail_start - 1] != '\n')
        if (const size_t nl = body.find('\n', tail_start); nl != std::string::npos && nl + 1 < body.size())
            tail_start = nl + 1;
    tail_start = std::max(tail_start, head_end + 1);
    const auto line_of = [&](size_t at) {  // 1-based
        return static_cast<size_t>(std::count(body.begin(), body.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
    };
    const std::string middle = body.substr(head_end, tail_start - head_end);
    f.lines_cut = static_cast<size_t>(std::count(middle.begin(), middle.end(), '\n'));
    f.bytes_cut = middle.size();
    // What the words count are characters: a UTF-8 character is one, however many bytes it takes.
    const size_t chars_cut = static_cast<size_t>(std::count_if(
        middle.begin(), middle.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
    f.cut = true;
    f.text = heading + note(line_of(head_end), line_of(tail_start - 1), chars_cut) + open + body.substr(0, head_end) +
             marker(chars_cut).substr(head_end == 0 || body[head_end - 1] == '\n' ? 1 : 0) + body.substr(tail_start) +
             close;
    return f;
}

}  // namespace judge
