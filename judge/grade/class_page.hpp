// judge/grade/class_page.hpp: summary.html, the class picture beside summary.md.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "grade/class_view.hpp"
#include "grade/clusters.hpp"
#include "problem/spec.hpp"

namespace judge {

/// The traps "Teach next" lists: the ones the most students assessed fail.
inline constexpr size_t teach_next_traps = 3;

/// The page: what to teach next (the traps the most students assessed fail, with the misconceptions
/// named under them); per trap its pass rate among the students assessed (bars) and how many it
/// did not assess; the misconceptions named and who holds them; and the clusters of unnamed wrong
/// answers, each with its size, its first failing test and a representative heatmap
/// (report/pictures.hpp, from what the representative's report shows: a sample test's values or a
/// counterexample), then the unnamed wrong answers in no cluster. Every student's id links to their
/// page (ClassStudent::page). Self-contained, no script.
/// With `changes` (grade --previous), who changed since the last grading run; and always the students
/// who made no attempt, by why, every student failing a trap of "Teach next" under its
/// misconception or as unexplained, and a score histogram (grade/class_view.hpp).
std::string render_class_page(const Problem& p, const std::vector<ClassStudent>& students,
                              const std::vector<Cluster>& clusters, const std::vector<Change>* changes = nullptr);

}  // namespace judge
