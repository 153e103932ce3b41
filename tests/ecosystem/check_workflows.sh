#!/usr/bin/env bash
# Every GitHub workflow the documentation shows (```yaml blocks in README.md and docs/*.md), and the
# judge's own (.github/workflows/), is valid:
# it parses, and action-validator accepts it against GitHub's workflow schema. Skipped (exit 77)
# with the reason when the validator is not installed (scripts/setup.sh installs it with npm).
#   bash tests/ecosystem/check_workflows.sh SOURCE_DIR
set -uo pipefail
SRC=${1:?usage: check_workflows.sh SOURCE_DIR}
V="$SRC/tests/ecosystem/node_modules/.bin/action-validator"
if [ ! -x "$V" ] || ! command -v node >/dev/null; then
    echo "skip: action-validator is not installed (scripts/setup.sh runs: npm ci --prefix tests/ecosystem)"
    exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# One file per ```yaml block, named after its document and line.
python3 - "$SRC" "$TMP" <<'PY' || exit 1
import pathlib, sys
src, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
n = 0
for doc in [src / "README.md", *sorted((src / "docs").glob("*.md"))]:
    lines = doc.read_text().splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```yaml":
            start = i + 1
            j = start
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            (out / f"{doc.stem}-line{start + 1}.yml").write_text("\n".join(lines[start:j]) + "\n")
            n += 1
            i = j
        i += 1
print(f"{n} workflow(s) found")
PY
# And the judge's own workflows (the release: .github/workflows/release.yml).
for f in "$SRC"/.github/workflows/*.yml; do
    [ -f "$f" ] && cp "$f" "$TMP/github-$(basename "$f")"
done
count=$(ls "$TMP" | wc -l)
[ "$count" -ge 2 ] || { echo "FAIL: expected the class and the student workflows of docs/ci.md, found $count"; exit 1; }
status=0
for f in "$TMP"/*.yml; do
    if node "$V" "$f" >"$TMP/out" 2>&1; then
        echo "ok: $(basename "$f")"
    else
        echo "FAIL: $(basename "$f") is not a valid workflow:"
        cat "$TMP/out"
        status=1
    fi
done
exit $status
