# shellcheck shell=bash
# A missing --file and an unknown --format exit 2 with the reason.
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/none.cpp"
expect_err "judge: error: --file: $TMP/none.cpp does not exist"
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --format xml
expect_err 'judge: error: --format: expected text, json, junit, gradescope, classroom, prairielearn, codegrade, html or markdown, got "xml"'
