# shellcheck shell=bash
# grade's bad arguments (no class folder, a bad shard) exit 2 with the reason.
mkdir -p "$TMP/class"
expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/nowhere" --out "$TMP/g"
expect_err "judge: error: --class: $TMP/nowhere is not a directory"
expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --shard 3/2
expect_err 'judge: error: --shard: expected K/N with 1 <= K <= N, got "3/2"'
expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --jobs 0
expect_err "judge: error: --jobs: must be at least 1"
