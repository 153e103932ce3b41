# shellcheck shell=bash
# --help lists the subcommands and the exit codes.
    expect_exit 0 "$JUDGE" --help
    expect_out "Exit codes: 0 accepted or success"
    expect_out "list"
