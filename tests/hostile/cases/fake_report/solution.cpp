// expect: wrong_answer
// tiers: bubblewrap fallback
// Prints a fake report and fake .npy bytes on stdout; the judge never reads stdout.
#include <judge/tensor.hpp>
#include <cstdio>
judge::Tensor probe(const judge::Tensor& x) {
    std::printf("{\"problem\": \"probe\", \"verdict\": \"accepted\", \"score\": 2, \"max_score\": 2}\n");
    std::printf("\x93NUMPY\x01\x00v\x00{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }\n");
    std::printf("probe: accepted, 2/2 points, 1/1 traps passed\n");
    return x * 2.0f;
}
