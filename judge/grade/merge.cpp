// Merging shard outputs (judge merge): every file of a shard is checked before it is used.
#include <fmt/core.h>
#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "compile/builder.hpp"
#include "core/errors.hpp"
#include "core/seed.hpp"
#include "grade/class_grade.hpp"
#include "grade/clusters.hpp"
#include "pipeline/packed_key.hpp"
#include "problem/packed.hpp"
#include "report/formats.hpp"
#include "report/report_json.hpp"
#include "traps/seeded_bugs.hpp"
#include "util/files.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The largest file of a shard's output that merge reads (a report with every test's messages).
constexpr size_t max_shard_file = 16u << 20;

// Refuses a report whose misconception is none of the problem's seeded bugs, in its own words
// (report_from_json has refused everything else this problem's grading could not have written).
void check_misconceptions(const std::vector<SeededBug>& bugs, const Report& r, const std::string& file) {
    for (const TestOutcome& t : r.tests) {
        if (t.misconception.empty() && t.misconception_bug.empty()) continue;
        const auto bug = std::find_if(bugs.begin(), bugs.end(), [&](const SeededBug& b) {
            return b.name == t.misconception_bug && b.misconception == t.misconception;
        });
        if (bug == bugs.end())
            throw InputError(file + ": test " + t.id + ": misconception " +
                             printable(json{{"bug", t.misconception_bug}, {"text", t.misconception}}.dump()) +
                             " is none of the problem's");
    }
}

struct ShardMeta {
    json meta;              // problem, seed, judge
    json check;             // a secret seed's salted hash
    unsigned k = 0, n = 0;  // 0/0: a run over the whole class
};

ShardMeta read_meta(const fs::path& in) {
    const fs::path m = in / "grade.json";
    const SafeRead text = read_below(in, "grade.json", max_shard_file, ReadPart::whole);
    if (text.fault == ReadFault::missing)
        throw InputError(m.string() + ": missing; is " + in.string() + " the --out of a judge grade run?");
    if (!text.ok()) throw InputError(m.string() + ": " + describe(text.fault) + "; expected the grade run's file");
    json j;
    try {
        j = json::parse(text.bytes);
    } catch (const json::exception& e) {
        throw InputError(m.string() + ": invalid JSON: " + e.what());
    }
    if (!j.is_object() || !j.contains("problem") || !j.contains("seed")) {
        throw InputError(m.string() + ": needs \"problem\" and \"seed\"; it may be from an older judge: grade again");
    }
    if (j["seed"] == "secret") {
        const json& c = j.value("seed_check", json());
        if (!c.is_object() || !c.contains("salt") || !c.contains("sha256") || !c["salt"].is_string() ||
            !c["sha256"].is_string())
            throw InputError(m.string() +
                             ": seed_check: expected {\"salt\": ..., \"sha256\": ...} beside a secret seed");
    } else if (!j["seed"].is_number_unsigned()) {
        throw InputError(m.string() + ": seed: expected a whole number or \"secret\", got " + j["seed"].dump());
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
    s.check = j.value("seed_check", json());
    j.erase("seed_check");  // each run salts its own
    s.meta = j;
    return s;
}

}  // namespace

namespace {

// Shards graded with a secret seed keep only salted hashes of it: the same variable, given to merge,
// proves they all used one seed. A public seed is compared as it is, with the rest of grade.json.
void check_seed(const std::vector<fs::path>& inputs, const std::vector<ShardMeta>& metas,
                const std::optional<std::string>& seed_env) {
    const json& meta = metas.front().meta;
    if (meta["seed"] != "secret") {
        if (seed_env)
            throw InputError("merge: --seed-from-env: the shards were graded with --seed " + meta["seed"].dump() +
                             ", not a secret seed");
        return;
    }
    if (!seed_env)
        throw InputError(
            "merge: the shards were graded with a secret seed; give --seed-from-env with the variable "
            "they were graded with, so that merge can check that every shard used the same seed");
    const std::string key = problem_key_from_env(*seed_env, meta["problem"].get<std::string>(), "--seed-from-env");
    for (size_t i = 0; i < inputs.size(); ++i) {
        const json& c = metas[i].check;
        if (salted_key_hash(c["salt"].get<std::string>(), key) != c["sha256"].get<std::string>())
            throw InputError((inputs[i] / "grade.json").string() + ": graded with another seed than $" + *seed_env +
                             " holds");
    }
}

}  // namespace

std::string merge_outputs(const std::vector<fs::path>& inputs, const fs::path& out, const fs::path& course_root,
                          const std::optional<std::string>& seed_env, const std::optional<fs::path>& previous) {
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
    check_seed(inputs, metas, seed_env);
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
    const Problem p =
        released(load_problem(course_root, meta["problem"].get<std::string>()), meta.value("withheld", 0) == 0);
    // A shard's folder came from elsewhere (a CI artifact): its files are read as a box's are (no
    // link followed, regular, capped), and only what the checked report says is written.
    const std::vector<SeededBug> bugs = p.packed ? PackedKey(p, course_root).bugs() : load_bugs(p);
    const auto read_shard = [](const fs::path& dir, const char* name) {
        const SafeRead r = read_below(dir, name, max_shard_file, ReadPart::whole);
        if (!r.ok()) throw InputError((dir / name).string() + ": " + describe(r.fault) + "; expected a regular file");
        return r.bytes;
    };
    std::map<std::string, fs::path> owner;
    std::map<std::string, Report> reports;
    for (const fs::path& in : inputs) {
        for (const auto& [id, dir] : student_folders(in)) {
            if (owner.count(id))
                throw InputError("merge: student " + printable(id) + " is in both " + owner[id].string() + " and " +
                                 in.string());
            owner[id] = in;
            const fs::path file = dir / "report.json";
            reports[id] = report_from_text(read_shard(dir, "report.json"), p, file.string());
            check_misconceptions(bugs, reports[id], file.string());
        }
    }
    fs::create_directories(out);
    for (const auto& [id, in] : owner) {
        const fs::path from = student_dir(in, id), to = student_dir(out, id);
        const Report& report = reports[id];
        write_student_id(to, id);
        write_file_atomic(to / "report.json", json_text(render_json(report)) + "\n");
        // The file judged, read as any file of a shard is (no link, capped at a source's size).
        if (const std::string link = submitted_link(from); !link.empty()) {
            const SafeRead file = read_below(from, link, max_source_bytes, ReadPart::whole);
            if (file.ok()) write_submitted(to, fs::path(link).filename().string(), file.bytes);
        }
        // results.json is rebuilt from the checked report; only its execution time is the shard's.
        long seconds = 0;
        if (fs::exists(from / "results.json")) {
            const json r = json::parse(read_shard(from, "results.json"), nullptr, false);
            if (r.is_object() && r.contains("execution_time") && r["execution_time"].is_number_integer())
                seconds = std::clamp<long>(r["execution_time"].get<long>(), 0, 1000000);
        }
        // The clusters' digests, read back (a damaged one is empty) and written in their own form.
        const Fingerprint kept = read_fingerprint(from);
        if (fs::exists(from / fingerprint_file)) write_file_atomic(to / fingerprint_file, fingerprint_text(kept));
        // The student's page and feedback, made again from the checked report: never copied.
        write_student_views(p, to, report, kept, seconds);
        // The resume key: 64 hex digits, or the student is graded again on a rerun into `out`.
        const SafeRead key = read_below(from, "key", 64, ReadPart::whole);
        if (key.ok() && key.bytes.size() == 64 && key.bytes.find_first_not_of("0123456789abcdef") == std::string::npos)
            write_file_atomic(to / "key", key.bytes);
    }
    json merged = meta;
    merged["shard"] = "all";
    if (!metas.front().check.is_null()) merged["seed_check"] = metas.front().check;
    write_file_atomic(out / "grade.json", merged.dump(2) + "\n");
    write_class_files(p, out, previous);
    return p.name;
}

}  // namespace judge
