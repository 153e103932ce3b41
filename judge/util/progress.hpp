// judge/util/progress.hpp: one progress line for long work.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>

namespace judge {

/// Counts steps of `total` and shows "judge: <what>: N/total". On a terminal (stderr) it is one
/// line rewritten in place and ended by the destructor; elsewhere (a CI log) it is an info line at
/// each tenth of the way and at the end, so that 321 steps make 10 lines, not 321. Quiet at -q.
/// step() may be called from several threads.
class Progress {
public:
    Progress(std::string what, size_t total);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    void step();

private:
    std::string m_what;
    size_t m_total;
    size_t m_done = 0;
    bool m_tty;
    bool m_shown = false;
    std::mutex m_mutex;
};

}  // namespace judge
