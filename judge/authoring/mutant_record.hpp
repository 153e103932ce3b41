// judge/authoring/mutant_record.hpp: what the last `validate --mutants` found of each mutant of a
// reference, kept in the cache, so that `--changed` runs only the mutants of lines that changed
// since and `--survivors` only the mutants that survived (issue #43, point 1).
//
// A mutant is keyed by content, not by its id (whose line and column move when lines are added
// above it): the text of its line, the text the mutation gives it, and which occurrence of that
// pair it is in the source. A mutant of an unchanged line keeps its key when other lines change.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "authoring/mutants.hpp"

namespace judge {

/// What a mutant did: rejected by a test, accepted by every test (a survivor, or a declared
/// equivalent one), or not compiled.
enum class MutantFate { killed, passes, stillborn };

using MutantRecord = std::map<std::string, MutantFate>;  // by mutant key

/// Each mutant's key, in the order of `mutants`.
std::vector<std::string> mutant_keys(const std::vector<Mutant>& mutants);

/// Where the record of the reference `reference` (its absolute path) is kept, under `cache`.
std::filesystem::path mutant_record_path(const std::filesystem::path& cache, const std::filesystem::path& reference);

/// The record at `file`; empty when there is none. A damaged one is read as none: it is the
/// judge's own cache, and the mutants then simply all run.
MutantRecord load_mutant_record(const std::filesystem::path& file);

/// Writes the record (atomically): the fates of the mutants of the current reference only.
void save_mutant_record(const std::filesystem::path& file, const MutantRecord& record);

}  // namespace judge
