#!/usr/bin/env bash
# Issue #45, point 7: what a student's push costs with docs/ci.md's Classroom workflow, its steps run
# as written on a bare Debian 12 (../shared/tools/fresh-machine.sh: debootstrap minbase, 2 cores
# here). The student's repository is made as the template makes it: the pack in course/ and the
# template's solution.cpp; then "Install the judge" and "Judge" are timed, each from the docs
# (tests/e2e/workflow_step.py). The install step downloads the released package (JUDGE_DEB) and its
# SHA-256; GitHub is out of this machine's reach, so JUDGE_DEB is a file:// URL of the package given
# here (curl reads it as it would the release). Needs root, debootstrap and python3-yaml.
#   bash bench/classroom_push.sh JUDGE_DEB [JUDGE_BINARY]   (the binary makes the pack; default build/dev/bin/judge)
set -euo pipefail
cd "$(dirname "$0")/.."
DEB=$(realpath "${1:?usage: classroom_push.sh JUDGE_DEB [JUDGE_BINARY]}")
JUDGE=$(realpath "${2:-build/dev/bin/judge}")
FRESH=${FRESH:-$(realpath ../shared/tools/fresh-machine.sh)}
REPO=$(mktemp -d)
trap 'rm -rf "$REPO"' EXIT
git init -q "$REPO"
"$JUDGE" -q pack problem_mha --out "$REPO/course" >/dev/null
cp "$REPO/course/student_template/problem_mha/solution.cpp" "$REPO/solution.cpp"
mkdir "$REPO/steps" "$REPO/release"
name=$(basename "$DEB")
cp "$DEB" "$REPO/release/$name"
(cd "$REPO/release" && sha256sum "$name" >"$name.sha256")
for step in "Install the judge:install" "Judge:judge"; do
    python3 tests/e2e/workflow_step.py docs/ci.md "classroom.yml in the template repository" \
        run-autograding-tests "${step%%:*}" >"$REPO/steps/${step##*:}.sh"
done
# The release's URL, as a file:// one in the clone (its folder known only there: $PWD is the fresh machine's).
sed -i "s|^export JUDGE_DEB=.*|export JUDGE_DEB=\"file://\$PWD/release/$name\"|" "$REPO/steps/install.sh"
# shellcheck disable=SC2016  # the literal $PWD, expanded on the fresh machine
grep -q 'file://$PWD/release/' "$REPO/steps/install.sh" || { echo "classroom_push: no JUDGE_DEB in the install step" >&2; exit 1; }
(cd "$REPO" && git add -A && git -c user.name=bench -c user.email=bench@example.org commit -qm "a student's repository")
# GitHub's runner gives each step the two files; the log shows the step's wall time.
# shellcheck disable=SC2016  # expanded on the fresh machine, not here
timed='s=$(date +%s%N); rc=0; bash steps/STEP.sh >/tmp/STEP.log 2>&1 || rc=$?
  echo "STEP: exit $rc after $(( ($(date +%s%N) - s) / 1000000 )) ms"; tail -3 /tmp/STEP.log'
bash "$FRESH" "$REPO" \
    "export RUNNER_TEMP=/tmp/runner_temp; mkdir -p \$RUNNER_TEMP; ${timed//STEP/install}" \
    "export GITHUB_STEP_SUMMARY=/tmp/summary GITHUB_OUTPUT=/tmp/output; ${timed//STEP/judge}; head -1 /tmp/summary; du -sh --exclude=proc --exclude=sys / 2>/dev/null | tail -1"
