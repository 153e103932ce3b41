// judge/problem/sequence.hpp: a sequence, a function of the spec made of calls of the solution's
// functions in one process, each call reading the sequence's parameters or earlier calls' outputs.
//
// Theory of operation. State between calls (a key-value cache grown token by token, a running
// statistic) is the student's own outputs fed forward. A sequence declares the calls once:
//
//   {"name": "decode_two", "sequence": [
//      {"call": "decode_step", "args": {"x": "x1"}, "results": {"output": "y1", "cache": "cache1"}},
//      {"call": "decode_step", "args": {"x": "x2", "cache": "cache1"}, "results": {"output": "y2"}}]}
//
// A call's argument is named by "args" (a parameter of the called function not listed there keeps
// its own name); a name that no earlier call's "results" gives is a parameter of the sequence, of
// the called parameter's type. "results" names what a call's outputs are called in the sequence;
// an output it does not name is dropped. The sequence's outputs are the named results, in order,
// each with the called function's type, axes and NaN policy. After that a sequence is a function
// like any other: its tests, small inputs, packs, counterexamples and pictures need nothing more,
// and only the harnesses (compile/harness_source, harness/python_server.py) call it step by step.
#pragma once

#include <string>
#include <vector>

#include "problem/field.hpp"
#include "problem/spec.hpp"

namespace judge {

/// Parses a function entry with "sequence"; `earlier` are the functions declared before it, which
/// it may call (never another sequence). Throws InputError naming the field.
FunctionSpec parse_sequence(const Field& f, const std::vector<FunctionSpec>& earlier);

/// A sequence's calls as a student reads them, one line each: "y1, cache1 = decode_step(x1, cache0)"
/// ("_" for an output the sequence drops).
std::vector<std::string> sequence_lines(const FunctionSpec& f);

}  // namespace judge
