// judge/compile/harness_source.hpp: the harness main() generated from a problem's spec.
#pragma once

#include <string>

#include "problem/spec.hpp"

namespace judge {

/// The C++ source of the harness main() for `p`: declarations of the student's functions and one
/// caller per function, which reads each parameter with the reader its type names
/// (problem/types.hpp) and writes each output (see harness/support.hpp for the runtime half).
std::string harness_source(const Problem& p);

}  // namespace judge
