// judge/grade/clusters.cpp: unnamed wrong answers grouped by what they gave (clusters.hpp).
#include "grade/clusters.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "report/shown.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace {

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// One line of a header comment: no newline can end the comment early.
std::string one_line(const std::string& s) {
    std::string out;
    for (const char c : printable(s)) out += c == '\n' || c == '\r' ? ' ' : c;
    return out;
}

}  // namespace

Fingerprint fingerprint_of(const Report& r) {
    Fingerprint f;
    for (const TestOutcome& t : r.tests)
        if (!t.passed() && !t.output_digest.empty()) {
            f.digests[t.id] = t.output_digest;
            f.behaviours[t.id] = t.behaviour;
        }
    const TrapOutcome* fix = r.first_fix();
    const TestOutcome* t = fix ? speaker(r.tests, fix->id) : nullptr;
    if (t && t->pictured) {
        f.pictured_test = t->id;
        f.pictured = t->pictured;
    }
    return f;
}

std::string fingerprint_text(const Fingerprint& f) {
    nlohmann::json j = {{"digests", f.digests}};
    if (!f.behaviours.empty()) j["behaviours"] = f.behaviours;
    if (f.pictured) j["pictured"] = {{"test", f.pictured_test}, {"values", counterexample_json(*f.pictured)}};
    return j.dump() + "\n";
}

Fingerprint read_fingerprint(const std::filesystem::path& dir) {
    const SafeRead r = read_below(dir, fingerprint_file, 16 << 20);
    if (!r.ok()) return {};
    const nlohmann::json j = nlohmann::json::parse(r.bytes, nullptr, false);
    if (!j.is_object() || !j.contains("digests") || !j["digests"].is_object()) return {};
    Fingerprint f;
    for (const auto& [k, v] : j["digests"].items()) {
        if (!v.is_string()) return {};
        f.digests[k] = v.get<std::string>();
    }
    // How each test failed: an older fingerprint has none, and a damaged one none either.
    if (j.contains("behaviours") && j["behaviours"].is_object()) {
        for (const auto& [k, v] : j["behaviours"].items()) {
            if (!v.is_string()) {
                f.behaviours.clear();
                break;
            }
            f.behaviours[k] = v.get<std::string>();
        }
    }
    try {
        if (j.contains("pictured")) {
            f.pictured_test = j["pictured"].at("test").get<std::string>();
            f.pictured = counterexample_from_json(j["pictured"].at("values"));
        }
    } catch (const nlohmann::json::exception&) {
        f.pictured.reset();  // no heatmap; the digests still cluster
    }
    return f;
}

namespace {

// The students of `students` grouped by what `of` says of every test they fail (a digest, or a
// behaviour): unnamed wrong answers only, and only when `of` knows every failed test that ran.
std::map<std::string, std::vector<const ClassStudent*>> grouped(
    const std::vector<ClassStudent>& students, const std::map<std::string, std::string> Fingerprint::*of) {
    std::map<std::string, std::vector<const ClassStudent*>> by_key;
    for (const ClassStudent& s : students) {
        const std::map<std::string, std::string>& known = s.fingerprint.*of;
        if (!unnamed_wrong(s.report) || known.empty()) continue;
        std::string key;
        bool whole = true;
        for (const TestOutcome& t : s.report.tests) {
            if (t.passed() || t.verdict == Verdict::time_limit) continue;  // not run: no digest
            const auto it = known.find(t.id);
            if (it == known.end() || it->second.empty()) {
                whole = false;
                break;
            }
            key += t.id + "=" + it->second + ";";
        }
        if (whole && !key.empty()) by_key[key].push_back(&s);
    }
    return by_key;
}

// The groups of at least two, as clusters: in id order, the first the representative; largest first.
std::vector<Cluster> as_clusters(std::map<std::string, std::vector<const ClassStudent*>>& by_key) {
    std::vector<Cluster> out;
    for (auto& [key, members] : by_key) {
        if (members.size() < 2) continue;
        std::sort(members.begin(), members.end(), [](const auto* a, const auto* b) { return a->id < b->id; });
        Cluster c;
        for (const ClassStudent* m : members) c.students.push_back(m->id);
        c.representative = members.front();
        const Report& rep = c.representative->report;
        for (const TestOutcome& t : rep.tests) {
            if (t.passed()) continue;
            c.first_test = t.id;
            c.first_trap = t.trap;
            break;
        }
        // The test that speaks for the trap to fix first (a sample one when it has one), as a report says.
        if (const TrapOutcome* fix = rep.first_fix()) {
            c.first_trap = fix->id;
            if (const TestOutcome* t = speaker(rep.tests, fix->id)) c.first_test = t->id;
        }
        out.push_back(std::move(c));
    }
    std::stable_sort(out.begin(), out.end(), [](const Cluster& a, const Cluster& b) {
        return a.students.size() != b.students.size() ? a.students.size() > b.students.size()
                                                      : a.students.front() < b.students.front();
    });
    return out;
}

}  // namespace

std::vector<Cluster> unnamed_clusters(const std::vector<ClassStudent>& students) {
    auto by_digests = grouped(students, &Fingerprint::digests);
    return as_clusters(by_digests);
}

std::vector<Cluster> behaviour_groups(const std::vector<ClassStudent>& students, const std::vector<Cluster>& exact) {
    auto by_behaviour = grouped(students, &Fingerprint::behaviours);
    std::vector<Cluster> groups = as_clusters(by_behaviour);
    // A group that is one exact cluster says nothing new.
    std::erase_if(groups, [&](const Cluster& g) {
        return std::any_of(exact.begin(), exact.end(), [&](const Cluster& c) { return c.students == g.students; });
    });
    return groups;
}

bool unnamed_wrong(const Report& r) {
    if (!ran(r.verdict) || r.verdict == Verdict::accepted || r.untouched_template) return false;
    return std::none_of(r.tests.begin(), r.tests.end(), [](const TestOutcome& t) { return !t.misconception.empty(); });
}

bool attempt(const Report& r) { return ran(r.verdict) && !r.untouched_template; }

TrapCounts trap_counts(const std::string& trap, const std::vector<ClassStudent>& students) {
    TrapCounts c;
    for (const ClassStudent& st : students) {
        if (!attempt(st.report)) continue;
        for (const TrapOutcome& t : st.report.traps) {
            if (t.id != trap) continue;
            if (t.passed) {
                ++c.passed;
            } else if (t.blocked) {
                ++c.blocked;
            } else {
                ++c.failed;
                c.failing.push_back(&st);
            }
        }
    }
    return c;
}

std::vector<std::pair<Named, std::vector<const ClassStudent*>>> class_misconceptions(
    const std::vector<ClassStudent>& students) {
    std::map<Named, std::vector<const ClassStudent*>> by;
    for (const ClassStudent& st : students) {
        if (!attempt(st.report)) continue;
        for (const Named& n : named_misconceptions(st.report)) by[n].push_back(&st);
    }
    std::vector<std::pair<Named, std::vector<const ClassStudent*>>> rows(by.begin(), by.end());
    std::stable_sort(rows.begin(), rows.end(),
                     [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
    return rows;
}

std::vector<Named> named_misconceptions(const Report& r) {
    std::vector<Named> named;
    for (const TestOutcome& t : r.tests) {
        if (t.misconception.empty()) continue;
        Named n{t.misconception, t.misconception_bug, t.trap};
        const bool seen = std::any_of(named.begin(), named.end(), [&](const Named& m) { return m.bug == n.bug; });
        if (!seen) named.push_back(std::move(n));
    }
    // Each under the bug's own trap: a test of that trap names it as the seeded bug's evidence (a
    // test of another trap only saw its outputs there: issue #64, point 8).
    for (Named& n : named)
        for (const TestOutcome& t : r.tests)
            if (t.misconception_bug == n.bug && t.evidence == "seeded_bug") {
                n.trap = t.trap;
                break;
            }
    return named;
}

size_t unnamed_wrong_answers(const std::vector<ClassStudent>& students) {
    return static_cast<size_t>(
        std::count_if(students.begin(), students.end(), [](const ClassStudent& s) { return unnamed_wrong(s.report); }));
}

std::string candidate_bug(const std::string& problem, const Cluster& c, const std::string& source) {
    std::string who;
    for (const std::string& s : c.students) who += (who.empty() ? "" : ", ") + one_line(s);
    const TestOutcome* t = c.representative ? c.representative->report.test(c.first_test) : nullptr;
    std::string h = fmt::format(
        "// Candidate seeded bug for {}, from `judge grade --suggest-bugs`: review it before keeping it.\n"
        "// {} students gave exactly these outputs on every test they fail, and no seeded bug names them.\n"
        "// Students: {}\n"
        "// It fails trap {} first (test {}: {}).\n"
        "// To keep it: name the mistake below, save it as reference/{}/bugs/<id>.cpp and run judge validate.\n"
        "// trap: {}\n"
        "// misconception: (what this mistake is, in a student's words)\n",
        problem, c.students.size(), who, one_line(c.first_trap), one_line(c.first_test),
        t ? one_line(first_line(t->message)) : "", problem, one_line(c.first_trap));
    return h + source;
}

}  // namespace judge
