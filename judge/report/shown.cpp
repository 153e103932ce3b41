#include "report/shown.hpp"

#include <fmt/core.h>
#include <cmath>

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

std::string values_text(const Counterexample& c) {
    std::string s;
    for (const ShownValue& v : c.inputs) s += "  " + indent_lines(shown_text(v), "  ") + "\n";
    if (!c.expected_exception.empty()) s += "expected: it throws std::" + c.expected_exception + "\n";
    for (const ShownValue& v : c.expected) s += "expected " + indent_lines(shown_text(v), "         ") + "\n";
    for (const ShownValue& v : c.got) s += "got      " + indent_lines(shown_text(v), "         ") + "\n";
    return s;
}

std::string counterexample_text(const Counterexample& c) {
    std::string call;
    for (const ShownValue& v : c.inputs) call += (call.empty() ? "" : ", ") + v.name;
    return c.function + "(" + call + ") on fresh small inputs:\n" + values_text(c) + c.message;
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

}  // namespace judge
