# shellcheck shell=bash
# SIGINT, SIGTERM and SIGHUP unwind the judge, leaving no process, folder or cgroup behind.
# Issue #20: SIGINT, SIGTERM and SIGHUP unwind the judge: no process, box folder or cgroup of
# its run is left behind, and it exits 128 + the signal.
for round in "bubblewrap INT 130" "fallback TERM 143" "bubblewrap HUP 129"; do
    read -r tier sig want <<<"$round"
    rm -rf "$TMP/class" "$TMP/g" "$TMP/t"
    mkdir -p "$TMP/t" && chmod 755 "$TMP" "$TMP/t"
    for s in s1 s2 s3 s4; do mkdir -p "$TMP/class/$s" && cp "$SUB/time_limit/solution.cpp" "$TMP/class/$s/"; done
    TMPDIR="$TMP/t" JUDGE_SANDBOX=$tier "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --jobs 2 \
        >"$TMP/out" 2>"$TMP/err" &
    pid=$!
    # Wait until a submission is really running, then interrupt the judge. By the clock, with a
    # generous bound: on a busy machine the reference's build and the compile come first.
    found="" deadline=$((SECONDS + 180))
    while [ $SECONDS -lt $deadline ]; do
        found=$(box_pids "$TMP/t/")
        [ -n "$found" ] && break
        kill -0 "$pid" 2>/dev/null || { cat "$TMP/err"; fail "the judge ended before a submission ran ($tier)"; }
        sleep 0.1
    done
    [ -n "$found" ] || { cat "$TMP/err"; fail "no submission started ($tier)"; }
    sleep 0.5
    kill -"$sig" "$pid"
    wait "$pid"
    code=$?
    [ "$code" = "$want" ] || { cat "$TMP/err"; fail "SIG$sig: exit $code, expected $want ($tier)"; }
    expect_err "judge: stopped by signal"
    sleep 0.2
    if [ -n "$(box_pids "$TMP/t/")" ]; then
        ps -eo pid,ppid,user,cmd | grep "$TMP/t/" | grep -v grep
        fail "processes survived SIG$sig ($tier)"
    fi
    [ -z "$(ls -A "$TMP/t")" ] || { ls -la "$TMP/t"; fail "SIG$sig left folders behind in TMPDIR ($tier)"; }
    if [ -d /sys/fs/cgroup/memory ] && [ -n "$(find /sys/fs/cgroup -maxdepth 2 -name "judge-$pid-*" 2>/dev/null)" ]; then
        find /sys/fs/cgroup -maxdepth 2 -name "judge-$pid-*"
        fail "SIG$sig left cgroups behind ($tier)"
    fi
    # The students graded before the signal are kept; the others are graded on a rerun.
    [ -e "$TMP/g/grades.csv" ] && fail "an interrupted grade wrote the class files"
done
return 0
