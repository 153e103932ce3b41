#include "pack/gradescope.hpp"

#include <fmt/core.h>
#include <vector>

#include "core/errors.hpp"
#include "pipeline/pack_format.hpp"
#include "util/files.hpp"
#include "util/zip.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// Runs once, as root, when Gradescope builds the autograder's image.
constexpr const char* setup_sh = R"SH(#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image (written by judge pack
# --gradescope). It installs the judge's dependencies, builds the judge from judge/, keeps the
# course root (reference solutions, hidden tests) readable by root only, and warms the cache.
set -euo pipefail
cd "$(dirname "$0")"
# Debian 12, or Ubuntu 22.04 or 24.04 (Gradescope's base images): setup.sh names the packages of each.
bash judge/scripts/setup.sh --judge-only
cmake -S judge -B judge/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DJUDGE_BUILD_TESTS=OFF
cmake --build judge/build --target judge
chmod -R go-rwx course
chmod go-rwx grading_seed
judge/build/bin/judge --root course -q validate @PROBLEM@ || echo "setup: judge validate @PROBLEM@ failed (see above)"
)SH";

// Runs for every submission.
constexpr const char* run_autograder = R"SH(#!/usr/bin/env bash
# Gradescope runs this for every submission (written by judge pack --gradescope): it judges
# /autograder/submission/solution.cpp or solution.py (or either in @PROBLEM@/ there) and writes Gradescope's
# results.json. AUTOGRADER and JUDGE may point elsewhere, to try it outside Gradescope.
set -uo pipefail
ag=${AUTOGRADER:-/autograder}
judge=${JUDGE:-$ag/source/judge/build/bin/judge}
results=$ag/results/results.json
mkdir -p "$ag/results"
fail() { printf '{"score": 0, "output": "%s", "tests": []}\n' "$1" >"$results"; exit 0; }
# The problem's key, from judge pack --gradescope --seed-from-env: a secret, readable by root only. It
# goes to the judge in its environment, never on a command line, and no file the judge writes holds it.
seed_file=$ag/source/grading_seed
[ -r "$seed_file" ] ||
    fail "The autograder has no grading seed: your instructor can make it again (judge pack --seed-from-env)."
# The submission is found and read by the judge, as judge grade reads a student's folder:
# @PROBLEM@/solution.cpp or .py first, then solution.cpp or .py (NumPy or PyTorch: docs/python.md);
# a link, or anything but a regular file, is invalid_submission and never read.
# Judging stops after 9 minutes (Gradescope's default timeout is 10; raise both together in the
# assignment's settings), and the result of what ran is still written.
GRADING_SEED=$(cat "$seed_file") "$judge" --root "$ag/source/course" -q submit @PROBLEM@ --dir "$ag/submission" \
    --format gradescope --after-due-date --seed-from-env GRADING_SEED --deadline "${JUDGE_DEADLINE:-540}" \
    >"$results.tmp"
code=$?
# 0 accepted, 1 not accepted: both are a report. 2 and 3 are the judge's own failures.
if [ $code -le 1 ] && [ -s "$results.tmp" ]; then mv "$results.tmp" "$results"; exit 0; fi
fail "The judge could not grade this submission (exit $code); your instructor can see why in the autograder's log."
)SH";

std::string with_problem(std::string text, const std::string& problem) {
    for (size_t at = text.find("@PROBLEM@"); at != std::string::npos; at = text.find("@PROBLEM@", at))
        text.replace(at, 9, problem);
    return text;
}

// Every regular file below root/sub (but in a build/ folder), as archive entries under prefix/sub, sorted.
void add_tree(std::vector<ZipEntry>& out, const fs::path& root, const std::string& sub, const std::string& prefix) {
    for (const std::string& f : files_below(root / sub)) {
        const std::string n = sub + "/" + f;
        if (("/" + n).find("/build/") != std::string::npos) continue;
        const fs::perms p = fs::status(root / n).permissions();
        out.push_back({prefix + n, read_file(root / n), (p & fs::perms::owner_exec) != fs::perms::none});
    }
}

}  // namespace

size_t write_gradescope_autograder(const fs::path& root, const std::string& problem, const fs::path& judge_source,
                                   const fs::path& zip, const std::string& key) {
    if (pack::is_pack(root)) throw InputError(pack::needs_full_root("judge pack --gradescope"));
    if (!fs::exists(judge_source / "judge" / "main.cpp") || !fs::exists(judge_source / "CMakeLists.txt"))
        throw InputError(
            "--judge-source: " + judge_source.string() +
            " is not the judge's source tree (CMakeLists.txt, judge/main.cpp), which the autograder builds");
    if (!fs::exists(root / "reference" / problem / "solution.cpp"))
        throw InputError((root / "reference" / problem / "solution.cpp").string() +
                         ": the reference solution is missing");
    std::error_code ec;
    if (fs::exists(zip, ec)) throw InputError(zip.string() + ": already exists; remove it, or choose another name");
    std::vector<ZipEntry> entries = {{"setup.sh", with_problem(setup_sh, problem), true},
                                     {"run_autograder", with_problem(run_autograder, problem), true},
                                     {"grading_seed", key + "\n"}};
    for (const char* top : {"problems", "reference", "student_template"})
        add_tree(entries, root, std::string(top) + "/" + problem, "course/");
    for (const char* part : {"CMakeLists.txt", "CMakePresets.json"})
        if (fs::exists(judge_source / part))
            entries.push_back({std::string("judge/") + part, read_file(judge_source / part)});
    for (const char* sub : {"cmake", "judge", "scripts"}) add_tree(entries, judge_source, sub, "judge/");
    fs::create_directories(fs::absolute(zip).parent_path());
    write_file_atomic(zip, zip_archive(entries));
    return entries.size();
}

}  // namespace judge
