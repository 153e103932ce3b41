// judge/problem/field.hpp: a JSON value together with its path in the spec, so that every error
// names the file and the field. Internal to problem/.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "problem/spec.hpp"

namespace judge {

/// A JSON value and its path, e.g. "tests[3].tolerance.rtol"; fail() throws InputError naming both.
class Field {
public:
    Field(const nlohmann::json& j, std::string path, const std::string& file)
        : m_j(j), m_path(path), m_place(std::move(path)), m_file(file) {}
    /// `place` is where the value sits by position ("tests[3].inputs.x"), when the path names it
    /// otherwise ("tests[t1].inputs.x"); an unseeded generator's seed comes from it.
    Field(const nlohmann::json& j, std::string path, std::string place, const std::string& file)
        : m_j(j), m_path(std::move(path)), m_place(std::move(place)), m_file(file) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw InputError(m_file + ": " + (m_path.empty() ? std::string("top level") : m_path) + ": " + what);
    }

    const nlohmann::json& raw() const { return m_j; }
    const std::string& path() const { return m_path; }
    const std::string& place() const { return m_place; }

    bool has(const std::string& key) const { return m_j.is_object() && m_j.contains(key); }

    Field at(const std::string& key) const {
        require_object();
        if (!m_j.contains(key)) fail("missing required field '" + key + "'");
        return child(key);
    }

    Field child(const std::string& key) const {
        return Field(m_j.at(key), m_path.empty() ? key : m_path + "." + key,
                     m_place.empty() ? key : m_place + "." + key, m_file);
    }

    // Rejects keys outside `allowed`, so that a typo such as "hiden" is an error, not a silent default.
    void only_keys(std::initializer_list<const char*> allowed) const {
        require_object();
        for (const auto& [k, v] : m_j.items()) {
            if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return k == a; })) {
                std::string list;
                for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
                fail("unknown field '" + k + "' (allowed: " + list + ")");
            }
        }
    }

    void require_object() const {
        if (!m_j.is_object()) fail("expected an object, got " + shown());
    }

    std::vector<Field> items() const {
        if (!m_j.is_array()) fail("expected an array, got " + shown());
        std::vector<Field> out;
        for (size_t i = 0; i < m_j.size(); ++i)
            out.emplace_back(m_j[i], m_path + "[" + std::to_string(i) + "]", m_place + "[" + std::to_string(i) + "]",
                             m_file);
        return out;
    }

    std::string str() const {
        if (!m_j.is_string()) fail("expected a string, got " + shown());
        return m_j.get<std::string>();
    }

    std::string nonempty_str() const {
        std::string s = str();
        if (s.empty()) fail("must not be empty");
        return s;
    }

    int64_t integer() const {
        if (!m_j.is_number_integer()) fail("expected an integer, got " + shown());
        return m_j.get<int64_t>();
    }

    int64_t integer_at_least(int64_t lo) const {
        const int64_t v = integer();
        if (v < lo) fail("must be at least " + std::to_string(lo) + ", got " + std::to_string(v));
        return v;
    }

    double number() const {
        if (!m_j.is_number()) fail("expected a number, got " + shown());
        return m_j.get<double>();
    }

    bool boolean() const {
        if (!m_j.is_boolean()) fail("expected true or false, got " + shown());
        return m_j.get<bool>();
    }

    std::string shown() const {
        std::string s = m_j.dump();
        if (s.size() > 40) s = s.substr(0, 37) + "...";
        return s;
    }

private:
    const nlohmann::json& m_j;
    std::string m_path;
    std::string m_place;
    const std::string& m_file;
};

inline bool valid_identifier(const std::string& s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

/// The field as an identifier (letters, digits and _, not starting with a digit).
inline std::string identifier(const Field& f) {
    std::string s = f.str();
    if (!valid_identifier(s))
        f.fail("\"" + s + "\" is not a valid identifier (letters, digits and _, not starting with a digit)");
    return s;
}

/// A tensor input's generator; `nested` for the one inside beyond_lens (no shape of its own).
Generator parse_generator(const Field& f, bool nested);

/// A tolerance object, on top of `base`.
Tolerance parse_tolerance(const Field& f, Tolerance base);

/// The inputs of one call of `fn`: a value for each parameter, and nothing else.
std::map<std::string, InputSpec> parse_inputs(const Field& inputs, const FunctionSpec& fn);

/// One entry of "tests", checked against the functions and traps of `p`.
TestSpec parse_test(const Field& f, const Problem& p, Tolerance base);

/// A test's or a trap's "visibility": "sample", "hidden" or "after_due_date".
std::string visibility_word(const Field& v);

/// Parses a function's "domain" (problem/domain.cpp) into fn.lengths and fn.query_key.
void parse_domain(const Field& f, FunctionSpec& fn);

}  // namespace judge
