"""Prints one step of a workflow that the docs show, as a bash script to run as GitHub would.

    python3 workflow_step.py DOC MARKER JOB STEP [KEY=VALUE ...]

DOC is a Markdown file, MARKER a line of the ```yaml block to take (its first comment, say); or
DOC is a workflow file (.yml), whose MARKER is unused. JOB and STEP name the job and the step (the
step's `name`). The script exports the workflow's, the job's and the step's `env`, then runs the
step's `run` with `bash -e`, as GitHub's runners do.
Each `${{ ... }}` expression is replaced by the KEY=VALUE given for it (`matrix.shard=2`,
`secrets.GRADING_SEED=4242`); one without a value is an error, so that a new expression in the
docs makes the test that runs them say so instead of running something else.
"""
import re
import shlex
import sys

import yaml  # type: ignore[import]


def block(doc, marker):
    if doc.endswith((".yml", ".yaml")):  # a workflow file of its own: the whole of it
        return yaml.safe_load(open(doc, encoding="utf-8").read())
    lines = open(doc, encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
        if line.strip() != "```yaml":
            continue
        j = i + 1
        while lines[j].strip() != "```":
            j += 1
        text = "\n".join(lines[i + 1:j])
        if marker in text:
            return yaml.safe_load(text)
    sys.exit("workflow_step: no ```yaml block of %s holds %r" % (doc, marker))


def main(argv):
    doc, marker, job_name, step_name = argv[:4]
    values = dict(a.split("=", 1) for a in argv[4:])

    def expand(text, strict=True):
        def one(m):
            key = m.group(1).strip()
            if key in values:
                return values[key]
            if strict:
                sys.exit("workflow_step: no value given for ${{ %s }} in %s" % (key, step_name))
            return m.group(0)
        return re.sub(r"\$\{\{(.*?)\}\}", one, str(text))

    flow = block(doc, marker)
    job = flow["jobs"][job_name]
    steps = [s for s in job["steps"] if expand(s.get("name", ""), strict=False) == step_name]
    if len(steps) != 1:
        sys.exit("workflow_step: job %s has %d steps named %r" % (job_name, len(steps), step_name))
    step = steps[0]
    out = ["set -e"]
    for env in (flow.get("env", {}), job.get("env", {}), step.get("env", {})):
        out += ["export %s=%s" % (k, shlex.quote(expand(v))) for k, v in env.items()]
    out.append(expand(step["run"]))
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
