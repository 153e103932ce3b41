#include "report/shown.hpp"

#include <fmt/core.h>
#include <cmath>
#include <limits>

#include "judge/protocol/shape.hpp"
#include "util/text.hpp"

namespace judge {

namespace {

std::string number(const npy::Array& a, size_t i) {
    if (a.dtype == npy::Dtype::int64) return std::to_string(a.i64.at(i));
    return float_text(a.f32.at(i), 4);  // "nan" and "-inf" as PyTorch prints them, never "-0"
}

// The elements from `first` in block `dim` of `a`, nested in brackets; rows after the first go on
// lines of their own, under the first one's opening bracket (`column` characters in).
std::string nested(const npy::Array& a, size_t dim, size_t& next, size_t column) {
    if (dim == a.shape.size()) return number(a, next++);
    std::string s = "[";
    for (int64_t i = 0; i < a.shape[dim]; ++i) {
        if (i > 0) s += dim + 1 == a.shape.size() ? ", " : ",\n" + std::string(column + 1, ' ');
        s += nested(a, dim + 1, next, column + 1);
    }
    return s + "]";
}

std::string indent_lines(const std::string& text, const std::string& pad) {
    std::string out;
    for (const char c : text) {
        out += c;
        if (c == '\n') out += pad;
    }
    return out;
}

}  // namespace

std::string shown_text(const ShownValue& v) {
    const npy::Array& a = v.array;
    if (v.boolean && a.numel() == 1 && a.dtype == npy::Dtype::int64)
        return v.name + " = " + (a.i64[0] ? "true" : "false");
    if (!v.tensor) {
        if (a.shape.empty()) return v.name + " = " + (a.numel() == 1 ? number(a, 0) : "?");
        std::string s = v.name + " = [";
        for (size_t i = 0; i < static_cast<size_t>(a.numel()); ++i) s += (i > 0 ? ", " : "") + number(a, i);
        return s + "]";
    }
    const std::string head = v.name + " " + shape_str(a.shape) + " = ";
    size_t next = 0;
    if (a.shape.empty()) return head + number(a, 0);
    return head + nested(a, 0, next, head.size());
}

nlohmann::json shown_json(const ShownValue& v) {
    const npy::Array& a = v.array;
    if (v.boolean && a.numel() == 1 && a.dtype == npy::Dtype::int64) return a.i64[0] != 0;
    nlohmann::json values = nlohmann::json::array();
    for (size_t i = 0; i < static_cast<size_t>(a.numel()); ++i) {
        if (a.dtype == npy::Dtype::int64)
            values.push_back(a.i64.at(i));
        else if (std::isfinite(a.f32.at(i)))
            values.push_back(a.f32.at(i));
        else  // JSON has no NaN or infinity: "nan", "inf" and "-inf", as PyTorch prints them
            values.push_back(float_text(a.f32.at(i), 4));
    }
    if (v.tensor) return {{"shape", a.shape}, {"values", values}};
    return a.shape.empty() ? values.at(0) : values;
}

std::string values_text(const Counterexample& c, Language language) {
    std::string s;
    for (const ShownValue& v : c.inputs) s += "  " + indent_lines(shown_text(v), "  ") + "\n";
    if (!c.expected_exception.empty()) s += "expected: it " + throws_words(language, c.expected_exception) + "\n";
    for (const ShownValue& v : c.expected) s += "expected " + indent_lines(shown_text(v), "         ") + "\n";
    for (const ShownValue& v : c.got) s += "got      " + indent_lines(shown_text(v), "         ") + "\n";
    return s;
}

std::string counterexample_text(const Counterexample& c, Language language) {
    std::string call;
    for (const ShownValue& v : c.inputs) call += (call.empty() ? "" : ", ") + v.name;
    return c.function + "(" + call + ") on fresh small inputs:\n" + values_text(c, language) + c.message;
}

nlohmann::json counterexample_json(const Counterexample& c) {
    nlohmann::json in = nlohmann::json::object(), expected = nlohmann::json::object(), got = nlohmann::json::object();
    for (const ShownValue& v : c.inputs) in[v.name] = shown_json(v);
    for (const ShownValue& v : c.expected) expected[v.name] = shown_json(v);
    for (const ShownValue& v : c.got) got[v.name] = shown_json(v);
    nlohmann::json j = {
        {"function", c.function}, {"inputs", in}, {"expected", expected}, {"got", got}, {"message", c.message}};
    if (!c.expected_exception.empty()) j["expected_exception"] = c.expected_exception;
    return j;
}

ShownValue shown_from_json(const std::string& name, const nlohmann::json& j) {
    ShownValue v;
    v.name = name;
    v.array.dtype = npy::Dtype::int64;
    if (j.is_boolean()) {
        v.tensor = false;
        v.boolean = true;
        v.array.i64 = {j.get<bool>() ? 1 : 0};
        return v;
    }
    const nlohmann::json* values = &j;
    nlohmann::json one = nlohmann::json::array();
    if (j.is_object()) {
        v.array.shape = j.at("shape").get<std::vector<int64_t>>();
        values = &j.at("values");
    } else {
        v.tensor = false;
        if (!j.is_array()) {
            one.push_back(j);  // a scalar: 0-d
            values = &one;
        } else {
            v.array.shape = {static_cast<int64_t>(j.size())};
        }
    }
    if (!values->is_array())
        throw nlohmann::json::type_error::create(302, "values of " + name + " are no list", values);
    // Integers make an int64 array; a float (or "nan", "inf", "-inf") anywhere makes it float32.
    bool floats = false;
    for (const nlohmann::json& x : *values) floats = floats || !x.is_number_integer();
    v.array.dtype = floats ? npy::Dtype::float32 : npy::Dtype::int64;
    for (const nlohmann::json& x : *values) {
        if (!floats) {
            v.array.i64.push_back(x.get<int64_t>());
        } else if (x.is_string()) {
            const std::string t = x.get<std::string>();
            if (t != "nan" && t != "inf" && t != "-inf")
                throw nlohmann::json::type_error::create(302, "value \"" + t + "\" of " + name + " is no number", &x);
            v.array.f32.push_back(t == "nan"   ? std::numeric_limits<float>::quiet_NaN()
                                  : t == "inf" ? std::numeric_limits<float>::infinity()
                                               : -std::numeric_limits<float>::infinity());
        } else {
            v.array.f32.push_back(static_cast<float>(x.get<double>()));
        }
    }
    int64_t n = 1;
    for (const int64_t d : v.array.shape) n = d < 0 ? -1 : n * d;
    if (n != static_cast<int64_t>(values->size()))
        throw nlohmann::json::type_error::create(
            302, name + " has " + std::to_string(values->size()) + " values for its shape", values);
    return v;
}

Counterexample counterexample_from_json(const nlohmann::json& j) {
    Counterexample c;
    c.function = j.at("function").get<std::string>();
    for (const auto& [name, v] : j.at("inputs").items()) c.inputs.push_back(shown_from_json(name, v));
    for (const auto& [name, v] : j.at("expected").items()) c.expected.push_back(shown_from_json(name, v));
    for (const auto& [name, v] : j.at("got").items()) c.got.push_back(shown_from_json(name, v));
    c.expected_exception = j.value("expected_exception", "");
    c.message = j.value("message", "");
    return c;
}

}  // namespace judge
