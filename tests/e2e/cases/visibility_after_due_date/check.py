import json
import sys
f = sys.argv[1]
d = json.load(open(f))
for t in d['traps']:
    if t['id'] == 'masking':
        t['visibility'] = 'after_due_date'
for t in d['tests']:
    if t['trap'] == 'masking':
        t.pop('visibility', None)  # the trap's word, for those that give none
    if t['id'] == 'masking_sample':
        t['visibility'] = 'sample'  # a test's own word wins
    if t['id'] == 'scale_narrow':
        t['visibility'] = 'after_due_date'
json.dump(d, open(f, 'w'), indent=1)
