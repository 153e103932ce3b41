# shellcheck shell=bash
    expect_exit 0 "$JUDGE" --version
    expect_out "judge 0.1.0"
