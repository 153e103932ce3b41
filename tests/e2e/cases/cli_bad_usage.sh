# shellcheck shell=bash
# labels: sanitized
# An unknown subcommand, no subcommand and a --root without problems/ exit 2 with the reason.
expect_exit 2 "$JUDGE" frobnicate
expect_err "judge: error:"
expect_exit 2 "$JUDGE"
expect_exit 2 "$JUDGE" --root /nonexistent list
expect_err "judge: error: --root: /nonexistent is not a course root (it has no problems/ folder)"
