// judge/compile/explain.hpp: a compiler's or linker's log, with the judge's words on what the
// problem expects where the log alone would not say it (issue #64).
#pragma once

#include <string>

#include "problem/spec.hpp"

namespace judge {

/// The link log, and for each spec function left undefined (or defined with other parameter
/// types): "your solution must define, with exactly these parameter types: <signature>".
std::string explain_link_errors(const Problem& p, const std::string& log);

/// True when a compile failed only where the spec's declarations (declarations_source) disagree
/// with a definition in form, not in type: a deduced return type ("auto"), or an exception
/// specification. Such a file compiles as it would have without them, so it is compiled again so.
bool only_formal_conflicts(const Problem& p, const std::string& log);

/// The compile log, and for each definition whose return type is not the spec's: "attention_heads
/// returns std::tuple<judge::Tensor, judge::Tensor> (output, weights) in this problem; yours returns
/// judge::Tensor. Declare it as: <signature>".
std::string explain_return_types(const Problem& p, const std::string& log);

}  // namespace judge
