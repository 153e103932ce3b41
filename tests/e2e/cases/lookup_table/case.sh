# shellcheck shell=bash
# cost: 230
# labels: grading
# The grade that counts cannot be bought with a pack (issue #38). A student builds a table from
# their pack's own data: a digest of each call's inputs to the stored answer (each call of a sequence
# too, from the sequence's stored outputs), falling back to the
# answer of a test with the same shapes and ints, and X + (output - input) for posenc. It is
# accepted by the pack's self-grade; under a grading seed every test is drawn anew, and it passes
# none (`judge validate --strict` fails on a test that keeps its inputs under every seed).
problems=$(ls "$ROOT/problems")  # every shipped problem
# shellcheck disable=SC2086
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack $problems --out "$TMP/pack"
for p in $problems; do
    for t in $(python3 -c 'import json,sys; print(" ".join(t["id"] for t in json.load(open(sys.argv[1]))["tests"]
                                                         if t.get("visibility") == "sample"))' \
        "$TMP/pack/problems/$p/problem.json"); do
        # A pack runs a sample test on a file of the student's: the template will do (it fails).
        expect_exit 1 "$JUDGE" -q --root "$TMP/pack" run "$p" --test "$t" --outputs "$TMP/runs/$p/$t" \
            --file "$TMP/pack/student_template/$p/solution_numpy.py"
    done
    python3 "$HERE/build_lookup.py" "$TMP/pack" "$p" "$TMP/runs/$p" "$TMP/$p.py"
    # The table works: the pack's self-grade accepts it.
    expect_exit 0 "$JUDGE" -q --root "$TMP/pack" submit "$p" --file "$TMP/$p.py"
    expect_out "$p: accepted"
    # The grade that counts: a secret seed draws every test anew.
    LOOKUP_SEED=$("$JUDGE" secret new) expect_exit 1 "$JUDGE" -q --root "$ROOT" submit "$p" --file "$TMP/$p.py" \
        --format json --seed-from-env LOOKUP_SEED --no-counterexamples
    passed=$(python3 -c 'import json,sys; print(" ".join(t["id"] for t in json.load(open(sys.argv[1]))["tests"]
                                                         if t["points"] > 0))' "$TMP/out")
    [ -z "$passed" ] || fail "$p: under a grading seed the table passes [$passed]"
    echo "  $p: the pack's table is accepted at seed 0; under a grading seed it passes [$passed]"
done
