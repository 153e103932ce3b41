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
#include <set>

#include "compile/python_build.hpp"
#include "core/errors.hpp"
#include "grade/clusters.hpp"
#include "pipeline/judge.hpp"
#include "report/formats.hpp"
#include "report/report_json.hpp"
#include "traps/seeded_bugs.hpp"
#include "traps/trap_report.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"
#include "util/parallel.hpp"
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
std::string problem_key(const Problem& p, uint64_t seed, bool counterexamples) {
    Hasher h;
    h.add(JUDGE_VERSION).add(p.spec_text).add(read_input_file(p.reference)).add(std::to_string(seed));
    h.add(counterexamples ? "counterexamples" : "no counterexamples");
    h.add(fmt::format("{} tests, {} withheld", p.tests.size(), p.withheld));  // --after-due-date or not
    for (const SeededBug& b : load_bugs(p)) h.add(b.name).add(b.source);
    return h.hex();
}

// One Judge per student graded at the same time (a Judge judges one submission at a time:
// pipeline/judge.hpp); a worker takes a free one and gives it back.
class JudgePool {
public:
    JudgePool(const Problem& p, uint64_t seed, Builder& builder) : m_p(p), m_seed(seed), m_builder(builder) {}

    std::unique_ptr<Judge> take() {
        const std::lock_guard lock(m_mutex);
        if (m_free.empty()) return std::make_unique<Judge>(m_p, m_seed, m_builder);
        std::unique_ptr<Judge> j = std::move(m_free.back());
        m_free.pop_back();
        return j;
    }

    void give_back(std::unique_ptr<Judge> j) {
        const std::lock_guard lock(m_mutex);
        m_free.push_back(std::move(j));
    }

private:
    const Problem& m_p;
    uint64_t m_seed;
    Builder& m_builder;
    std::mutex m_mutex;
    std::vector<std::unique_ptr<Judge>> m_free;
};

}  // namespace

std::vector<std::string> list_students(const fs::path& class_dir,
                                       const std::optional<std::pair<unsigned, unsigned>>& shard) {
    std::error_code ec;
    if (!fs::is_directory(class_dir, ec)) throw InputError("--class: " + class_dir.string() + " is not a directory");
    std::vector<std::string> ids;
    for (const auto& e : fs::directory_iterator(class_dir)) {
        if (!e.is_directory()) continue;
        const std::string id = e.path().filename().string();
        if (id.empty() || id[0] == '.') continue;
        if (shard) {
            // A student's shard depends only on the id, so adding a student never moves the others.
            const unsigned long h = std::stoul(sha256_hex(id).substr(0, 8), nullptr, 16);
            if (h % shard->second != shard->first - 1) continue;
        }
        ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

StudentSubmission read_submission(const fs::path& class_dir, const std::string& id, const std::string& problem) {
    using State = StudentSubmission::State;
    StudentSubmission s;
    // A class may mix languages: solution.py is found like solution.cpp (docs/python.md).
    for (const fs::path& rel : {fs::path(id) / problem / "solution.cpp", fs::path(id) / problem / "solution.py",
                                fs::path(id) / "solution.cpp", fs::path(id) / "solution.py"}) {
        const SafeRead r = read_below(class_dir, rel, max_source_bytes, ReadPart::whole);
        if (r.fault == ReadFault::missing) continue;
        s.display = valid_utf8(rel.string());
        if (r.ok()) {
            s.state = State::found;
            s.text = r.bytes;
        } else if (r.fault == ReadFault::too_large) {
            s.state = State::too_large;
            s.size = r.size;
        } else {
            s.state = State::invalid;
            s.why = s.display + " is " + describe(r.fault) +
                    (r.fault == ReadFault::symlink ? " (or lies behind one)" : "") +
                    "; a submission must be a regular file in the student's own folder, reached through no link";
        }
        return s;
    }
    return s;
}

GradeSummary grade_class(const Problem& p, const GradeOptions& o, Builder& builder, const Sandbox& sandbox) {
    const std::vector<std::string> ids = list_students(o.class_dir, o.shard);
    const std::string pkey = problem_key(p, o.seed, o.counterexamples);
    const std::string template_text = fs::exists(p.template_solution) ? read_input_file(p.template_solution) : "";
    std::vector<std::string> py_templates;  // the PyTorch and NumPy templates that the problem ships
    for (const Language lang : {Language::torch, Language::numpy})
        if (const fs::path t = python_template(p, lang); fs::exists(t)) py_templates.push_back(read_input_file(t));
    fs::create_directories(o.out);
    const std::string shard = o.shard ? fmt::format("{}/{}", o.shard->first, o.shard->second) : "all";
    write_file_atomic(o.out / "grade.json", json({{"problem", p.name},
                                                  {"seed_sha256", sha256_plain_hex(std::to_string(o.seed))},
                                                  {"judge", JUDGE_VERSION},
                                                  {"counterexamples", o.counterexamples},
                                                  {"withheld", p.withheld},
                                                  {"shard", shard}})
                                                    .dump(2) +
                                                "\n");
    GradeSummary summary;
    summary.students = ids.size();
    const bool tty = ::isatty(STDERR_FILENO) == 1;
    const auto t0 = std::chrono::steady_clock::now();
    std::atomic<size_t> done{0}, graded{0}, reused{0};
    std::atomic<bool> failed{false};
    std::mutex print_mutex;
    std::set<std::string> in_progress;  // for the live line: who is being graded now
    JudgePool judges(p, o.seed, builder);

    // A result computed in the fallback tier (where a submission can #include the course) is never
    // reused by a run in another tier, nor one with root dropped by one without.
    const std::string tier_key = fmt::format("{} tier, {}", sandbox.name(), ::geteuid() == 0 ? "root dropped" : "user");
    const auto grade_student = [&](size_t i) {
        const std::string& id = ids[i];
        const fs::path dir = student_dir(o.out, id);
        using State = StudentSubmission::State;
        const StudentSubmission sub = read_submission(o.class_dir, id, p.name);
        const std::string key = Hasher()
                                    .add(pkey)
                                    .add(tier_key)
                                    .add(std::to_string(static_cast<int>(sub.state)))
                                    .add(sub.text)
                                    .add(sub.why)
                                    .add(std::to_string(sub.size))
                                    // A Python file's result depends on the interpreter's and libraries' versions.
                                    .add(sub.display.ends_with(".py") ? python_versions() : "")
                                    .hex();
        Report report;
        bool fresh = false;
        bool reuse = read_head(dir / "key", 100) == key && fs::exists(dir / "report.json");
        if (reuse) {
            try {
                report = report_from_text(read_file(dir / "report.json"), p, (dir / "report.json").string());
                ++reused;
            } catch (const InputError& e) {
                spdlog::warn("{}; grading this student again", printable(e.what()));  // a damaged earlier run
                reuse = false;
            }
        }
        if (!reuse) {
            const auto s0 = std::chrono::steady_clock::now();
            bool judge_failed = false;
            if (sub.state == State::missing) {
                report = missing_report(p, o.seed);
            } else {
                Report& r = report;
                try {
                    if (sub.state == State::invalid) {
                        r = invalid_submission_report(p, o.seed, sub.why);  // never read, never judged
                    } else {
                        std::unique_ptr<Judge> judge = judges.take();
                        judge->set_counterexamples(o.counterexamples);
                        judge->set_pictures(true);  // summary.html's heatmaps (fingerprint_file)
                        r = sub.state == State::found ? judge->judge_source(sub.text, sub.display, sandbox)
                                                      : judge->too_large(sub.size, sub.display);
                        judges.give_back(std::move(judge));  // not after a failure: its state is unknown
                    }
                } catch (const InputError&) {
                    throw;  // the course is broken (a reference that fails): every student would fail
                } catch (const std::exception& e) {
                    // One student's failure stays that student's: a judge_error, and the class goes on.
                    judge_failed = true;
                    r = judge_error_report(p, o.seed, printable(e.what()));
                    spdlog::warn("{}: the judge failed on this submission: {}", printable(id), printable(e.what()));
                }
                r.submission = sub.display;
                r.sandbox = sandbox.name();
                // The shipped template, unchanged: no attempt, which summary.md does not count.
                r.untouched_template =
                    sub.state == State::found &&
                    (sub.text == template_text || std::ranges::find(py_templates, sub.text) != py_templates.end());
            }
            const long seconds =
                std::lround(std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count());
            // Atomic per file; the key goes last, so a half-written student is graded again.
            write_student_id(dir, id);  // a long id's folder names it here
            write_file_atomic(dir / "report.json", json_text(render_json(report)) + "\n");
            write_file_atomic(dir / "results.json", json_text(gradescope_results(report, seconds)) + "\n");
            // The instructor's only: never in a report (clusters.hpp).
            write_file_atomic(dir / fingerprint_file, fingerprint_text(fingerprint_of(report)));
            if (!judge_failed) write_file_atomic(dir / "key", key);  // a judge failure is retried on a rerun
            ++graded;
            fresh = true;
        }
        return std::make_pair(report, fresh);
    };
    const auto grade_one = [&](size_t i) {
        if (failed) return;  // a broken course stops handing out students
        const std::string& id = ids[i];
        {
            const std::lock_guard lock(print_mutex);
            in_progress.insert(id);
        }
        // Everything one student's grading does, its writes included, stays that student's: a
        // failure is reported and the class goes on. Only a broken course stops it.
        Report report;
        bool fresh = false;
        try {
            std::tie(report, fresh) = grade_student(i);
        } catch (const InputError&) {
            throw;
        } catch (const std::exception& e) {
            const std::lock_guard lock(print_mutex);
            in_progress.erase(id);
            summary.unwritten.push_back(printable(id) + ": " + printable(e.what()));
            spdlog::error("{}: could not grade or write this student's results: {}", printable(id),
                          printable(e.what()));
            ++done;
            return;
        }
        const size_t n = ++done;
        const std::lock_guard lock(print_mutex);
        in_progress.erase(id);
        if (!spdlog::should_log(spdlog::level::info)) return;  // -q: errors only
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const double eta = elapsed / static_cast<double>(n) * static_cast<double>(ids.size() - n);
        const std::string line =
            fmt::format("[{}/{}] {}: {} {}/{}{}", n, ids.size(), printable(id), to_string(report.verdict), report.score,
                        report.max_score, fresh ? "" : " (unchanged)");
        if (tty) {
            std::string now;
            for (const std::string& other : in_progress) now += (now.empty() ? "" : ", ") + printable(other);
            fmt::print(stderr, "\r\033[K{}; now: {}; ETA {:.0f}s", line, now.empty() ? "-" : now, eta);
        } else {
            fmt::print(stderr, "judge: {}\n", line);
        }
    };
    const auto finish_line = [&] {
        if (tty && !ids.empty() && spdlog::should_log(spdlog::level::info)) fmt::print(stderr, "\n");
    };
    try {
        parallel_for(ids.size(), std::max(1u, o.jobs), [&](size_t i) {
            try {
                grade_one(i);
            } catch (...) {
                failed = true;
                throw;
            }
        });
    } catch (...) {
        finish_line();
        throw;
    }
    finish_line();
    std::sort(summary.unwritten.begin(), summary.unwritten.end());
    summary.graded = graded;
    summary.reused = reused;
    summary.verdict_counts = write_class_files(p, o.out);
    return summary;
}

}  // namespace judge
