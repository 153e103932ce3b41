// Merging shard outputs and writing the class files (grades.csv, junit.xml, summary.md).
#include <fmt/core.h>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/errors.hpp"
#include "problem/packed.hpp"
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

// Every student folder under out/students, with the id it stands for, in id order.
std::vector<std::pair<std::string, fs::path>> student_folders(const fs::path& out) {
    std::vector<std::pair<std::string, fs::path>> found;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(out / "students", ec)) {
        const std::optional<std::string> id = student_id(e.path().filename().string());
        if (id && e.is_directory() && fs::exists(e.path() / "report.json")) found.emplace_back(*id, e.path());
    }
    std::sort(found.begin(), found.end());
    return found;
}

}  // namespace

std::string student_folder(const std::string& id) {
    std::string out;
    for (size_t i = 0; i < id.size(); ++i) {
        const auto c = static_cast<unsigned char>(id[i]);
        const bool plain = std::isalnum(c) != 0 || c == '_' || c == '-' || (c == '.' && i > 0);
        out += plain && c < 0x80 ? std::string(1, static_cast<char>(c)) : fmt::format("%{:02X}", c);
    }
    return out;
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

namespace {

// Refuses a report that this problem's grading could not have written: an unknown verdict or
// trap, a score over its maximum, points that do not add up (a hand-edited 999/32).
void check_report(const Problem& p, const json& r, const std::string& file) {
    const auto bad = [&](const std::string& what) { throw InputError(file + ": " + what); };
    try {
        static const std::set<std::string> verdicts = {
            "judge_error",  "invalid_submission", "compile_error", "time_limit", "memory_limit",
            "output_limit", "runtime_error",      "wrong_answer",  "accepted",   "missing"};
        const std::string verdict = r.at("verdict").get<std::string>();
        if (!verdicts.count(verdict)) bad("unknown verdict \"" + verdict + "\"");
        if (r.at("problem").get<std::string>() != p.name) bad("a report of problem " + r.at("problem").dump());
        const int score = r.at("score").get<int>(), max_score = r.at("max_score").get<int>();
        if (max_score != p.max_score())
            bad(fmt::format("max_score {} is not the problem's {}", max_score, p.max_score()));
        if (score < 0 || score > max_score) bad(fmt::format("score {} is outside 0..{}", score, max_score));
        const json& traps = r.at("traps");
        if (traps.size() != p.traps.size())
            bad(fmt::format("{} traps; the problem has {}", traps.size(), p.traps.size()));
        for (size_t i = 0; i < p.traps.size(); ++i) {
            if (traps[i].at("id").get<std::string>() != p.traps[i].id) bad("unknown trap " + traps[i].at("id").dump());
        }
        int sum = 0;
        for (const json& t : r.at("tests")) {
            const int points = t.at("points").get<int>();
            const auto spec =
                std::find_if(p.tests.begin(), p.tests.end(), [&](const TestSpec& ts) { return ts.id == t.at("id"); });
            if (spec == p.tests.end()) bad("unknown test " + t.at("id").dump());
            if (points < 0 || points > spec->points)
                bad(fmt::format("test {} scores {} of {}", spec->id, points, spec->points));
            sum += points;
        }
        if (sum != score) bad(fmt::format("score {} is not the sum of its tests' points, {}", score, sum));
    } catch (const json::exception& e) {
        bad(std::string("not a report of this judge: ") + e.what());
    }
}

struct ShardMeta {
    json meta;              // problem, seed, judge
    unsigned k = 0, n = 0;  // 0/0: a run over the whole class
};

ShardMeta read_meta(const fs::path& in) {
    const fs::path m = in / "grade.json";
    if (!fs::exists(m))
        throw InputError(m.string() + ": missing; is " + in.string() + " the --out of a judge grade run?");
    json j;
    try {
        j = json::parse(read_input_file(m));
    } catch (const json::exception& e) {
        throw InputError(m.string() + ": invalid JSON: " + e.what());
    }
    if (!j.is_object() || !j.contains("problem") || !j.contains("seed_sha256")) {
        throw InputError(m.string() +
                         ": needs \"problem\" and \"seed_sha256\"; it may be from an older judge: grade again");
    }
    if (!j.contains("judge") || !j.contains("shard")) {
        throw InputError(m.string() + ": needs \"judge\" and \"shard\"; it was written by an older judge: grade again");
    }
    ShardMeta s;
    const std::string shard = j["shard"].is_string() ? j["shard"].get<std::string>() : "";
    if (shard != "all" && std::sscanf(shard.c_str(), "%u/%u", &s.k, &s.n) != 2) {
        throw InputError(m.string() + ": shard: expected \"all\" or K/N, got " + j["shard"].dump());
    }
    j.erase("shard");
    s.meta = j;
    return s;
}

}  // namespace

std::string merge_outputs(const std::vector<fs::path>& inputs, const fs::path& out, const fs::path& course_root) {
    if (inputs.empty()) throw InputError("merge: give at least one output directory to merge");
    std::vector<ShardMeta> metas;
    for (const fs::path& in : inputs) metas.push_back(read_meta(in));
    const json& meta = metas.front().meta;
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (metas[i].meta != meta) {
            throw InputError((inputs[i] / "grade.json").string() + ": " + metas[i].meta.dump() + " differs from " +
                             meta.dump() + " in " + (inputs.front() / "grade.json").string());
        }
    }
    // The set: one run over the whole class, or shards 1..N of one N, each once.
    const unsigned n = metas.front().n;
    std::map<unsigned, fs::path> shards;
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (metas[i].n != n || (n == 0 && inputs.size() > 1)) {
            throw InputError("merge: " + inputs[i].string() + " is not a shard of the same split as " +
                             inputs.front().string());
        }
        if (n > 0 && !shards.emplace(metas[i].k, inputs[i]).second) {
            throw InputError(fmt::format("merge: shard {}/{} is given twice: {} and {}", metas[i].k, n,
                                         shards[metas[i].k].string(), inputs[i].string()));
        }
    }
    for (unsigned k = 1; k <= n; ++k) {
        if (!shards.count(k))
            throw InputError(fmt::format("merge: shard {}/{} is missing; give all {} shards", k, n, n));
    }
    // As the shards graded it: with or without the tests withheld until after the due date.
    const Problem p = released(load_problem(course_root, meta["problem"].get<std::string>()),
                               meta.value("withheld", 0) == 0);
    std::map<std::string, fs::path> owner;
    for (const fs::path& in : inputs) {
        for (const auto& [id, dir] : student_folders(in)) {
            if (owner.count(id))
                throw InputError("merge: student " + printable(id) + " is in both " + owner[id].string() + " and " +
                                 in.string());
            owner[id] = in;
            const fs::path file = dir / "report.json";
            try {
                check_report(p, json::parse(read_input_file(file)), file.string());
            } catch (const json::exception& ex) {
                throw InputError(file.string() + ": invalid JSON: " + ex.what());
            }
        }
    }
    fs::create_directories(out);
    for (const auto& [id, in] : owner) {
        for (const char* f : {"report.json", "results.json", "key"}) {
            if (fs::exists(student_dir(in, id) / f))
                write_file_atomic(student_dir(out, id) / f, read_input_file(student_dir(in, id) / f));
        }
    }
    json merged = meta;
    merged["shard"] = "all";
    write_file_atomic(out / "grade.json", merged.dump(2) + "\n");
    write_class_files(p, out);
    return p.name;
}

std::vector<std::pair<std::string, size_t>> write_class_files(const Problem& p, const fs::path& out) {
    std::vector<std::pair<std::string, json>> reports;
    for (const auto& [id, dir] : student_folders(out))
        reports.emplace_back(id, json::parse(read_input_file(dir / "report.json")));

    // grades.csv
    std::string csv = "student,verdict,score,max_score";
    for (const TrapSpec& t : p.traps) csv += "," + t.id;
    csv += "\n";
    for (const auto& [id, r] : reports) {
        csv += csv_field(id) + "," + r["verdict"].get<std::string>() + "," + std::to_string(r["score"].get<int>()) +
               "," + std::to_string(r["max_score"].get<int>());
        for (const json& t : r["traps"]) {
            const std::string status = trap_status(t);
            csv += status == "passed" ? ",pass" : status == "blocked" ? ",blocked" : ",fail";
        }
        csv += "\n";
    }
    write_file_atomic(out / "grades.csv", csv);

    // junit.xml: a testsuite per student, a testcase per trap.
    std::map<std::string, size_t> counts, trap_failures, trap_blocked;
    std::map<std::pair<std::string, std::string>, size_t> misconceptions;  // (text, bug) -> students
    size_t attempts = 0;
    std::string suites;
    JunitCounts total;
    for (const auto& [id, r] : reports) {
        const std::string verdict = r["verdict"].get<std::string>();
        ++counts[verdict];
        suites += render_junit_suite(valid_utf8(id), r, total);
        // Only attempts count toward the traps: a missing, refused or non-compiling submission, or
        // the untouched template, fails every trap without trying any.
        const bool attempt = verdict != "missing" && verdict != "compile_error" && verdict != "invalid_submission" &&
                             verdict != "judge_error" && !r.value("untouched_template", false);
        if (!attempt) continue;
        ++attempts;
        for (const json& t : r["traps"]) {
            const std::string status = trap_status(t);
            if (status == "failed") ++trap_failures[t["id"].get<std::string>()];
            if (status == "blocked") ++trap_blocked[t["id"].get<std::string>()];
        }
        for (const json& t : r["tests"]) {
            if (t.contains("misconception") && t["misconception"].is_object()) {
                ++misconceptions[{t["misconception"]["text"].get<std::string>(),
                                  t["misconception"]["bug"].get<std::string>()}];
                break;  // one misconception per report: the same bug on every test it explains
            }
        }
    }
    write_file_atomic(out / "junit.xml", render_junit_document(p.name, suites, total));

    // summary.md: the class-level picture of which misconceptions are common.
    std::string md =
        fmt::format("# {}: {}\n\n{} students.\n\n| verdict | students |\n|---|---|\n", p.name, p.title, reports.size());
    size_t unisolated = 0;
    for (const auto& [id, r] : reports) unisolated += r.value("sandbox", "") == "fallback" ? 1 : 0;
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
        "the untouched template). A blocked trap failed while a trap it comes after failed: it is not counted as a "
        "mistake of its own.\n\n| trap | what it checks | students failing | blocked |\n|---|---|---|---|\n",
        attempts, attempts == 1 ? "" : "s");
    for (const TrapSpec& t : p.traps)
        md += fmt::format("| `{}` | {} | {} | {} |\n", t.id, t.title, trap_failures[t.id], trap_blocked[t.id]);
    md +=
        "\n## Misconceptions named\n\nStudents whose output was, number for number, what a known mistake produces.\n\n";
    if (misconceptions.empty()) {
        md += "None.\n";
    } else {
        std::vector<std::pair<std::pair<std::string, std::string>, size_t>> named(misconceptions.begin(),
                                                                                  misconceptions.end());
        std::stable_sort(named.begin(), named.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
        md += "| misconception | seeded bug | students |\n|---|---|---|\n";
        const auto cell = [](std::string text) {
            for (size_t i = 0; (i = text.find('|', i)) != std::string::npos; i += 2) text.insert(i, "\\");
            return text;
        };
        for (const auto& [m, n] : named) md += fmt::format("| {} | `{}` | {} |\n", cell(m.first), m.second, n);
    }
    write_file_atomic(out / "summary.md", md);
    return verdicts;
}

}  // namespace judge
