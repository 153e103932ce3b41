// Parsing a function's "domain" (issue #21): what the statement allows its inputs and outputs to be.
#include <algorithm>
#include <cctype>

#include "problem/field.hpp"

namespace judge {

namespace {

// "scores[2]": a tensor parameter of fn and one of its axes.
Extent parse_extent(const Field& f, const FunctionSpec& fn) {
    const std::string s = f.str();
    const size_t open = s.find('[');
    const Param* p = open == std::string::npos ? nullptr : fn.param(s.substr(0, open));
    int64_t axis = -1;
    if (open != std::string::npos && s.back() == ']' && s.size() > open + 2) {
        const std::string digits = s.substr(open + 1, s.size() - open - 2);
        if (digits.size() < 3 && std::all_of(digits.begin(), digits.end(), ::isdigit)) axis = std::stoll(digits);
    }
    if (p == nullptr || p->type != ParamType::tensor || axis < 0)
        f.fail("expected a tensor parameter of " + fn.name + " and an axis, e.g. \"scores[2]\", got \"" + s + "\"");
    return {p->name, axis};
}

}  // namespace

// "domain": {"lengths": {"<param>": {"min": 0, "max": "scores[2]"}}, "query_key": {...}}.
void parse_domain(const Field& f, FunctionSpec& fn) {
    f.only_keys({"lengths", "query_key"});
    if (f.has("lengths")) {
        const Field l = f.child("lengths");
        l.require_object();
        for (const auto& [name, v] : l.raw().items()) {
            const Field d = l.child(name);
            d.only_keys({"min", "max"});
            const Param* p = fn.param(name);
            if (p == nullptr || (p->type != ParamType::int_tensor && p->type != ParamType::int_list))
                d.fail("\"" + name + "\" is not an int_tensor or int_list parameter of " + fn.name);
            LengthDomain ld{name, d.at("min").integer(), std::nullopt};
            if (ld.min < 0) d.child("min").fail("a length is at least 0");
            if (d.has("max")) ld.max = parse_extent(d.child("max"), fn);
            fn.lengths.push_back(ld);
        }
    }
    if (f.has("query_key")) {
        const Field q = f.child("query_key");
        q.only_keys({"queries", "keys", "differ"});
        fn.query_key =
            QueryKeyDomain{parse_extent(q.at("queries"), fn), parse_extent(q.at("keys"), fn), q.at("differ").boolean()};
    }
}

}  // namespace judge
