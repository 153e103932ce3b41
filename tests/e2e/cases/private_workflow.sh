# shellcheck shell=bash
# cost: 50
# Issue #45, points 3 and 4: docs/ci.md's private grading workflow, its steps run as written (read
# from the docs by workflow_step.py, run with bash -e as GitHub's runner does): the fetch with a
# clone that fails, the four shards, the merge with the roster and the Canvas export, and the
# feedback step. The students' repositories are local ones that git reaches through an insteadOf
# of the documented URL; apt-get and gh are stand-ins that record what they were asked.
python3 -c "import yaml" 2>/dev/null || { echo "skipped: python3-yaml is not installed (scripts/setup.sh)"; exit 77; }
W="$TMP/work"
mkdir -p "$W/judge/build/bin" "$TMP/bin" "$TMP/repos" "$TMP/issues"
ln -s "$JUDGE" "$W/judge/build/bin/judge"
ln -s "$ROOT" "$W/course"
printf 'ann\nbob\nghost\n' >"$W/students.txt"
printf 'identifier,github_username,github_id,name\nann@uni.edu,ann,1,Ann Lee\nbob@uni.edu,bob,2,"Stone, Bob"\nghost@uni.edu,ghost,3,Gus Host\n' \
    >"$W/classroom_roster.csv"
export GIT_CONFIG_GLOBAL="$TMP/gitconfig"
git config --global user.name "e2e"
git config --global user.email "e2e@example.org"
git config --global url."file://$TMP/repos/".insteadOf "https://x-access-token:tok@github.com/our-org/"
student_repo() {  # student_repo LOGIN SOURCE: a repository as Classroom makes it, with the pack's course/
    local r="$TMP/repos/mha-$1"
    mkdir -p "$r/course/problems" && cp "$2" "$r/solution.cpp" && echo "from the pack" >"$r/course/problems/x"
    (cd "$r" && git init -q && git add -A && git commit -qm "student work") || fail "cannot make $r"
}
student_repo ann "$ROOT/reference/problem_mha/solution.cpp"
student_repo bob "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp"
# ghost has no repository: the clone fails.
cat >"$TMP/bin/apt-get" <<SH
#!/bin/sh
echo "\$*" >>"$TMP/apt.log"
SH
cat >"$TMP/bin/gh" <<SH
#!/bin/sh
# gh issue create --repo R --title T --body-file F: the issue's body kept as $TMP/issues/<repo>.md
[ "\$1 \$2" = "issue create" ] || exit 2
repo=\$4 body=\$8
[ "\$repo" = our-org/mha-ghost ] && { echo "GraphQL: Could not resolve to a Repository" >&2; exit 1; }
cp "\$body" "$TMP/issues/\$(basename "\$repo").md"
SH
chmod +x "$TMP/bin/apt-get" "$TMP/bin/gh"
step() {  # step JOB NAME [KEY=VALUE...]: the documented step, in the workspace
    PATH="$TMP/bin:$PATH" GITHUB_STEP_SUMMARY="$TMP/summary.md" doc_step "$W" "private grading repository" "$@"
}
step shard "Fetch the students' repositories" secrets.CLASSROOM_TOKEN=tok >"$TMP/fetch" 2>&1 ||
    fail "the fetch step failed: $(cat "$TMP/fetch")"
grep -q "install -y -q --no-install-recommends git" "$TMP/apt.log" || fail "the fetch step installs no git"
grep -q "no repository for ghost: graded as missing" "$TMP/fetch" || fail "the failed clone is not said: $(cat "$TMP/fetch")"
[ -f "$W/class/ann/solution.cpp" ] && [ ! -e "$W/class/ann/course" ] && [ ! -e "$W/class/ann/.git" ] ||
    fail "ann's clone is not only her own files: $(ls -a "$W/class/ann")"
[ -d "$W/class/ghost" ] || fail "the failed clone left no folder for ghost"
secret=$("$JUDGE" secret new)  # as docs/ci.md says to make the GRADING_SEED secret
for k in 1 2 3 4; do
    step shard "Grade shard $k of 4, on inputs no student has seen" matrix.shard="$k" secrets.GRADING_SEED="$secret" \
        >"$TMP/shard$k" 2>&1 || fail "shard $k failed: $(tail -20 "$TMP/shard$k")"
    mkdir -p "$W/shards" && cp -r "$W/out-$k" "$W/shards/shard-$k"   # upload-artifact, download-artifact
done
step merge "Merge" secrets.GRADING_SEED="$secret" >"$TMP/merge" 2>&1 || fail "the merge failed: $(cat "$TMP/merge")"
grep -q '^ghost,missing,0,' "$W/grades/grades.csv" || fail "ghost is not missing: $(cat "$W/grades/grades.csv")"
grep -q '^ann,accepted,' "$W/grades/grades.csv" || fail "ann is not accepted: $(cat "$W/grades/grades.csv")"
grep -q '^bob,wrong_answer,' "$W/grades/grades.csv" || fail "bob is not graded: $(cat "$W/grades/grades.csv")"
python3 - "$W/grades/canvas.csv" "$W/grades/grades.csv" <<'PY' || fail "canvas.csv is not the grades: $(cat "$W/grades/canvas.csv")"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
grades = {r["student"]: r for r in csv.DictReader(open(sys.argv[2]))}
assert rows[0]["Student"] == "Points Possible" and rows[0]["problem_mha"] == grades["ann"]["max_score"], rows[0]
by_login = {r["SIS Login ID"]: r for r in rows[1:]}
assert set(by_login) == {"ann@uni.edu", "bob@uni.edu", "ghost@uni.edu"}, by_login
for login in ("ann", "bob", "ghost"):
    assert by_login[login + "@uni.edu"]["problem_mha"] == grades[login]["score"], (login, by_login)
assert by_login["bob@uni.edu"]["Student"] == "Stone, Bob"
PY
grep -q "problem_mha" "$TMP/summary.md" || fail "the merge wrote no step summary"
# The feedback: an issue for each student whose repository exists; ghost's fails, and the step with it.
if step merge "Hand each student their feedback" secrets.FEEDBACK_TOKEN=tok >"$TMP/feedback" 2>&1; then
    fail "the feedback step passed although ghost's issue could not be opened"
fi
grep -q "install -y -q --no-install-recommends gh" "$TMP/apt.log" || fail "the feedback step installs no gh"
grep -q "could not open an issue in our-org/mha-ghost" "$TMP/feedback" || fail "ghost's failure is not said: $(cat "$TMP/feedback")"
grep -q "^# problem_mha: .* points (accepted)" "$TMP/issues/mha-ann.md" || fail "ann's issue: $(head -3 "$TMP/issues/mha-ann.md")"
grep -q "Fix first" "$TMP/issues/mha-bob.md" || fail "bob's issue has no diagnosis: $(cat "$TMP/issues/mha-bob.md")"
! grep -l "$secret" "$TMP"/issues/*.md || fail "a student's issue names the grading seed"
