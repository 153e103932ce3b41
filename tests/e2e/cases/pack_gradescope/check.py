import os
import stat
import sys
import zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
names = z.namelist()
for f in ('setup.sh', 'run_autograder'):
    assert f in names, f
    assert stat.S_IMODE(z.getinfo(f).external_attr >> 16) == 0o755, f
for f in ('course/reference/problem_sdpa/solution.cpp', 'course/problems/problem_sdpa/problem.json',
          'judge/CMakeLists.txt', 'judge/judge/main.cpp', 'judge/scripts/setup.sh'):
    assert f in names, f
assert not any(n.startswith('course/problems/problem_mha/') for n in names)
assert z.read('grading_seed') == sys.argv[3].encode() + b'\n'  # the problem's key, for run_autograder
z.extractall(sys.argv[2])
for f in ('setup.sh', 'run_autograder'):
    os.chmod(os.path.join(sys.argv[2], f), 0o755)
