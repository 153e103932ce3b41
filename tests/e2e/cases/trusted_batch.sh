# shellcheck shell=bash
# cost: 20
# Issue #62: the course's own programs run in boxes, and a box per run made a class grade under a
# secret slow (each student's file draws its own hidden inputs, so the reference and the bugs run
# again for it). A box of course programs runs each program's tests a few to a process, each test
# in a child forked before any test ran (harness --batch, runs/batch_run.hpp), and the bugs that
# naming a misconception walks share a box per round. Under a seed nothing else uses: the
# reference's 27 runs in one box, a correct file accepted on them, a seeded bug's file judged with
# its misconception named (the bugs' batched runs equal the student's), and no run left over. A
# built submission's counterexample candidates go the same way, before any hidden test.
if ! JUDGE_SANDBOX="" "$JUDGE" doctor 2>/dev/null | grep '^bubblewrap: *works' >/dev/null; then
    echo "skipped: bubblewrap cannot create its namespaces here (the fallback tier runs each test alone)"
    exit 77
fi
# The suite's builds, none of its runs: every run below is computed here, on every try.
mkdir -p "$TMP/own-cache"
for d in "$JUDGE_CACHE"/*; do [ "$(basename "$d")" = runs ] || cp -r "$d" "$TMP/own-cache/"; done
export JUDGE_CACHE="$TMP/own-cache"
seed=700123
expect_exit 0 "$JUDGE" -vv --root "$ROOT" submit problem_mha --seed "$seed" --file "$ROOT/reference/problem_mha/solution.cpp"
expect_out "problem_mha: accepted, 32/32 points"
# The 5 tests that expect an exception need no run.
expect_err "trusted runs: 27 tests in one box in"
expect_err "s, 0 again a process each, 0 alone"
# The submission's own counterexample candidates go a few to a process too, each in a fresh child:
# a correct file's all kept.
grep -E 'the in-box runner said: feedback cases: ([0-9]+) of \1 kept from batches' "$TMP/err" >/dev/null ||
    fail "a correct file's counterexample candidates were not all kept from batches"
bug="$TMP/bug.cpp"
bug_source "$ROOT" problem_mha cross_attends_queries "$bug"
expect_exit 1 "$JUDGE" -vv --root "$ROOT" submit problem_mha --seed "$seed" --file "$bug" --format json
grep -o 'trusted runs: [0-9]* tests in one box in [0-9.]*s, [0-9]* again a process each, [0-9]* alone' "$TMP/err"
grep -E 'tests in one box in [0-9.]+s, ([1-9][0-9]* again|[0-9]+ again a process each, [1-9])' "$TMP/err" &&
    fail "a run of a batch had to run again"
grep '"text": "attending over the queries instead of the given keys and values"' "$TMP/out" >/dev/null ||
    fail "the bug's misconception is not named: the bugs' batched runs differ from the student's"

# A course program whose batch cannot keep everything: a seeded bug that crashes in merge_heads,
# after a count of its calls that only a test's own process starts at zero (a batch sharing one
# process would return instead of crashing from the second test on), and that writes to stdout.
# Its crashed tests run again a process each; the student's file that is the same program has its
# misconception named, so each batched run was the run it is alone.
make_course
crashy="$TMP/course/reference/problem_mha/bugs/crashes_merging.cpp"
{
    echo "// Seeded bug for problem_mha: a test of the judge (e2e trusted_batch)."
    echo "// trap: cross_attention"
    echo "// misconception: merging heads that crash"
    echo "#include <csignal>"
    echo "#include <cstdio>"
    sed -e '1,3d' -e 's|^Tensor merge_heads(const Tensor& x) {$|&\n    static int calls = 0;\n    if (++calls > 1) return x;\n    std::printf("merging\\n");\n    std::fflush(stdout);\n    std::raise(SIGSEGV);|' \
        "$ROOT/reference/problem_mha/bugs/cross_attends_queries.cpp"
} >"$crashy"
grep -q 'static int calls' "$crashy" || fail "the crashing bug was not made"
cp "$crashy" "$TMP/crashy_student.cpp"
expect_exit 1 "$JUDGE" -vv --root "$TMP/course" submit problem_mha --seed "$seed" --file "$TMP/crashy_student.cpp" --format json
grep -o 'trusted runs: [0-9]* tests in one box in [0-9.]*s, [0-9]* again a process each, [0-9]* alone' "$TMP/err"
grep -E 'tests in one box in [0-9.]+s, [1-9][0-9]* again a process each, 0 alone' "$TMP/err" >/dev/null ||
    fail "no crashed test of a batch ran again as a process of its own"
grep '"text": "merging heads that crash"' "$TMP/out" >/dev/null ||
    fail "the crashing bug is not named: a batched run differs from the student's own"
# The student's candidates that crashed in their batch ran again alone: each counterexample that
# goes through merge_heads shows the crash, as the case's own process gives it, never the value a
# second call in a shared process would return.
grep -E 'the in-box runner said: feedback cases: [0-9]+ of [0-9]+ kept from batches' "$TMP/err" >/dev/null ||
    fail "the runner did not say how many feedback cases its batches kept"
grep -E 'the in-box runner said: feedback cases: ([0-9]+) of \1 kept' "$TMP/err" >/dev/null &&
    fail "every feedback case of the crashing file was kept from a batch"
python3 - "$TMP/out" <<'PY' || fail "a counterexample of the crashing file does not show its crash"
import json
import sys
tests = json.load(open(sys.argv[1]))["tests"]
shown = [t["counterexample"] for t in tests if "counterexample" in t]
merging = [c for c in shown if c["function"] in ("merge_heads", "multi_head_attention")]
assert merging, "no counterexample goes through merge_heads"
for c in merging:
    assert c["message"].startswith("crashed with SIGSEGV"), c["message"]
PY
