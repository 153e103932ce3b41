import json
import os
import re
import subprocess
import sys
root, pack, judge = sys.argv[1], sys.argv[2], sys.argv[3]
text = []
for d, _, files in os.walk(pack):
    for f in files:
        with open(os.path.join(d, f), 'rb') as fh:
            text.append(fh.read().decode('utf-8', 'replace'))
blob = '\n'.join(text)
bad = 0
# Every line of a reference, accepted or bug source that is more than punctuation and a common
# include or brace (the template shares those).
template_lines = set()
for p in os.listdir(os.path.join(root, 'student_template')):
    for f in os.listdir(os.path.join(root, 'student_template', p)):
        template_lines |= {ln.strip() for ln in open(os.path.join(root, 'student_template', p, f), errors='replace')}
# What is public anyway: the signatures and statements (judge show).
for p in os.listdir(os.path.join(root, 'problems')):
    shown = subprocess.run([judge, '--root', root, 'show', p], capture_output=True, text=True).stdout
    template_lines |= {w.strip().rstrip(',;{') for ln in shown.splitlines() for w in re.split(r'[(),]', ln)}
    template_lines |= {ln.strip() for ln in shown.splitlines()}
checked = 0
for d, _, files in os.walk(os.path.join(root, 'reference')):
    for f in files:
        for line in open(os.path.join(d, f), errors='replace'):
            src_line = line.strip()
            if src_line.startswith(('#include', '//', '---', '+++', '@@')):
                continue
            if len(src_line) < 25 or src_line in template_lines:
                continue
            src_line = src_line.lstrip('+- ').strip()
            if len(src_line) < 25 or src_line in template_lines or src_line.rstrip(',;{) ') in template_lines:
                continue
            checked += 1
            if src_line in blob:
                print('source line in the pack:', f, repr(src_line))
                bad += 1
# Hidden tests: no seed of theirs, no generator text.
for p in os.listdir(os.path.join(root, 'problems')):
    spec = json.load(open(os.path.join(root, 'problems', p, 'problem.json')))
    packed = json.load(open(os.path.join(pack, 'problems', p, 'problem.json')))
    hidden = [t for t in packed['tests'] if t['visibility'] == 'hidden']
    for t in hidden:
        if 'inputs' in t or 'description' in t:
            print('hidden test with inputs or a description:', p, t['id'])
            bad += 1
    for t in spec['tests']:
        for case in t.get('cases', [t]):
            if case.get('visibility', t.get('visibility', 'hidden')) != 'hidden':
                continue
            for name, v in case.get('inputs', {}).items():
                # (A one-line generator without seed= takes its seed from where it is written.)
                if isinstance(v, str) and 'seed=' in v and v in blob:
                    print('a hidden generator in the pack:', p, v)
                    bad += 1
                if isinstance(v, dict) and 'seed' in v and re.search(r'"seed":\s*%d\b' % v['seed'], blob):
                    # A seed may be shared with a sample test or a small input: only then is it allowed.
                    samples = [tt for tt in packed['tests'] if tt['visibility'] == 'sample']
                    seen = any(isinstance(x, dict) and x.get('seed') == v['seed']
                               for tt in samples for x in tt.get('inputs', {}).values())
                    seen = seen or bool(re.search(r'"seed":\s*%d\b' % v['seed'], json.dumps(spec['functions'])))
                    if not seen:
                        print('a hidden seed in the pack:', p, t['id'], v['seed'])
                        bad += 1
for d, _, files in os.walk(os.path.join(pack, 'key')):
    for f in files:
        if f.endswith('.json') and re.search(r'seed|"gen"', open(os.path.join(d, f)).read()):
            print('a generator or seed in the answer key:', f)
            bad += 1
print('checked', checked, 'source lines')
sys.exit(1 if bad or checked < 200 else 0)
