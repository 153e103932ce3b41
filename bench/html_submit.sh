#!/usr/bin/env bash
# What `--html FILE` adds to a warm `judge submit` (issue #25): the same submit with and without
# the page, paired (alternating, so that the machine's drift hits both alike), on a seeded bug
# whose page has the most pictures (mask_after_softmax: 7 failing tests, 5 per-head pictures) and
# on the reference (a page that says "Accepted"). Then hyperfine's view of the same commands.
#   bash bench/html_submit.sh [JUDGE_BINARY] [PAIRS]   (default: build/release/bin/judge, 20)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=$(realpath "${1:-build/release/bin/judge}")
PAIRS=${2:-20}
command -v hyperfine >/dev/null || { echo "bench: needs hyperfine: sudo apt-get install -y hyperfine" >&2; exit 1; }
JUDGE_CACHE=$(mktemp -d)
export JUDGE_CACHE NO_COLOR=1
OUT=$(mktemp -d)
trap 'rm -rf "$JUDGE_CACHE" "$OUT"' EXIT
BUG=$PWD/reference/problem_mha/bugs/mask_after_softmax.cpp
REF=$PWD/reference/problem_mha/solution.cpp
"$JUDGE" -q validate problem_mha >/dev/null   # warm: harness, reference, seeded bugs
for src in "$BUG" "$REF"; do "$JUDGE" -q submit problem_mha --file "$src" --html "$OUT/warm.html" >/dev/null || true; done
echo "== warm submit with and without --html ($(nproc) cores, $PAIRS pairs each)"
python3 - "$JUDGE" "$OUT/page.html" "$PAIRS" "$BUG" "$REF" <<'PY'
import os, resource, statistics, subprocess, sys, time
judge, page, n, sources = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
def run(src, html):
    cmd = [judge, "-q", "submit", "problem_mha", "--file", src] + (["--html", page] if html else [])
    t, r0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - t, r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime
for src in sources:
    plain, html, cp, ch = [], [], [], []
    for i in range(n):
        for with_html in ((False, True) if i % 2 == 0 else (True, False)):
            w, c = run(src, with_html)
            (html if with_html else plain).append(w)
            (ch if with_html else cp).append(c)
    d = [b - a for a, b in zip(plain, html)]
    size = os.path.getsize(page)
    print(f"{os.path.basename(src)}: without {statistics.mean(plain):.3f} s, with --html {statistics.mean(html):.3f} s, "
          f"paired difference {statistics.mean(d) * 1000:+.0f} ms ± {statistics.stdev(d) / len(d) ** 0.5 * 1000:.0f} "
          f"(SE); CPU {statistics.mean(cp):.3f} s -> {statistics.mean(ch):.3f} s; page {size} bytes")
PY
hyperfine --warmup 2 --runs 10 -i \
  -n "submit mask_after_softmax" "$JUDGE -q submit problem_mha --file $BUG" \
  -n "submit mask_after_softmax --html" "$JUDGE -q submit problem_mha --file $BUG --html $OUT/h.html"
