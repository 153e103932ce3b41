# shellcheck shell=bash
# One case per seeded bug: it is rejected, its declared trap fails, and the report names its misconception.
problem=${BUG%%/*} bug=${BUG#*/}
file="$ROOT/reference/$problem/bugs/$bug.cpp"
header=$file
if [ ! -f "$file" ]; then
    # A patch: judge show --bug prints the reference with it applied, the program validate builds.
    header="$ROOT/reference/$problem/bugs/$bug.patch"
    file="$TMP/$bug.cpp"
    bug_source "$ROOT" "$problem" "$bug" "$file"
fi
bug_trap=$(sed -n 's|^// trap: ||p' "$header" | head -1)
mis=$(sed -n 's|^// misconception: ||p' "$header" | head -1)
expect_exit 1 "$JUDGE" --root "$ROOT" submit "$problem" --file "$file"
expect_out "✗ $bug_trap "
expect_out "This is exactly the output of this mistake: $mis."
# Issue #11: the mistake fails its own trap alone, and is the one to fix first.
expect_out "Fix first: $bug_trap ("
failed=$(grep -c '^✗ ' "$TMP/out")
[ "$failed" = 1 ] || { cat "$TMP/out"; fail "$bug fails $failed traps, not only its own"; }
