// `judge submit`: one submission, one report.
#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <chrono>
#include <cmath>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "compile/builder.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "pipeline/judge.hpp"
#include "pipeline/pack_format.hpp"
#include "pipeline/packed_key.hpp"
#include "problem/packed.hpp"
#include "report/formats.hpp"
#include "report/render.hpp"
#include "report/report_json.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// The submission to judge: --file; else --dir (or the current directory) holding
// <problem>/solution.cpp or solution.cpp; else the shipped student template.
fs::path choose_submission(const SubmitOptions& o, const Problem& p) {
    if (o.file) {
        if (!fs::exists(*o.file)) throw InputError("--file: " + *o.file + " does not exist");
        return *o.file;
    }
    const fs::path base = o.dir ? fs::path(*o.dir) : fs::path(".");
    for (const fs::path& c : {base / p.name / "solution.cpp", base / "solution.cpp"}) {
        if (fs::exists(c)) return c.lexically_normal();
    }
    if (o.dir) {
        throw InputError("--dir: neither " + (base / p.name / "solution.cpp").string() + " nor " +
                         (base / "solution.cpp").string() + " exists");
    }
    spdlog::info("no ./{}/solution.cpp or ./solution.cpp here; judging the shipped student template", p.name);
    return p.template_solution;
}

// Each counterexample as .npy folders: <dir>/<test>/inputs/ (what judge run --inputs takes),
// expected/ and got/.
void save_counterexamples(const Report& r, const fs::path& dir) {
    int saved = 0;
    for (const TestOutcome& t : r.tests) {
        if (!t.counterexample) continue;
        const Counterexample& c = *t.counterexample;
        const fs::path base = dir / t.id;
        for (const auto& [sub, values] : {std::pair{"inputs", &c.inputs}, {"expected", &c.expected}, {"got", &c.got}}) {
            if (values->empty()) continue;
            fs::create_directories(base / sub);
            for (const ShownValue& v : *values) npy::write((base / sub / (v.name + ".npy")).string(), v.array);
        }
        spdlog::debug("counterexample to {}: {}", t.id, base.string());
        if (saved++ == 0) {
            spdlog::info("rerun a counterexample with: judge run {} --function {} --inputs {} --file {} --outputs OUT",
                         r.problem, c.function, (base / "inputs").string(), r.submission);
        }
    }
    spdlog::info("saved {} counterexample{} under {} (one folder per test: inputs/, expected/, got/)", saved,
                 saved == 1 ? "" : "s", dir.string());
    if (saved == 0) spdlog::info("--save-counterexamples: no counterexample to save (no failed hidden test had one)");
}

}  // namespace

int cmd_submit(const GlobalOptions& g, const SubmitOptions& o) {
    if (o.format != "text" && o.format != "json" && o.format != "junit" && o.format != "gradescope") {
        throw InputError("--format: expected text, json, junit or gradescope, got \"" + o.format + "\"");
    }
    const auto t0 = std::chrono::steady_clock::now();
    const CourseRoot root = find_course_root(g.root);
    require_known_problem(root.path, o.problem);
    const Problem full = load_course_problem(root.path, o.problem);
    if (full.packed && o.after_due_date)
        throw InputError("--after-due-date: " +
                         pack::needs_full_root("releasing the tests withheld until after the due date"));
    const Problem p = released(full, o.after_due_date);
    const fs::path source = choose_submission(o, p);
    spdlog::info("judging {} on {} ({} tests)", source.string(), p.name, p.tests.size());
    Builder builder(detect_toolchain(), cache_root());
    spdlog::debug("toolchain: {} ({})", builder.toolchain().cxx, builder.toolchain().id);
    Judge judge(p, o.seed, builder);  // first: it refuses --seed on a pack
    judge.set_counterexamples(o.counterexamples);
    const std::unique_ptr<Sandbox> sandbox = make_sandbox(probe_sandbox());
    spdlog::debug("sandbox: {}", sandbox->name());
    warn_if_not_isolated(*sandbox);
    Report r = judge.judge_file(source, source.string(), *sandbox);
    r.sandbox = sandbox->name();

    if (o.format == "json") {
        fmt::print("{}\n", json_text(render_json(r)));
    } else if (o.format == "gradescope") {
        const long seconds = std::lround(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        fmt::print("{}\n", json_text(gradescope_results(r, seconds)));
    } else if (o.format == "junit") {
        JunitCounts total;
        // The suite is named after the submission: two students' files merge into two suites.
        const std::string suite = render_junit_suite(r.submission, r, total);
        fmt::print("{}", render_junit_document(p.name, suite, total));
    } else {
        fmt::print("{}", render_text(r, terminal_style()));
    }
    if (o.save_counterexamples) {
        // After the report: a folder that cannot be written loses no verdict.
        try {
            save_counterexamples(r, *o.save_counterexamples);
        } catch (const fs::filesystem_error& e) {
            spdlog::error("--save-counterexamples: cannot write {}: {}", *o.save_counterexamples, e.code().message());
            return code(ExitCode::bad_input);
        } catch (const std::exception& e) {
            spdlog::error("--save-counterexamples: cannot write {}: {}", *o.save_counterexamples, e.what());
            return code(ExitCode::bad_input);
        }
    }
    return code(r.verdict == Verdict::accepted ? ExitCode::ok : ExitCode::not_passed);
}

}  // namespace judge
