// judge/grade/class_page.hpp: summary.html, the class picture beside summary.md.
#pragma once

#include <string>
#include <vector>

#include "grade/clusters.hpp"
#include "problem/spec.hpp"

namespace judge {

/// The page: per trap how many attempts passed, failed or were blocked (bars); the misconceptions
/// named and how often; and the clusters of unnamed wrong answers, each with its size, its first
/// failing test and a representative heatmap (report/pictures.hpp, from what the representative's
/// report shows: a sample test's values or a counterexample). Self-contained, no script.
std::string render_class_page(const Problem& p, const std::vector<ClassStudent>& students,
                              const std::vector<Cluster>& clusters);

}  // namespace judge
