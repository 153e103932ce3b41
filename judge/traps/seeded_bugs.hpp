// judge/traps/seeded_bugs.hpp: seeded bugs, the instructor's proof that each trap catches something.
//
// A seeded bug is reference/<problem>/bugs/<name>.cpp, a complete solution with one deliberate
// misconception, or reference/<problem>/bugs/<name>.patch, a unified diff against the reference
// (util/patch.hpp), so that the mistake reads as a diff. Its first lines declare the trap that
// must catch it and the misconception, in the words the student will read:
//     // trap: mask_head_alignment
//     // misconception: tiling valid_lens with repeat instead of repeat_interleave
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "problem/spec.hpp"

namespace judge {

struct SeededBug {
    std::string name;            // file stem
    std::filesystem::path path;  // the .cpp or the .patch
    std::string source;          // the solution it is: the file, or the patch applied to the reference
    std::string trap;
    std::string misconception;
    // In a language's own words, by its text variant (problem/language.hpp): "python" from a
    // `// misconception_python: <text>` line. A language without one gets `misconception`.
    std::map<std::string, std::string> misconception_in;
};

/// The seeded bugs of `p`, sorted by name; none when the folder does not exist. Throws InputError
/// naming the file and line for a missing or unknown declaration.
std::vector<SeededBug> load_bugs(const Problem& p);

/// What is wrong with a misconception's text for the sentence it goes into ("This is exactly the
/// output of this mistake: <text>."), or "" when nothing is: it starts with a lower-case letter (a
/// phrase such as "tiling valid_lens with repeat ..."), holds no sentence end ('.', '!' or '?'
/// followed by a space, or at its end), says no "you", and is at most 160 characters.
std::string misconception_form_problem(const std::string& text);

/// The accepted alternatives of `p` (reference/<problem>/accepted/*.cpp and *.py: other correct
/// solutions, in other styles and languages, that validate must accept as a student's file),
/// sorted by name; none when the folder does not exist.
std::vector<std::filesystem::path> load_accepted(const Problem& p);

/// The seeded bug `id` of `p` (load_bugs). Throws InputError, as `--bug` names it, listing the
/// problem's seeded bugs when it has no such one.
SeededBug find_seeded_bug(const Problem& p, const std::string& id);

/// What `judge bug new` writes (bugs/<id>.patch): the header lines, then the unified diff from the
/// reference `reference` to the bug `bug`. Header lines at the top of `bug` (`// trap:`,
/// `// misconception:`, `// misconception_python:`) are taken from there and not diffed; `trap` and
/// `misconception`, when not empty, replace them. Throws InputError naming `from` (the bug's file)
/// when the trap is missing or not one of `p`'s, the misconception is missing or not in the form
/// (misconception_form_problem), or the file is the reference itself.
std::string make_bug_patch(const Problem& p, const std::string& reference, std::string bug, const std::string& from,
                           std::string trap, std::string misconception);

}  // namespace judge
