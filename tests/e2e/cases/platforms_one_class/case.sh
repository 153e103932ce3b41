# shellcheck shell=bash
# cost: 70
# Issue #63, "done when": each platform's documented command, run as written on one class made from
# the Classroom template, gives the total of `judge grade --seed-from-env` for every student: a C++
# student (a seeded bug), a NumPy and a PyTorch student (solution.py beside the template's untouched
# solution.cpp; the PyTorch one with a bug), a student with no file, one whose compile error is
# longer than a GitHub issue, and `zoé d'Arc`. The platforms: GitHub Classroom's judge step (on the
# pack, its line decoded as the grading reporter adds it up), Gradescope's run_autograder (the zip
# of `pack --gradescope`), PrairieLearn's entry point (the key in /grade/tests; where nothing ran,
# "not gradable", so that the student loses no attempt, for the judge's 0) and CodeGrade's custom
# test (docs/ci.md's command, $FIXTURES holding the key, the points on descriptor 3).
python3 -c "import yaml" 2>/dev/null || { echo "skipped: python3-yaml is not installed (scripts/setup.sh)"; exit 77; }
C="$TMP/class"
tmpl="$ROOT/student_template/problem_mha/solution.cpp"
student() {  # student ID [FILE SOURCE]...: the Classroom template's files, then the student's
    mkdir -p "$C/$1" && cp "$tmpl" "$C/$1/solution.cpp"
    local id=$1
    shift
    while [ $# -gt 0 ]; do cp "$2" "$C/$id/$1"; shift 2; done
}
student cpp_ann solution.cpp "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp"
student numpy_nia solution.py "$ROOT/reference/problem_mha/accepted/numpy_arrays.py"
py_bug problem_mha "$ROOT/tests/e2e/cases/python_submissions/problem_mha/torch_mask_after_softmax.patch" "$TMP/torch_bug.py"
student torch_tom solution.py "$TMP/torch_bug.py"
mkdir -p "$C/nofile"
student longerr solution.cpp "$HERE/long_error.cpp"
student "zoé d'Arc" solution.cpp "$ROOT/reference/problem_mha/solution.cpp"
GS=$("$JUDGE" secret new)
export GS
key=$("$JUDGE" -q --root "$ROOT" secret key problem_mha --from-env GS)
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --seed-from-env GS --jobs 2
# Each platform, each student: "PLATFORM<TAB>ID<TAB>POINTS/MAX" in $TMP/totals.
: >"$TMP/totals"
total() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$TMP/totals"; }

# GitHub Classroom: the template repository's judge step, in the student's repository with the pack.
"$JUDGE" -q --root "$ROOT" pack problem_mha --out "$TMP/pack" >/dev/null || fail "judge pack failed"
mkdir -p "$TMP/bin" && ln -s "$JUDGE" "$TMP/bin/judge"
# Gradescope: the autograder zip's run_autograder (setup.sh builds the judge; this one is built).
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_mha --gradescope --out "$TMP/ag.zip" --seed-from-env GS
# (Python's zipfile: setup.sh installs no unzip; it keeps no modes, so run_autograder is made executable.)
python3 -m zipfile -e "$TMP/ag.zip" "$TMP/ag/source" || fail "cannot unzip the autograder"
chmod +x "$TMP/ag/source/run_autograder" || fail "the zip has no run_autograder"
# PrairieLearn: the key in the question's tests/, which the host copies to /grade/tests.
# CodeGrade: docs/ci.md's command, its /opt paths this course and cache, the key a fixture.
mkdir -p "$TMP/fixtures" && echo "$key" >"$TMP/fixtures/grading_seed"
python3 - "$ROOT/docs/ci.md" "$ROOT" "${JUDGE_CACHE:-$TMP/cg-cache}" >"$TMP/codegrade.sh" <<'PY' || fail "no CodeGrade command in docs/ci.md"
import re, sys
text = open(sys.argv[1]).read()
blocks = re.findall(r"```sh\n(.*?)\n\s*```", text, re.S)
cmd = [b for b in blocks if "--codegrade-fd 3" in b]
assert len(cmd) == 1, cmd
print("\n".join(line.strip() for line in cmd[0].splitlines()).replace("/opt/course", sys.argv[2])
      .replace("/opt/judge-cache", sys.argv[3]))
PY
while IFS= read -r -d '' dir; do
    id=$(basename "$dir")
    # Classroom
    repo="$TMP/repo/$id"
    mkdir -p "$repo" && cp -r "$dir/." "$repo/" && ln -s "$TMP/pack" "$repo/course"
    : >"$TMP/output"
    PATH="$TMP/bin:$PATH" GITHUB_STEP_SUMMARY="$TMP/summary" GITHUB_OUTPUT="$TMP/output" \
        doc_step "$repo" "classroom.yml in the template repository" run-autograding-tests Judge >"$TMP/log" 2>&1 ||
        fail "Classroom's judge step failed for $id: $(tail -5 "$TMP/log")"
    total classroom "$id" "$(python3 -c '
import base64, json, sys
r = json.loads(base64.b64decode(open(sys.argv[1]).read().split("=", 1)[1]))
print("%d/%d" % (sum(t["score"] for t in r["tests"]), r["max_score"]))' "$TMP/output")"
    # Gradescope
    rm -rf "$TMP/ag/submission" "$TMP/ag/results" && mkdir -p "$TMP/ag/submission" && cp -r "$dir/." "$TMP/ag/submission/"
    AUTOGRADER="$TMP/ag" JUDGE="$JUDGE" "$TMP/ag/source/run_autograder" || fail "run_autograder failed for $id"
    total gradescope "$id" "$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print("%d/%d" % (r["score"], sum(t["max_score"] for t in r["tests"])))' "$TMP/ag/results/results.json")"
    # PrairieLearn
    rm -rf "$TMP/grade" && mkdir -p "$TMP/grade/student" "$TMP/grade/tests" && cp -r "$dir/." "$TMP/grade/student/"
    echo "$key" >"$TMP/grade/tests/grading_seed"
    read -ra argv <<<"judge-prairielearn problem_mha"
    JUDGE_ROOT="$ROOT" GRADE_DIR="$TMP/grade" JUDGE="$JUDGE" "$ROOT/scripts/prairielearn/${argv[0]}" "${argv[@]:1}" \
        >"$TMP/log" 2>&1 || fail "PrairieLearn's entry point failed for $id: $(tail -5 "$TMP/log")"
    total prairielearn "$id" "$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
# Nothing ran (no file, a compile error): not gradable, so that the student loses no attempt; the
# judge scores it 0.
print("%d/%d" % (r["points"], r["max_points"]) if r["gradable"] else "not gradable")' "$TMP/grade/results/results.json")"
    # CodeGrade
    (cd "$dir" && PATH="$TMP/bin:$PATH" FIXTURES="$TMP/fixtures" bash "$TMP/codegrade.sh" 3>"$TMP/fd3" >"$TMP/log" 2>&1)
    status=$?
    [ "$status" -le 1 ] || fail "CodeGrade's command exited $status for $id: $(tail -5 "$TMP/log")"
    total codegrade "$id" "$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["points"])' "$TMP/fd3")"
done < <(find "$C" -mindepth 1 -maxdepth 1 -type d -print0 | sort -z)
python3 - "$TMP/g/grades.csv" "$TMP/totals" <<'PY' || fail "a platform's total differs from judge grade --seed-from-env's"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
grades = {r["student"]: "%s/%s" % (r["score"], r["max_score"]) for r in rows}
nothing_ran = {r["student"] for r in rows if r["verdict"] in ("missing", "compile_error")}
assert len(grades) == 6, grades
seen = {}
for line in open(sys.argv[2]):
    platform, student, points = line.rstrip("\n").split("\t")
    seen.setdefault(platform, set()).add(student)
    if platform == "prairielearn" and student in nothing_ran:
        assert points == "not gradable", (student, points)
        continue
    assert points == grades[student], (platform, student, points, grades[student])
assert all(s == set(grades) for s in seen.values()) and len(seen) == 4, seen
assert grades["numpy_nia"] == "32/32" and grades["zoé d'Arc"] == "32/32" and grades["nofile"] == "0/32", grades
assert grades["torch_tom"] not in ("32/32", "0/32") and grades["longerr"] == "0/32", grades
PY
echo "  6 students, 4 platforms: every total is judge grade --seed-from-env's (scores: $(tail -n +2 "$TMP/g/grades.csv" | cut -d, -f3 | tr '\n' ' '))"
