// `judge validate`: the instructor's proof that a problem is sound. The spec loads, the statement
// exists, the reference passes every test, the student template compiles and is rejected, and
// every seeded bug is rejected by at least one test of the trap it declares.
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <memory>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "compile/builder.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "judging/judge.hpp"
#include "sandbox/sandbox.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

std::string display(const Problem& p, const fs::path& file) {
    return fs::relative(file, p.dir.parent_path().parent_path()).string();
}

// Returns the number of problems found, printing each as it goes.
// `sandbox` is made on first use: a problem that fails before its template runs needs none.
int validate_one(const CourseRoot& root, const std::string& name, Builder& builder, std::unique_ptr<Sandbox>& sandbox) {
    const Problem p = load_problem(root.path, name);
    int problems = 0;
    const auto problem = [&](const std::string& what) {
        fmt::print("  {} {}\n", paint("✗", "red"), what);
        ++problems;
    };
    fmt::print("{}\n", paint(name + ": " + p.title, "bold"));
    const auto count = [](size_t n, const char* noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); };
    fmt::print("  {} spec: {}, {}, {}\n", paint("✓", "green"), count(p.functions.size(), "function"),
               count(p.traps.size(), "trap"), count(p.tests.size(), "test"));
    if (!fs::exists(p.dir / p.statement_file))
        problem(display(p, p.dir / p.statement_file) + ": the statement is missing");

    Judge judge(p, 0, builder);
    const Report ref = judge.judge_trusted(judge.trusted().reference_exe());
    if (ref.verdict == Verdict::accepted) {
        fmt::print("  {} reference passes all {} tests\n", paint("✓", "green"), p.tests.size());
    } else {
        for (const TestOutcome& t : ref.tests) {
            if (!t.passed()) problem(fmt::format("reference fails test {}: {}", t.id, t.message));
        }
    }

    if (fs::exists(p.template_solution)) {
        TempDir box("judge-validate");
        write_file_atomic(box.path() / "solution.cpp", read_input_file(p.template_solution));
        if (!sandbox) sandbox = make_sandbox(probe_sandbox());
        const BuildResult tb = builder.build_submission(p, box.path(), *sandbox);
        if (!tb.ok) {
            problem(display(p, p.template_solution) + ": the student template does not compile:\n" + tb.log);
        } else if (judge.judge_built(tb.exe, *sandbox).verdict == Verdict::accepted) {
            problem(display(p, p.template_solution) + ": the student template is accepted; it should be a stub");
        } else {
            fmt::print("  {} student template compiles and is rejected\n", paint("✓", "green"));
        }
    } else {
        problem(display(p, p.template_solution) + ": the student template is missing");
    }

    const auto& bugs = judge.trusted().bugs();
    if (bugs.empty()) {
        problem(display(p, p.bugs_dir) + ": no seeded bugs (bugs/*.cpp)");
        return problems;
    }
    spdlog::info("building {} seeded bugs", bugs.size());
    const std::vector<BuildResult> builds = judge.trusted().build_bugs();
    std::vector<Report> reports(bugs.size());
    parallel_for(bugs.size(), 2, [&](size_t b) {
        if (builds[b].ok) reports[b] = judge.judge_trusted(builds[b].exe);
    });

    // The kill matrix: one row per test, one column per bug.
    size_t width = 0;
    for (const TestSpec& t : p.tests) width = std::max(width, t.id.size() + t.trap.size() + 3);
    fmt::print("\n  Kill matrix (x: the test rejects the bug; columns are the bugs listed below)\n");
    std::string header(width + 4, ' ');
    for (size_t b = 0; b < bugs.size(); ++b) header += fmt::format("{:>3}", b + 1);
    fmt::print("{}\n", header);
    for (size_t t = 0; t < p.tests.size(); ++t) {
        std::string row = fmt::format("    {:<{}}", p.tests[t].id + " [" + p.tests[t].trap + "]", width);
        for (size_t b = 0; b < bugs.size(); ++b) {
            const bool killed = builds[b].ok && !reports[b].tests[t].passed();
            row += fmt::format("{:>3}", killed ? "x" : ".");
        }
        fmt::print("{}\n", row);
    }
    fmt::print("\n");
    for (size_t b = 0; b < bugs.size(); ++b) {
        const SeededBug& bug = bugs[b];
        const std::string label = fmt::format("{:>2}. {} [{}]", b + 1, bug.name, bug.trap);
        if (!builds[b].ok) {
            problem(label + ": " + display(p, bug.path) + " does not compile:\n" + builds[b].log);
            continue;
        }
        int killed = 0, on_trap = 0;
        for (const TestOutcome& t : reports[b].tests) {
            if (t.passed()) continue;
            ++killed;
            if (t.trap == bug.trap) ++on_trap;
        }
        if (killed == 0) {
            problem(label + ": no test catches this seeded bug");
        } else if (on_trap == 0) {
            problem(fmt::format("{}: caught by {} tests, but none of trap {}", label, killed, bug.trap));
        } else {
            fmt::print("  {} {}: caught by {} tests, {} of them {}\n", paint("✓", "green"), label, killed, on_trap,
                       bug.trap);
        }
    }
    return problems;
}

}  // namespace

int cmd_validate(const GlobalOptions& g, const ValidateOptions& o) {
    if (o.all == o.problem.has_value()) throw InputError("validate: give a problem name or --all (not both)");
    const CourseRoot root = find_course_root(g.root);
    std::vector<std::string> names;
    if (o.all) {
        names = list_problem_names(root.path);
        if (names.empty()) throw InputError("validate --all: no problems under " + (root.path / "problems").string());
    } else {
        require_known_problem(root.path, *o.problem);
        names = {*o.problem};
    }
    Builder builder(detect_toolchain(), cache_root());
    std::unique_ptr<Sandbox> sandbox;
    int problems = 0;
    for (const std::string& n : names) problems += validate_one(root, n, builder, sandbox);
    if (problems > 0) {
        fmt::print("\nvalidate: {} problem{} found\n", problems, problems == 1 ? "" : "s");
        return code(ExitCode::not_passed);
    }
    fmt::print("\nvalidate: ok ({} problem{})\n", names.size(), names.size() == 1 ? "" : "s");
    return code(ExitCode::ok);
}

}  // namespace judge
