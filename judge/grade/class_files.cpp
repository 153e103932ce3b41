// Student folders and the class files (grades.csv, junit.xml, summary.md).
#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>

#include "core/errors.hpp"
#include "grade/class_grade.hpp"
#include "grade/class_page.hpp"
#include "grade/class_view.hpp"
#include "grade/clusters.hpp"
#include "problem/packed.hpp"
#include "report/formats.hpp"
#include "report/html.hpp"
#include "report/render.hpp"
#include "report/report_json.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

std::vector<std::pair<std::string, fs::path>> student_folders(const fs::path& out) {
    std::vector<std::pair<std::string, fs::path>> found;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(out / "students", ec)) {
        if (e.is_symlink(ec) || !e.is_directory(ec)) continue;
        const std::optional<std::string> id = student_id_in(out / "students", e.path().filename().string());
        if (id && fs::exists(e.path() / "report.json")) found.emplace_back(*id, e.path());
    }
    std::sort(found.begin(), found.end());
    return found;
}

std::string student_folder(const std::string& id) {
    std::string out;
    for (size_t i = 0; i < id.size(); ++i) {
        const auto c = static_cast<unsigned char>(id[i]);
        const bool plain = std::isalnum(c) != 0 || c == '_' || c == '-' || (c == '.' && i > 0);
        out += plain && c < 0x80 ? std::string(1, static_cast<char>(c)) : fmt::format("%{:02X}", c);
    }
    if (out.size() <= max_plain_folder) return out;
    // Too long for one path component (90 '!' are 270 bytes): a readable prefix, cut before a %XX,
    // and a hash of the whole id. '~' is never in a plain folder (it would be %7E).
    size_t cut = 48;
    while (cut > 0 && out.find('%', cut - std::min<size_t>(cut, 2)) < cut) --cut;
    return out.substr(0, cut) + "~" + sha256_plain_hex(id).substr(0, 16);
}

fs::path student_dir(const fs::path& out, const std::string& id) { return out / "students" / student_folder(id); }

std::optional<std::string> student_id(const std::string& folder) {
    std::string id;
    for (size_t i = 0; i < folder.size(); ++i) {
        if (folder[i] != '%') {
            id += folder[i];
            continue;
        }
        if (i + 2 >= folder.size() || !std::isxdigit(static_cast<unsigned char>(folder[i + 1])) ||
            !std::isxdigit(static_cast<unsigned char>(folder[i + 2])))
            return std::nullopt;
        id += static_cast<char>(std::stoi(folder.substr(i + 1, 2), nullptr, 16));
        i += 2;
    }
    if (id.empty() || student_folder(id) != folder) return std::nullopt;  // only the one spelling
    return id;
}

void write_student_id(const fs::path& dir, const std::string& id) {
    if (student_folder(id).find('~') != std::string::npos) write_file_atomic(dir / student_id_file, id);
}

void write_student_views(const Problem& p, const fs::path& dir, const Report& report, const Fingerprint& kept,
                         long seconds) {
    write_file_atomic(dir / student_page_file, student_page(p, report, kept, submitted_link(dir)));
    write_file_atomic(dir / student_feedback_file, render_markdown(report));  // for the student
    write_file_atomic(dir / "results.json", json_text(gradescope_results(report, seconds, p, false)) + "\n");
}

std::optional<std::string> student_id_in(const fs::path& students, const std::string& folder) {
    if (folder.find('~') == std::string::npos) return student_id(folder);
    // A long id's folder: its `id` file, read as any file of an output folder is (no link, capped),
    // must name an id that maps to exactly this folder.
    const SafeRead r = read_below(students, fs::path(folder) / student_id_file, 4096, ReadPart::whole);
    if (!r.ok() || r.bytes.empty() || student_folder(r.bytes) != folder) return std::nullopt;
    return r.bytes;
}

namespace {

// A summary.md cell is one line of text: no newline ends the table, no backtick starts code, no |
// a new column, and no <, > or & starts HTML (GitHub renders a step summary's HTML).
std::string md_cell(const std::string& text) {
    std::string one_line;
    for (const char c : printable(text)) {
        if (c == '\n' || c == '\r' || c == '\t')
            one_line += ' ';
        else if (std::string("|`\\").find(c) != std::string::npos)
            one_line += std::string("\\") + c;
        else if (c == '<' || c == '>' || c == '&')
            one_line += c == '<' ? "&lt;" : c == '>' ? "&gt;" : "&amp;";
        else
            one_line += c;
    }
    return one_line;
}

// summary.md's clusters of unnamed wrong answers (summary.html draws them).
std::string unnamed_section(const std::vector<ClassStudent>& students, const std::vector<Cluster>& clusters) {
    std::string md = fmt::format(
        "\n## Unnamed wrong answers\n\n{} wrong answers no seeded bug names. Students whose outputs are identical on "
        "every test they fail form a cluster (summary.html shows each with a heatmap).\n\n",
        unnamed_wrong_answers(students));
    const auto rows = [](const std::vector<Cluster>& cs) {
        std::string t = "| students | fails first | first failing test | who |\n|---|---|---|---|\n";
        for (const Cluster& c : cs) {
            std::string ids;
            for (const std::string& id : c.students) ids += (ids.empty() ? "" : ", ") + md_cell(id);
            t += fmt::format("| {} | `{}` | `{}` | {} |\n", c.students.size(), printable(c.first_trap),
                             printable(c.first_test), ids);
        }
        return t;
    };
    md += clusters.empty() ? "No cluster.\n" : rows(clusters);
    const std::vector<Cluster> groups = behaviour_groups(students, clusters);
    if (!groups.empty())
        md +=
            "\nStudents who fail the same tests the same way (the same verdicts, each output off in the same "
            "direction first), though their outputs differ:\n\n" +
            rows(groups);
    return md;
}

std::string ids_md(const std::vector<const ClassStudent*>& who) {
    std::string ids;
    for (const ClassStudent* st : who) ids += (ids.empty() ? "" : ", ") + md_cell(st->id);
    return ids;
}

// summary.md's view of who is where (grade/class_view.hpp): the changes since the last run, the
// students with no attempt, every student failing each trap, and the scores.
std::string roll_section(const ClassRoll& roll, const std::vector<Change>* changes) {
    std::string md;
    if (changes != nullptr) {
        md += "\n## Since the last grading run\n\n";
        if (changes->empty()) md += "No student's grade changed.\n";
        if (!changes->empty()) md += "| student | before | now |\n|---|---|---|\n";
        for (const Change& c : *changes) md += fmt::format("| {} | {} | {} |\n", md_cell(c.id), c.before, c.now);
    }
    if (!roll.no_attempt.empty()) md += "\n## No attempt\n\n";
    for (const NoAttempt& n : roll.no_attempt)
        md += fmt::format("- {} ({}): {}\n", n.what, n.who.size(), ids_md(n.who));
    md +=
        "\n## Students failing each trap\n\nEvery attempt that fails a trap, under the misconception of that trap "
        "named, or as no known mistake of it.\n";
    if (roll.traps.empty()) md += "\nNo trap is failed by any student assessed.\n";
    for (const TrapRoll& t : roll.traps) {
        md += fmt::format("\n- `{}` ({}): failed by {} of the {} students assessed\n", t.trap->id, t.trap->title,
                          t.counts.failed, t.counts.passed + t.counts.failed);
        for (const auto& [n, who] : t.named)
            md += fmt::format("  - {} ({}): {}\n", md_cell(n.text), who.size(), ids_md(who));
        if (!t.unexplained.empty())
            md += fmt::format("  - no known mistake of this trap ({}): {}\n", t.unexplained.size(),
                              ids_md(t.unexplained));
    }
    md += "\n## Scores\n\n| points | students |\n|---|---|\n";
    for (size_t k = 0; k < roll.histogram.bins.size(); ++k)
        md += fmt::format("| {} | {} |\n", roll.histogram.label(k), roll.histogram.bins[k]);
    return md;
}

}  // namespace

std::string student_page(const Problem& p, Report r, const Fingerprint& kept, const std::string& file_link) {
    for (TestOutcome& t : r.tests)
        if (t.id == kept.pictured_test && !t.pictured) t.pictured = kept.pictured;
    return render_html(r, p, file_link);
}

void write_submitted(const fs::path& dir, const std::string& name, const std::string& text) {
    fs::create_directories(dir / submitted_folder);
    write_file_atomic(dir / submitted_folder / name, text);
}

std::string submitted_link(const fs::path& dir) {
    std::error_code ec;
    for (const char* name : {"solution.cpp", "solution.py"})
        if (fs::is_regular_file(fs::symlink_status(dir / submitted_folder / name, ec)))
            return std::string(submitted_folder) + "/" + name;
    return "";
}

std::vector<ClassStudent> read_class(const Problem& p, const fs::path& out) {
    std::vector<ClassStudent> students;
    for (const auto& [id, dir] : student_folders(out)) {
        const fs::path file = dir / "report.json";
        // The page's link: the folder's name with its '%' written as %25, as a URL must.
        std::string page;
        std::error_code ec;
        if (fs::is_regular_file(fs::symlink_status(dir / student_page_file, ec))) {
            page = "students/";
            for (const char c : dir.filename().string()) page += c == '%' ? std::string("%25") : std::string(1, c);
            page += std::string("/") + student_page_file;
        }
        students.push_back(
            {id, report_from_text(read_input_file(file), p, file.string()), read_fingerprint(dir), std::move(page)});
    }
    return students;
}

size_t suggest_bugs(const Problem& p, const fs::path& out, const fs::path& class_dir, const fs::path& dir) {
    const std::vector<ClassStudent> students = read_class(p, out);
    size_t written = 0;
    const std::vector<std::string> templates = shipped_templates(p);
    for (const Cluster& c : unnamed_clusters(students)) {
        if (c.students.size() < min_suggested_cluster) continue;
        const StudentSubmission sub = read_submission(class_dir, c.students.front(), p.name, templates);
        if (sub.state != StudentSubmission::State::found) continue;  // changed since it was graded
        const std::string name = fmt::format("cluster{}_{}.cpp", ++written, student_folder(c.first_trap));
        fs::create_directories(dir);
        write_file_atomic(dir / name, candidate_bug(p.name, c, sub.text));
        spdlog::info("{}: {} students, fails {} first (the submission of {})", (dir / name).string(), c.students.size(),
                     printable(c.first_trap), printable(c.students.front()));
    }
    if (written == 0)
        spdlog::info("--suggest-bugs: no cluster of {} or more students gave the same unnamed wrong answers",
                     min_suggested_cluster);
    return written;
}

void check_previous(const fs::path& previous, const fs::path& out) {
    std::error_code ec;
    if (!fs::is_regular_file(previous / "grade.json", ec))
        throw InputError("--previous: " + previous.string() +
                         " is not the output of judge grade or merge (it has no grade.json)");
    if (fs::exists(out, ec) && fs::equivalent(previous, out, ec))
        throw InputError("--previous: " + previous.string() +
                         " is --out itself, which this run rewrites; give a copy of the last run's output");
}

std::vector<std::pair<std::string, size_t>> write_class_files(const Problem& p, const fs::path& out,
                                                              const std::optional<fs::path>& previous) {
    const std::vector<ClassStudent> students = read_class(p, out);
    std::optional<std::vector<Change>> changes;
    if (previous) changes = changes_since(read_class(p, *previous), students);
    std::vector<std::pair<std::string, const Report&>> reports;
    for (const ClassStudent& s : students) reports.emplace_back(s.id, s.report);

    // grades.csv
    // first_fix: the trap to fix first; misconceptions: the seeded bugs named, space-separated.
    std::string csv = "student,verdict,score,max_score,first_fix,misconceptions";
    for (const TrapSpec& t : p.traps) csv += "," + t.id;
    csv += "\n";
    for (const auto& [id, r] : reports) {
        const TrapOutcome* fix = r.first_fix();
        std::string bugs;
        for (const Named& n : named_misconceptions(r)) bugs += (bugs.empty() ? "" : " ") + n.bug;
        // A student the judge failed on has no grade and no trap judged: empty cells, never a 0.
        const bool graded = r.verdict != Verdict::judge_error;
        csv += csv_cell(id) + "," + to_string(r.verdict) + "," + (graded ? std::to_string(r.score) : "") + "," +
               std::to_string(r.max_score) + "," + csv_cell(fix ? fix->id : "") + "," + csv_cell(bugs);
        for (const TrapOutcome& t : r.traps)
            csv += !graded ? "," : t.passed ? ",pass" : t.blocked ? ",blocked" : ",fail";
        csv += "\n";
    }
    write_file_atomic(out / "grades.csv", csv);

    // junit.xml: a testsuite per student, a testcase per trap.
    std::map<std::string, size_t> counts;
    std::string suites;
    JunitCounts total;
    for (const auto& [id, r] : reports) {
        ++counts[to_string(r.verdict)];
        suites += render_junit_suite(valid_utf8(id), r, total);
    }
    // Only attempts count toward the traps: a missing, refused or non-compiling submission, or
    // the untouched template, fails every trap without trying any.
    const auto attempts = static_cast<size_t>(
        std::count_if(students.begin(), students.end(), [](const ClassStudent& s) { return attempt(s.report); }));
    write_file_atomic(out / "junit.xml", render_junit_document(p.name, suites, total));

    // summary.md: the class-level picture of which misconceptions are common.
    std::string md =
        fmt::format("# {}: {}\n\n{} students.\n\n| verdict | students |\n|---|---|\n", p.name, p.title, reports.size());
    size_t unisolated = 0;
    for (const auto& [id, r] : reports) unisolated += r.sandbox == "fallback" ? 1 : 0;
    if (unisolated > 0) {
        md += fmt::format(
            "**Warning: {} submission{} ran in the fallback tier, WITHOUT isolation** (no bubblewrap on the "
            "grading machine; see `judge doctor`).\n\n",
            unisolated, unisolated == 1 ? "" : "s");
    }
    std::vector<std::pair<std::string, size_t>> verdicts(counts.begin(), counts.end());
    for (const auto& [v, n] : verdicts) md += fmt::format("| {} | {} |\n", v, n);
    md += fmt::format(
        "\n## Traps: how many students fell into each\n\nOf the {} attempt{} (submissions that compiled and are not "
        "the untouched template). **Not assessed**: the trap comes after a trap the student failed, so its tests do "
        "not count yet; it is neither passed nor failed. The pass rate is among the students assessed.\n\n| trap | "
        "what it checks | students failing | pass rate among the assessed | not assessed |\n|---|---|---|---|---|\n",
        attempts, attempts == 1 ? "" : "s");
    for (const TrapSpec& t : p.traps) {
        const TrapCounts c = trap_counts(t.id, students);
        const size_t assessed = c.passed + c.failed;
        md += fmt::format("| `{}` | {} | {} | {} | {} |\n", t.id, t.title, c.failed,
                          assessed == 0 ? std::string("none assessed")
                                        : fmt::format("{:.0f}% of {}", 100.0 * c.passed / assessed, assessed),
                          c.blocked);
    }
    md +=
        "\n## Misconceptions named\n\nStudents whose output was, number for number, what a known mistake produces "
        "(each student's report is `students/<id>/report.html`).\n\n";
    const auto named = class_misconceptions(students);
    if (named.empty()) {
        md += "None.\n";
    } else {
        md += "| misconception | seeded bug | students | who |\n|---|---|---|---|\n";
        for (const auto& [m, who] : named) {
            std::string ids;
            for (const ClassStudent* st : who) ids += (ids.empty() ? "" : ", ") + md_cell(st->id);
            md += fmt::format("| {} | `{}` | {} | {} |\n", md_cell(m.text), m.bug, who.size(), ids);
        }
    }
    const std::vector<Cluster> clusters = unnamed_clusters(students);
    md += roll_section(class_roll(p, students), changes ? &*changes : nullptr);
    md += unnamed_section(students, clusters);
    write_file_atomic(out / "summary.md", md);
    write_file_atomic(out / "summary.html", render_class_page(p, students, clusters, changes ? &*changes : nullptr));
    return verdicts;
}

}  // namespace judge
