# shellcheck shell=bash
# Issue #45, point 3: a roster lists every student, and a class cannot silently vanish. GitHub
# Classroom's roster CSV (a student's id is the username, or the identifier when no account is
# linked) or a plain list: a student with no folder is graded as missing; a folder not on the roster
# is graded with a warning; an empty class, or a roster none of whose students has a folder (every
# clone failed), is exit 2 unless --allow-empty; a roster id that cannot be a folder is refused.
C="$TMP/class"
mkdir -p "$C/alice" "$C/zed"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$C/alice/"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$C/zed/"
cat >"$TMP/roster.csv" <<'CSV'
"identifier","github_username","github_id","name"
"a.lovelace@uni.example","alice","101","Ada, Countess"
"b.babbage@uni.example","bob","102","Charles Babbage"
"c.noaccount@uni.example","","",""
CSV
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_sdpa --class "$C" --out "$TMP/g" --roster "$TMP/roster.csv"
expect_out "problem_sdpa: 4 students"
expect_err "1 folder in $C is not on the roster, graded all the same: zed"
python3 - "$TMP/g/grades.csv" <<'PY' || fail "grades.csv does not list the roster's students"
import csv, sys
rows = {r["student"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert set(rows) == {"alice", "bob", "c.noaccount@uni.example", "zed"}, rows
assert rows["alice"]["verdict"] == "accepted" and rows["zed"]["verdict"] == "accepted", rows
assert rows["bob"]["verdict"] == "missing" and rows["c.noaccount@uni.example"]["verdict"] == "missing", rows
assert rows["bob"]["score"] == "0", rows["bob"]
PY
# A plain list, with a comment.
printf '# section 2\nalice\ncarol  # dropped?\n' >"$TMP/roster.txt"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$C" --out "$TMP/g2" --roster "$TMP/roster.txt"
grep -q '^carol,missing,0,' "$TMP/g2/grades.csv" || fail "a plain roster's student with no folder is not missing"
# Nobody to grade: exit 2, unless asked for.
mkdir -p "$TMP/empty"
expect_exit 2 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/empty" --out "$TMP/g3"
expect_err "--class $TMP/empty: no student folder: nothing to grade (--allow-empty grades an empty class)"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/empty" --out "$TMP/g3" --allow-empty
expect_exit 2 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/empty" --out "$TMP/g4" --roster "$TMP/roster.csv"
expect_err "none of the 3 students on the roster has a folder: did every clone fail?"
[ ! -e "$TMP/g4/grades.csv" ] || fail "a refused class wrote a gradebook"
# A roster id that cannot be a folder's name, and a CSV without the username column.
printf 'alice\n../etc\n' >"$TMP/bad.txt"
expect_exit 2 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$C" --out "$TMP/g5" --roster "$TMP/bad.txt"
expect_err "$TMP/bad.txt:2: \"../etc\" holds a '/' or a control character"
printf 'identifier,name\nx,y\n' >"$TMP/bad.csv"
expect_exit 2 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$C" --out "$TMP/g5" --roster "$TMP/bad.csv"
expect_err "$TMP/bad.csv:1: a roster CSV needs a github_username column"
