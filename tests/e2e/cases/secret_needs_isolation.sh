# shellcheck shell=bash
# cost: 8
# Issue #62, point 4: where no user namespaces let bubblewrap start and the judge is not root (a
# CodeGrade step, say), a submission runs as the judge's own user: it could read the secret from
# /proc/<judge>/environ, the cache and the course. A grade under a secret is refused there, exit 3,
# saying what the host must allow; without a secret the same run judges, with its warning. As root
# the judge's cache becomes root's alone (0700), however it was made.
if [ "$(id -u)" != 0 ]; then
    echo "skipped: runs the judge as nobody, which needs root"
    exit 77
fi
chmod 755 "$TMP"
mkdir -m 777 "$TMP/nobody-cache" "$TMP/nobody-tmp"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$TMP/solution.cpp"
chmod 644 "$TMP/solution.cpp"
as=(runuser -u nobody -- env JUDGE_CACHE="$TMP/nobody-cache" TMPDIR="$TMP/nobody-tmp" JUDGE_SANDBOX=fallback)
secret=$("$JUDGE" secret new)
expect_exit 3 "${as[@]}" GS="$secret" "$JUDGE" --root "$ROOT" submit problem_sdpa --file "$TMP/solution.cpp" \
    --seed-from-env GS
expect_err "--seed-from-env GS: a grade under a secret needs isolation this run does not have"
expect_err "or run the judge as root in the container"
grep -q "$secret" "$TMP/out" "$TMP/err" && fail "the refusal shows the secret"
mkdir -p "$TMP/class/s1"
cp "$TMP/solution.cpp" "$TMP/class/s1/"
chmod -R a+rX "$TMP/class"
expect_exit 3 "${as[@]}" GS="$secret" "$JUDGE" --root "$ROOT" grade problem_sdpa --class "$TMP/class" \
    --out "$TMP/nobody-tmp/g" --seed-from-env GS
expect_err "a grade under a secret needs isolation"
expect_exit 0 "${as[@]}" "$JUDGE" --root "$ROOT" -q submit problem_sdpa --file "$TMP/solution.cpp"
expect_err "WITHOUT isolation"
# As root, a cache made 0755 (JUDGE_CACHE=/var/cache/judge, say) is root's alone once judged with.
mkdir -m 755 "$TMP/root-cache"
expect_exit 0 env JUDGE_CACHE="$TMP/root-cache" "$JUDGE" --root "$ROOT" -q submit problem_sdpa --file "$TMP/solution.cpp"
[ "$(stat -c %a "$TMP/root-cache")" = 700 ] || fail "the root judge's cache is $(stat -c %a "$TMP/root-cache"), not 700"
