// Merging shard outputs and writing the class files (grades.csv, junit.xml, summary.md).
#include <fmt/core.h>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "grade/class_grade.hpp"
#include "report/formats.hpp"
#include "util/files.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A CSV cell: valid UTF-8, quoted when needed, and never a formula: a cell that begins with =, +,
// - or @ (a student folder named =HYPERLINK(...)) gets a leading ' (OWASP's advice).
std::string csv_field(const std::string& raw) {
    std::string s = valid_utf8(raw);
    if (!s.empty() && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@')) s = "'" + s;
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (const char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace

std::string merge_outputs(const std::vector<fs::path>& inputs, const fs::path& out, const fs::path& course_root) {
    if (inputs.empty()) throw InputError("merge: give at least one output directory to merge");
    json meta;
    std::map<std::string, fs::path> owner;
    for (const fs::path& in : inputs) {
        const fs::path m = in / "grade.json";
        if (!fs::exists(m))
            throw InputError(m.string() + ": missing; is " + in.string() + " the --out of a judge grade run?");
        json j;
        try {
            j = json::parse(read_input_file(m));
        } catch (const json::exception& e) {
            throw InputError(m.string() + ": invalid JSON: " + e.what());
        }
        if (!j.contains("problem") || !j.contains("seed"))
            throw InputError(m.string() + ": needs \"problem\" and \"seed\"");
        if (meta.is_null()) meta = j;
        if (j != meta) {
            throw InputError(m.string() + ": problem " + j["problem"].dump() + ", seed " + j["seed"].dump() +
                             " differs from " + meta["problem"].dump() + ", seed " + meta["seed"].dump() + " in " +
                             (inputs.front() / "grade.json").string());
        }
        for (const auto& e : fs::directory_iterator(in)) {
            if (!e.is_directory() || !fs::exists(e.path() / "report.json")) continue;
            const std::string id = e.path().filename().string();
            if (owner.count(id))
                throw InputError("merge: student " + id + " is in both " + owner[id].string() + " and " + in.string());
            owner[id] = in;
        }
    }
    const Problem p = load_problem(course_root, meta["problem"].get<std::string>());
    fs::create_directories(out);
    for (const auto& [id, in] : owner) {
        fs::create_directories(out / id);
        for (const char* f : {"report.json", "results.json", "key"}) {
            if (fs::exists(in / id / f)) write_file_atomic(out / id / f, read_input_file(in / id / f));
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
            reports.emplace_back(e.path().filename().string(), json::parse(read_input_file(e.path() / "report.json")));
        }
    }
    std::sort(reports.begin(), reports.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

    // grades.csv
    std::string csv = "student,verdict,score,max_score";
    for (const TrapSpec& t : p.traps) csv += "," + t.id;
    csv += "\n";
    for (const auto& [id, r] : reports) {
        csv += csv_field(id) + "," + r["verdict"].get<std::string>() + "," + std::to_string(r["score"].get<int>()) +
               "," + std::to_string(r["max_score"].get<int>());
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
        suites += render_junit_suite(valid_utf8(id), r, total);
    }
    write_file_atomic(out / "junit.xml", render_junit_document(p.name, suites, total));

    // summary.md: the class-level picture of which misconceptions are common.
    std::string md =
        fmt::format("# {}: {}\n\n{} students.\n\n| verdict | students |\n|---|---|\n", p.name, p.title, reports.size());
    std::vector<std::pair<std::string, size_t>> verdicts(counts.begin(), counts.end());
    for (const auto& [v, n] : verdicts) md += fmt::format("| {} | {} |\n", v, n);
    md +=
        "\n## Traps: how many students fell into each\n\n| trap | what it checks | students failing |\n|---|---|---|\n";
    for (const TrapSpec& t : p.traps) md += fmt::format("| `{}` | {} | {} |\n", t.id, t.title, trap_failures[t.id]);
    write_file_atomic(out / "summary.md", md);
    return verdicts;
}

}  // namespace judge
