#include "pipeline/phase_watch.hpp"

#include <spdlog/spdlog.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/errors.hpp"

namespace judge {

PhaseWatch::PhaseWatch(std::function<void()> at_end) {
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, m_fds) != 0)
        throw JudgeFailure(std::string("cannot make a socket pair: ") + std::strerror(errno));
    m_thread = std::thread([this, at_end = std::move(at_end)] {
        char c = 0;
        ssize_t k = 0;
        do k = ::recv(m_fds[0], &c, 1, 0);
        while (k < 0 && errno == EINTR);
        if (k == 1) {
            try {
                at_end();
            } catch (const std::exception& e) {
                spdlog::debug("reading the sample tests' results: {}", e.what());
            }
            const char go = 'g';
            ::send(m_fds[0], &go, 1, MSG_NOSIGNAL);
        }
    });
}

PhaseWatch::~PhaseWatch() {
    ::shutdown(m_fds[0], SHUT_RDWR);
    m_thread.join();
    ::close(m_fds[0]);
    ::close(m_fds[1]);
}

}  // namespace judge
