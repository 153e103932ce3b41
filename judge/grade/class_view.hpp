// judge/grade/class_view.hpp: who is where in a class, the one view summary.md and summary.html both
// draw (issue #64, point 8): every count equals the students listed under it.
//
// - The students who made no attempt, by why: no submission, refused, no compile, the judge failed,
//   the untouched template. They are in no trap's count.
// - Per trap, the attempts that failed it: under each misconception of that trap (the seeded bug's
//   own trap) the students it names, and the students no misconception of the trap explains.
// - A score histogram, and with the last grading run's output (--previous) who changed and how.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "grade/clusters.hpp"
#include "problem/spec.hpp"

namespace judge {

/// One trap's failing attempts, each listed: `named` per misconception of this trap, `unexplained`
/// the others. A student with two misconceptions of one trap is under both.
struct TrapRoll {
    const TrapSpec* trap = nullptr;
    TrapCounts counts;
    std::vector<std::pair<Named, std::vector<const ClassStudent*>>> named;
    std::vector<const ClassStudent*> unexplained;
};

/// The students of one kind that made no attempt.
struct NoAttempt {
    std::string kind;  // the verdict's name, or "untouched_template"
    std::string what;  // "No submission", ...
    std::vector<const ClassStudent*> who;
};

/// How many students scored within each tenth of the points: bins [0, 10%), ..., [90%, 100%) and
/// the full points, 11 in all; students with no grade (judge_error) are in none.
struct Histogram {
    std::vector<size_t> bins;
    int max_score = 0;
    /// The label of bin `k`: "0-3" points, ..., "32" for the full points.
    std::string label(size_t k) const;
};

struct ClassRoll {
    std::vector<NoAttempt> no_attempt;  // kinds with at least one student
    std::vector<TrapRoll> traps;        // in spec order, each trap any attempt failed
    Histogram histogram;
};

ClassRoll class_roll(const Problem& p, const std::vector<ClassStudent>& students);

/// One student whose grade changed since the previous run: "wrong_answer 12/32" before and after,
/// "absent" when they were not there.
struct Change {
    std::string id, before, now;
};

/// The students whose verdict or score differs between `previous` and `now`, or who are in one only,
/// in id order.
std::vector<Change> changes_since(const std::vector<ClassStudent>& previous, const std::vector<ClassStudent>& now);

}  // namespace judge
