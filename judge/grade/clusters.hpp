// judge/grade/clusters.hpp: students who made the same mistake that no seeded bug names.
//
// Judge gives each failed test a digest of what the submission gave (TestOutcome::output_digest);
// `judge grade` keeps them in the student's folder (fingerprint_file), never in a report. Students
// whose wrong answers no seeded bug names, and whose digests agree on every test they fail, form
// a cluster: "9 students made the same mistake no seeded bug describes". summary.html shows the
// clusters; `judge grade --suggest-bugs DIR` turns each of at least 3 students into a candidate
// seeded bug.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "report/report.hpp"

namespace judge {

/// The digests of a student's failed tests, test id -> digest, in the student's folder.
inline constexpr const char* fingerprint_file = "fingerprint.json";

/// What the class files keep of a student beyond the report: each failed test's digest, and the
/// pictured values (TestOutcome::pictured) of the sample test that speaks for the trap to fix
/// first, for summary.html's heatmap.
struct Fingerprint {
    std::map<std::string, std::string> digests;     // test id -> digest
    std::map<std::string, std::string> behaviours;  // test id -> how it failed (TestOutcome::behaviour)
    std::string pictured_test;
    std::optional<Counterexample> pictured;
};

/// A report's fingerprint.
Fingerprint fingerprint_of(const Report& r);

/// A fingerprint as JSON text: {"digests": {...}, "behaviours": {...}, "pictured": {"test", "values"}}.
std::string fingerprint_text(const Fingerprint& f);

/// The fingerprint in student folder `dir`, read through no link; empty when it is missing or is
/// not one (a damaged folder is not clustered, and nothing else is lost).
Fingerprint read_fingerprint(const std::filesystem::path& dir);

struct ClassStudent;

struct Cluster {
    std::vector<std::string> students;  // in id order; the first is the representative
    std::string first_trap;             // the trap to fix first (Report::first_fix), else their first failing test's
    std::string first_test;             // the test that speaks for it (speaker), else the first they fail
    const ClassStudent* representative = nullptr;
};

/// One student as the class files see them.
struct ClassStudent {
    std::string id;
    Report report;
    Fingerprint fingerprint;
    std::string page;  // the student's page (student_page_file), relative to the class files; "" when none
};

/// The clusters of at least two students among `students`: wrong answers that ran, name no
/// misconception on any test, and have a fingerprint of every test they fail; grouped by that
/// fingerprint. Largest first, then by first student. Pointers are into `students`.
std::vector<Cluster> unnamed_clusters(const std::vector<ClassStudent>& students);

/// Students who fail the same tests the same way (grade/clusters.cpp: the verdicts, and the sign of
/// each compared output's first difference) but whose outputs differ: four different scaling
/// mistakes, say. Groups of at least two students among the unnamed wrong answers, each not one
/// exact cluster of `exact` only; largest first. `first_trap`, `first_test` and `representative`
/// as a Cluster's.
std::vector<Cluster> behaviour_groups(const std::vector<ClassStudent>& students, const std::vector<Cluster>& exact);

/// The students whose wrong answers ran and name no misconception (clustered or not).
size_t unnamed_wrong_answers(const std::vector<ClassStudent>& students);

/// Whether `r` is such a wrong answer.
bool unnamed_wrong(const Report& r);

/// An attempt: a submission that ran and is not the untouched template. Only attempts count
/// toward the traps and misconceptions of the class files.
bool attempt(const Report& r);

/// A misconception a report names: its words, the seeded bug, and the bug's own trap (that of a test
/// whose evidence is the seeded bug; else of the first test that named it).
struct Named {
    std::string text, bug, trap;
    auto operator<=>(const Named&) const = default;
};

/// The misconceptions `r` names, each once, in the order of its tests (one per function at most).
std::vector<Named> named_misconceptions(const Report& r);

/// How the attempts fared on one trap: passed, failed (and who) or not assessed (blocked).
struct TrapCounts {
    size_t passed = 0, failed = 0, blocked = 0;
    std::vector<const ClassStudent*> failing;
};

/// The attempts' counts on trap `trap`: the one count summary.md and summary.html both show.
TrapCounts trap_counts(const std::string& trap, const std::vector<ClassStudent>& students);

/// Each misconception named among the attempts, with who holds it; most students first.
std::vector<std::pair<Named, std::vector<const ClassStudent*>>> class_misconceptions(
    const std::vector<ClassStudent>& students);

/// The candidate seeded bug of a cluster: the representative's `source` under a header that says
/// where it comes from, who gave it, the test and trap it fails first, and the `// trap:` and
/// `// misconception:` lines a seeded bug carries (the misconception left for the instructor).
std::string candidate_bug(const std::string& problem, const Cluster& c, const std::string& source);

}  // namespace judge
