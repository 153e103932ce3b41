# shellcheck shell=bash
# labels: grading
# The grading secret (issues #38, #62): at least 128 bits; each problem's key is HMAC of it, and each
# submission's draw HMAC of the key and the file's bytes (checked here against Python's hmac). No
# secret, key or seed is written in any form (reports, results.json, junit.xml, grades.csv,
# summaries, logs); the rerun command reads the same variable and draws that file's inputs;
# grade.json keeps a salted hash of the key, and merge checks the shards against the variable.
secret=$("$JUDGE" secret new)
[ ${#secret} = 64 ] || fail "judge secret new printed $secret"
cat >"$TMP/derive.py" <<'PY'
import hashlib, hmac, sys
secret, problem = sys.argv[1], sys.argv[2]
key = hmac.new(secret.lower().encode(), b"judge problem key v1:" + problem.encode(), hashlib.sha256).digest()
if len(sys.argv) == 3:
    print(key.hex())
elif sys.argv[3] == "--cases":
    mac = hmac.new(key, b"judge counterexample cases v1", hashlib.sha256).digest()
    print(int.from_bytes(mac[:8], "big") or 1)
else:
    digest = hashlib.sha256(open(sys.argv[3], "rb").read()).hexdigest()
    mac = hmac.new(key, b"judge draw v1:" + digest.encode(), hashlib.sha256).digest()
    print(int.from_bytes(mac[:8], "big") or 1)
PY
# derive PROBLEM [FILE | --cases]: the problem's key in hex, or with FILE the seed that file is
# graded with, or the seed of the problem's counterexample cases.
derive() { python3 "$TMP/derive.py" "$secret" "$@"; }
mkdir -p "$TMP/class/alice" "$TMP/class/bob" "$TMP/class/carol"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$TMP/class/alice/"
cp "$ROOT/student_template/problem_sdpa/solution.cpp" "$TMP/class/bob/"
cp "$ROOT/reference/problem_sdpa/bugs/no_scale.cpp" "$TMP/class/carol/solution.cpp"
SECRET_SEED=$secret expect_exit 0 "$JUDGE" -v --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g" \
    --seed-from-env SECRET_SEED
cp "$TMP/err" "$TMP/grade.log"
expect_out "every test's inputs are new under this grading seed"
key=$(derive problem_sdpa)
derived=$(derive problem_sdpa "$TMP/class/carol/solution.cpp")
derived_hex=$(printf '%x' "$derived")
cases=$(derive problem_sdpa --cases)
# No file, log or line holds the secret, the problem's key, carol's seed or the cases' seed, in
# decimal or in hex.
for s in "$secret" "$key" "$derived" "$derived_hex" "$(printf '%X' "$derived")" "$cases" "$(printf '%x' "$cases")"; do
    if grep -rqiF -- "$s" "$TMP/g" "$TMP/out" "$TMP/grade.log"; then
        grep -rliF -- "$s" "$TMP/g" "$TMP/out" "$TMP/grade.log"
        fail "the seed is written, as $s"
    fi
done
python3 - "$TMP/g" "$key" <<'EOF' || fail "grade.json or the reports say more than that the seed is secret"
import hashlib, json, sys
from pathlib import Path
out, key = Path(sys.argv[1]), sys.argv[2]
g = json.loads((out / "grade.json").read_text())
assert g["seed"] == "secret" and "seed_sha256" not in g and g["seed_independent_points"] == 0, g
c = g["seed_check"]
assert len(c["salt"]) == 32 and c["sha256"] == hashlib.sha256(f"{c['salt']}:{key}".encode()).hexdigest(), c
carol = json.loads((out / "students/carol/report.json").read_text())
assert carol["seed"] == "secret" and carol["seed_from_env"] == "SECRET_SEED", carol["seed"]
reruns = [t["rerun"] for t in carol["tests"] if "rerun" in t]
# Issue #64, point 5: a student has no secret; the line runs on the pack's inputs and says so.
tail = "  # on this test's inputs in the pack: the graded ones were drawn from the grading secret"
assert reruns and all(r.endswith(tail) and "--seed" not in r for r in reruns), reruns
EOF
# The report's own line, pasted as it is (the judge on PATH, in the folder the file is named from),
# runs without the secret: the test fails there too (exit 1), never a refusal (exit 2).
rerun=$(python3 -c 'import json,sys; print([t for t in json.load(open(sys.argv[1]))["tests"] if "rerun" in t][0]["rerun"])' \
    "$TMP/g/students/carol/report.json")
mkdir -p "$TMP/pasted/bin"
printf '#!/bin/sh\nexec "%s" --root "%s" "$@"\n' "$JUDGE" "$ROOT" >"$TMP/pasted/bin/judge"
chmod +x "$TMP/pasted/bin/judge"
cp -r "$TMP/class/." "$TMP/pasted/"
(cd "$TMP/pasted" && env -u SECRET_SEED PATH="$TMP/pasted/bin:$PATH" bash -c "$rerun" >"$TMP/out" 2>"$TMP/err")
got=$?
[ "$got" = 1 ] || fail "the pasted rerun line exited $got, not 1: $rerun: $(cat "$TMP/err")"
failing=$(python3 -c 'import json,sys; t=[t for t in json.load(open(sys.argv[1]))["tests"] if "rerun" in t][0]
print(t["id"])' "$TMP/g/students/carol/report.json")
# The rerun command reads the variable and draws the very inputs the grade drew: carol's file's seed.
SECRET_SEED=$secret expect_exit 1 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" \
    --file "$TMP/class/carol/solution.cpp" --outputs "$TMP/secret" --seed-from-env SECRET_SEED
grep -qiF "$secret" "$TMP/out" "$TMP/err" && fail "judge run printed the secret"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" \
    --file "$TMP/class/carol/solution.cpp" --outputs "$TMP/derived" --seed "$derived"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" \
    --file "$TMP/class/carol/solution.cpp" --outputs "$TMP/zero"
diff -r "$TMP/secret" "$TMP/derived" >/dev/null || fail "--seed-from-env drew other inputs than carol's file's seed"
diff -r "$TMP/secret/inputs" "$TMP/zero/inputs" >/dev/null && fail "the secret seed drew the spec's own inputs"
# Another file, even one comment apart, draws other hidden inputs: what one file relays is stale for
# the next (issue #62, point 1).
{ cat "$TMP/class/carol/solution.cpp"; echo "// one more line"; } >"$TMP/carol2.cpp"
SECRET_SEED=$secret expect_exit 1 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" \
    --file "$TMP/carol2.cpp" --outputs "$TMP/secret2" --seed-from-env SECRET_SEED
diff -r "$TMP/secret/inputs" "$TMP/secret2/inputs" >/dev/null && fail "two files drew the same hidden inputs"
# Their counterexample cases are the problem's, the same for both (they only explain, and are shown
# whole): the reference runs on them once for a class.
SECRET_SEED=$secret expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_sdpa --file "$TMP/carol2.cpp" \
    --seed-from-env SECRET_SEED --format json
python3 - "$TMP/g/students/carol/report.json" "$TMP/out" <<'EOF' || fail "two files' counterexamples differ"
import json, sys
def shown(path):
    return {t["id"]: t["counterexample"] for t in json.load(open(path))["tests"] if t.get("counterexample")}
a, b = shown(sys.argv[1]), shown(sys.argv[2])
assert a and a == b, (sorted(a), sorted(b))
EOF
# Under a secret, the reference alone has no draw: a rerun names its file.
SECRET_SEED=$secret expect_exit 2 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" --outputs "$TMP/ref" \
    --seed-from-env SECRET_SEED
expect_err "--seed-from-env: under a secret each submission is graded on inputs of its own; give --file"
# The problem's key, as judge secret key prints it, grades as the secret does, for that problem only.
SECRET_SEED=$secret expect_exit 0 "$JUDGE" --root "$ROOT" secret key problem_sdpa --from-env SECRET_SEED
[ "$(cat "$TMP/out")" = "judge-key-v1:problem_sdpa:$key" ] || fail "judge secret key printed $(cat "$TMP/out")"
sdpa_key=$(cat "$TMP/out")
SECRET_SEED=$sdpa_key expect_exit 1 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" \
    --file "$TMP/class/carol/solution.cpp" --outputs "$TMP/bykey" --seed-from-env SECRET_SEED
diff -r "$TMP/secret" "$TMP/bykey" >/dev/null || fail "the problem's key drew other inputs than the secret"
SECRET_SEED=$sdpa_key expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha \
    --file "$ROOT/reference/problem_mha/solution.cpp" --seed-from-env SECRET_SEED
expect_err "--seed-from-env: \$SECRET_SEED holds the key of problem_sdpa, not of problem_mha"
# A regrade with the same secret keeps every report; a submit says "secret" too.
SECRET_SEED=$secret expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g" \
    --seed-from-env SECRET_SEED
expect_out "3 students (0 graded, 3 unchanged)"
SECRET_SEED=$secret expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_sdpa --file "$TMP/class/carol/solution.cpp" \
    --format json --seed-from-env SECRET_SEED
grep -qiF "$secret" "$TMP/out" "$TMP/err" && fail "submit wrote the secret"
expect_out '"seed": "secret"'
expect_out '"seed_from_env": "SECRET_SEED"'
expect_out 'the graded ones were drawn from the grading secret'
# The same file gets the same report from submit and from grade.
python3 - "$TMP/out" "$TMP/g/students/carol/report.json" <<'EOF' || fail "submit and grade judged carol differently"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
for r in (a, b):
    r.pop("submission", None)
    for t in r["tests"]:
        t.pop("rerun", None)  # it names the file as each was given
assert a["tests"] == b["tests"] and a["score"] == b["score"], (a["score"], b["score"])
EOF
# Shards: merge checks them against the same variable, and refuses without it or with another secret.
for k in 1 2; do
    SECRET_SEED=$secret expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/class" \
        --out "$TMP/s$k" --shard $k/2 --seed-from-env SECRET_SEED
done
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/s1" "$TMP/s2" --out "$TMP/m"
expect_err "judge: error: merge: the shards were graded with a secret seed; give --seed-from-env"
OTHER=$("$JUDGE" secret new) expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/s1" "$TMP/s2" --out "$TMP/m" \
    --seed-from-env OTHER
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
expect_err "--seed-from-env: \$BAD is not a secret of at least 128 bits (at least 32 hex digits; its value is not shown): make one with \`judge secret new\`"
grep -q 12x "$TMP/err" && fail "a bad seed's value was printed"
# A human-sized secret is refused wherever a grade counts (issue #62: a six-digit one fell in 3.6 s).
for cmd in "submit problem_sdpa --file $TMP/class/carol/solution.cpp --seed-from-env SIX" \
    "grade problem_sdpa --class $TMP/class --out $TMP/g3 --seed-from-env SIX" \
    "pack problem_sdpa --gradescope --out $TMP/a.zip --seed-from-env SIX" "secret key problem_sdpa --from-env SIX"; do
    # shellcheck disable=SC2086 # the command's words
    SIX=482913 expect_exit 2 "$JUDGE" --root "$ROOT" $cmd
    expect_err "\$SIX is not a secret of at least 128 bits"
done
[ -e "$TMP/a.zip" ] && fail "pack --gradescope wrote a zip under a six-digit secret"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_sdpa --test "$failing" --outputs "$TMP/x" --seed 3 --seed-from-env BAD
expect_err "--seed excludes --seed-from-env"
echo "  the secret is 128 bits or more, keyed per problem and per file, written nowhere, reread by reruns, checked by merge"
