#include "report/style.hpp"

#include <cstring>

namespace judge {

std::string Style::paint(const std::string& text, const char* colour_name) const {
    if (!colour) return text;
    const char* code = "";
    if (std::strcmp(colour_name, "green") == 0)
        code = "\033[32m";
    else if (std::strcmp(colour_name, "red") == 0)
        code = "\033[31m";
    else if (std::strcmp(colour_name, "bold") == 0)
        code = "\033[1m";
    else if (std::strcmp(colour_name, "dim") == 0)
        code = "\033[2m";
    if (*code == '\0') return text;  // no such colour: the text as it is
    return std::string(code) + text + "\033[0m";
}

}  // namespace judge
