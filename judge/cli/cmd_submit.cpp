// `judge submit`: one submission, one report.
#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <spdlog/spdlog.h>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "compile/builder.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "core/seed.hpp"
#include "course/course.hpp"
#include "grade/class_grade.hpp"
#include "languages/build.hpp"
#include "pipeline/judge.hpp"
#include "pipeline/pack_format.hpp"
#include "pipeline/packed_key.hpp"
#include "problem/packed.hpp"
#include "report/format_table.hpp"
#include "report/html.hpp"
#include "report/pictures.hpp"
#include "report/platforms.hpp"
#include "report/png.hpp"
#include "sandbox/sandbox.hpp"
#include "traps/trap_report.hpp"
#include "util/files.hpp"
#include "util/safe_read.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// The submission to judge without --dir (read_submission_of reads that one): --file; else the
// current directory's <problem>/solution.cpp or solution.cpp (or .py); else the shipped template.
fs::path choose_submission(const SubmitOptions& o, const Problem& p) {
    if (o.file) {
        if (!fs::exists(*o.file)) throw InputError("--file: " + *o.file + " does not exist");
        return *o.file;
    }
    // The first folder that holds a candidate; in it, the file the student wrote (written_one).
    const fs::path base = ".";
    const std::vector<std::string> templates = shipped_templates(p);
    for (const fs::path& folder : {base / p.name, base}) {
        std::vector<fs::path> here;
        std::vector<std::string> texts;
        for (const std::string& name : submission_file_names())
            if (fs::exists(folder / name)) {
                here.push_back((folder / name).lexically_normal());
                texts.push_back(read_named(here.back(), max_source_bytes).bytes);
            }
        if (here.empty()) continue;
        const WrittenOne pick = written_one(texts, templates);
        if (!pick.index)
            throw InputError(two_written_words(here[pick.both.first].string(), here[pick.both.second].string()));
        return here[*pick.index];
    }
    // --lang numpy or torch without a file: that language's template.
    const Language lang = o.lang ? parse_language(*o.lang).value_or(Language::cpp) : Language::cpp;
    const fs::path tmpl = language_template(p, lang);
    if (!fs::exists(tmpl)) {
        throw InputError(
            fmt::format("--lang {}: {} has no {} template ({})", *o.lang, p.name, language_words(lang), tmpl.string()));
    }
    spdlog::info("no ./{}/solution.cpp or ./solution.cpp here; judging the shipped student template", p.name);
    return tmpl;
}

// The submission as read, or why there is none to judge.
struct Chosen {
    fs::path source;
    SafeRead text;
    std::string missing;  // nothing to judge: why (an error, or a platform's document)
    std::string invalid;  // --dir: a link or not a regular file, never read (invalid_submission)
};

// --dir is read as judge grade reads a student's folder, the rule of every grading recipe: a link
// anywhere below it is invalid_submission, never followed (issue #38). --file follows the link its
// user names; without either, the current directory or the template.
// `platform`: a platform's document is asked for (--format or --also), which is written, score 0,
// even when there is nothing to judge.
Chosen read_submission_of(const SubmitOptions& o, const Problem& p, bool platform) {
    Chosen c;
    if (o.dir && !o.file) {
        std::error_code ec;
        if (!fs::is_directory(*o.dir, ec)) throw InputError("--dir: " + *o.dir + " is not a folder");
        const StudentSubmission sub = read_submission(*o.dir, "", p.name, shipped_templates(p));
        using State = StudentSubmission::State;
        c.source = (fs::path(*o.dir) / sub.display).lexically_normal();
        if (sub.state == State::missing)
            c.missing = "--dir: no solution.cpp or solution.py in " + *o.dir + " or in " +
                        (fs::path(*o.dir) / p.name).string() + "; hand in the file you edited from the template";
        if (sub.state == State::invalid) c.invalid = sub.why;  // names the file below --dir
        c.text.fault = sub.state == State::too_large ? ReadFault::too_large : ReadFault::none;
        c.text.size = sub.state == State::too_large ? sub.size : sub.text.size();
        c.text.bytes = sub.text;
    } else {
        try {
            c.source = choose_submission(o, p);
            c.text = read_named(c.source, max_source_bytes);
            if (!c.text.ok() && c.text.fault != ReadFault::too_large)
                c.missing = c.source.string() + ": cannot read: it is " + describe(c.text.fault);
        } catch (const InputError& e) {
            if (!platform) throw;
            c.missing = e.what();
        }
    }
    if (!c.missing.empty() && !platform) throw InputError(c.missing);
    return c;
}

// Each counterexample as .npy folders: <dir>/<test>/inputs/ (what judge run --inputs takes),
// expected/ and got/.
void save_counterexamples(const Report& r, const Problem& p, const fs::path& dir) {
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
        // The heatmap of each differing output, beside the folders: <output>.png.
        for (const Picture& pic : pictures_of(t, p)) write_file_atomic(base / (pic.output + ".png"), picture_png(pic));
        spdlog::debug("counterexample to {}: {}", t.id, base.string());
        if (saved++ == 0) {
            spdlog::info("rerun a counterexample with: judge run {} --function {} --inputs {} --file {} --outputs OUT",
                         r.problem, c.function, (base / "inputs").string(), r.submission);
        }
    }
    spdlog::info(
        "saved {} counterexample{} under {} (one folder per test: inputs/, expected/, got/, and a .png "
        "heatmap of each differing output)",
        saved, saved == 1 ? "" : "s", dir.string());
    if (saved == 0) spdlog::info("--save-counterexamples: no counterexample to save (no failed hidden test had one)");
}

// The other documents of one judging (--also FORMAT=FILE, and --html FILE, which is --also html=FILE),
// each written whole or not at all. `option` names the option as the user wrote it.
struct AlsoWrite {
    const FormatInfo* format;
    std::string file, option;
};

std::vector<AlsoWrite> also_writes(const SubmitOptions& o) {
    std::vector<AlsoWrite> out;
    for (const std::string& a : o.also) {
        const size_t eq = a.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == a.size())
            throw InputError("--also: expected FORMAT=FILE (for example markdown=summary.md), got \"" + a + "\"");
        const FormatInfo* format = nullptr;
        try {
            format = &report_format(a.substr(0, eq));
        } catch (const InputError& e) {  // "--format: expected ...": said of --also
            const std::string why = e.what();
            throw InputError("--also " + a + why.substr(why.find(':')));
        }
        out.push_back({format, a.substr(eq + 1), "--also " + a.substr(0, eq)});
    }
    if (o.html) out.push_back({&report_format("html"), *o.html, "--html"});
    return out;
}

void write_also(const Report& r, const Problem& p, const AlsoWrite& w, long seconds) {
    try {
        write_file_atomic(w.file, w.format->render(r, p, {seconds, false, Style{}}));
    } catch (const std::exception& e) {
        throw InputError(w.option + ": cannot write " + w.file + ": " + e.what());
    }
    spdlog::info("wrote the report as {} to {}", w.format->name, w.file);
}

// After the report: the page and the counterexamples. A file that cannot be written loses no
// verdict; it makes the exit code bad_input.
// CodeGrade's points line on the descriptor its custom test reads (--codegrade-fd), beside the
// report on standard output.
void write_codegrade_fd(const Report& r, int fd) {
    const std::string line = codegrade_points(r).dump() + "\n";
    for (size_t at = 0; at < line.size();) {
        const ssize_t n = ::write(fd, line.data() + at, line.size() - at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw InputError("--codegrade-fd " + std::to_string(fd) + ": " + std::strerror(errno));
        at += static_cast<size_t>(n);
    }
}

int write_files(const Report& r, const Problem& p, const SubmitOptions& o, const std::vector<AlsoWrite>& also,
                long seconds) {
    try {
        if (o.codegrade_fd) write_codegrade_fd(r, *o.codegrade_fd);
        for (const AlsoWrite& w : also) write_also(r, p, w, seconds);
        if (o.save_counterexamples) {
            const std::string& dir = *o.save_counterexamples;
            try {
                save_counterexamples(r, p, dir);
            } catch (const fs::filesystem_error& e) {
                throw InputError("--save-counterexamples: cannot write " + dir + ": " + e.code().message());
            } catch (const InputError&) {
                throw;
            } catch (const std::exception& e) {
                throw InputError("--save-counterexamples: cannot write " + dir + ": " + e.what());
            }
        }
    } catch (const InputError& e) {
        spdlog::error("{}", e.what());
        return code(ExitCode::bad_input);
    }
    return code(r.verdict == Verdict::accepted ? ExitCode::ok : ExitCode::not_passed);
}

}  // namespace

int cmd_submit(const GlobalOptions& g, const SubmitOptions& o) {
    const FormatInfo& format = report_format(o.format);
    if (o.codegrade_fd && (*o.codegrade_fd < 3 || ::fcntl(*o.codegrade_fd, F_GETFD) == -1))
        throw InputError(
            fmt::format("--codegrade-fd {}: expected an open descriptor above 2, as CodeGrade's step "
                        "gives (`judge submit ... --codegrade-fd 3`)",
                        *o.codegrade_fd));
    const auto t0 = std::chrono::steady_clock::now();
    const CourseRoot root = find_course_root(g.root);
    require_known_problem(root.path, o.problem);
    const Problem full = load_course_problem(root.path, o.problem);
    if (full.packed && o.after_due_date)
        throw InputError("--after-due-date: " +
                         pack::needs_full_root("releasing the tests withheld until after the due date"));
    const Problem p = released(full, o.after_due_date);
    const GradingSeed seed = choose_seed(o.seed, o.seed_from_env, p.name);
    const std::vector<AlsoWrite> also = also_writes(o);
    // A platform's document, CodeGrade's descriptor included, is written even with nothing to judge.
    const auto platform = [](const AlsoWrite& w) { return w.format->platform; };
    const Chosen chosen =
        read_submission_of(o, p, format.platform || o.codegrade_fd || std::any_of(also.begin(), also.end(), platform));
    const fs::path& source = chosen.source;
    if (!chosen.missing.empty() || !chosen.invalid.empty()) {
        spdlog::error("{}", chosen.missing.empty() ? chosen.invalid : chosen.missing);
        Report r = chosen.missing.empty() ? invalid_submission_report(p, seed.value, chosen.invalid)
                                          : missing_report(p, seed.value, chosen.missing);
        r.submission = source.string();
        if (seed.secret()) hide_seed(r, seed.env);
        fmt::print("{}", format.render(r, p, {0, false, terminal_style()}));
        return write_files(r, p, o, also, 0);
    }
    spdlog::info("judging {} on {} ({} tests)", source.string(), p.name, p.tests.size());
    Builder builder(detect_toolchain(), cache_root());
    spdlog::debug("toolchain: {} ({})", builder.toolchain().cxx, builder.toolchain().id);
    const std::unique_ptr<Sandbox> sandbox = make_sandbox(probe_sandbox());  // the course's programs run in it too
    // Under a secret, this file's own draw (core/seed.hpp): what another file relays is stale here.
    Judge judge(p, seed.for_submission(chosen.text.bytes), builder, *sandbox, seed.for_cases());  // no seed on a pack
    judge.set_counterexamples(o.counterexamples);
    if (o.deadline) judge.set_deadline(t0 + std::chrono::seconds(*o.deadline));
    const bool pictures = format.name == "text" && (o.pictures || stdout_is_terminal());
    // Pictures of sample tests where they are shown: the page, a terminal, the platforms that show
    // images. (The PNGs beside saved counterexamples need none: they draw the counterexamples.)
    judge.set_pictures(pictures || format.pictures ||
                       std::any_of(also.begin(), also.end(), [](const AlsoWrite& w) { return w.format->pictures; }));
    spdlog::debug("sandbox: {}", sandbox->name());
    check_isolation(*sandbox, seed.secret() ? seed.env : "", p.reference);
    Report r = judge.judge_file(chosen.text, source.string(), *sandbox,
                                o.lang ? parse_language(*o.lang) : std::optional<Language>{});
    r.sandbox = sandbox->name();
    if (seed.secret()) hide_seed(r, seed.env);

    const long seconds = std::lround(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    fmt::print("{}", format.render(r, p, {seconds, pictures, terminal_style()}));
    return write_files(r, p, o, also, seconds);
}

}  // namespace judge
