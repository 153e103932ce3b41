#!/usr/bin/env bash
# The house format (.clang-format) over the judge's own C++: judge/, the unit, structure and e2e
# tests, and the hostile listener. `bash scripts/format_check.sh` lists each file that differs and
# exits 1; `--fix` rewrites them. Left out, on purpose: what stands for a student's or an
# instructor's work (reference/, student_template/, the test submissions and the e2e cases'
# fixtures), which is judged as it is written, and judge/tensor.hpp, the student-facing header
# whose line numbers compile errors in reports cite.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "format_check: clang-format is missing; run scripts/setup.sh" >&2; exit 2; }
mapfile -t files < <(git ls-files 'judge/*.cpp' 'judge/*.hpp' 'tests/unit/*.cpp' 'tests/unit/*.hpp' \
                       'tests/e2e/*.cpp' 'tests/hostile/*.c' | grep -v -e '^judge/tensor.hpp$' -e '/submissions/' -e '^tests/e2e/cases/' -e '^tests/e2e/families/')
if [ "${1:-}" = --fix ]; then
  clang-format -i "${files[@]}"
  echo "format_check: formatted ${#files[@]} files"
  exit 0
fi
bad=0
for f in "${files[@]}"; do
  if ! clang-format --dry-run -Werror "$f" 2>/dev/null; then
    echo "format_check: $f differs from .clang-format (clang-format -i $f)"
    bad=$((bad + 1))
  fi
done
if [ "$bad" -gt 0 ]; then
  echo "format_check: $bad of ${#files[@]} files need formatting: bash scripts/format_check.sh --fix" >&2
  exit 1
fi
echo "format_check: ${#files[@]} files match .clang-format"
