"""The abstention benches refuse a bad option in one line (review of session 27).

bench/abstain_learn.py fits its model with bench/logistic_fit.newton, which has no Hessian jitter:
an unpenalised fit (``--ridge 0``) of a fail flag that never fires in a training set, or of
separable data, is undefined and raised numpy's LinAlgError with a traceback. The option now takes
only a penalty above 0 and says why, before any data are read.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("value", ["0", "-1", "nan", "abc"])
def test_abstain_learn_takes_only_a_ridge_above_zero(value: str, tmp_path: Path) -> None:
    dump = tmp_path / "dump.json"
    dump.write_text("{}")
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "abstain_learn.py"), "--dump", str(dump), "--ridge", value],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert f"argument --ridge: '{value}' is not a number > 0" in last
    assert "never varies in a training set" in last
