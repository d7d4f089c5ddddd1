"""Importing the audit package (every command and server that reads a run does) loads neither
datasketch with its scipy (~0.7 s) nor jinja2: they load where a document is hashed or a report is
rendered, and both still work there (real processes, issue 29's CLI start)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("datasketch", "scipy", "jinja2")

PROBE = """
import json, sys
import knowledge.audit
import server.runs.service
before = sorted(m for m in {HEAVY!r} if m in sys.modules)
from knowledge.audit.lifecycle import minhash_of
hashed = len(minhash_of("the probation period lasts six months for every new joiner"))
print(json.dumps({{"before": before, "hashed": hashed, "after": sorted(m for m in {HEAVY!r} if m in sys.modules)}}))
"""


def test_importing_the_audit_loads_no_datasketch_scipy_or_jinja2_until_used() -> None:
    done = subprocess.run(
        [sys.executable, "-P", "-c", PROBE.format(HEAVY=HEAVY)],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["before"] == []
    assert seen["hashed"] > 0 and "datasketch" in seen["after"]  # hashing still works, loading it then
