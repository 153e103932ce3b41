# shellcheck shell=bash
# Issue #13: CLI details. A negative seed is refused (it used to wrap around), an unknown option is
# named, and -V prints the version.
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --seed -1
expect_err 'judge: error: --seed: expected a whole number from 0 to 18446744073709551615, got "-1" (see judge --help)'
expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP" --out "$TMP/g" --seed x
expect_err 'got "x"'
expect_exit 2 "$JUDGE" --bogus
expect_err "judge: error: unknown option --bogus (see judge --help)"
expect_exit 0 "$JUDGE" -V
expect_out "judge 0."
