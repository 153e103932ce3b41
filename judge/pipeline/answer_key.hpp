// pipeline/answer_key.hpp: what the judge knows of the trusted programs' behaviour.
//
// On a full course root the answer key is computed: the reference and the seeded bugs are built
// and run (TrustedRuns, cached). On a student pack it is read: their runs were stored by
// `judge pack` (PackedKey), and nothing is built. The judge asks the same questions of both, so a
// submission gets the same report either way.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "pipeline/input_files.hpp"
#include "problem/spec.hpp"
#include "runs/program_run.hpp"
#include "traps/seeded_bugs.hpp"

namespace judge {

class AnswerKey {
public:
    virtual ~AnswerKey() = default;

    /// Whatever must be ready before a submission is compiled: on a full root, the reference's
    /// build (a broken course is then reported as such, not as the student's fault).
    virtual void prepare() = 0;

    /// The seeded bugs: name, trap and misconception (and their source, on a full root only).
    virtual const std::vector<SeededBug>& bugs() const = 0;

    /// The reference's run on test `t`.
    virtual const TestRun& reference(size_t t) = 0;

    /// Makes the reference's runs on `tests` ready for reference(), together where they are
    /// computed (one box for all); a key that only reads them does nothing.
    virtual void prepare_reference(const std::vector<size_t>& /*tests*/) {}

    /// The same for counterexample cases `which` of `cases` (candidate()).
    virtual void prepare_candidates(const Problem& /*cases*/, InputFiles& /*inputs*/,
                                    const std::vector<size_t>& /*which*/) {}

    /// Makes the runs of the bugs marked in `wanted` on `tests` ready for bug_runs (in one box,
    /// where they are computed).
    virtual void prepare_bugs(const std::vector<bool>& wanted, const std::vector<size_t>& tests) = 0;

    /// The same for runs (bug, test) of any bugs: all in one box, where they are computed.
    virtual void prepare_bug_runs(const std::vector<std::pair<size_t, size_t>>& /*runs*/) {}

    /// The runs of the bugs marked in `wanted` on test `t`, by bug index (nullptr for the others,
    /// and for a bug that does not build); a run not prepared is made now. Thread-safe.
    virtual std::vector<const TestRun*> bug_runs(size_t t, const std::vector<bool>& wanted) = 0;

    /// The reference's run on counterexample case `i` of `cases`, whose inputs are in
    /// `inputs.dir(i)`; nullopt when unknown. Thread-safe.
    virtual std::optional<TestRun> candidate(const Problem& cases, size_t i, InputFiles& inputs) = 0;
};

}  // namespace judge
