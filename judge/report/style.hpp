// judge/report/style.hpp: colour in student-facing text, decided once by the caller.
#pragma once

#include <string>

namespace judge {

/// Whether text gets ANSI colours (the command line turns them on only on a terminal).
struct Style {
    bool colour = false;

    /// `text` in a colour (green, red, bold, dim) when colour is on; else `text` as it is. No yellow:
    /// on a light background it is the faintest text (contrast under 3:1), so the key line is bold.
    std::string paint(const std::string& text, const char* colour_name) const;
};

}  // namespace judge
