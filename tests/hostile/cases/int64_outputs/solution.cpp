// expect: wrong_answer
// tiers: bubblewrap fallback
// report: output holds int64 values; expected float32
// Computes nothing: writes its output as an int64 .npy of the right shape and a forged "ok"
// status, then exits before the harness writes the real ones. Compared as floats, an int64 array
// is an empty array, and every value check passed. The dtype is now checked first.
#include <judge/tensor.hpp>
#include <cstdio>
#include <string>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    std::string header = "{'descr': '<i8', 'fortran_order': False, 'shape': " + judge::shape_str(x.shape()) + ", }\n";
    std::string bytes = "\x93NUMPY\x01";
    bytes += '\0';
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
    bytes += header + std::string(static_cast<size_t>(x.numel()) * 8, '\0');
    if (FILE* f = std::fopen("output.npy", "wb")) {  // the harness runs each test in its output folder
        std::fwrite(bytes.data(), 1, bytes.size(), f);
        std::fclose(f);
    }
    if (FILE* f = std::fopen("status", "w")) {
        std::fputs("ok\n", f);
        std::fclose(f);
    }
    ::_exit(0);
}
