// judge/util/progress.hpp: one progress line for long work.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <set>
#include <string>

namespace judge {

/// Counts steps of `total` and shows them on stderr. Quiet at -q. Every call may come from
/// several threads. Two kinds of step:
/// - step(): "judge: <what>: N/total". On a terminal one line rewritten in place; elsewhere (a CI
///   log) an info line at each tenth of the way and at the end, so that 321 steps make 10 lines.
/// - begin(item) and end(item, words), for work whose items a reader wants named (a class's
///   students): "[N/total] <item>: <words>". On a terminal one line rewritten in place, with the
///   items under way and an ETA ("; now: a, b; ETA 12s"); elsewhere a line per item, so that a
///   class's log names every student.
/// The destructor ends the terminal's line.
class Progress {
public:
    Progress(std::string what, size_t total);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    void step();

    void begin(const std::string& item);
    void end(const std::string& item, const std::string& words);
    /// `item` ends without a line of its own (its failure was said already); it still counts.
    void drop(const std::string& item);

private:
    std::string m_what;
    size_t m_total;
    size_t m_done = 0;
    bool m_tty;
    bool m_shown = false;
    std::set<std::string> m_under_way;
    std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
    std::mutex m_mutex;
};

}  // namespace judge
