# shellcheck shell=bash
# labels: sanitized
# Issue #9: a huge source is refused by its size (fstat), without being read into memory.
truncate -s 1500M "$TMP/huge.cpp"   # sparse: no disk used
/usr/bin/time -f "%M" -o "$TMP/rss" "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/huge.cpp" >"$TMP/out" 2>"$TMP/err"
expect_out "judge: the source file is 1572864000 bytes; the limit is 1048576 bytes"
expect_out "problem_mha: compile_error"
[ "$(tail -1 "$TMP/rss")" -lt 300000 ] || fail "the judge used $(tail -1 "$TMP/rss") KB: it read the file"
mkfifo "$TMP/fifo.cpp"
expect_exit 2 timeout 20 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/fifo.cpp"
expect_err "judge: error: $TMP/fifo.cpp: cannot read: it is not a regular file"
