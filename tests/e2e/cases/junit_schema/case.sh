# shellcheck shell=bash
# Issue #13: JUnit files keep to the elements and attributes of Jenkins' JUnit schema
# (jenkins-junit.xsd), with a time on every test case and the diagnosis in the failure body; a
# submit's suite is named after the submission, so two students' files merge into two suites.
bug="$ROOT/reference/problem_mha/bugs/no_output_projection.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format junit
cp "$TMP/out" "$TMP/submit.xml"
make_class "$TMP/class"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --jobs 2
python3 "$HERE/check.py" "$TMP/submit.xml" "$TMP/g/junit.xml" "$bug" || fail "a JUnit file leaves Jenkins' schema"
