#include "cli/output.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace judge {

bool use_colour() {
    const char* no = std::getenv("NO_COLOR");
    if (no != nullptr && *no != '\0') return false;
    return ::isatty(STDOUT_FILENO) == 1;
}

std::string paint(const std::string& text, const char* colour) {
    if (!use_colour()) return text;
    const char* code = "";
    if (std::strcmp(colour, "green") == 0) code = "\033[32m";
    else if (std::strcmp(colour, "red") == 0) code = "\033[31m";
    else if (std::strcmp(colour, "yellow") == 0) code = "\033[33m";
    else if (std::strcmp(colour, "bold") == 0) code = "\033[1m";
    else if (std::strcmp(colour, "dim") == 0) code = "\033[2m";
    return std::string(code) + text + "\033[0m";
}

void configure_logging(int verbose, bool quiet) {
    const char* no = std::getenv("NO_COLOR");
    const bool colour = (no == nullptr || *no == '\0') && ::isatty(STDERR_FILENO) == 1;
    auto logger = colour ? spdlog::stderr_color_st("judge") : spdlog::stderr_color_st("judge", spdlog::color_mode::never);
    // With -v, timestamps help to see where the time goes.
    logger->set_pattern(verbose >= 1 ? "judge: %H:%M:%S.%e %^%l%$: %v" : "judge: %^%l%$: %v");
    spdlog::set_default_logger(logger);
    if (quiet) spdlog::set_level(spdlog::level::err);
    else if (verbose >= 2) spdlog::set_level(spdlog::level::trace);
    else if (verbose == 1) spdlog::set_level(spdlog::level::debug);
    else spdlog::set_level(spdlog::level::info);
}

}  // namespace judge
