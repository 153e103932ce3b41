// judge/grade/class_grade.hpp: grading a whole class directory (judge grade).
//
// Every immediate subdirectory of the class directory is one student. Per student, OUT/<id>/
// gets report.json (what `judge submit --format json` prints), report.html (what `submit --html`
// shows, linked from summary.html), results.json (Gradescope's format) and key (the hash of the submission, the problem
// and the seed). A rerun skips students whose key is unchanged. The class files (grades.csv, junit.xml, summary.md) are
// always rebuilt from the per-student report.json files, sorted by student, and hold no timings, so the same inputs
// give byte-identical files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "compile/builder.hpp"
#include "core/seed.hpp"
#include "grade/clusters.hpp"
#include "grade/student_submission.hpp"
#include "problem/spec.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

struct GradeOptions {
    std::filesystem::path class_dir;
    std::filesystem::path out;
    unsigned jobs = 1;
    GradingSeed seed;                                    // a secret one is written nowhere (core/seed.hpp)
    std::optional<std::pair<unsigned, unsigned>> shard;  // K of N, 1-based
    bool counterexamples = true;                         // Judge::set_counterexamples
    // --roster: every student it lists is graded, one with no folder as missing (grade/roster.hpp).
    bool has_roster = false;
    std::vector<std::string> roster;
    bool allow_empty = false;  // --allow-empty: a class with nobody (or no roster student) is no error
    // --previous: the last grading run's output; the class files say who changed since (class_view.hpp).
    std::optional<std::filesystem::path> previous;
};

/// What grading the class did, for the closing table.
struct GradeSummary {
    size_t students = 0;
    size_t graded = 0;                   // judged in this run
    size_t reused = 0;                   // unchanged since a previous run into the same OUT
    std::vector<std::string> unwritten;  // students whose outputs could not be written (with why)
    std::vector<std::pair<std::string, size_t>> verdict_counts;
};

/// Shard K/N of the class `ids`: sorted (bytewise), the student at rank r (from 0) is in shard
/// r mod N + 1, so that each shard holds floor or ceil(size / N) of them, within one of the others
/// (issue #63). Every shard of one run sees the same class, so the N shards cover it, each student
/// once; adding a student moves those after it. Without a shard, all of them, sorted.
std::vector<std::string> shard_of(std::vector<std::string> ids,
                                  const std::optional<std::pair<unsigned, unsigned>>& shard);

/// The student ids in `class_dir` (its immediate subdirectories), sorted (shard_of takes a shard of them).
std::vector<std::string> list_students(const std::filesystem::path& class_dir);

/// Where a student's outputs go: `out/students/<folder>/`, beside the class files and never one of
/// them. The folder is the id with every byte other than a letter, a digit, '_', '-' or '.' (and a
/// leading '.') written as %XX: safe for every CI upload (no " : < > | * ? \r \n, no "..") and
/// it maps back to exactly one id (student_id). Past max_plain_folder bytes (a path component
/// has at most 255), it is a readable prefix, '~' and a hash of the id, and the folder's
/// student_id_file holds the id.
inline constexpr size_t max_plain_folder = 100;
inline constexpr const char* student_id_file = "id";
/// The student's report as a page (render_html), which summary.html links to.
inline constexpr const char* student_page_file = "report.html";

/// The folder, in a student's, that holds the file judged (solution.cpp or solution.py).
inline constexpr const char* submitted_folder = "submitted";

/// Writes the file judged, `name` (solution.cpp or solution.py), into student folder `dir`.
void write_submitted(const std::filesystem::path& dir, const std::string& name, const std::string& text);

/// The link from the student's page to the file judged ("submitted/solution.py"), or "" when the
/// folder holds none.
std::string submitted_link(const std::filesystem::path& dir);
/// The student's report as Markdown (render_markdown): what a workflow hands the student
/// (docs/ci.md, "Feedback to each student").
inline constexpr const char* student_feedback_file = "report.md";

/// The page of a report read back from report.json (a kept run, a merge), whose pictures are
/// only what the JSON holds: the fingerprint's pictured values (clusters.hpp) are put back first.
/// `file_link` (submitted_link): the submission's name links to the file judged.
std::string student_page(const Problem& p, Report r, const Fingerprint& kept, const std::string& file_link = "");
std::string student_folder(const std::string& id);
std::filesystem::path student_dir(const std::filesystem::path& out, const std::string& id);

/// The id a plain student folder stands for; nullopt when `folder` is not one student_folder makes.
std::optional<std::string> student_id(const std::string& folder);

/// Writes what grade and merge make from a student's report (as report.json gives it back) into
/// `dir`: the page (student_page), the feedback (student_feedback_file) and Gradescope's
/// results.json, whose execution_time is `seconds`.
void write_student_views(const Problem& p, const std::filesystem::path& dir, const Report& report,
                         const Fingerprint& kept, long seconds);

/// Writes the id file into `dir` (the student's folder) when the id's folder is a capped one.
void write_student_id(const std::filesystem::path& dir, const std::string& id);

/// The id the folder `folder` of `students` stands for, long ids' folders included (their id file
/// is read without following a link); nullopt when it is none of student_folder's.
std::optional<std::string> student_id_in(const std::filesystem::path& students, const std::string& folder);

/// Every student folder under out/students with the id it stands for, in id order (links skipped).
std::vector<std::pair<std::string, std::filesystem::path>> student_folders(const std::filesystem::path& out);

/// Grades the class into `o.out`, running submissions in `sandbox`, then writes the class files.
/// Progress goes to stderr.
GradeSummary grade_class(const Problem& p, const GradeOptions& o, Builder& builder, const Sandbox& sandbox);

/// Merges shard outputs into `out`: copies every student's folder (a student in two shards is an
/// error), then rebuilds the class files. The result is byte-identical to one run over the class.
/// Every input must hold a grade.json of the same problem and seed; a secret seed is checked
/// against `$seed_env` (required then). Returns the problem name.
std::string merge_outputs(const std::vector<std::filesystem::path>& inputs, const std::filesystem::path& out,
                          const std::filesystem::path& course_root,
                          const std::optional<std::string>& seed_env = std::nullopt,
                          const std::optional<std::filesystem::path>& previous = std::nullopt);

/// Every student of `out` with their report and fingerprint (grade/clusters.hpp), in id order.
std::vector<ClassStudent> read_class(const Problem& p, const std::filesystem::path& out);

/// The smallest cluster --suggest-bugs writes.
inline constexpr size_t min_suggested_cluster = 3;

/// `judge grade --suggest-bugs DIR`: for each cluster of unnamed wrong answers of at least
/// min_suggested_cluster students in `out`, the first student's submission from `class_dir` as
/// DIR/cluster<k>_<trap>.cpp, a candidate seeded bug (candidate_bug). Returns how many it wrote.
size_t suggest_bugs(const Problem& p, const std::filesystem::path& out, const std::filesystem::path& class_dir,
                    const std::filesystem::path& dir);

/// Rebuilds grades.csv, junit.xml, summary.md and summary.html in `out` from its per-student
/// report.json and fingerprint files; with `previous` (an earlier grading run's output), the
/// summaries say who changed since. Returns the verdict counts.
std::vector<std::pair<std::string, size_t>> write_class_files(
    const Problem& p, const std::filesystem::path& out,
    const std::optional<std::filesystem::path>& previous = std::nullopt);

/// --previous DIR: an earlier output of judge grade or merge (it holds grade.json), not `out`
/// itself; else an InputError naming the option.
void check_previous(const std::filesystem::path& previous, const std::filesystem::path& out);

}  // namespace judge
