# shellcheck shell=bash
# cost: 45
# Issues #45 and #63: docs/ci.md's class-repository workflow (students/<id>/ beside the full root in
# course/), its steps run as written (workflow_step.py): the install of the released package
# (stand-ins), the four shards under the secret, the artifacts as upload-artifact and
# download-artifact hand them on, and the merge with its step summary. The grades are those of one
# `judge grade --seed-from-env` over the class, and none came from the judge's own repository.
python3 -c "import yaml" 2>/dev/null || { echo "skipped: python3-yaml is not installed (scripts/setup.sh)"; exit 77; }
W="$TMP/work"
mkdir -p "$W/course" "$W/students"/{ada,bo,cy} "$TMP/runner_temp"
for d in problems reference student_template; do ln -s "$ROOT/$d" "$W/course/$d"; done
release_stand_ins "$TMP/bin"
cp "$ROOT/reference/problem_mha/solution.cpp" "$W/students/ada/"
cp "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp" "$W/students/bo/solution.cpp"
secret=$("$JUDGE" secret new)
step() {  # step JOB NAME [KEY=VALUE...]: the documented step, in the workspace
    PATH="$TMP/bin:$PATH" GITHUB_STEP_SUMMARY="$TMP/summary.md" RUNNER_TEMP="$TMP/runner_temp" \
        doc_step "$W" "in the class repository" "$@"
}
step shard "Install the judge" >"$TMP/install" 2>&1 || fail "the install step failed: $(cat "$TMP/install")"
grep -q "^apt-get install -y -q --no-install-recommends ./judge_.*_amd64.deb$" "$TMP/install.log" ||
    fail "the shard job does not install the package: $(cat "$TMP/install.log")"
for k in 1 2 3 4; do
    step shard "Grade shard $k of 4, under the secret" matrix.shard="$k" secrets.GRADING_SEED="$secret" \
        >"$TMP/shard$k" 2>&1 || fail "shard $k failed: $(tail -20 "$TMP/shard$k")"
    grep -q '"seed": "secret"' "$W/out-$k/grade.json" || fail "shard $k did not grade under the secret"
    mkdir -p "$W/shards" && cp -r "$W/out-$k" "$W/shards/shard-$k"
done
step merge "Merge" secrets.GRADING_SEED="$secret" >"$TMP/merge" 2>&1 || fail "the merge failed: $(cat "$TMP/merge")"
grep -q '^ada,accepted,32,32,' "$W/grades/grades.csv" || fail "ada: $(cat "$W/grades/grades.csv")"
grep -q '^bo,wrong_answer,' "$W/grades/grades.csv" || fail "bo: $(cat "$W/grades/grades.csv")"
grep -q '^cy,missing,0,' "$W/grades/grades.csv" || fail "cy (no file) is not missing: $(cat "$W/grades/grades.csv")"
grep -q "problem_mha" "$TMP/summary.md" || fail "the merge wrote no step summary"
GS="$secret" "$JUDGE" -q --root "$W/course" grade problem_mha --class "$W/students" --out "$TMP/one" \
    --seed-from-env GS >/dev/null 2>&1 || fail "one grade over the class failed"
cmp -s "$TMP/one/grades.csv" "$W/grades/grades.csv" || fail "the workflow's grades are not one grade's under the secret"
echo "  installed, four shards under the secret, merged: one grade's grades.csv"
