// judge/compile/harness_source.hpp: the harness main() generated from a problem's spec.
#pragma once

#include <string>

#include "problem/spec.hpp"

namespace judge {

/// The C++ source of the harness main() for `p`: declarations of the student's functions and one
/// caller per function, which reads each parameter with the reader its type names
/// (problem/types.hpp) and writes each output (see harness/support.hpp for the runtime half).
std::string harness_source(const Problem& p);

/// The file the judge names first on a solution's compile line (`-include`): <judge/tensor.hpp>
/// (so its precompiled header is used whatever the solution includes first), then the spec's
/// declaration of each function the solution defines. A definition whose return type differs from
/// the spec's is then g++'s own error, which the judge explains (issue #64), where the two
/// translation units would otherwise disagree unseen and the harness read garbage.
std::string declarations_source(const Problem& p);
inline constexpr const char* declarations_file = "judge_declarations.hpp";

}  // namespace judge
