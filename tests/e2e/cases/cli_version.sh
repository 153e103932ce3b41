# shellcheck shell=bash
# --version prints the judge's version.
expect_exit 0 "$JUDGE" --version
expect_out "judge 0.1.0"
