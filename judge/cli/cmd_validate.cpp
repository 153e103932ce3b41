// `judge validate`: renders what authoring/validation.hpp's validate_problem found, as text (the
// instructor's report, in the order the checks ran) or as JSON (docs/report.md).
#include <fmt/core.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "authoring/validation.hpp"
#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "compile/builder.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "pipeline/pack_format.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

namespace {

using nlohmann::json;

std::string finding_line(const Finding& f) {
    switch (f.severity) {
        case Severity::ok: return "  " + paint("✓", "green") + " " + f.message;
        case Severity::error: return "  " + paint("✗", "red") + " " + f.message;
        case Severity::info: return "  " + paint("i", "bold") + " " + f.message;
        case Severity::warning:
        case Severity::note: break;
    }
    return "  " + paint("!", "yellow") + " " + f.message;
}

std::string mutants_text(const MutantSummary& m) {
    std::string s = fmt::format(
        "\n  Mutants of {}: {} in all, {} do not compile, {} declared equivalent; {} of {} killed ({:.1f}%)\n", m.file,
        m.total, m.stillborn, m.equivalent.size(), m.killed, m.total - m.stillborn - m.equivalent.size(),
        100.0 * m.score);
    if (m.reused > 0)
        s += fmt::format("    {} run now; {} as the last --mutants run of this reference found them\n",
                         m.total - m.reused, m.reused);
    if (!m.scope_note.empty()) s += "    " + m.scope_note + "\n";
    for (const auto& [id, reason] : m.equivalent) s += fmt::format("    = {}: {}\n", id, reason);
    for (const auto& [id, diff] : m.survivors) {
        s += fmt::format("  {} {} survives: no test tells it from the reference\n", paint("!", "yellow"), id);
        std::istringstream lines(diff);
        for (std::string line; std::getline(lines, line);) s += fmt::format("      {}\n", line);
    }
    return s;
}

std::string kill_matrix_text(const Validation& v) {
    size_t width = 0;
    for (const std::string& row : v.test_rows) width = std::max(width, row.size());
    std::string s = "\n  Kill matrix (x: the test rejects the bug; columns are the bugs listed below)\n";
    s += std::string(width + 4, ' ');
    for (size_t b = 0; b < v.bugs.size(); ++b) s += fmt::format("{:>3}", b + 1);
    s += "\n";
    for (size_t t = 0; t < v.test_rows.size(); ++t) {
        s += fmt::format("    {:<{}}", v.test_rows[t], width);
        for (const BugResult& bug : v.bugs) s += fmt::format("{:>3}", bug.killed[t] ? "x" : ".");
        s += "\n";
    }
    return s + "\n";
}

std::string validation_text(const Validation& v) {
    std::string s = paint(v.problem + ": " + v.title, "bold") + "\n";
    for (const Finding& f : v.checks) s += finding_line(f) + "\n";
    if (!v.bugs_ran) return s;
    s += kill_matrix_text(v);
    for (const BugResult& b : v.bugs)
        for (const Finding& f : b.findings) s += finding_line(f) + "\n";
    if (!v.matrix_lint.empty()) s += "\n";
    for (const Finding& f : v.matrix_lint) s += finding_line(f) + "\n";
    if (v.mutants) s += mutants_text(*v.mutants);
    if (v.seeds) {
        s += fmt::format("\n  Under {} grading seeds (judge submit --seed S reproduces one):\n", v.seeds->seeds.size());
        for (const Finding& f : v.seeds->findings) s += finding_line(f) + "\n";
    }
    return s;
}

// A lint finding's level in the JSON ("warning", "note" or "info"), or nullptr for a check's line.
const char* lint_level(const Finding& f) {
    if (f.severity == Severity::warning) return "warning";
    if (f.severity == Severity::info) return "info";
    return f.severity == Severity::note && !f.kind.empty() ? "note" : nullptr;
}

json validation_json(const Validation& v) {
    json errors = json::array(), warnings = json::array(), bugs = json::array(), accepted = json::array();
    for (const Finding* f : v.findings()) {
        if (f->severity == Severity::error) errors.push_back(f->message);
        if (const char* level = lint_level(*f))
            warnings.push_back({{"kind", f->kind}, {"level", level}, {"message", f->message}});
    }
    for (const BugResult& b : v.bugs) {
        if (!b.built) continue;
        bugs.push_back({{"id", b.id},
                        {"trap", b.trap},
                        {"caught_by", b.caught_by},
                        {"failed_traps", b.traps.failed},
                        {"blocked_traps", b.traps.blocked}});
    }
    for (const auto& [id, ok] : v.accepted) accepted.push_back({{"id", id}, {"accepted", ok}});
    json mutants = nullptr;
    if (v.mutants) {
        const MutantSummary& m = *v.mutants;
        json equivalent = json::array(), survivors = json::array();
        for (const auto& [id, reason] : m.equivalent) equivalent.push_back({{"id", id}, {"reason", reason}});
        for (const auto& [id, diff] : m.survivors) {
            survivors.push_back({{"id", id}, {"diff", diff}});
            warnings.push_back(
                {{"kind", "mutant_survives"}, {"level", "warning"}, {"message", id + " survives every test"}});
        }
        mutants = {{"total", m.total},         {"killed", m.killed},     {"stillborn", m.stillborn},
                   {"equivalent", equivalent}, {"survivors", survivors}, {"score", m.score},
                   {"reused", m.reused}};
    }
    json cross = nullptr;
    if (!v.cross_checks.empty()) {
        cross = json::array();
        for (const CrossCheck& c : v.cross_checks)
            cross.push_back({{"file", c.file},
                             {"builtin", c.builtin},
                             {"runtime", c.runtime},
                             {"loaded", c.build_error.empty()},
                             {"tests", c.tests},
                             {"small_inputs", c.small},
                             {"compared", c.compared},
                             {"not_covered", c.not_covered},
                             {"largest_difference", c.largest},
                             {"tolerance_fraction", std::isfinite(c.fraction) ? json(c.fraction) : json(nullptr)},
                             {"where", c.where},
                             {"mismatches", c.mismatches},
                             {"agrees", c.ok()}});
    }
    json seeds = nullptr;
    if (v.seeds) {
        json rows = json::array();
        for (const SeedSummary::Bug& b : v.seeds->bugs)
            rows.push_back({{"id", b.id}, {"trap", b.trap}, {"caught", b.caught}, {"named", b.named}});
        seeds = {{"seeds", v.seeds->seeds}, {"bugs", rows}};
    }
    return {{"problem", v.problem}, {"tests", v.tests},     {"traps", v.traps}, {"sound", v.sound()},
            {"errors", errors},     {"warnings", warnings}, {"bugs", bugs},     {"mutants", mutants},
            {"accepted", accepted}, {"cross_check", cross}, {"seeds", seeds}};
}

std::vector<std::string> problems_to_validate(const CourseRoot& root, const ValidateOptions& o) {
    if (pack::is_pack(root.path)) throw InputError(root.path.string() + ": " + pack::needs_full_root("judge validate"));
    if (!o.all) {
        require_known_problem(root.path, *o.problem);
        return {*o.problem};
    }
    std::vector<std::string> names = list_problem_names(root.path);
    if (names.empty()) throw InputError("validate --all: no problems under " + (root.path / "problems").string());
    return names;
}

std::string plural(int n, const char* noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); }

}  // namespace

int cmd_validate(const GlobalOptions& g, const ValidateOptions& o) {
    if (o.all == o.problem.has_value()) throw InputError("validate: give a problem name or --all (not both)");
    const CourseRoot root = find_course_root(g.root);
    const std::vector<std::string> names = problems_to_validate(root, o);
    if (o.format != "text" && o.format != "json")
        throw InputError("validate --format: expected text or json, got \"" + o.format + "\"");
    const bool as_json = o.format == "json";
    Builder builder(detect_toolchain(), cache_root());
    std::unique_ptr<Sandbox> sandbox;
    ValidationSettings settings;
    settings.mutants = o.mutants || o.changed || o.survivors;  // either implies --mutants
    settings.mutant_scope = o.changed ? MutantScope::changed : o.survivors ? MutantScope::survivors : MutantScope::all;
    settings.jobs = o.jobs;
    settings.cross_check = o.cross_check;
    settings.sandbox = [&sandbox]() -> const Sandbox& {
        if (!sandbox) sandbox = make_sandbox(probe_sandbox());
        return *sandbox;
    };
    settings.seeds = o.seeds.value_or(o.strict ? strict_seeds : 0);
    if (settings.seeds < 0 || settings.seeds > 1000) throw InputError("--seeds: expected 0 to 1000");
    int errors = 0, failing = 0, warnings = 0;
    json all = json::array();
    for (const std::string& n : names) {
        const Validation v = validate_problem(load_problem(root.path, n), builder, settings);
        errors += v.errors();
        failing += v.errors() > 0 ? 1 : 0;
        warnings += v.warnings();
        // In JSON mode nothing else reaches stdout; text goes out problem by problem.
        if (as_json) all.push_back(validation_json(v));
        if (!as_json) fmt::print("{}", validation_text(v));
    }
    const bool failed = errors > 0 || (o.strict && warnings > 0);
    if (as_json) {
        fmt::print("{}\n", (o.all ? all : all[0]).dump(2));
    } else if (errors > 0) {
        fmt::print("\nvalidate: {} in {}\n", plural(errors, "error"), plural(failing, "problem"));
    } else if (failed) {
        fmt::print("\nvalidate: {} (--strict)\n", plural(warnings, "warning"));
    } else {
        fmt::print("\nvalidate: ok ({}{})\n", plural(static_cast<int>(names.size()), "problem"),
                   warnings > 0 ? ", " + plural(warnings, "warning") : "");
    }
    return code(failed ? ExitCode::not_passed : ExitCode::ok);
}

}  // namespace judge
