# shellcheck shell=bash
# Issue #11's goal: every seeded bug of every shipped problem fails exactly its own trap.
expect_exit 0 "$JUDGE" --root "$ROOT" validate --all --format json
python3 "$HERE/check.py" "$TMP/out" || fail "a seeded bug fails more than its own trap"
expect_exit 0 "$JUDGE" --root "$ROOT" validate problem_mha
expect_out "fold_one_reshape [chunk_order]: caught by 18 tests, 3 of them chunk_order; fails 1 trap, blocks 5"
