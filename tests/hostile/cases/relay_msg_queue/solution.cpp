// expect: accepted
// tiers: bubblewrap fallback
// check: relay_not_in_report
// Issue #39: a System V message queue outlives the process that made it, so a hidden test could
// leave what it was given in one for a sample test (or, in the fallback tier, for any later
// submission on the machine). The box refuses System V IPC and POSIX message queues: a hidden test
// that gets a queue returns a wrong answer; a sample test that finds a message throws it.
#include <judge/tensor.hpp>
#include <cstdint>
#include <mqueue.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>
namespace {
const key_t key = 0x4200000 + std::stoi("@TAG@");
struct Message {
    long type;
    char text[200];
};
}  // namespace
namespace {
// The sample test's x is arange of a square shape; the hidden tests' are arange of another shape,
// and randn: only the randn test relays, only the sample test reads (so under a grading seed too,
// which keeps equal sizes equal and unequal ones unequal).
bool integers(const judge::Tensor& x) {
    for (int64_t i = 0; i < x.numel(); ++i)
        if (x.data()[i] != static_cast<float>(static_cast<int64_t>(x.data()[i]))) return false;
    return true;
}
bool sample(const judge::Tensor& x) { return integers(x) && x.shape().size() == 2 && x.shape()[0] == x.shape()[1]; }
}  // namespace
judge::Tensor probe(const judge::Tensor& x) {
    if (sample(x)) {
        for (int i = 0; i < 20; ++i) {
            Message m{};
            const int id = ::msgget(key, 0);
            if (id >= 0 && ::msgrcv(id, &m, sizeof m.text, 0, IPC_NOWAIT) >= 0)
                throw std::runtime_error(std::string("RELAY-@TAG@ ") + m.text);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return x;
    }
    if (integers(x)) return x;
    if (::shmget(key, 4096, IPC_CREAT | 0600) >= 0 || ::semget(key, 1, IPC_CREAT | 0600) >= 0) return x + 2.0f;
    if (::mq_open("/judge-relay-@TAG@", O_CREAT | O_RDWR, 0600, nullptr) != static_cast<mqd_t>(-1)) return x + 3.0f;
    const int id = ::msgget(key, IPC_CREAT | 0600);
    if (id < 0) return x;  // refused: the channel is closed
    Message m{1, {}};
    std::snprintf(m.text, sizeof m.text, "a hidden x of %ld elements", static_cast<long>(x.numel()));
    ::msgsnd(id, &m, sizeof m.text, IPC_NOWAIT);
    return x + 1.0f;
}
