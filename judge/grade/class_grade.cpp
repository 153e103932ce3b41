#include "grade/class_grade.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fmt/core.h>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <spdlog/spdlog.h>
#include <thread>

#include "grade/bugs.hpp"
#include "grade/session.hpp"
#include "report/formats.hpp"
#include "report/render.hpp"
#include "sandbox/sandbox.hpp"
#include "util/errors.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"

#ifndef JUDGE_VERSION
#define JUDGE_VERSION "0.0.0"
#endif

namespace judge {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Everything a student's result depends on besides the submission: the spec, the reference, the
// seeded bugs (they name misconceptions), the seed and the judge itself.
std::string problem_key(const Problem& p, uint64_t seed) {
    Hasher h;
    h.add(JUDGE_VERSION).add(p.spec_text).add(read_file(p.reference)).add(std::to_string(seed));
    for (const SeededBug& b : load_bugs(p)) h.add(b.name).add(read_file(b.path));
    return h.hex();
}

json missing_report(const Problem& p, uint64_t seed) {
    json traps = json::array();
    for (const TrapSpec& t : p.traps) {
        traps.push_back({{"id", t.id}, {"title", t.title}, {"passed", false}, {"message", "no submission"}, {"hint", t.hint}});
    }
    return {{"problem", p.name}, {"verdict", "missing"},  {"score", 0},          {"max_score", p.max_score()},
            {"seed", seed},      {"sandbox", ""},          {"traps", traps},      {"tests", json::array()},
            {"compile", {{"ok", false}, {"log", ""}}}};
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (const char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace

std::vector<std::string> list_students(const fs::path& class_dir, const std::optional<std::pair<unsigned, unsigned>>& shard) {
    std::error_code ec;
    if (!fs::is_directory(class_dir, ec)) throw InputError("--class: " + class_dir.string() + " is not a directory");
    std::vector<std::string> ids;
    for (const auto& e : fs::directory_iterator(class_dir)) {
        if (!e.is_directory()) continue;
        const std::string id = e.path().filename().string();
        if (id.empty() || id[0] == '.') continue;
        if (shard) {
            // A student's shard depends only on the id, so adding a student never moves the others.
            const unsigned long h = std::stoul(sha1_hex(id).substr(0, 8), nullptr, 16);
            if (h % shard->second != shard->first - 1) continue;
        }
        ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

fs::path find_submission(const fs::path& class_dir, const std::string& id, const std::string& problem) {
    for (const fs::path& c : {class_dir / id / problem / "solution.cpp", class_dir / id / "solution.cpp"}) {
        std::error_code ec;
        if (fs::is_regular_file(c, ec)) return c;
    }
    return {};
}

GradeSummary grade_class(const Problem& p, const GradeOptions& o, Builder& builder) {
    const std::vector<std::string> ids = list_students(o.class_dir, o.shard);
    const std::string pkey = problem_key(p, o.seed);
    fs::create_directories(o.out);
    write_file_atomic(o.out / "grade.json", json({{"problem", p.name}, {"seed", o.seed}}).dump(2) + "\n");
    GradeSummary summary;
    summary.students = ids.size();
    const bool tty = ::isatty(STDERR_FILENO) == 1;
    const auto t0 = std::chrono::steady_clock::now();
    std::atomic<size_t> next{0}, done{0}, graded{0}, reused{0};
    std::mutex print_mutex;
    std::exception_ptr failure;

    std::set<std::string> in_progress;  // for the live line: who is being graded now
    auto worker = [&] {
        Session session(p, o.seed, builder);  // one per worker: a Session is not shared between threads
        for (size_t i = next++; i < ids.size(); i = next++) {
            const std::string& id = ids[i];
            {
                const std::lock_guard lock(print_mutex);
                in_progress.insert(id);
            }
            const fs::path dir = o.out / id;
            const fs::path sub = find_submission(o.class_dir, id, p.name);
            const std::string key = Hasher().add(pkey).add(sub.empty() ? std::string("missing") : read_file(sub)).hex();
            json report;
            bool fresh = false;
            if (read_head(dir / "key", 100) == key && fs::exists(dir / "report.json")) {
                ++reused;
                report = json::parse(read_file(dir / "report.json"));
            } else {
                const auto s0 = std::chrono::steady_clock::now();
                if (sub.empty()) {
                    report = missing_report(p, o.seed);
                } else {
                    Report r = session.judge_file(sub, (fs::path(id) / fs::relative(sub, o.class_dir / id)).string());
                    r.sandbox = Sandbox::instance().name();
                    report = render_json(r);
                }
                const long seconds = std::lround(std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count());
                // Atomic per file; the key goes last, so a half-written student is graded again.
                write_file_atomic(dir / "report.json", report.dump(2) + "\n");
                write_file_atomic(dir / "results.json", gradescope_results(p, report, seconds).dump(2) + "\n");
                write_file_atomic(dir / "key", key);
                ++graded;
                fresh = true;
            }
            const size_t n = ++done;
            const std::lock_guard lock(print_mutex);
            in_progress.erase(id);
            if (!spdlog::should_log(spdlog::level::info)) continue;  // -q: errors only
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            const double eta = elapsed / static_cast<double>(n) * static_cast<double>(ids.size() - n);
            const std::string line = fmt::format("[{}/{}] {}: {} {}/{}{}", n, ids.size(), id, report["verdict"].get<std::string>(),
                                                 report["score"].get<int>(), report["max_score"].get<int>(), fresh ? "" : " (unchanged)");
            if (tty) {
                std::string now;
                for (const std::string& other : in_progress) now += (now.empty() ? "" : ", ") + other;
                fmt::print(stderr, "\r\033[K{}; now: {}; ETA {:.0f}s", line, now.empty() ? "-" : now, eta);
            } else {
                fmt::print(stderr, "judge: {}\n", line);
            }
        }
    };
    auto guarded = [&] {
        try {
            worker();
        } catch (...) {
            const std::lock_guard lock(print_mutex);
            if (!failure) failure = std::current_exception();
            next = ids.size();  // stop handing out students
        }
    };
    std::vector<std::thread> pool;
    for (unsigned k = 1; k < std::max(1u, o.jobs); ++k) pool.emplace_back(guarded);
    guarded();
    for (auto& th : pool) th.join();
    if (tty && !ids.empty() && spdlog::should_log(spdlog::level::info)) fmt::print(stderr, "\n");
    if (failure) std::rethrow_exception(failure);
    summary.graded = graded;
    summary.reused = reused;
    summary.verdict_counts = write_class_files(p, o.out);
    return summary;
}

std::string merge_outputs(const std::vector<fs::path>& inputs, const fs::path& out, const fs::path& course_root) {
    if (inputs.empty()) throw InputError("merge: give at least one output directory to merge");
    json meta;
    std::map<std::string, fs::path> owner;
    for (const fs::path& in : inputs) {
        const fs::path m = in / "grade.json";
        if (!fs::exists(m)) throw InputError(m.string() + ": missing; is " + in.string() + " the --out of a judge grade run?");
        json j;
        try {
            j = json::parse(read_file(m));
        } catch (const json::exception& e) {
            throw InputError(m.string() + ": invalid JSON: " + e.what());
        }
        if (!j.contains("problem") || !j.contains("seed")) throw InputError(m.string() + ": needs \"problem\" and \"seed\"");
        if (meta.is_null()) meta = j;
        if (j != meta) {
            throw InputError(m.string() + ": problem " + j["problem"].dump() + ", seed " + j["seed"].dump() + " differs from " +
                             meta["problem"].dump() + ", seed " + meta["seed"].dump() + " in " + (inputs.front() / "grade.json").string());
        }
        for (const auto& e : fs::directory_iterator(in)) {
            if (!e.is_directory() || !fs::exists(e.path() / "report.json")) continue;
            const std::string id = e.path().filename().string();
            if (owner.count(id)) throw InputError("merge: student " + id + " is in both " + owner[id].string() + " and " + in.string());
            owner[id] = in;
        }
    }
    const Problem p = load_problem(course_root, meta["problem"].get<std::string>());
    fs::create_directories(out);
    for (const auto& [id, in] : owner) {
        fs::create_directories(out / id);
        for (const char* f : {"report.json", "results.json", "key"}) {
            if (fs::exists(in / id / f)) write_file_atomic(out / id / f, read_file(in / id / f));
        }
    }
    write_file_atomic(out / "grade.json", meta.dump(2) + "\n");
    write_class_files(p, out);
    return p.name;
}

std::vector<std::pair<std::string, size_t>> write_class_files(const Problem& p, const fs::path& out) {
    std::vector<std::pair<std::string, json>> reports;
    for (const auto& e : fs::directory_iterator(out)) {
        if (e.is_directory() && fs::exists(e.path() / "report.json")) {
            reports.emplace_back(e.path().filename().string(), json::parse(read_file(e.path() / "report.json")));
        }
    }
    std::sort(reports.begin(), reports.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

    // grades.csv
    std::string csv = "student,verdict,score,max_score";
    for (const TrapSpec& t : p.traps) csv += "," + t.id;
    csv += "\n";
    for (const auto& [id, r] : reports) {
        csv += csv_field(id) + "," + r["verdict"].get<std::string>() + "," + std::to_string(r["score"].get<int>()) + "," +
               std::to_string(r["max_score"].get<int>());
        for (const json& t : r["traps"]) csv += t["passed"].get<bool>() ? ",pass" : ",fail";
        csv += "\n";
    }
    write_file_atomic(out / "grades.csv", csv);

    // junit.xml: a testsuite per student, a testcase per trap.
    std::map<std::string, size_t> counts, trap_failures;
    std::string suites;
    JunitCounts total;
    for (const auto& [id, r] : reports) {
        ++counts[r["verdict"].get<std::string>()];
        for (const json& t : r["traps"]) {
            if (!t["passed"].get<bool>()) ++trap_failures[t["id"].get<std::string>()];
        }
        suites += render_junit_suite(id, r, total);
    }
    write_file_atomic(out / "junit.xml", render_junit_document(p.name, suites, total));

    // summary.md: the class-level picture of which misconceptions are common.
    std::string md = fmt::format("# {}: {}\n\n{} students.\n\n| verdict | students |\n|---|---|\n", p.name, p.title, reports.size());
    std::vector<std::pair<std::string, size_t>> verdicts(counts.begin(), counts.end());
    for (const auto& [v, n] : verdicts) md += fmt::format("| {} | {} |\n", v, n);
    md += "\n## Traps: how many students fell into each\n\n| trap | what it checks | students failing |\n|---|---|---|\n";
    for (const TrapSpec& t : p.traps) md += fmt::format("| `{}` | {} | {} |\n", t.id, t.title, trap_failures[t.id]);
    write_file_atomic(out / "summary.md", md);
    return verdicts;
}

}  // namespace judge
