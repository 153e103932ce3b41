#include "grade/class_grade.hpp"

#include <unistd.h>

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/errors.hpp"
#include "grade/clusters.hpp"
#include "grade/roster.hpp"
#include "languages/build.hpp"
#include "pipeline/judge.hpp"
#include "problem/redraw.hpp"
#include "report/formats.hpp"
#include "report/report_json.hpp"
#include "traps/seeded_bugs.hpp"
#include "traps/trap_report.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"
#include "util/parallel.hpp"
#include "util/progress.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

#ifndef JUDGE_VERSION
#define JUDGE_VERSION "0.0.0"
#endif

namespace judge {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Everything a student's result depends on besides the submission: the spec, the reference, the
// seeded bugs (they name misconceptions), the seed and the judge itself.
std::string problem_key(const Problem& p, const GradingSeed& seed, bool counterexamples) {
    Hasher h;
    h.add(JUDGE_VERSION).add(p.spec_text).add(read_input_file(p.reference)).add(std::to_string(seed.value));
    h.add(seed.env).add(seed.key);              // a secret's key is never written; a report names its variable
    h.add(redraw_version).add(report_version);  // what a seed draws, what a report says of the same runs
    h.add(counterexamples ? "counterexamples" : "no counterexamples");
    h.add(fmt::format("{} tests, {} withheld", p.tests.size(), p.withheld));  // --after-due-date or not
    for (const SeededBug& b : load_bugs(p)) h.add(b.name).add(b.source);
    return h.hex();
}

// A Judge per student graded at once; a worker takes a free one of the file's seed, then gives it back. Under a
// secret each file has a seed (core/seed.hpp) and Judge of its own; the counterexample cases, one for the class.
class JudgePool {
public:
    JudgePool(const Problem& p, Builder& b, const Sandbox& s, uint64_t cases)
        : m_p(p), m_builder(b), m_sandbox(s), m_case_seed(cases) {}

    std::unique_ptr<Judge> take(uint64_t seed) {
        const std::lock_guard lock(m_mutex);  // a Judge is made under it too, as it always was
        const auto it = std::ranges::find_if(m_free, [&](const auto& j) { return j->seed() == seed; });
        if (it == m_free.end()) return std::make_unique<Judge>(m_p, seed, m_builder, m_sandbox, m_case_seed);
        std::unique_ptr<Judge> j = std::move(*it);
        m_free.erase(it);
        return j;
    }

    void give_back(std::unique_ptr<Judge> j) {
        const std::lock_guard lock(m_mutex);
        m_free.push_back(std::move(j));
        if (m_free.size() > 8) m_free.erase(m_free.begin());  // the oldest: a secret's seeds never repeat
    }

private:
    const Problem& m_p;
    Builder& m_builder;
    const Sandbox& m_sandbox;
    uint64_t m_case_seed;
    std::mutex m_mutex;
    std::vector<std::unique_ptr<Judge>> m_free;
};

}  // namespace

std::vector<std::string> shard_of(std::vector<std::string> ids,
                                  const std::optional<std::pair<unsigned, unsigned>>& shard) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    if (!shard) return ids;
    std::vector<std::string> part;
    for (size_t r = shard->first - 1; r < ids.size(); r += shard->second) part.push_back(ids[r]);
    return part;
}

std::vector<std::string> list_students(const fs::path& class_dir) {
    std::error_code ec;
    if (!fs::is_directory(class_dir, ec)) throw InputError("--class: " + class_dir.string() + " is not a directory");
    std::vector<std::string> ids;
    for (const auto& e : fs::directory_iterator(class_dir)) {
        if (!e.is_directory()) continue;
        const std::string id = e.path().filename().string();
        if (id.empty() || id[0] == '.') continue;
        ids.push_back(id);
    }
    return shard_of(std::move(ids), std::nullopt);
}

namespace {

// grade.json: what this run graded with, so that a regrade or a merge can check it is the same.
void write_grade_json(const Problem& p, const GradeOptions& o) {
    const std::string shard = o.shard ? fmt::format("{}/{}", o.shard->first, o.shard->second) : "all";
    json j = {{"problem", p.name},      {"seed", o.seed.value},
              {"judge", JUDGE_VERSION}, {"counterexamples", o.counterexamples},
              {"withheld", p.withheld}, {"shard", shard}};
    // The points a pack's stored answers still pass under a grading seed (problem/inputs.hpp).
    if (o.seed.drawn()) j["seed_independent_points"] = seed_independent_points(p);
    if (o.seed.secret()) {  // never the seed: a salted hash, which `merge --seed-from-env` checks
        const std::string salt = random_salt();
        j["seed"] = "secret";
        j["seed_check"] = {{"salt", salt}, {"sha256", salted_key_hash(salt, o.seed.key)}};
    }
    write_file_atomic(o.out / "grade.json", j.dump(2) + "\n");
}

// What a run of the whole class shares: the problem, its key, the judges, the templates that count as no attempt.
struct ClassRun {
    const Problem& p;
    const GradeOptions& o;
    const Sandbox& sandbox;
    JudgePool judges;
    std::string problem_hash;  // problem_key(): everything but the submission
    // A result computed in the fallback tier (where a submission can #include the course) is never
    // reused by a run in another tier, nor one with root dropped by one without.
    std::string tier_key;
    std::vector<std::string> templates;  // the shipped C++, PyTorch and NumPy templates
};

// Everything a student's report depends on: the run's keys and the submission as it was found.
std::string student_key(const ClassRun& run, const StudentSubmission& sub) {
    return Hasher()
        .add(run.problem_hash)
        .add(run.tier_key)
        .add(std::to_string(static_cast<int>(sub.state)))
        .add(sub.text)
        .add(sub.why)
        .add(std::to_string(sub.size))
        // A Python file's result depends on the interpreter's and libraries' versions.
        .add(runtime_versions(sub.display))
        .hex();
}

// The report an earlier run into the same folder kept, when its key is this one's.
std::optional<Report> kept_report(const fs::path& dir, const std::string& key, const Problem& p) {
    if (read_head(dir / "key", 100) != key || !fs::exists(dir / "report.json")) return std::nullopt;
    try {
        return report_from_text(read_file(dir / "report.json"), p, (dir / "report.json").string());
    } catch (const InputError& e) {
        spdlog::warn("{}; grading this student again", printable(e.what()));  // a damaged earlier run
        return std::nullopt;
    }
}

struct Judged {
    Report report;
    bool judge_failed = false;  // a judge failure is retried on a rerun
    std::string text, file;     // the file judged and its name (solution.cpp or .py), when one was read
};

// The submission judged: missing, refused unread, too large, or run. A failure of the judge on it
// stays this student's (judge_error); a broken course (InputError) stops the class.
Judged judge_student(ClassRun& run, const StudentSubmission& sub, const std::string& id) {
    using State = StudentSubmission::State;
    Judged j;
    if (sub.state == State::missing) {
        j.report = missing_report(run.p, run.o.seed.value,
                                  "no solution.cpp or solution.py in your folder or in its " + run.p.name +
                                      "/; hand in the file you edited from the template");
        return j;
    }
    try {
        if (sub.state == State::invalid) {
            j.report = invalid_submission_report(run.p, run.o.seed.value, sub.why);  // never read, never judged
        } else {
            std::unique_ptr<Judge> judge = run.judges.take(run.o.seed.for_submission(sub.text));
            judge->set_counterexamples(run.o.counterexamples);
            judge->set_pictures(true);  // summary.html's heatmaps (fingerprint_file)
            j.report = sub.state == State::found ? judge->judge_source(sub.text, sub.display, run.sandbox)
                                                 : judge->too_large(sub.size, sub.display);
            run.judges.give_back(std::move(judge));  // not after a failure: its state is unknown
        }
    } catch (const InputError&) {
        throw;  // the course is broken (a reference that fails): every student would fail
    } catch (const std::exception& e) {
        j.judge_failed = true;
        j.report = judge_error_report(run.p, run.o.seed.value, printable(e.what()));
        spdlog::warn("{}: the judge failed on this submission: {}", printable(id), printable(e.what()));
    }
    j.report.submission = sub.display;
    if (sub.state == State::found) j.text = sub.text, j.file = fs::path(sub.display).filename().string();
    j.report.sandbox = run.sandbox.name();
    if (run.o.seed.secret()) hide_seed(j.report, run.o.seed.env);
    // The shipped template, unchanged: no attempt, which summary.md does not count.
    j.report.untouched_template =
        sub.state == State::found && std::ranges::find(run.templates, sub.text) != run.templates.end();
    return j;
}

// The student's files, each written atomically; the key goes last, so that a half-written student
// is graded again.
void write_student(const Problem& p, const fs::path& dir, const std::string& id, const Judged& j, long seconds,
                   const std::string& key) {
    write_student_id(dir, id);  // a long id's folder names it here
    // The file judged, which the student's page links to (a name from student_submission's two).
    if (!j.file.empty()) write_submitted(dir, j.file, j.text);
    const std::string report_json = json_text(render_json(j.report)) + "\n";
    write_file_atomic(dir / "report.json", report_json);
    // The student's own page, which summary.html links to: made from what report.json and the
    // fingerprint keep, as a rerun or a merge makes it again, so that every run gives the same page.
    const Fingerprint kept = fingerprint_of(j.report);
    write_student_views(p, dir, report_from_text(report_json, p, (dir / "report.json").string()), kept, seconds);
    // The instructor's only: never in a report (clusters.hpp).
    write_file_atomic(dir / fingerprint_file, fingerprint_text(kept));
    if (!j.judge_failed) write_file_atomic(dir / "key", key);
}

struct Graded {
    Report report;
    bool fresh = false;  // judged in this run, not kept from an earlier one
};

// One student: the kept report when nothing changed, else judged and written.
Graded grade_student(ClassRun& run, const std::string& id) {
    const fs::path dir = student_dir(run.o.out, id);
    const StudentSubmission sub = read_submission(run.o.class_dir, id, run.p.name, run.templates);
    const std::string key = student_key(run, sub);
    if (std::optional<Report> kept = kept_report(dir, key, run.p)) {
        // A folder graded before the pages were written gets its page from the kept report.
        if (!fs::exists(dir / student_page_file))
            write_file_atomic(dir / student_page_file,
                              student_page(run.p, *kept, read_fingerprint(dir), submitted_link(dir)));
        return {std::move(*kept), false};
    }
    const auto s0 = std::chrono::steady_clock::now();
    Judged j = judge_student(run, sub, id);
    const long seconds = std::lround(std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count());
    write_student(run.p, dir, id, j, seconds, key);
    return {std::move(j.report), true};
}

}  // namespace

GradeSummary grade_class(const Problem& p, const GradeOptions& o, Builder& builder, const Sandbox& sandbox) {
    // The whole class (its folders and the roster's students) is checked before the shard is taken:
    // a shard of a small class may hold nobody.
    std::vector<std::string> not_on_roster, ids;
    const std::vector<std::string> everyone = class_students(list_students(o.class_dir), o.roster, o.has_roster,
                                                             o.allow_empty, o.class_dir.string(), not_on_roster);
    if (!not_on_roster.empty()) {
        std::string names;
        for (const std::string& f : not_on_roster) names += (names.empty() ? "" : ", ") + f;
        spdlog::warn("{} folder{} in {} {} not on the roster, graded all the same: {}", not_on_roster.size(),
                     not_on_roster.size() == 1 ? "" : "s", o.class_dir.string(),
                     not_on_roster.size() == 1 ? "is" : "are", names);
    }
    ids = shard_of(everyone, o.shard);
    fs::create_directories(o.out);
    write_grade_json(p, o);
    ClassRun run{p,
                 o,
                 sandbox,
                 JudgePool(p, builder, sandbox, o.seed.for_cases()),
                 problem_key(p, o.seed, o.counterexamples),
                 fmt::format("{} tier, {}", sandbox.name(), ::geteuid() == 0 ? "root dropped" : "user"),
                 {}};
    run.templates = shipped_templates(p);

    GradeSummary summary;
    summary.students = ids.size();
    std::atomic<size_t> graded{0}, reused{0};
    std::atomic<bool> failed{false};
    std::mutex unwritten_mutex;
    Progress progress("grade", ids.size());
    // Everything one student's grading does, its writes included, stays that student's: a failure
    // is reported and the class goes on. Only a broken course (InputError) stops it.
    parallel_for(ids.size(), std::max(1u, o.jobs), [&](size_t i) {
        if (failed) return;  // a broken course stops handing out students
        const std::string shown = printable(ids[i]);
        progress.begin(shown);
        try {
            const Graded g = grade_student(run, ids[i]);
            ++(g.fresh ? graded : reused);
            progress.end(shown, fmt::format("{} {}/{}{}", to_string(g.report.verdict), g.report.score,
                                            g.report.max_score, g.fresh ? "" : " (unchanged)"));
        } catch (const InputError&) {
            failed = true;
            throw;
        } catch (const std::exception& e) {
            {
                const std::lock_guard lock(unwritten_mutex);
                summary.unwritten.push_back(shown + ": " + printable(e.what()));
            }
            spdlog::error("{}: could not grade or write this student's results: {}", shown, printable(e.what()));
            progress.drop(shown);
        } catch (...) {
            failed = true;
            throw;
        }
    });
    std::sort(summary.unwritten.begin(), summary.unwritten.end());
    summary.graded = graded;
    summary.reused = reused;
    summary.verdict_counts = write_class_files(p, o.out, o.previous);
    return summary;
}

}  // namespace judge
