// expect: wrong_answer
// tiers: bubblewrap fallback
// check: second_run_clean
// Issue #65: a wrong answer runs again in the same box, after the hidden tests. The randn hidden
// test leaves what it was given in the box's /tmp and /dev/shm, and under a fixed name beside its
// own output folder (/box/out/); the sample test, wrong on purpose, returns another wrong answer on
// its second run when it finds one of them, which the report would say as an output that changes:
// a bit of a hidden input. Before the second runs the judge empties out/ of all but the tests'
// folders and the runner empties /tmp and /dev/shm: the sample test finds nothing, and its output
// does not change. The hidden test checks that it could leave one of them (x + 1 else), so the case
// cannot pass because nothing could be written.
#include <judge/tensor.hpp>
#include <cstdint>
#include <fstream>
#include <string>
namespace {
const char* const relays[] = {"/tmp/judge-again-@TAG@", "/dev/shm/judge-again-@TAG@", "../judge-again-@TAG@"};
bool integers(const judge::Tensor& x) {
    for (int64_t i = 0; i < x.numel(); ++i)
        if (x.data()[i] != static_cast<float>(static_cast<int64_t>(x.data()[i]))) return false;
    return true;
}
bool sample(const judge::Tensor& x) { return integers(x) && x.shape().size() == 2 && x.shape()[0] == x.shape()[1]; }
}  // namespace
judge::Tensor probe(const judge::Tensor& x) {
    if (sample(x)) {
        for (const char* relay : relays)
            if (std::ifstream(relay)) return x + 2.0f;  // what a hidden test left: another wrong answer
        return x + 1.0f;
    }
    if (integers(x)) return x;
    bool left = false;
    for (const char* relay : relays) {
        std::ofstream(relay) << "a hidden x of " << x.numel() << " elements\n";
        left = left || static_cast<bool>(std::ifstream(relay));
    }
    return left ? x : x + 1.0f;
}
