// `judge validate`: the instructor's proof that a problem is sound. The spec loads, the statement
// exists, the reference passes every test, the student template compiles and is rejected, and
// every seeded bug is rejected by at least one test of the trap it declares.
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "compile/builder.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "judging/counterexample.hpp"
#include "judging/judge.hpp"
#include "judging/pack_format.hpp"
#include "sandbox/sandbox.hpp"
#include "traps/lint.hpp"
#include "traps/mutants.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

std::string display(const Problem& p, const fs::path& file) {
    return fs::relative(file, p.dir.parent_path().parent_path()).string();
}

// What validating one problem found; `json` is its --format json object (docs/report.md).
struct Validation {
    int errors = 0;
    int warnings = 0;
    nlohmann::json json;
};

// Mutation analysis: every mutant of the reference built (through the cache, in parallel) and run
// on every test. Killed when any test rejects it; stillborn when it does not compile.
nlohmann::json run_mutants(const Problem& p, Judge& judge, Builder& builder, bool as_json) {
    const std::vector<Mutant> mutants = make_mutants(read_input_file(p.reference));
    TempDir dir("judge-mutants");
    enum class Fate { killed, survived, stillborn, equivalent };
    std::vector<Fate> fate(mutants.size(), Fate::stillborn);
    std::map<std::string, std::string> equivalent(p.equivalent_mutants.begin(), p.equivalent_mutants.end());
    std::atomic<size_t> done{0};
    parallel_for(mutants.size(), std::max(1u, std::thread::hardware_concurrency()), [&](size_t i) {
        const fs::path file = dir.path() / fmt::format("mutant-{}.cpp", i);
        write_file_atomic(file, mutants[i].source);
        const BuildResult br = builder.build_trusted(p, file);
        if (br.ok) {
            const bool passes = judge.judge_trusted(br.exe).verdict == Verdict::accepted;
            fate[i] = !passes ? Fate::killed : equivalent.count(mutants[i].id) ? Fate::equivalent : Fate::survived;
        }
        spdlog::info("mutants: {}/{}", ++done, mutants.size());
    });
    size_t killed = 0, stillborn = 0;
    nlohmann::json survivors = nlohmann::json::array(), equiv = nlohmann::json::array();
    const std::string shown = display(p, p.reference);
    for (size_t i = 0; i < mutants.size(); ++i) {
        killed += fate[i] == Fate::killed ? 1 : 0;
        stillborn += fate[i] == Fate::stillborn ? 1 : 0;
        if (fate[i] == Fate::survived) survivors.push_back({{"id", mutants[i].id}, {"diff", mutants[i].diff(shown)}});
        if (fate[i] == Fate::equivalent)
            equiv.push_back({{"id", mutants[i].id}, {"reason", equivalent[mutants[i].id]}});
    }
    const size_t alive = mutants.size() - stillborn - equiv.size();
    const double score = alive == 0 ? 1.0 : static_cast<double>(killed) / static_cast<double>(alive);
    if (!as_json) {
        fmt::print(
            "\n  Mutants of {}: {} in all, {} do not compile, {} declared equivalent; {} of {} killed ({:.1f}%)\n",
            shown, mutants.size(), stillborn, equiv.size(), killed, alive, 100.0 * score);
        for (const auto& e : equiv)
            fmt::print("    = {}: {}\n", e["id"].get<std::string>(), e["reason"].get<std::string>());
        for (const auto& sv : survivors) {
            fmt::print("  {} {} survives: no test tells it from the reference\n", paint("!", "yellow"),
                       sv["id"].get<std::string>());
            std::istringstream diff(sv["diff"].get<std::string>());
            for (std::string line; std::getline(diff, line);) fmt::print("      {}\n", line);
        }
    }
    return {{"total", mutants.size()}, {"killed", killed},       {"stillborn", stillborn},
            {"equivalent", equiv},     {"survivors", survivors}, {"score", score}};
}

// Validates one problem, printing each finding as it goes (text), or only collecting it (json).
// `sandbox` is made on first use: a problem that fails before its template runs needs none.
Validation validate_one(const CourseRoot& root, const std::string& name, Builder& builder,
                        std::unique_ptr<Sandbox>& sandbox, bool as_json, bool mutants) {
    const Problem p = load_problem(root.path, name);
    Validation v;
    v.json = {{"problem", name},
              {"tests", p.tests.size()},
              {"traps", p.traps.size()},
              {"sound", true},
              {"errors", nlohmann::json::array()},
              {"warnings", nlohmann::json::array()},
              {"bugs", nlohmann::json::array()},
              {"mutants", nullptr}};
    // In JSON mode nothing else reaches stdout: the text lines are dropped.
    const auto print = [&](const std::string& line) {
        if (!as_json) fmt::print("{}\n", line);
    };
    int& problems = v.errors;
    const auto problem = [&](const std::string& what) {
        print(fmt::format("  {} {}", paint("✗", "red"), what));
        v.json["errors"].push_back(what);
        ++problems;
    };
    print(paint(name + ": " + p.title, "bold"));
    const auto count = [](size_t n, const char* noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); };
    print(fmt::format("  {} spec: {}, {}, {}", paint("✓", "green"), count(p.functions.size(), "function"),
                      count(p.traps.size(), "trap"), count(p.tests.size(), "test")));
    if (!fs::exists(p.dir / p.statement_file))
        problem(display(p, p.dir / p.statement_file) + ": the statement is missing");

    Judge judge(p, 0, builder);
    const Report ref = judge.judge_trusted(judge.trusted().reference_exe());
    if (ref.verdict == Verdict::accepted) {
        print(fmt::format("  {} reference passes all {} tests", paint("✓", "green"), p.tests.size()));
    } else {
        for (const TestOutcome& t : ref.tests) {
            if (!t.passed()) problem(fmt::format("reference fails test {}: {}", t.id, t.message));
        }
    }

    // Other correct solutions, in other styles: each must pass every test, as the reference does.
    v.json["accepted"] = nlohmann::json::array();
    const std::vector<fs::path> accepted = load_accepted(p);
    size_t accepted_ok = 0;
    for (const fs::path& a : accepted) {
        const BuildResult ab = builder.build_trusted(p, a);
        const Report r = ab.ok ? judge.judge_trusted(ab.exe) : Report{};
        v.json["accepted"].push_back(
            {{"id", a.stem().string()}, {"accepted", ab.ok && r.verdict == Verdict::accepted}});
        if (!ab.ok) {
            problem(display(p, a) + ": this accepted alternative does not compile:\n" + ab.log);
            continue;
        }
        for (const TestOutcome& t : r.tests)
            if (!t.passed()) problem(fmt::format("{}: fails test {} [{}]: {}", display(p, a), t.id, t.trap, t.message));
        accepted_ok += r.verdict == Verdict::accepted ? 1 : 0;
    }
    if (!accepted.empty() && accepted_ok == accepted.size())
        print(fmt::format("  {} {} accepted alternative{} pass all tests", paint("✓", "green"), accepted.size(),
                          accepted.size() == 1 ? "" : "s"));

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
            print(fmt::format("  {} student template compiles and is rejected", paint("✓", "green")));
        }
    } else {
        problem(display(p, p.template_solution) + ": the student template is missing");
    }

    const auto& bugs = judge.trusted().bugs();
    const auto warn = [&](const LintWarning& w) {
        print(fmt::format("  {} {}", w.level == "info" ? paint("i", "bold") : paint("!", "yellow"), w.message));
        v.json["warnings"].push_back({{"kind", w.kind}, {"level", w.level}, {"message", w.message}});
        if (w.level != "info") ++v.warnings;
    };
    for (const LintWarning& w : lint_spec(p)) warn(w);
    if (ref.verdict == Verdict::accepted) {
        std::vector<const TestRun*> ref_runs;
        for (size_t t = 0; t < p.tests.size(); ++t) ref_runs.push_back(&judge.key().reference(t));
        for (const LintWarning& w : lint_domains(p, ref_runs)) warn(w);
    }
    for (const auto& [fn, i] : unusable_small_inputs(p, judge.key()))
        warn({"small_input_unused", "warning",
              fmt::format("{}: {} small input {} can never be a counterexample: on it the reference fails the "
                          "checks of every hidden test of {} (a NaN where \"nan\" is \"never\"?)",
                          display(p, p.spec_path), fn, i, fn)});
    if (accepted.size() < 2) {
        warn({"few_accepted_alternatives", "info",
              fmt::format("{} accepted alternative{} in {}: give at least two, in other styles (loops, another "
                          "layout), so that the tests are known to accept more than the reference's way",
                          accepted.size(), accepted.size() == 1 ? "" : "s", display(p, p.accepted_dir))});
    }
    const auto finish = [&] {
        v.json["sound"] = v.errors == 0;
        return v;
    };
    if (bugs.empty()) {
        problem(display(p, p.bugs_dir) + ": no seeded bugs (bugs/*.cpp)");
        return finish();
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
    print("\n  Kill matrix (x: the test rejects the bug; columns are the bugs listed below)");
    std::string header(width + 4, ' ');
    for (size_t b = 0; b < bugs.size(); ++b) header += fmt::format("{:>3}", b + 1);
    print(header);
    for (size_t t = 0; t < p.tests.size(); ++t) {
        std::string row = fmt::format("    {:<{}}", p.tests[t].id + " [" + p.tests[t].trap + "]", width);
        for (size_t b = 0; b < bugs.size(); ++b) {
            const bool killed = builds[b].ok && !reports[b].tests[t].passed();
            row += fmt::format("{:>3}", killed ? "x" : ".");
        }
        print(row);
    }
    print("");
    for (size_t b = 0; b < bugs.size(); ++b) {
        const SeededBug& bug = bugs[b];
        const std::string label = fmt::format("{:>2}. {} [{}]", b + 1, bug.name, bug.trap);
        if (const std::string form = misconception_form_problem(bug.misconception); !form.empty())
            problem(fmt::format("{}: the misconception \"{}\" does not fit the sentence the student reads: {}",
                                display(p, bug.path), bug.misconception, form));
        if (!builds[b].ok) {
            problem(label + ": " + display(p, bug.path) + " does not compile:\n" + builds[b].log);
            continue;
        }
        int killed = 0, on_trap = 0;
        nlohmann::json caught = nlohmann::json::array();
        for (const TestOutcome& t : reports[b].tests) {
            if (t.passed()) continue;
            ++killed;
            caught.push_back(t.id);
            if (t.trap == bug.trap) ++on_trap;
        }
        std::vector<bool> killed_by;
        for (const TestOutcome& t : reports[b].tests) killed_by.push_back(!t.passed());
        const BugTraps traps = bug_traps(p, killed_by);
        v.json["bugs"].push_back({{"id", bug.name},
                                  {"trap", bug.trap},
                                  {"caught_by", caught},
                                  {"failed_traps", traps.failed},
                                  {"blocked_traps", traps.blocked}});
        if (killed == 0) {
            problem(label + ": no test catches this seeded bug");
        } else if (on_trap == 0) {
            problem(fmt::format("{}: caught by {}, but none of trap {}", label, count_words(killed, "test", "tests"),
                                bug.trap));
        } else {
            const bool alone = traps.failed == std::vector<std::string>{bug.trap};
            print(fmt::format("  {} {}: caught by {}, {} of them {}; fails {} trap{}, blocks {}",
                              alone ? paint("✓", "green") : paint("!", "yellow"), label,
                              count_words(killed, "test", "tests"), on_trap, bug.trap, traps.failed.size(),
                              traps.failed.size() == 1 ? "" : "s", traps.blocked.size()));
        }
    }
    // The matrix lint needs every bug's run of every test (cached by the runs above).
    std::vector<BugEvidence> evidence;
    for (size_t b = 0; b < bugs.size(); ++b) evidence.push_back({&bugs[b], {}, {}});
    for (size_t t = 0; t < p.tests.size(); ++t) {
        const std::vector<const TestRun*> runs = judge.trusted().bug_runs(t);
        for (size_t b = 0; b < bugs.size(); ++b) {
            evidence[b].runs.push_back(runs[b]);
            evidence[b].killed.push_back(builds[b].ok && !reports[b].tests[t].passed());
        }
    }
    const std::vector<LintWarning> matrix = lint_bugs(p, evidence);
    if (!matrix.empty()) print("");
    for (const LintWarning& w : matrix) warn(w);
    if (mutants) {
        v.json["mutants"] = run_mutants(p, judge, builder, as_json);
        for (const auto& sv : v.json["mutants"]["survivors"]) {
            v.json["warnings"].push_back({{"kind", "mutant_survives"},
                                          {"level", "warning"},
                                          {"message", sv["id"].get<std::string>() + " survives every test"}});
            ++v.warnings;
        }
    }
    return finish();
}

}  // namespace

int cmd_validate(const GlobalOptions& g, const ValidateOptions& o) {
    if (o.all == o.problem.has_value()) throw InputError("validate: give a problem name or --all (not both)");
    const CourseRoot root = find_course_root(g.root);
    if (pack::is_pack(root.path)) throw InputError(root.path.string() + ": " + pack::needs_full_root("judge validate"));
    std::vector<std::string> names;
    if (o.all) {
        names = list_problem_names(root.path);
        if (names.empty()) throw InputError("validate --all: no problems under " + (root.path / "problems").string());
    } else {
        require_known_problem(root.path, *o.problem);
        names = {*o.problem};
    }
    if (o.format != "text" && o.format != "json")
        throw InputError("validate --format: expected text or json, got \"" + o.format + "\"");
    const bool as_json = o.format == "json";
    Builder builder(detect_toolchain(), cache_root());
    std::unique_ptr<Sandbox> sandbox;
    int problems = 0, warnings = 0;
    nlohmann::json all = nlohmann::json::array();
    for (const std::string& n : names) {
        Validation v = validate_one(root, n, builder, sandbox, as_json, o.mutants);
        problems += v.errors;
        warnings += v.warnings;
        all.push_back(std::move(v.json));
    }
    const bool failed = problems > 0 || (o.strict && warnings > 0);
    if (as_json) {
        fmt::print("{}\n", (o.all ? all : all[0]).dump(2));
        return code(failed ? ExitCode::not_passed : ExitCode::ok);
    }
    const auto plural = [](int n, const char* noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); };
    if (problems > 0) {
        fmt::print("\nvalidate: {} found\n", plural(problems, "problem"));
    } else if (failed) {
        fmt::print("\nvalidate: {} (--strict)\n", plural(warnings, "warning"));
    } else {
        fmt::print("\nvalidate: ok ({}{})\n", plural(static_cast<int>(names.size()), "problem"),
                   warnings > 0 ? ", " + plural(warnings, "warning") : "");
    }
    return code(failed ? ExitCode::not_passed : ExitCode::ok);
}

}  // namespace judge
