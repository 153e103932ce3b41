#include "util/progress.hpp"

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <utility>

namespace judge {

Progress::Progress(std::string what, size_t total)
    : m_what(std::move(what)), m_total(total), m_tty(::isatty(STDERR_FILENO) == 1) {}

Progress::~Progress() {
    if (m_tty && m_shown) fmt::print(stderr, "\n");
}

namespace {

// ", about 1m40s left": the time left at the pace so far; "" at the end.
std::string time_left(std::chrono::steady_clock::time_point start, size_t n, size_t total) {
    if (n == 0 || n >= total) return "";
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto left = static_cast<long>(elapsed / static_cast<double>(n) * static_cast<double>(total - n) + 0.5);
    return left >= 60 ? fmt::format(", about {}m{:02}s left", left / 60, left % 60)
                      : fmt::format(", about {}s left", left);
}

}  // namespace

void Progress::step() {
    const std::lock_guard lock(m_mutex);
    const size_t n = ++m_done;
    if (!spdlog::should_log(spdlog::level::info)) return;
    if (m_tty) {
        fmt::print(stderr, "\r\033[Kjudge: {}: {}/{}{}", m_what, n, m_total, time_left(m_start, n, m_total));
        std::fflush(stderr);
        m_shown = true;
    } else if (n == m_total || n * 10 / m_total != (n - 1) * 10 / m_total) {
        spdlog::info("{}: {}/{}{}", m_what, n, m_total, time_left(m_start, n, m_total));
    }
}

void Progress::begin(const std::string& item) {
    const std::lock_guard lock(m_mutex);
    m_under_way.insert(item);
}

void Progress::drop(const std::string& item) {
    const std::lock_guard lock(m_mutex);
    m_under_way.erase(item);
    ++m_done;
}

void Progress::end(const std::string& item, const std::string& words) {
    const std::lock_guard lock(m_mutex);
    m_under_way.erase(item);
    const size_t n = ++m_done;
    if (!spdlog::should_log(spdlog::level::info)) return;
    const std::string line = fmt::format("[{}/{}] {}: {}", n, m_total, item, words);
    if (!m_tty) {
        fmt::print(stderr, "judge: {}\n", line);
        return;
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    const double eta = elapsed / static_cast<double>(n) * static_cast<double>(m_total - n);
    std::string now;
    for (const std::string& other : m_under_way) now += (now.empty() ? "" : ", ") + other;
    fmt::print(stderr, "\r\033[K{}; now: {}; ETA {:.0f}s", line, now.empty() ? "-" : now, eta);
    std::fflush(stderr);
    m_shown = true;
}

}  // namespace judge
