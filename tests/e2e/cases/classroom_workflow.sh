# shellcheck shell=bash
# Issue #45, point 7: docs/ci.md's Classroom workflow, its steps run as written (workflow_step.py)
# in a student's repository as the template makes it (the pack in course/, the template's
# solution.cpp): the install step downloads the judge's released package and its SHA-256, checks
# it and asks apt-get for it (curl and apt-get are stand-ins that record it; the judge is already on
# PATH here), and the judge step judges once, writing the diagnosis to the step summary and
# Classroom's line to the reporter, with the exit the step needs.
python3 -c "import yaml" 2>/dev/null || { echo "skipped: python3-yaml is not installed (scripts/setup.sh)"; exit 77; }
W="$TMP/repo"
mkdir -p "$W" "$TMP/runner_temp"
"$JUDGE" -q --root "$ROOT" pack problem_mha --out "$W/course" >/dev/null || fail "judge pack failed"
release_stand_ins "$TMP/bin"
step() {  # step NAME: the documented step, in the student's repository
    : >"$TMP/summary" && : >"$TMP/output"
    PATH="$TMP/bin:$PATH" GITHUB_STEP_SUMMARY="$TMP/summary" GITHUB_OUTPUT="$TMP/output" RUNNER_TEMP="$TMP/runner_temp" \
        doc_step "$W" "classroom.yml in the template repository" run-autograding-tests "$1"
}
step "Install the judge" >"$TMP/install" 2>&1 || fail "the install step failed: $(cat "$TMP/install")"
deb="judge_$("$JUDGE" --version | sed 's/^judge //')_amd64.deb"
grep -q "^curl .*https://github.com/our-org/judge/releases/download/v.*/$deb\$" "$TMP/install.log" ||
    fail "the install step does not download the judge's release of this version ($deb): $(cat "$TMP/install.log")"
grep -qx "apt-get install -y -q --no-install-recommends ./$deb" "$TMP/install.log" ||
    fail "the install step does not install the package alone: $(cat "$TMP/install.log")"
grep -q "$deb: OK" "$TMP/install" || fail "the package is not checked against its SHA-256: $(cat "$TMP/install")"
[ ! -e "$W/$deb" ] || fail "the package was downloaded into the student's repository"
# The student's work: a seeded bug, then the template as shipped.
bug_source "$ROOT" problem_mha lens_repeat_not_interleave "$W/solution.cpp"
step "Judge" >"$TMP/judge" 2>&1 || fail "the judge step failed on a wrong answer: $(tail -20 "$TMP/judge")"
grep -q "Fix first" "$TMP/judge" || fail "the log has no text report: $(head -20 "$TMP/judge")"
head -1 "$TMP/summary" | grep "^# problem_mha: [0-9]* of [0-9]* points (wrong answer)$" >/dev/null ||
    fail "the step summary: $(head -3 "$TMP/summary")"
grep -q "Fix first" "$TMP/summary" || fail "the step summary has no diagnosis"
python3 - "$TMP/output" "$TMP/summary" <<'PY' || fail "the reporter's line is not Classroom's runner result: $(cat "$TMP/output")"
import base64, json, re, sys
line = open(sys.argv[1]).read()
assert line.startswith("result=") and line.count("\n") == 1, line
r = json.loads(base64.b64decode(line[len("result="):]))
assert r["version"] == 1 and r["status"] == "fail", r
points = sum(t["score"] for t in r["tests"])
heading = open(sys.argv[2]).readline()
got, of = map(int, re.match(r"# problem_mha: (\d+) of (\d+) points", heading).groups())
assert (points, r["max_score"]) == (got, of), (points, r["max_score"], heading)
PY
cp "$W/course/student_template/problem_mha/solution.cpp" "$W/solution.cpp"
step "Judge" >"$TMP/judge" 2>&1 || fail "the judge step failed on the template: $(tail -20 "$TMP/judge")"
# No solution.cpp (deleted): a grade of 0, not a broken setup; the reporter still gets its line.
rm "$W/solution.cpp"
step "Judge" >"$TMP/judge" 2>&1 || fail "the judge step failed on a missing file: $(tail -20 "$TMP/judge")"
grep -q "^result=." "$TMP/output" || fail "no reporter's line for a missing file: $(cat "$TMP/output")"
# A broken setup (no course): the step fails, as the docs say.
mv "$W/course" "$W/elsewhere"
if step "Judge" >"$TMP/judge" 2>&1; then fail "the judge step passed without a course"; fi
