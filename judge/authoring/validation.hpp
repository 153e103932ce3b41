// judge/authoring/validation.hpp: `judge validate` as data, the instructor's proof that a problem
// is sound: the spec loads, the statement exists, the reference and every accepted alternative
// pass every test, the student template compiles and is rejected, every seeded bug is rejected by
// a test of the trap it declares, the lints (authoring/lint.hpp) and, when asked, the mutants and
// the cross-check against the Python reference (authoring/cross_check.hpp).
//
// Each check is a unit that writes its findings to a Diagnostics sink (problemtools' model);
// validate_problem runs them in order and returns what they found. cli/cmd_validate.cpp renders
// a Validation as text or JSON and prints nothing else of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "authoring/cross_check.hpp"
#include "authoring/lint.hpp"
#include "compile/builder.hpp"
#include "problem/spec.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// How a finding counts: `ok` a check that passed (✓); `error` the problem is not sound (✗);
/// `warning` a lint finding, which fails only --strict (!); `info` a lint remark that never counts
/// (i); `note` a check that passed but is worth a look, e.g. a bug that fails other traps (!).
enum class Severity { ok, error, warning, info, note };

struct Finding {
    Severity severity = Severity::ok;
    std::string kind;  // a lint's stable word, or "" for a check's own line
    std::string message;
};

/// The sink every check writes to, in order.
class Diagnostics {
public:
    void ok(std::string message) { add(Severity::ok, "", std::move(message)); }
    void error(std::string message) { add(Severity::error, "", std::move(message)); }
    void note(std::string message) { add(Severity::note, "", std::move(message)); }
    void lint(const LintWarning& w) {
        const Severity s = w.level == "info" ? Severity::info : w.level == "note" ? Severity::note : Severity::warning;
        add(s, w.kind, w.message);
    }
    std::vector<Finding> findings;

private:
    void add(Severity s, std::string kind, std::string message) {
        findings.push_back({s, std::move(kind), std::move(message)});
    }
};

/// One seeded bug's row of the kill matrix, and its own findings (its lines, in order).
struct BugResult {
    std::string id, trap;
    bool built = false;
    std::vector<bool> killed;            // by test index; all false when it did not build
    std::vector<std::string> caught_by;  // the ids of the tests that reject it
    BugTraps traps;                      // the traps it fails and blocks
    std::vector<Finding> findings;
};

/// Mutation analysis of the reference (validate --mutants).
struct MutantSummary {
    std::string file;  // the reference, as shown
    size_t total = 0, killed = 0, stillborn = 0;
    size_t reused = 0;       // fates taken from the last run's record (--changed, --survivors), not run
    std::string scope_note;  // why every mutant ran though --changed or --survivors asked for fewer
    std::vector<std::pair<std::string, std::string>> equivalent;  // id, the spec's reason
    std::vector<std::pair<std::string, std::string>> survivors;   // id, its diff
    double score = 1.0;                                           // killed / (total - stillborn - equivalent)
};

/// validate --seeds N: the reference, the accepted alternatives and every seeded bug judged again
/// under N grading seeds (authoring/seeds_check.cpp).
struct SeedSummary {
    std::vector<uint64_t> seeds;  // the grading seeds tried, as judge submit --seed takes them
    struct Bug {
        std::string id, trap;
        int caught = 0;  // seeds under which a test of its own trap rejects it
        int named = 0;   // of those, the seeds under which its report names it: "Fix first" is its
                         // trap, and that trap's failures are exactly this bug's
    };
    std::vector<Bug> bugs;
    std::vector<Finding> findings;
};

struct Validation {
    std::string problem, title;
    size_t functions = 0, traps = 0, tests = 0;
    std::vector<std::pair<std::string, bool>> accepted;  // each accepted alternative: id, accepted
    std::vector<Finding> checks;                         // everything before the kill matrix, in order
    bool bugs_ran = false;                               // there were seeded bugs: the matrix below is whole
    std::vector<std::string> test_rows;                  // the matrix's rows: "<test> [<trap>]"
    std::vector<BugResult> bugs;
    std::vector<Finding> matrix_lint;  // authoring/lint.hpp's lint_bugs
    std::optional<MutantSummary> mutants;
    std::vector<CrossCheck> cross_checks;  // validate --cross-check: its findings are in `checks`
    std::optional<SeedSummary> seeds;      // validate --seeds N

    /// Every finding, in the order they were found.
    std::vector<const Finding*> findings() const;
    int errors() const;    // error findings
    int warnings() const;  // warning findings (info and note never count), mutant survivors included
    bool sound() const { return errors() == 0; }
};

/// Which mutants `validate --mutants` runs: all; those of lines that changed since the last run
/// (--changed); those that survived it (--survivors). The others' fates come from its record.
enum class MutantScope { all, changed, survivors };

struct ValidationSettings {
    bool mutants = false;
    MutantScope mutant_scope = MutantScope::all;
    unsigned jobs = 0;         // mutants built and run at a time; 0: one per core
    bool cross_check = false;  // run the Python reference (and builtin.py) beside the C++ one
    /// The sandbox the student template runs in, made on first use (a problem that fails before
    /// its template runs needs none).
    std::function<const Sandbox&()> sandbox;
    int seeds = 0;  // judge everything again under this many grading seeds (SeedSummary)
};

/// Validates problem `p` of a full course root (not a pack).
Validation validate_problem(const Problem& p, Builder& builder, const ValidationSettings& settings);

/// A file of the problem as validate names it: relative to the course root.
std::string course_path(const Problem& p, const std::filesystem::path& file);

}  // namespace judge
