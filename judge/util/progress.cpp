#include "util/progress.hpp"

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <utility>

namespace judge {

Progress::Progress(std::string what, size_t total)
    : m_what(std::move(what)), m_total(total), m_tty(::isatty(STDERR_FILENO) == 1) {}

Progress::~Progress() {
    if (m_tty && m_shown) fmt::print(stderr, "\n");
}

void Progress::step() {
    const std::lock_guard lock(m_mutex);
    const size_t n = ++m_done;
    if (!spdlog::should_log(spdlog::level::info)) return;
    if (m_tty) {
        fmt::print(stderr, "\r\033[Kjudge: {}: {}/{}", m_what, n, m_total);
        std::fflush(stderr);
        m_shown = true;
    } else if (n == m_total || n * 10 / m_total != (n - 1) * 10 / m_total) {
        spdlog::info("{}: {}/{}", m_what, n, m_total);
    }
}

}  // namespace judge
