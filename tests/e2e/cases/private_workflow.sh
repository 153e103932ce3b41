# shellcheck shell=bash
# cost: 80
# Issues #45 and #63: docs/ci.md's private grading workflow, its steps run as written (read from
# the docs by workflow_step.py, run with bash -e as GitHub's runner does): the install of the
# released package, the fetch with a clone that fails, the four shards, the merge with the roster
# and the Canvas export, and the feedback step. The class is made from the Classroom template (its
# solution.cpp in every repository): a C++ student, a NumPy and a PyTorch student who added
# solution.py beside it, one whose repository holds no solution, one with a compile error longer
# than an issue can hold, and `zoé d'Arc`. The students' repositories are local ones that git
# reaches through an insteadOf of the documented URL; curl, apt-get and gh are stand-ins that
# record what they were asked.
python3 -c "import yaml" 2>/dev/null || { echo "skipped: python3-yaml is not installed (scripts/setup.sh)"; exit 77; }
W="$TMP/work"
mkdir -p "$TMP/repos" "$TMP/issues" "$TMP/runner_temp" "$W"
release_stand_ins "$TMP/bin"
ln -s "$ROOT" "$W/course"
zoe="zoé d'Arc"
printf 'ann\nbob\nghost\nnumpy_nia\ntorch_tom\nnofile\nlongerr\n%s\n' "$zoe" >"$W/students.txt"
{
    printf 'identifier,github_username,github_id,name\nann@uni.edu,ann,1,Ann Lee\nbob@uni.edu,bob,2,"Stone, Bob"\n'
    printf 'ghost@uni.edu,ghost,3,Gus Host\nnia@uni.edu,numpy_nia,4,Nia\ntom@uni.edu,torch_tom,5,Tom\n'
    printf 'nf@uni.edu,nofile,6,No File\nle@uni.edu,longerr,7,Long Error\nzoe@uni.edu,%s,8,Zoé\n' "$zoe"
} >"$W/classroom_roster.csv"
export GIT_CONFIG_GLOBAL="$TMP/gitconfig"
git config --global user.name "e2e"
git config --global user.email "e2e@example.org"
git config --global url."file://$TMP/repos/".insteadOf "https://x-access-token:tok@github.com/our-org/"
student_repo() {  # student_repo LOGIN [FILE SOURCE]...: a repository as Classroom makes it from the template
    local r="$TMP/repos/mha-$1"
    shift
    mkdir -p "$r/course/problems" && echo "from the pack" >"$r/course/problems/x"
    cp "$ROOT/student_template/problem_mha/solution.cpp" "$r/solution.cpp"
    while [ $# -gt 0 ]; do cp "$2" "$r/$1"; shift 2; done
    (cd "$r" && git init -q && git add -A && git commit -qm "student work") || fail "cannot make $r"
}
student_repo ann solution.cpp "$ROOT/reference/problem_mha/solution.cpp"
student_repo bob solution.cpp "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp"
student_repo numpy_nia solution.py "$ROOT/reference/problem_mha/accepted/numpy_arrays.py"
student_repo torch_tom solution.py "$ROOT/reference/problem_mha/solution.py"
student_repo "$zoe" solution.cpp "$ROOT/reference/problem_mha/solution.cpp"
# A compile error whose report passes GitHub's 65,536 characters: every candidate operator<< listed.
cat >"$TMP/long_error.cpp" <<'CPP'
#include <iostream>
#include <map>
#include <string>
#include <vector>
struct S {};
void f() {
    std::map<std::vector<std::string>, std::map<std::string, std::vector<int>>> m;
    std::cout << m; std::cout << S{}; std::cerr << m; std::clog << S{};
    std::cout << m; std::cout << S{}; std::cerr << m; std::clog << S{};
}
CPP
student_repo longerr solution.cpp "$TMP/long_error.cpp"
student_repo nofile
git -C "$TMP/repos/mha-nofile" rm -q solution.cpp && git -C "$TMP/repos/mha-nofile" commit -qm "no solution" ||
    fail "cannot empty nofile's repository"
# ghost has no repository: the clone fails.
cat >"$TMP/bin/gh" <<SH
#!/bin/sh
# gh issue create --repo R --title T --body-file F: the issue's body kept as $TMP/issues/<repo>.md
[ "\$1 \$2" = "issue create" ] || exit 2
repo=\$4 body=\$8
[ "\$repo" = our-org/mha-ghost ] && { echo "GraphQL: Could not resolve to a Repository" >&2; exit 1; }
cp "\$body" "$TMP/issues/\$(basename "\$repo").md"
SH
chmod +x "$TMP/bin/gh"
step() {  # step JOB NAME [KEY=VALUE...]: the documented step, in the workspace
    PATH="$TMP/bin:$PATH" GITHUB_STEP_SUMMARY="$TMP/summary.md" RUNNER_TEMP="$TMP/runner_temp" \
        doc_step "$W" "private grading repository" "$@"
}
for job in shard merge; do
    step "$job" "Install the judge" >"$TMP/install" 2>&1 || fail "$job's install step failed: $(cat "$TMP/install")"
done
[ "$(grep -c "^apt-get install -y -q --no-install-recommends ./judge_.*_amd64.deb$" "$TMP/install.log")" = 2 ] ||
    fail "the shard and merge jobs do not both install the package: $(cat "$TMP/install.log")"
step shard "Fetch the students' repositories" secrets.CLASSROOM_TOKEN=tok >"$TMP/fetch" 2>&1 ||
    fail "the fetch step failed: $(cat "$TMP/fetch")"
grep -q "install -y -q --no-install-recommends git" "$TMP/install.log" || fail "the fetch step installs no git"
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
grades="$W/grades/grades.csv"
grep -q '^ghost,missing,0,' "$grades" || fail "ghost is not missing: $(cat "$grades")"
grep -q '^nofile,missing,0,' "$grades" || fail "nofile is not missing: $(cat "$grades")"
for login in ann numpy_nia torch_tom "$zoe"; do
    grep -q "^$login,accepted,32,32," "$grades" || fail "$login is not accepted (the untouched template taken?): $(cat "$grades")"
done
grep -q '^bob,wrong_answer,' "$grades" || fail "bob is not graded: $(cat "$grades")"
grep -q '^longerr,compile_error,0,' "$grades" || fail "longerr: $(cat "$grades")"
python3 - "$W/grades/canvas.csv" "$grades" "$zoe" <<'PY' || fail "canvas.csv is not the grades: $(cat "$W/grades/canvas.csv")"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
grades = {r["student"]: r for r in csv.DictReader(open(sys.argv[2]))}
assert rows[0]["Student"] == "Points Possible" and rows[0]["problem_mha"] == grades["ann"]["max_score"], rows[0]
by_login = {r["SIS Login ID"]: r for r in rows[1:]}
logins = {"ann": "ann", "bob": "bob", "ghost": "ghost", "numpy_nia": "nia", "torch_tom": "tom", "nofile": "nf",
          "longerr": "le", sys.argv[3]: "zoe"}
assert set(by_login) == {v + "@uni.edu" for v in logins.values()}, by_login
for login, mail in logins.items():
    assert by_login[mail + "@uni.edu"]["problem_mha"] == grades[login]["score"], (login, by_login)
assert by_login["bob@uni.edu"]["Student"] == "Stone, Bob"
PY
grep -q "problem_mha" "$TMP/summary.md" || fail "the merge wrote no step summary"
# The feedback: an issue for each student whose repository exists, the long one cut to fit; ghost's
# fails, and the step with it.
if step merge "Hand each student their feedback" secrets.FEEDBACK_TOKEN=tok >"$TMP/feedback" 2>&1; then
    fail "the feedback step passed although ghost's issue could not be opened"
fi
grep -q "install -y -q --no-install-recommends gh" "$TMP/install.log" || fail "the feedback step installs no gh"
grep -q "could not open an issue in our-org/mha-ghost" "$TMP/feedback" || fail "ghost's failure is not said: $(cat "$TMP/feedback")"
grep -q "^1 students got no feedback" "$TMP/feedback" || fail "the step does not count who got none: $(cat "$TMP/feedback")"
for login in ann bob numpy_nia torch_tom nofile longerr "$zoe"; do
    f="$TMP/issues/mha-$login.md"
    [ -f "$f" ] || fail "$login got no issue: $(cat "$TMP/feedback")"
    [ "$(wc -c <"$f")" -le 65536 ] || fail "$login's issue is $(wc -c <"$f") bytes, over GitHub's 65,536 characters"
done
grep -q "^# problem_mha: .* points (accepted)" "$TMP/issues/mha-$zoe.md" || fail "zoé's issue: $(head -3 "$TMP/issues/mha-$zoe.md")"
grep -q "^# problem_mha: 32 of 32 points (accepted)" "$TMP/issues/mha-numpy_nia.md" || fail "nia's issue: $(head -3 "$TMP/issues/mha-numpy_nia.md")"
grep -q "Fix first" "$TMP/issues/mha-bob.md" || fail "bob's issue has no diagnosis: $(cat "$TMP/issues/mha-bob.md")"
grep -q "no solution.cpp or solution.py" "$TMP/issues/mha-nofile.md" || fail "nofile's issue does not say why: $(cat "$TMP/issues/mha-nofile.md")"
long="$TMP/issues/mha-longerr.md"
[ "$(wc -c <"$W/grades/students/longerr/report.md")" -gt 65536 ] || fail "longerr's report fits an issue: the case tests no cut"
grep -q "^\*This report is longer than the 65,536 characters this page can hold, so lines .* are left out" "$long" ||
    fail "longerr's cut issue does not say so: $(head -3 "$long")"
grep -q "students/longerr/report.md" "$long" || fail "longerr's issue does not say where the whole report is"
[[ "$(tail -3 "$long")" == *"problem_mha: compile_error, 0/32 points"* ]] || fail "the cut lost longerr's points: $(tail -3 "$long")"
! grep -l "$secret" "$TMP"/issues/*.md || fail "a student's issue names the grading seed"
echo "  installed; fetched, sharded, merged; Canvas rows for all 8; feedback to each of the 7 repositories, one cut to fit"
