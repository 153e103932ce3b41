# shellcheck shell=bash
# Colour goes to a terminal only; NO_COLOR and pipes get plain text.
command -v script >/dev/null || { echo "skip: no script(1)"; return 0; }
ref="$ROOT/reference/problem_mha/solution.cpp"
# On a pseudo-terminal the verdict is coloured...
env -u NO_COLOR script -qec "'$JUDGE' --root '$ROOT' -q submit problem_mha --file '$ref'" /dev/null >"$TMP/out" 2>&1
grep -q $'\033\\[32m' "$TMP/out" || fail "no colour on a terminal"
# ...NO_COLOR turns it off there...
NO_COLOR=1 script -qec "'$JUDGE' --root '$ROOT' -q submit problem_mha --file '$ref'" /dev/null >"$TMP/out" 2>&1
grep -q $'\033\\[' "$TMP/out" && fail "colour despite NO_COLOR"
# ...and a pipe never gets it.
env -u NO_COLOR "$JUDGE" --root "$ROOT" -q submit problem_mha --file "$ref" >"$TMP/out" 2>&1
grep -q $'\033\\[' "$TMP/out" && fail "colour on a pipe"
return 0
