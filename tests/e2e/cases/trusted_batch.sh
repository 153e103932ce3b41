# shellcheck shell=bash
# cost: 12
# Issue #62: the course's own programs run in boxes, and a box per run made a class grade under a
# secret slow (each student's file draws its own hidden inputs, so the reference and the bugs run
# again for it). A trusted program's runs that are not cached go in one box, the judge as the runner
# inside, as a submission's tests do. Under a seed nothing else uses: the reference's 27 runs in one
# box, a correct file accepted on them, a seeded bug's file judged with its misconception named
# (the bugs' runs, each bug's in one box, equal the student's), and no run left to go alone.
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
expect_err "27 tests in one box, 0 again alone"  # the 5 tests that expect an exception need no run
bug="$TMP/bug.cpp"
bug_source "$ROOT" problem_mha cross_attends_queries "$bug"
expect_exit 1 "$JUDGE" -vv --root "$ROOT" submit problem_mha --seed "$seed" --file "$bug" --format json
grep -o 'trusted runs of [^:]*: [0-9]* tests in one box, [0-9]* again alone' "$TMP/err" | sort | uniq -c
grep 'tests in one box, [1-9][0-9]* again alone' "$TMP/err" && fail "a run of the batch went alone"
grep '"text": "attending over the queries instead of the given keys and values"' "$TMP/out" >/dev/null ||
    fail "the bug's misconception is not named: the bugs' batched runs differ from the student's"
