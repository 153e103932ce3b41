// expect: runtime_error
// tiers: bubblewrap fallback
// report: its status file is not a regular file
// Leaves a FIFO where the harness's status file goes: opening it for reading used to block the
// judge for ever. It must be refused at once (O_NONBLOCK, then fstat).
#include <judge/tensor.hpp>
#include <sys/stat.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    if (::mkfifo("status", 0666) != 0) return x + 1.0f;
    ::_exit(0);
}
