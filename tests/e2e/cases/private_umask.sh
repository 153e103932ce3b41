# shellcheck shell=bash
# A judge run with a umask of 077 (an image or a CI job that keeps its files private) on a cold
# cache: what the box reads (the headers, the harness object) is still readable to the box's user,
# so the reference compiles and is accepted; nothing blames the student for the judge's files.
expect_exit 0 sh -c 'umask 077 && exec "$@"' umask077 env JUDGE_CACHE="$TMP/private-cache" \
    "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.cpp"
expect_out "problem_sdpa: accepted"
