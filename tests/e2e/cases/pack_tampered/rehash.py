"""A student's edit of their own pack, with the manifest's hashes recomputed: rehash.py PACK [REL ...]

Recomputes the SHA-256 of every listed file that is a regular file (and of the packed spec), and
lists the extra REL paths given, as a student who read the manifest's format would.
"""
import hashlib
import json
import sys
from pathlib import Path

pack = Path(sys.argv[1])
manifest = json.loads((pack / "pack.json").read_text())
for rel in sys.argv[2:]:
    manifest["files"][rel] = "0" * 64
for rel in list(manifest["files"]):
    f = pack / rel
    if f.is_file() and not f.is_symlink() and ".." not in rel:
        manifest["files"][rel] = hashlib.sha256(f.read_bytes()).hexdigest()
for name, entry in manifest["problems"].items():
    spec = pack / "problems" / name / "problem.json"
    entry["packed_spec_sha256"] = hashlib.sha256(spec.read_bytes()).hexdigest()
(pack / "pack.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
