#!/usr/bin/env bash
# No test or script pipes into `grep -q`: under `set -o pipefail`, grep -q exits at its first match
# and the writer, killed by SIGPIPE, fails the whole pipeline now and then (issue #20 found it in
# check_install.sh, 1 run in 8). Read all of the input instead: `| grep PATTERN >/dev/null`.
# check_pipes.sh ROOT
root=$1
found=$(grep -rnE '\|[[:space:]]*grep[[:space:]]+(-[a-zA-Z]*q|--quiet)' "$root/tests" "$root/scripts" "$root/.ci" "$root/bench" \
    --include='*.sh' --include=run 2>/dev/null | grep -v 'check_pipes.sh')
if [ -n "$found" ]; then
    echo "$found"
    echo "FAIL: pipe into grep -q (see tests/structure/check_pipes.sh)"
    exit 1
fi
echo "ok: no pipe into grep -q"
