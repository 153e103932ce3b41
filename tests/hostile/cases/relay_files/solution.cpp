// expect: accepted
// tiers: bubblewrap fallback
// check: relay_not_in_report
// Issue #39: a hidden test leaves what it was given in files for a sample test, which would throw
// it in its message (shown in every format): in /tmp, and under a fixed name beside its own output
// folder (/box/out/, its working folder's parent). The sample tests run, and are read, before any
// hidden test starts: the sample test, waiting a second for them, finds nothing, and no hidden
// value reaches the report. The hidden test checks that it could leave one of them (in the fallback
// tier, Landlock closes the host's /tmp), so the case cannot pass because nothing could be written.
#include <judge/tensor.hpp>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
namespace {
const char* const relays[] = {"/tmp/judge-relay-@TAG@", "../judge-relay-@TAG@"};
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
            for (const char* relay : relays) {
                std::ifstream in(relay);
                std::string got;
                if (in && std::getline(in, got)) throw std::runtime_error("RELAY-@TAG@ " + got);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return x;
    }
    if (integers(x)) return x;
    bool left = false;
    for (const char* relay : relays) {
        std::ofstream(relay) << "a hidden x of " << x.numel() << " elements, x[0] = " << x.data()[0] << "\n";
        std::ifstream back(relay);
        std::string line;
        left = left || static_cast<bool>(std::getline(back, line));
    }
    return left ? x : x + 1.0f;  // nowhere to write: the case would prove nothing
}
