// judge/report/shown.hpp: a counterexample, whole, as text and as JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "report/report.hpp"

namespace judge {

/// A value as numpy prints it: "x (1, 2, 4) = [[[0, 1, 2, 3],\n  [4, 5, 6, 7]]]" for a tensor (rows
/// on their own lines, aligned under the first), "num_heads = 2", "valid_lens = [3, 2]".
std::string shown_text(const ShownValue& v);

/// A value in JSON: {"shape": [...], "values": [...]} (row-major) for a tensor, else a number or a
/// list of numbers.
nlohmann::json shown_json(const ShownValue& v);

/// The counterexample's lines: the call, each input, what was expected, what was found and the
/// diagnosis. No colour, no indentation of its own.
std::string counterexample_text(const Counterexample& c, Language language = Language::cpp);

/// A failed sample test's values: each input, what was expected and what was found.
std::string values_text(const Counterexample& c, Language language = Language::cpp);

/// {"function", "inputs", "expected", "got", "message"} (docs/report.md).
nlohmann::json counterexample_json(const Counterexample& c);

/// The inverse of shown_json: integers give an int64 array, any float (or "nan", "inf", "-inf") a
/// float32 one, true and false a bool. Throws nlohmann::json's type_error on anything else.
ShownValue shown_from_json(const std::string& name, const nlohmann::json& j);

/// The inverse of counterexample_json; the inputs, expected and got values in name order.
Counterexample counterexample_from_json(const nlohmann::json& j);

}  // namespace judge
