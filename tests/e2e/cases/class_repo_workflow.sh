# shellcheck shell=bash
# cost: 45
# Issue #45: docs/ci.md's class-repository workflow (students/<id>/solution.cpp beside the full
# root), its grading steps run as written (workflow_step.py): the four shards, the artifacts as
# upload-artifact and download-artifact hand them on, and the merge with its step summary. The
# judge's checkout is this source tree (judge/), built (judge/build/bin/judge is this judge).
python3 -c "import yaml" 2>/dev/null || { echo "skipped: python3-yaml is not installed (scripts/setup.sh)"; exit 77; }
W="$TMP/work"
mkdir -p "$W/judge/build/bin" "$W/students"/{ada,bo,cy}
for d in problems reference student_template; do ln -s "$ROOT/$d" "$W/judge/$d"; done
ln -s "$JUDGE" "$W/judge/build/bin/judge"
cp "$ROOT/reference/problem_mha/solution.cpp" "$W/students/ada/"
cp "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp" "$W/students/bo/solution.cpp"
step() {  # step JOB NAME [KEY=VALUE...]: the documented step, in the workspace
    GITHUB_STEP_SUMMARY="$TMP/summary.md" doc_step "$W" "in the class repository" "$@"
}
for k in 1 2 3 4; do
    step shard "Grade shard $k of 4" matrix.shard="$k" >"$TMP/shard$k" 2>&1 || fail "shard $k failed: $(tail -20 "$TMP/shard$k")"
    mkdir -p "$W/shards" && cp -r "$W/out-$k" "$W/shards/shard-$k"
done
step merge "Merge" >"$TMP/merge" 2>&1 || fail "the merge failed: $(cat "$TMP/merge")"
grep -q '^ada,accepted,32,32,' "$W/grades/grades.csv" || fail "ada: $(cat "$W/grades/grades.csv")"
grep -q '^bo,wrong_answer,' "$W/grades/grades.csv" || fail "bo: $(cat "$W/grades/grades.csv")"
grep -q '^cy,missing,0,' "$W/grades/grades.csv" || fail "cy (no file) is not missing: $(cat "$W/grades/grades.csv")"
grep -q "problem_mha" "$TMP/summary.md" || fail "the merge wrote no step summary"
