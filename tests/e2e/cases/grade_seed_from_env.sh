# shellcheck shell=bash
# labels: grading
# The grading seed from a CI secret (issue #38): derived per problem, written nowhere in any form
# (reports, results.json, junit.xml, grades.csv, summaries, logs), the rerun command reads the same
# variable, grade.json keeps a salted hash, and merge checks the shards against the variable.
secret=918273645
derived_hex=$(printf 'judge-grading-seed:%s:%s' "$secret" problem_sdpa | sha256sum | cut -c1-16)
derived=$(printf '%u' "$((16#$derived_hex))")
mkdir -p "$TMP/class/alice" "$TMP/class/bob" "$TMP/class/carol"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$TMP/class/alice/"
cp "$ROOT/student_template/problem_sdpa/solution.cpp" "$TMP/class/bob/"
cp "$ROOT/reference/problem_sdpa/bugs/no_scale.cpp" "$TMP/class/carol/solution.cpp"
SECRET_SEED=$secret expect_exit 0 "$JUDGE" -v --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g" \
    --seed-from-env SECRET_SEED
cp "$TMP/err" "$TMP/grade.log"
expect_out "every test's inputs are new under this grading seed"
# No file, log or line holds the secret or the derived seed, in decimal or in hex.
for s in "$secret" "$(printf '%x' "$secret")" "$(printf '%X' "$secret")" "$derived" "$derived_hex" \
    "$(printf '%X' "$((16#$derived_hex))")"; do
    if grep -rqiF -- "$s" "$TMP/g" "$TMP/out" "$TMP/grade.log"; then
        grep -rliF -- "$s" "$TMP/g" "$TMP/out" "$TMP/grade.log"
        fail "the seed is written, as $s"
    fi
done
python3 - "$TMP/g" "$secret" <<'EOF' || fail "grade.json or the reports say more than that the seed is secret"
import hashlib, json, sys
from pathlib import Path
out, secret = Path(sys.argv[1]), sys.argv[2]
g = json.loads((out / "grade.json").read_text())
derived = int(hashlib.sha256(f"judge-grading-seed:{secret}:problem_sdpa".encode()).hexdigest()[:16], 16)
assert g["seed"] == "secret" and "seed_sha256" not in g and g["seed_independent_points"] == 0, g
c = g["seed_check"]
assert len(c["salt"]) == 32 and c["sha256"] == hashlib.sha256(f"{c['salt']}:{derived}".encode()).hexdigest(), c
assert c["sha256"] != hashlib.sha256(secret.encode()).hexdigest()
carol = json.loads((out / "students/carol/report.json").read_text())
assert carol["seed"] == "secret" and carol["seed_from_env"] == "SECRET_SEED", carol["seed"]
reruns = [t["rerun"] for t in carol["tests"] if "rerun" in t]
assert reruns and all(r.endswith(" --seed-from-env SECRET_SEED") for r in reruns), reruns
EOF
failing=$(python3 -c 'import json,sys; t=[t for t in json.load(open(sys.argv[1]))["tests"] if "rerun" in t][0]
print(t["id"])' "$TMP/g/students/carol/report.json")
# The rerun command reads the variable and draws the very inputs the grade drew: the derived seed's.
SECRET_SEED=$secret expect_exit 1 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" \
    --file "$TMP/class/carol/solution.cpp" --outputs "$TMP/secret" --seed-from-env SECRET_SEED
grep -qiF "$secret" "$TMP/out" "$TMP/err" && fail "judge run printed the secret"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" \
    --file "$TMP/class/carol/solution.cpp" --outputs "$TMP/derived" --seed "$derived"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" \
    --file "$TMP/class/carol/solution.cpp" --outputs "$TMP/zero"
diff -r "$TMP/secret" "$TMP/derived" >/dev/null || fail "--seed-from-env drew other inputs than the derived seed"
diff -r "$TMP/secret/inputs" "$TMP/zero/inputs" >/dev/null && fail "the secret seed drew the spec's own inputs"
# Another problem under the same secret gets another seed.
SECRET_SEED=$secret expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --test shapes_d2l_per_head \
    --outputs "$TMP/mha" --seed-from-env SECRET_SEED
# A regrade with the same secret keeps every report; a submit says "secret" too.
SECRET_SEED=$secret expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g" \
    --seed-from-env SECRET_SEED
expect_out "3 students (0 graded, 3 unchanged)"
SECRET_SEED=$secret expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_sdpa --file "$TMP/class/carol/solution.cpp" \
    --format json --seed-from-env SECRET_SEED
grep -qiF "$secret" "$TMP/out" "$TMP/err" && fail "submit wrote the secret"
expect_out '"seed": "secret"'
expect_out '--seed-from-env SECRET_SEED'
# Shards: merge checks them against the same variable, and refuses without it or with another secret.
for k in 1 2; do
    SECRET_SEED=$secret expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/class" \
        --out "$TMP/s$k" --shard $k/2 --seed-from-env SECRET_SEED
done
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/s1" "$TMP/s2" --out "$TMP/m"
expect_err "judge: error: merge: the shards were graded with a secret seed; give --seed-from-env"
OTHER=5 expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/s1" "$TMP/s2" --out "$TMP/m" --seed-from-env OTHER
expect_err "$TMP/s1/grade.json: graded with another seed than \$OTHER holds"
SECRET_SEED=$secret expect_exit 0 "$JUDGE" --root "$ROOT" merge "$TMP/s1" "$TMP/s2" --out "$TMP/m" \
    --seed-from-env SECRET_SEED
cmp "$TMP/g/grades.csv" "$TMP/m/grades.csv" || fail "the merged gradebook differs from one run's"
# What a seed does not protect is said: a probe course whose test "small" keeps all its sizes.
mkdir -p "$TMP/nobody"
cp -r "$ROOT/tests/hostile/course" "$TMP/probe"
python3 - "$TMP/probe/problems/probe/problem.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
next(t for t in p["tests"] if t["id"] == "small")["keep"] = "all"
json.dump(p, open(sys.argv[1], "w"))
PY
expect_exit 0 "$JUDGE" -q --root "$TMP/probe" grade probe --class "$TMP/nobody" --out "$TMP/ac" --seed 5 --allow-empty
expect_out "note: 1 of 3 points come from tests whose inputs no grading seed changes"
grep -q '"seed_independent_points": 1' "$TMP/ac/grade.json" || fail "grade.json does not count them"
# Bad variables: named, never their value.
expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g2" --seed-from-env NO_SUCH_VAR_4242
expect_err "--seed-from-env: \$NO_SUCH_VAR_4242 is not set"
BAD=12x expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g2" --seed-from-env BAD
expect_err "is not a whole number"
grep -q 12x "$TMP/err" && fail "a bad seed's value was printed"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" --outputs "$TMP/x" --seed 3 --seed-from-env BAD
expect_err "--seed excludes --seed-from-env"
echo "  the secret seed is derived per problem, written nowhere, reread by reruns and checked by merge"
