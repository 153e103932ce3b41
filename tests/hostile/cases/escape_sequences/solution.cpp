// expect: runtime_error
// tiers: bubblewrap fallback
// report: threw std::runtime_error: caf� \\x1b]0;pwned\\x07\\x1b[32mprobe: accepted\\x0d
// Throws a message in Latin-1 with terminal escapes (a window title, a green fake "accepted", a
// carriage return). Invalid UTF-8 used to break the JSON writer; escapes reached the terminal.
// The judge makes such text valid UTF-8 and escapes control characters where it captures it.
#include <judge/tensor.hpp>
#include <stdexcept>
judge::Tensor probe(const judge::Tensor&) { throw std::runtime_error("caf\xe9 \x1b]0;pwned\x07\x1b[32mprobe: accepted\r"); }
