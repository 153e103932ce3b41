#!/usr/bin/env bash
# The linters of what is not C++, run by scripts/test.sh: flake8 and mypy over the Python harness,
# the tests' helpers, scripts/ and bench/ (their settings: setup.cfg), and shellcheck over every
# shell script (warnings and errors; its notes are style). Left out, on purpose, as in
# scripts/format_check.sh: what stands for a student's or an instructor's work (reference/,
# student_template/, problems/, the Python submissions of the e2e and hostile cases, the accepted
# alternatives of validate_accepted, one of which does not load on purpose), which is
# judged as it is written. Exits 1 when any linter finds something, naming the file and line.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in flake8 mypy shellcheck; do
  command -v "$tool" >/dev/null || { echo "lint: $tool is missing; run scripts/setup.sh" >&2; exit 2; }
done
mapfile -t py < <(git ls-files '*.py' | grep -v -e '^reference/' -e '^student_template/' -e '^problems/' \
                    -e '^tests/e2e/cases/python_submissions/' -e '^tests/hostile/cases/' \
                    -e '^tests/e2e/cases/validate_accepted/')
mapfile -t sh < <(git ls-files '*.sh' .ci/run)
status=0
flake8 "${py[@]}" || status=1
mypy --no-error-summary "${py[@]}" || status=1
shellcheck --severity=warning --format=gcc "${sh[@]}" || status=1
if [ "$status" -ne 0 ]; then
  echo "lint: the linters above found faults" >&2
  exit 1
fi
echo "lint: ${#py[@]} Python files pass flake8 and mypy, ${#sh[@]} shell scripts pass shellcheck"
