// expect: accepted
// tiers: bubblewrap fallback
// check: relay_not_in_report
// Issue #39: a hidden test leaves what it was given under a fixed name beside its own output
// folder (/box/out/, its working folder's parent) for a sample test, which would throw it in its
// message. The sample tests run, and are read, before any hidden test starts: the sample test,
// waiting a second for it, finds nothing, and no hidden value reaches the report.
#include <judge/tensor.hpp>
#include <chrono>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
namespace {
const char* relay = "../judge-relay-@TAG@";
}
judge::Tensor probe(const judge::Tensor& x) {
    if (x.shape() == judge::Shape{2, 2}) {  // the sample test
        for (int i = 0; i < 20; ++i) {
            std::ifstream in(relay);
            std::string got;
            if (in && std::getline(in, got)) throw std::runtime_error("RELAY-@TAG@ " + got);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return x;
    }
    std::ofstream(relay) << "a hidden x of " << x.numel() << " elements, x[0] = " << x.data()[0] << "\n";
    return x;
}
