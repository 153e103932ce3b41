#!/usr/bin/env bash
# Run by tests/container/podman_tier.sh inside the container (as root): the judge at
# /usr/local/bin/judge, the project read-only at /src.
set -uo pipefail
profile=$1
JUDGE=/usr/local/bin/judge
export NO_COLOR=1 JUDGE_E2E_CACHE=/var/cache/judge-e2e
mkdir -p "$JUDGE_E2E_CACHE"
failed=0
check() { if "$@"; then echo "  ok: $*"; else echo "  FAIL: $*"; failed=1; fi; }
"$JUDGE" --root /src doctor >/tmp/doctor 2>&1
sed 's/^/  | /' /tmp/doctor
check grep -q '^tier: *fallback' /tmp/doctor
check grep -q '^secret grading: *yes, as root' /tmp/doctor
[ "$profile" = no-userns ] && check grep -q '^user namespaces: *not available\|^bubblewrap:.*not work' /tmp/doctor
# The platforms' default seccomp profiles allow Landlock: the host's /tmp is closed to every box.
check grep -q '^files: *Landlock ABI [0-9]*: .*/tmp' /tmp/doctor
# The hostile cases of issue #62, in the tier the container gets.
for c in read_cache read_judge_env relay_exit_code relay_files py_relay_exit_code tmp_relay py_tmp_relay \
    write_outside suggested_bug_hook; do
    bash /src/tests/hostile/run_hostile.sh "$c" fallback "$JUDGE" /src >/tmp/case.log 2>&1
    code=$?
    tail -1 /tmp/case.log | sed 's/^/  | /'
    [ "$code" = 0 ] || { cat /tmp/case.log; }
    check [ "$code" = 0 ]
done
# PrairieLearn's entry point: the problem's key in /grade/tests/grading_seed, a student file that
# includes it. The key becomes root's alone before the student's program (and compile) runs.
mkdir -p /grade/student /grade/tests
S=$("$JUDGE" secret new)
GS=$S "$JUDGE" -q --root /src secret key problem_sdpa --from-env GS >/grade/tests/grading_seed
chmod 644 /grade/tests/grading_seed
printf '#include "/grade/tests/grading_seed"\n' >/grade/student/solution.cpp
GRADE_DIR=/grade JUDGE=$JUDGE bash /src/scripts/prairielearn/judge-prairielearn problem_sdpa --root /src
key=$(cut -d: -f3 /grade/tests/grading_seed)
check [ -s /grade/results/results.json ]
check [ "$(stat -c %a /grade/tests/grading_seed)" = 600 ]
check sh -c "! grep -q '$key' /grade/results/results.json"
grep -o 'grading_seed[^"]\{0,60\}' /grade/results/results.json | head -2 | sed 's/^/  | /'
exit "$failed"
