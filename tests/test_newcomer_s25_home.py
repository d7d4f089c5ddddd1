"""What a newcomer's first commands leave outside the checkout (session 25, a fresh HOME walked).

``make demo`` and ``kassist kb ingest`` left ``~/.cache/Microsoft/DeveloperTools/.onnxruntime/``
(a ``deviceid`` and an ``onnxruntime.db``) in the user's home, and a ``.ses`` file in ``$TMPDIR``:
onnxruntime 1.32 writes them from every process that creates an inference session, unless
``ORT_DISABLE_TELEMETRY`` is set before its library loads; Privacy.md says the same setting keeps
its 1DS uploader from sending usage events to Microsoft over HTTPS. The local embedder sets it (a
user's own value wins), so embedding offline writes nothing of the user's outside the database.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

EMBED = """
import os
from knowledge.embedders.minilm import LocalMiniLMEmbedder
vector = LocalMiniLMEmbedder().embed_query("how many days of annual leave do new joiners get")
print(len(vector))
print(os.environ["ORT_DISABLE_TELEMETRY"])
"""


def _embed(tmp_path: Path, **extra: str) -> tuple[Path, Path, str]:
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    tmp.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ORT_", "XDG_"))}
    env.update(HOME=str(home), TMPDIR=str(tmp), PYTHONPATH=str(ROOT), **extra)
    done = subprocess.run(
        [sys.executable, "-P", "-c", EMBED],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    size, setting = done.stdout.split()
    assert size == "384"
    return home, tmp, setting


def _left(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_the_local_embedder_writes_nothing_into_home_or_tmpdir(tmp_path: Path) -> None:
    home, tmp, setting = _embed(tmp_path)
    assert setting == "1"
    assert _left(home) == []  # was .cache/Microsoft/DeveloperTools/.onnxruntime/{deviceid,onnxruntime.db}
    assert _left(tmp) == []  # was .ses


def test_a_users_own_telemetry_setting_is_kept(tmp_path: Path) -> None:
    # setdefault, not an override: the embedder keeps what the user set. The user's value here is
    # one onnxruntime also reads as "off" ("true": measured on 1.32 in a namespace without network,
    # nothing written, where "0" and "2" wrote the device id), so the test itself starts no telemetry:
    # "0" would have sent usage events to Microsoft from every `make test`. Should a later
    # onnxruntime stop reading "true" as off, the files appear and the last assertion fails (that
    # one run's events gone out by then).
    home, tmp, setting = _embed(tmp_path, ORT_DISABLE_TELEMETRY="true")
    assert setting == "true"  # an override would have made it "1"
    assert _left(home) == [] and _left(tmp) == []
