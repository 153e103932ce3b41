// Small hand-made problems and runs for the unit tests: no compiler, no course folder.
#pragma once

#include <string>

#include "core/errors.hpp"
#include "problem/spec.hpp"
#include "runs/program_run.hpp"
#include "traps/evaluate.hpp"
#include "traps/trap_report.hpp"

namespace fixtures {

/// A problem with one function of every parameter type, a pair return, two traps and three
/// tests: t_values (hidden), t_sample (sample, arange input traced) and t_throws.
inline std::string spec_json() {
    return R"({
      "schema": 1,
      "title": "Fixture",
      "functions": [{"name": "f", "returns": "tensor_pair",
                     "params": [{"name": "x", "type": "tensor"}, {"name": "k", "type": "int"},
                                {"name": "lens", "type": "int_list"}, {"name": "s", "type": "float"}],
                     "outputs": [{"name": "out", "axes": ["row", "col"]}, {"name": "aux"}]}],
      "traps": [{"id": "values", "title": "Values are right", "hint": "Look at the values."},
                {"id": "errors", "title": "Bad input throws", "hint": "Throw on bad input."}],
      "tests": [
        {"id": "t_values", "function": "f", "trap": "values", "points": 2,
         "inputs": {"x": {"gen": "randn", "shape": [2, 3], "seed": 1}, "k": 2, "lens": [1, 2], "s": 0.5}},
        {"id": "t_sample", "function": "f", "trap": "values", "visibility": "sample", "description": "traced",
         "inputs": {"x": {"gen": "arange", "shape": [2, 3]}, "k": 1, "lens": [3, 3], "s": 1.5}, "trace": "x"},
        {"id": "t_throws", "function": "f", "trap": "errors", "throws": "invalid_argument",
         "inputs": {"x": {"gen": "const", "shape": [1], "value": 0}, "k": -1, "lens": [], "s": 0}}
      ]
    })";
}

/// The error a spec's text gives when parsed as problems/p/problem.json, or "no error".
inline std::string spec_error(const std::string& text) {
    try {
        judge::parse_problem(text, "problems/p/problem.json");
    } catch (const judge::InputError& e) {
        return e.what();
    }
    return "no error";
}

inline judge::Problem problem() {
    judge::Problem p = judge::parse_problem(spec_json(), "problems/fixture/problem.json");
    p.name = "fixture";
    return p;
}

inline judge::npy::Array array(std::vector<int64_t> shape, std::vector<float> v) {
    judge::npy::Array a;
    a.shape = std::move(shape);
    a.f32 = std::move(v);
    return a;
}

/// A run that returned normally with these outputs.
inline judge::TestRun ok_run(judge::npy::Array out, judge::npy::Array aux) {
    judge::TestRun r;
    r.status = judge::TestRun::Status::ok;
    r.outputs["out"] = std::move(out);
    r.outputs["aux"] = std::move(aux);
    return r;
}

inline judge::TestRun exception_run(const std::string& type, const std::string& message) {
    judge::TestRun r;
    r.status = judge::TestRun::Status::exception;
    r.exception_type = type;
    r.exception_message = message;
    return r;
}

/// problem() with errors after values: t_values fails, t_sample passes (1 point) and t_throws
/// fails, so values is failed and errors blocked. The report of that, score 1 of 4.
inline judge::Problem blocking_problem() {
    judge::Problem p = problem();
    p.traps[1].after = {"values"};
    return p;
}

inline judge::Report blocked_report() {
    const judge::Problem p = blocking_problem();
    std::vector<judge::TestOutcome> tests = {
        judge::not_run(p.tests[0], judge::Verdict::wrong_answer, "out[0,1] differs"),
        judge::not_run(p.tests[1], judge::Verdict::accepted, ""),
        judge::not_run(p.tests[2], judge::Verdict::wrong_answer, "returned normally")};
    tests[1].points = tests[1].max_points;
    judge::Report r = judge::assemble_report(p, 0, tests);
    r.sandbox = "bubblewrap";
    return r;
}

}  // namespace fixtures
