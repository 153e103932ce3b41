# shellcheck shell=bash
# -q prints nothing but errors on stderr; -v prints the steps.
ref="$ROOT/reference/problem_mha/solution.cpp"
expect_exit 0 "$JUDGE" --root "$ROOT" -q submit problem_mha --file "$ref"
[ -s "$TMP/err" ] && fail "-q still printed: $(cat "$TMP/err")"
expect_exit 0 "$JUDGE" --root "$ROOT" -v submit problem_mha --file "$ref"
expect_err "debug: toolchain:"
# Global options also work after the subcommand.
expect_exit 0 "$JUDGE" submit problem_mha --root "$ROOT" --file "$ref"
