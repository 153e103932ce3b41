// judge/pipeline/phase_watch.hpp: the judge's end of a box's phase socket (box::Plan::first_phase).
#pragma once

#include <functional>
#include <string>
#include <thread>

namespace judge {

/// A thread that waits for the in-box runner's word that the first phase is over (the sample
/// tests and the feedback cases), calls `at_end` (which reads their results), then tells the
/// runner to go on with the hidden tests; and for its word that every test has ended
/// (box::Plan::again), then answers with what `at_last` returns (box::encode_again's text) and
/// shuts its side.
class PhaseWatch {
public:
    explicit PhaseWatch(std::function<void()> at_end, std::function<std::string()> at_last = {});

    /// The runner's end, for the box to inherit.
    int runner_fd() const { return m_fds[1]; }

    /// After the box has ended: the thread sees the socket's end, if it still waits (shut down,
    /// whoever else may hold a copy of the runner's end).
    ~PhaseWatch();
    PhaseWatch(const PhaseWatch&) = delete;
    PhaseWatch& operator=(const PhaseWatch&) = delete;

private:
    int m_fds[2] = {-1, -1};
    std::thread m_thread;
};

}  // namespace judge
