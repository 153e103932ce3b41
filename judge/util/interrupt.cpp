#include "util/interrupt.hpp"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <thread>

namespace judge {

namespace {

std::atomic<int> g_signal{0};
std::array<std::atomic<void (*)()>, 4> g_hooks{};

sigset_t stop_signals() {
    sigset_t set;
    sigemptyset(&set);
    for (const int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&set, s);
    return set;
}

}  // namespace

void handle_interrupts() {
    static std::atomic<bool> started{false};
    if (started.exchange(true)) return;
    const sigset_t set = stop_signals();
    if (::pthread_sigmask(SIG_BLOCK, &set, nullptr) != 0) return;
    std::thread([set] {
        for (;;) {
            int sig = 0;
            if (::sigwait(&set, &sig) != 0) continue;
            if (g_signal.exchange(sig) != 0) ::_exit(128 + sig);  // the second: at once
            for (auto& hook : g_hooks)
                if (void (*h)() = hook.load()) h();
        }
    }).detach();
}

int interrupt_signal() { return g_signal.load(); }

void throw_if_interrupted() {
    if (const int sig = g_signal.load()) throw Interrupted{sig};
}

void on_interrupt(void (*hook)()) {
    for (auto& slot : g_hooks) {
        void (*expected)() = nullptr;
        if (slot.load() == hook || slot.compare_exchange_strong(expected, hook)) return;
    }
}

}  // namespace judge
