# shellcheck shell=bash
# A loop is a time limit, and after two the remaining tests are not run.
    local t0=$SECONDS
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/time_limit/solution.cpp"
    expect_out "did not finish within the time limit of 2000 ms"
    expect_out "not run: 2 earlier tests already hit the time limit"
    expect_out "problem_mha: time_limit"
    [ $((SECONDS - t0)) -lt 20 ] || fail "a looping submission took $((SECONDS - t0)) s"
    [ -n "$(box_pids "$TMP")" ] && fail "a process of the submission survived"
    return 0
