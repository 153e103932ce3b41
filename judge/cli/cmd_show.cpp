#include <fmt/core.h>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "languages/python.hpp"
#include "pipeline/pack_format.hpp"
#include "pipeline/packed_key.hpp"
#include "problem/language.hpp"
#include "problem/packed.hpp"
#include "problem/sequence.hpp"
#include "problem/spec.hpp"
#include "problem/types.hpp"
#include "traps/seeded_bugs.hpp"
#include "util/safe_read.hpp"

namespace judge {

namespace {
constexpr size_t max_statement_bytes = size_t{1} << 20;

// What `f` returns, by name, with the axes the spec names: "{output (example, query, feature), weights}".
std::string cpp_returns(const FunctionSpec& f) {
    std::string s;
    for (const OutputSpec& o : f.outputs) s += (s.empty() ? "" : ", ") + o.with_axes();
    return f.outputs.size() == 1 ? s : "{" + s + "}";
}

// Each function's C++ declaration and what it returns, then its Python one, with the types.
void print_signatures(const Problem& p) {
    fmt::print("{}\n", paint("Functions to implement (#include <judge/tensor.hpp>):", "bold"));
    for (const FunctionSpec& f : p.functions) {
        if (f.is_sequence()) continue;
        fmt::print("    {};\n", f.signature());
        fmt::print("{}\n", paint("        returns " + cpp_returns(f), "dim"));
    }
    std::string files;
    for (const LanguageInfo& lang : languages())
        if (lang.id != Language::cpp)
            files += fmt::format("{}{} with {}", files.empty() ? "" : ", ", lang.template_file, lang.words);
    fmt::print("\n{}\n", paint("In Python (" + files + "), each at module level:", "bold"));
    for (const FunctionSpec& f : p.functions) {
        if (f.is_sequence()) continue;
        std::string names;
        for (const Param& q : f.params) names += (names.empty() ? "" : ", ") + q.name;
        fmt::print("    def {}({}):\n", f.name, names);
        if (!f.params.empty()) fmt::print("{}\n", paint("        " + python_parameter_words(f), "dim"));
        fmt::print("{}\n", paint("        returns " + python_return_words(f), "dim"));
    }
    // Sequences (problem/sequence.hpp): what some tests call, the student's own outputs fed forward.
    bool first = true;
    for (const FunctionSpec& f : p.functions) {
        if (!f.is_sequence()) continue;
        if (first)
            fmt::print("\n{}\n", paint("Tests of a sequence call your functions in turn, in one run, each call reading "
                                       "your own earlier results:",
                                       "bold"));
        first = false;
        std::string names;  // each with the axes of the output it comes from, shown above
        for (const OutputSpec& o : f.outputs) names += (names.empty() ? "" : ", ") + o.name;
        fmt::print("    {}: returns {}\n", f.name, names);
        for (const std::string& line : sequence_lines(f)) fmt::print("{}\n", paint("        " + line, "dim"));
    }
}
}  // namespace

int cmd_show(const GlobalOptions& g, const std::string& name, const std::string& bug) {
    const CourseRoot root = find_course_root(g.root);
    require_known_problem(root.path, name);
    const Problem p = released(load_course_problem(root.path, name), false);
    if (!bug.empty()) {
        if (p.packed) throw InputError("--bug: " + pack::needs_full_root("a seeded bug's source"));
        fmt::print("{}", find_seeded_bug(p, bug).source);
        return code(ExitCode::ok);
    }
    // Through no link: in a pack, the statement is the student's file (issue #38).
    const SafeRead read = read_below(p.dir, p.statement_file, max_statement_bytes);
    if (!read.ok())
        throw InputError((p.dir / p.statement_file).string() + ": " + describe(read.fault) +
                         "; expected the problem's statement, a regular file in its folder");
    std::string statement = read.bytes;
    if (!statement.empty() && statement.back() != '\n') statement += "\n";
    fmt::print("{}\n{}\n", paint(p.name + ": " + p.title, "bold"), statement);
    print_signatures(p);
    fmt::print("\n{}\n", paint("Traps, in the order they are assessed (each is checked by hidden tests):", "bold"));
    size_t width = 0;
    for (const TrapSpec& t : p.traps) width = std::max(width, t.id.size());
    for (const TrapSpec& t : p.traps) {
        std::string after;
        for (const std::string& a : t.after) after += (after.empty() ? "" : ", ") + a;
        fmt::print("    {:<{}}  {}{}\n", t.id, width, t.title,
                   after.empty() ? "" : paint(" (after " + after + ")", "dim"));
    }
    int samples = 0;
    for (const TestSpec& t : p.tests) samples += t.hidden ? 0 : 1;
    fmt::print("\n{} tests ({} sample, {} hidden), {} points.\n", p.tests.size(), samples, p.tests.size() - samples,
               p.max_score());
    return code(ExitCode::ok);
}

}  // namespace judge
