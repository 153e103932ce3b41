# shellcheck shell=bash
# The grading seed from a CI secret: never printed; grade.json keeps its SHA-256 only.
mkdir -p "$TMP/class/alice" "$TMP/class/bob"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$TMP/class/alice/"
cp "$ROOT/student_template/problem_sdpa/solution.cpp" "$TMP/class/bob/"
SECRET_SEED=918273645 expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g" --seed-from-env SECRET_SEED
grep -rq 918273645 "$TMP/g/grade.json" "$TMP/out" "$TMP/err" && fail "the secret seed was printed or written to grade.json"
grep -q "\"seed_sha256\": \"$(printf 918273645 | sha256sum | cut -d' ' -f1)\"" "$TMP/g/grade.json" || fail "grade.json lacks the seed's SHA-256"
expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g2" --seed-from-env NO_SUCH_VAR_4242
expect_err "--seed-from-env: \$NO_SUCH_VAR_4242 is not set"
BAD=12x expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g2" --seed-from-env BAD
expect_err "is not a whole number"
grep -q 12x "$TMP/err" && fail "a bad seed's value was printed"
echo "  the seed stays out of logs and grade.json"
