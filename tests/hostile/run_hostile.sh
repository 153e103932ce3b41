#!/usr/bin/env bash
# One hostile submission: run_hostile.sh CASE TIER JUDGE_BINARY SOURCE_ROOT
# Runs tests/hostile/cases/CASE/solution.cpp (or solution.py: its header lines start with "# ", not
# "// ") against the probe problem in sandbox TIER and checks:
#   - the verdict is the one the case declares (// expect: ...);
#   - the judge ends by itself (a hang is caught by `timeout`; the wall time is printed, never
#     compared: it depends on the machine's load, and the verdict already says the limits held);
#   - no process of the submission survives;
#   - the judge is healthy afterwards (the reference is still accepted);
#   - the case's own containment check (// check: ...), if any;
#   - what the report must say (// report: ...) and what no format of it may say (// absent: ...).
set -uo pipefail
source "$(dirname "$0")/../box_pids.sh"
case_name=$1 tier=$2 JUDGE=$3 ROOT=$4
SRC="$ROOT/tests/hostile/cases/$case_name/solution.cpp"
ext=cpp cm='//'
if [ ! -f "$SRC" ]; then SRC="$ROOT/tests/hostile/cases/$case_name/solution.py" ext=py cm='#'; fi
TMP=$(mktemp -d)
# (The relay cases' files in the machine's /tmp, which the fallback tier shares.)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$TMP" /tmp/judge-relay-$$ /tmp/judge-left-$$ /dev/shm/judge-left-$$' EXIT
# The judge's boxes go under a private TMPDIR, so that "no process survived" looks at this run's
# processes only, even when other tests run at the same time. The box user must traverse it.
chmod 755 "$TMP"
mkdir -m 755 "$TMP/t"
export TMPDIR="$TMP/t"
tag=$$
export NO_COLOR=1 JUDGE_SANDBOX=$tier
export JUDGE_CACHE="${JUDGE_E2E_CACHE:-$TMP/cache}"
mkdir -p "$JUDGE_CACHE"
fail() { echo "FAIL [$case_name/$tier]: $*" >&2; exit 1; }

# A private copy of the course, with a secret a submission must never see.
cp -r "$ROOT/tests/hostile/course" "$TMP/course"
echo 'int SECRET_4242_LEAKED = ;' >"$TMP/course/reference/probe/secret.txt"
expect=$(sed -n "s|^$cm expect: ||p" "$SRC" | head -1)
checks=$(sed -n "s|^$cm check: ||p" "$SRC")
mapfile -t says < <(sed -n "s|^$cm report: ||p" "$SRC")
mapfile -t never_says < <(sed -n "s|^$cm absent: ||p" "$SRC")
# Skipped (77, which ctest reports as skipped) with the reason, never passed without running.
if [[ " $checks " == *" needs_root "* ]] && [ "$(id -u)" != 0 ]; then
    echo "skipped: $case_name needs root (as another user the $tier tier runs it as that user, who owns the cache)"
    exit 77
fi
if [ "$tier" = bubblewrap ] && ! JUDGE_SANDBOX="" "$JUDGE" doctor 2>/dev/null | grep '^bubblewrap: *works' >/dev/null; then
    echo "skipped: bubblewrap cannot create its namespaces here (a container without user namespaces?):"
    JUDGE_SANDBOX="" "$JUDGE" doctor 2>&1 | grep '^bubblewrap:'
    exit 77
fi
if [[ " $checks " == *" cache_untouched "* ]]; then
    # A cache of its own (the suite's shared one holds every problem's runs: walking it on every
    # test would take the case past its time limit, and what it finds would depend on the other
    # tests), warmed first, so that there are trusted builds and runs to protect.
    export JUDGE_CACHE="$TMP/cache"
    mkdir -p "$JUDGE_CACHE"
    chmod 755 "$JUDGE_CACHE"
    "$JUDGE" --root "$TMP/course" -q submit probe --file "$TMP/course/reference/probe/solution.cpp" >/dev/null 2>&1 ||
        fail "the reference is not accepted before the case runs"
    (cd "$JUDGE_CACHE" && find . -type f ! -name '*.tmp.*' -print0 | xargs -0 -r sha1sum) >"$TMP/cache.sha1"
fi
if [[ " $checks " == *" shared_places_closed "* ]]; then
    if [ "$tier" = fallback ] && ! "$JUDGE" doctor 2>/dev/null | grep '^files: *Landlock' >/dev/null; then
        echo "skipped: no Landlock here, so the fallback tier shares the host's /tmp (judge doctor):"
        "$JUDGE" doctor 2>&1 | grep -A1 '^files:'
        exit 77
    fi
    # What an earlier submission on this host left for the next one, readable to all.
    for d in /tmp /dev/shm; do
        [ -d "$d" ] && echo "LEFT-$tag" >"$d/judge-left-$tag" && chmod 644 "$d/judge-left-$tag"
    done
fi
port=0
if [[ " $checks " == *" no_connection "* ]]; then
    cc -O1 -o "$TMP/listener" "$ROOT/tests/hostile/listener.c" || fail "cannot build the listener"
    "$TMP/listener" "$TMP/connected" >"$TMP/port" &
    listener=$!
    for _ in $(seq 50); do [ -s "$TMP/port" ] && break; sleep 0.1; done
    port=$(cat "$TMP/port")
fi
secret=$("$JUDGE" secret new)
sed -e "s|@SECRET@|$secret|g" -e "s|@TAG@|$tag|g" -e "s|@PORT@|$port|g" -e "s|@COURSE@|$TMP/course|g" -e "s|@CACHE@|$JUDGE_CACHE|g" -e "s|@HOME@|${HOME:-/root}|g" "$SRC" >"$TMP/solution.$ext"
if [[ " $checks " == *" huge "* ]]; then
    head -c 1200000 /dev/zero | tr '\0' '\n' | sed "s|^\$|$cm padding|" >>"$TMP/solution.$ext"
fi

if [[ " $checks " == *" disk_bounded "* ]]; then
    # Samples the disk under the box and the machine's memory while the case runs.
    (while :; do
        echo "$(df -k --output=used "$TMPDIR" | tail -1) $(free -k | awk '/^Mem:/ {print $3}')"
        sleep 0.1
    done) >"$TMP/usage" 2>/dev/null &
    sampler=$!
fi
start=$(date +%s.%N)
if [[ " $checks " == *" with_secret "* ]]; then
    # The grade that counts: the secret in the judge's environment, as every platform's recipe has it.
    GRADING_SEED=$secret timeout 120 "$JUDGE" --root "$TMP/course" submit probe --file "$TMP/solution.$ext" \
        --seed-from-env GRADING_SEED --format json >"$TMP/out" 2>"$TMP/err"
elif [[ " $checks " == *" no_inherited_fds "* ]]; then
    # As `judge submit ... 7</secret 8>>file` from a shell: neither may reach the submission.
    : >"$TMP/hostfile"
    timeout 120 "$JUDGE" --root "$TMP/course" submit probe --file "$TMP/solution.$ext" --format json >"$TMP/out" 2>"$TMP/err" \
        7<"$TMP/course/reference/probe/secret.txt" 8>>"$TMP/hostfile"
else
    timeout 120 "$JUDGE" --root "$TMP/course" submit probe --file "$TMP/solution.$ext" --format json >"$TMP/out" 2>"$TMP/err"
fi
code=$?
elapsed=$(echo "$(date +%s.%N) - $start" | bc)
verdict=$(grep -m1 '^  "verdict"' "$TMP/out" | sed 's/.*: "\([a-z_]*\)".*/\1/')
echo "case $case_name, tier $tier: verdict $verdict, exit $code, ${elapsed}s"

[ "$code" = 124 ] && { cat "$TMP/err"; fail "the judge had not ended after 120 s: a hang"; }
want_code=1
[ "$expect" = accepted ] && want_code=0
[ "$code" = "$want_code" ] || { cat "$TMP/err"; head -c 3000 "$TMP/out"; fail "exit code $code, expected $want_code"; }
[ "$verdict" = "$expect" ] || { head -c 3000 "$TMP/out"; fail "verdict $verdict, expected $expect"; }
grep -q "\"sandbox\": \"$tier\"" "$TMP/out" || fail "the report does not say sandbox $tier"
# Nothing of the submission survives: its test processes, a left-behind grandchild, a fork bomb.
if pgrep -f "sleep 4242$tag" >/dev/null || [ -n "$(box_pids "$TMPDIR/")" ]; then
    ps -eo pid,ppid,user,cmd | grep -E "sleep 4242$tag|$TMPDIR/" | grep -v grep
    fail "a process of the submission survived"
fi
for c in $checks; do
    case $c in
        no_survivors | huge) ;;
        no_written_files)
            for f in "$TMP/course/reference/probe/pwned" "$JUDGE_CACHE/pwned" "$JUDGE_CACHE/runs/pwned" /tmp/judge-hostile-pwned; do
                [ -e "$f" ] && { rm -f "$f"; fail "the submission wrote $f outside its box"; }
            done ;;
        no_connection)
            kill "$listener" 2>/dev/null
            [ -e "$TMP/connected" ] && fail "the submission connected to the host's loopback" ;;
        output_capped)
            grep -q "its output had reached the limit of 64 KB" "$TMP/out" || fail "the report does not mention the output cap" ;;
        needs_root) ;;
        with_secret)
            grep -q "$secret" "$TMP/out" "$TMP/err" && fail "the secret appears in the report" ;;
        planted_target_empty)
            t=/tmp/judge-hostile-target-$tag
            if [ -n "$(ls -A "$t" 2>/dev/null)" ]; then ls -la "$t"; rm -rf "$t"; fail "the judge wrote into the folder a planted link named"; fi
            rm -rf "$t" ;;
        disk_bounded)
            kill "$sampler" 2>/dev/null
            read -r disk0 mem0 < <(head -1 "$TMP/usage")
            grow=$(awk -v d="$disk0" -v m="$mem0" '{ if ($1 - d > dd) dd = $1 - d; if ($2 - m > mm) mm = $2 - m }
                END { printf "%d %d", dd / 1024, mm / 1024 }' "$TMP/usage")
            read -r disk_mb mem_mb <<<"$grow"
            # The machine's memory is the machine's (other tests and programs move it), so it is
            # shown, not checked: what the box's files may take is checked by the case itself, which
            # counts what it wrote and fails (x + 1) past 600 MB, and by the disk under the box.
            echo "  disk under the box grew by at most $disk_mb MB; the machine's used memory moved by $mem_mb MB"
            (( disk_mb < 200 )) || fail "the box wrote $disk_mb MB to the host's disk" ;;
        cache_untouched)
            (cd "$JUDGE_CACHE" && sha1sum --quiet -c "$TMP/cache.sha1") || fail "the submission changed the judge's cache"
            [ -n "$(find "$JUDGE_CACHE" -name pwned)" ] && fail "the submission wrote into the judge's cache" ;;
        no_inherited_fds)
            [ -s "$TMP/hostfile" ] && fail "the submission wrote to a descriptor the judge inherited: $(head -c 100 "$TMP/hostfile")" ;;
        relay_not_in_report)
            # Issue #39: what a hidden test was given never reaches a sample test's words: not in
            # this report, nor in any file of the grade that counts (a class of one, under a secret
            # grading seed: report.json, results.json, junit.xml, the summaries).
            grep -q "RELAY-$tag" "$TMP/out" "$TMP/err" && { grep -m3 "RELAY-$tag" "$TMP/out"; fail "a hidden test's input reached the report"; }
            # (In the fallback tier the machine's /tmp outlives a submission: the documented relay
            # between submissions there, sandbox.md. Cleared, so the grade starts as a fresh machine.)
            rm -f "/tmp/judge-relay-$tag"
            mkdir -p "$TMP/class/s1"
            cp "$TMP/solution.$ext" "$TMP/class/s1/"
            GRADING_SEED=$("$JUDGE" secret new) timeout 120 "$JUDGE" --root "$TMP/course" -q grade probe --class "$TMP/class" --out "$TMP/g" \
                --seed-from-env GRADING_SEED >"$TMP/grade.out" 2>&1 || { cat "$TMP/grade.out"; fail "grade failed"; }
            grep -q '^s1,accepted,' "$TMP/g/grades.csv" || { cat "$TMP/g/grades.csv"; fail "the graded relay is not accepted"; }
            [ -f "$TMP/g/students/s1/results.json" ] && [ -f "$TMP/g/junit.xml" ] || fail "grade wrote no results.json or junit.xml"
            # The file judged is kept beside the report (students/<id>/submitted/): the student's own
            # bytes, which name the marker; it must be exactly the class file, and nothing else may.
            cmp -s "$TMP/g/students/s1/submitted/solution.$ext" "$TMP/class/s1/solution.$ext" ||
                fail "the kept submission is not the file handed in"
            grep -rl --exclude-dir=submitted "RELAY-$tag" "$TMP/g" && fail "a hidden test's input reached a file of the grade" ;;
        as_seeded_bug)
            # Issue #62: the file saved as a seeded bug (grade --suggest-bugs offers a student's file
            # so); validate and a grade under a secret run it, with the secret in the judge's
            # environment and in a file only root may read.
            hook_note=/tmp/judge-hostile-hook-$tag
            rm -f "$hook_note"
            mkdir -p "$TMP/course/reference/probe/bugs"
            cp "$TMP/solution.$ext" "$TMP/course/reference/probe/bugs/hook.cpp"
            echo "$secret" >"$TMP/course/grading_seed"
            chmod -R go-rwx "$TMP/course"  # root's alone, as docs/sandbox.md sets a course up for the fallback tier
            GRADING_SEED=$secret timeout 300 "$JUDGE" --root "$TMP/course" validate probe >"$TMP/validate.out" 2>&1
            grep -q 'hook \[identity\]: caught' "$TMP/validate.out" || { cat "$TMP/validate.out"; fail "validate did not run the saved bug"; }
            mkdir -p "$TMP/class/s1"
            cp "$TMP/solution.$ext" "$TMP/class/s1/"
            GRADING_SEED=$secret timeout 120 "$JUDGE" --root "$TMP/course" -q grade probe --class "$TMP/class" --out "$TMP/g" \
                --seed-from-env GRADING_SEED >"$TMP/grade.out" 2>&1 || { cat "$TMP/grade.out"; fail "grade failed"; }
            grep -q 'returning x doubled' "$TMP/g/students/s1/report.json" ||
                fail "no misconception named: the grade did not run the saved bug, or its hook found root or the secret"
            for f in "$TMP/course/reference/probe/pwned" "$JUDGE_CACHE/pwned" "$JUDGE_CACHE/runs/pwned"; do
                [ -e "$f" ] && { cat "$f"; rm -f "$f"; fail "the saved bug's start-up hook wrote $f"; }
            done
            if [ "$tier" = fallback ] && "$JUDGE" doctor 2>/dev/null | grep '^files: *Landlock' >/dev/null; then
                [ -e "$hook_note" ] && { cat "$hook_note"; rm -f "$hook_note"; fail "the saved bug wrote to the host's /tmp"; }
            elif [ "$tier" = fallback ]; then
                # Its /tmp is the machine's: the hook's note shows it ran, and as whom.
                [ -s "$hook_note" ] || fail "the saved bug's hook left no note: the check would prove nothing"
                grep -q 'uid=0 ' "$hook_note" && { rm -f "$hook_note"; fail "the saved bug ran as root"; }
                grep -qF -e "$secret" -e SECRET_4242 "$hook_note" && { cat "$hook_note"; rm -f "$hook_note"; fail "the saved bug read the secret"; }
            fi
            rm -f "$hook_note" ;;
        shared_places_closed)
            # Issue #62: nothing read from, or left in, the places every box of the host shares.
            rm -f "/tmp/judge-left-$tag" "/dev/shm/judge-left-$tag"
            for f in "/tmp/judge-relay-$tag" "/var/tmp/judge-relay-$tag" "/dev/shm/judge-relay-$tag" "/tmp/judge-relay-dir-$tag"; do
                [ -e "$f" ] && { rm -rf "$f"; fail "the submission left $f on the host"; }
            done ;;
        second_run_clean)
            # Issue #65: the sample test's second run, after the hidden tests in the same box, found
            # nothing they left: its output did not change, and the randn test could leave it.
            rm -f "/tmp/judge-again-$tag" "/dev/shm/judge-again-$tag"
            python3 - "$TMP/out" <<'PY' || fail "a hidden test's leftovers reached a second run (above)"
import json, sys
r = json.load(open(sys.argv[1]))
tests = {t["id"]: t for t in r["tests"]}
assert not tests["sample"].get("output_changes"), "the sample test's output changed on its second run"
assert tests["sample"]["verdict"] == "wrong_answer", tests["sample"]
assert tests["random"]["points"] == tests["random"]["max_points"], "the randn test could leave nothing"
PY
            # ... and that second run did run (the judge asked for it, the runner did not refuse it).
            JUDGE_SANDBOX=$tier timeout 120 "$JUDGE" -vv --root "$TMP/course" submit probe --file "$TMP/solution.$ext" \
                >/dev/null 2>"$TMP/again.err"
            rm -f "/tmp/judge-again-$tag" "/dev/shm/judge-again-$tag"
            grep -q "1 wrong answer to run again" "$TMP/again.err" || fail "the sample test was not run again"
            grep -q "not run again" "$TMP/again.err" && fail "the runner ran nothing again: $(grep -m1 'not run again' "$TMP/again.err")"
            ;;
        secret_not_in_report)
            grep -q SECRET_4242 "$TMP/out" "$TMP/err" && fail "the secret's content appears in the report" ;;
        *) fail "unknown check $c" ;;
    esac
done
for want in "${says[@]}"; do
    grep -qF -- "$want" "$TMP/out" || { head -c 3000 "$TMP/out"; fail "the report does not say: $want"; }
done
# What a hidden test chose to do (its exit code, signal, exception) appears in no format.
if [ "${#never_says[@]}" -gt 0 ]; then
    for format in text markdown gradescope prairielearn; do
        "$JUDGE" --root "$TMP/course" submit probe --file "$TMP/solution.$ext" --format "$format" >"$TMP/out.$format" 2>&1
    done
    for unwanted in "${never_says[@]}"; do
        if grep -F -- "$unwanted" "$TMP/out" "$TMP/out.text" "$TMP/out.markdown" "$TMP/out.gradescope" "$TMP/out.prairielearn"; then
            fail "the report says what a hidden test chose: $unwanted"
        fi
    done
fi
# The judge is still healthy.
"$JUDGE" --root "$TMP/course" -q submit probe --file "$TMP/course/reference/probe/solution.cpp" >"$TMP/after" 2>&1 ||
    { cat "$TMP/after"; fail "the judge did not accept the reference afterwards"; }
echo "ok: $case_name ($tier)"
