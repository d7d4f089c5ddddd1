"""r4 s39 (review of 4b302d8, H24-4's fix): ``kassist checkpoints show --ns`` over 512 bytes is still "a
bug in kassist".

4b302d8 checks ``--checkpoint`` as ``--thread`` is checked (cli/kit._checked_id: exit 2 naming the
option). The third id the same command passes to the saver, ``--ns`` (the checkpoint namespace),
goes unchecked, and the saver's InvalidId escapes as ``error: unexpected InvalidId:
configurable.checkpoint_ns is 600 bytes long ... (a bug in kassist; run again with KASSIST_DEBUG=1
...)``, exit 1 - the option named by its internal key, the operator told to report a bug for a
typo'd value. docs/cli.md: a value the command cannot use is one line, exit 2. A real ``kassist``
process, as tests/test_attack_s39h24_checkpoint_option.py."""

from __future__ import annotations

from pathlib import Path

from ingest_harness import kassist

from checkpointer import TenantCheckpointer


def test_a_namespace_over_512_bytes_is_a_usage_error_as_a_checkpoint_id_is(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'k.db'}"
    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()
    done = kassist("checkpoints", "show", "--tenant", "acme", "--thread", "t1", "--ns", "n" * 600,
                   "--database-url", url, cwd=tmp_path)  # fmt: skip
    err = done.stderr.strip()
    assert "unexpected" not in err and "a bug in kassist" not in err, err
    assert done.returncode == 2, (done.returncode, err)
    assert err.startswith("error: --ns") and len(err.splitlines()) == 1, err
