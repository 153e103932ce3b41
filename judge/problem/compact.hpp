// judge/problem/compact.hpp: schema 2's compact tests, expanded; and the declared parameter shapes.
// Internal to problem/.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "problem/field.hpp"
#include "problem/spec.hpp"

namespace judge {

/// One test as parse_test reads it: the test on top of "test_defaults", its function's
/// "test_defaults" and its "fixture"s; a test with "cases" gives one of these per case.
struct ExpandedTest {
    nlohmann::json json;
    std::string path;        // "tests[<id>]", or "tests[<id>].cases[2]" for a case without an id of its own
    std::string index_path;  // "tests[3]" or "tests[3].cases[2]": where it is, when ids clash
    // Where an entry came from when not from the test itself: "inputs.gamma" -> "fixtures.neutral_ln".
    std::map<std::string, std::string> origins;
};

std::vector<ExpandedTest> expand_tests(const Field& top, bool compact);

/// `e`, an error in test `t`, with " (from <origin>)" after the field when a default or a fixture
/// gave that entry.
InputError with_origin(const InputError& e, const ExpandedTest& t);

/// Checks every input in `in` against its parameter's declared "shape" (symbols bind on first
/// sight, in parameter order); `inputs` is where they are, for the error.
void check_declared_shapes(const FunctionSpec& fn, const std::map<std::string, InputSpec>& in, const Field& inputs);

}  // namespace judge
