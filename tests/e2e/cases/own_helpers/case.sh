# shellcheck shell=bash
# Issue #43, point 7: a function the tensor header has, or adds later, never breaks a solution that
# defines its own of that name. helpers.py gives problem_block's reference a global function for
# every free function the header declares (read from the header, so a new one is covered), calls
# each unqualified, and declares judge::layer_norm and judge::feed_forward as a header that added
# them would, without a definition: the solution's own are called, or it would not link.
for how in "" --using-namespace; do
    /usr/bin/python3 "$HERE/helpers.py" "$ROOT/judge/tensor.hpp" "$ROOT/reference/problem_block/solution.cpp" \
        ${how:+"$how"} >"$TMP/own.cpp" 2>"$TMP/helpers.log" || fail "helpers.py failed: $(cat "$TMP/helpers.log")"
    expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_block --file "$TMP/own.cpp"
    expect_out "problem_block: accepted, 24/24 points"
done
