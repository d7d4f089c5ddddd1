"""r5 s40 (found while reviewing in a worktree whose .venv is a symbolic link): ``langgraph dev`` run
from a virtual environment reached through a symbolic link answers every assistant turn 500.

The door's budget check (server/auth_rules.check_run -> turn_input.question_refusal) counts the
instructions' tokens on langgraph dev's event loop, and knowledge/tokens.py imports its tokenizer
(bpe_openai) there, at the first turn: bpe_openai's import resolves its own path
(``Path(__file__).resolve()``), which reads the link (os.readlink), a blocking call langgraph dev's
blockbuster refuses - BlockingError, 500 "Internal Server Error", and again at every turn (the
import never completes). A venv under a linked folder is ordinary: macOS's /tmp and /var, a home or
project folder on a linked volume, a venv linked into a project. Without a link the import passes
(nothing blocking to flag), so the suite, run from the repo's own .venv, never saw it.

``langgraph dev`` exec'd (not the zygote's: it preloads the tokenizer) through a link to this
venv, the repo's langgraph.json, one turn; ~20 s."""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
from server_harness import (
    ACME_KEY,
    free_port,
    isolated_config,
    running,
    server_env,
    tenant_corpus,
)

TURN = {"messages": [{"role": "user", "content": "How many vacation days do I get?"}]}


def test_langgraph_dev_from_a_linked_venv_answers_a_turn(tmp_path: Path) -> None:
    link = tmp_path / "venv-link"
    link.symlink_to(Path(sys.prefix).resolve(), target_is_directory=True)
    port = free_port()
    cli = "from langgraph_cli.cli import cli; cli()"
    argv = [
        str(link / "bin" / "python"),
        "-c",
        cli,
        "dev",
        "--no-browser",
        "--no-reload",
        "--port",
        str(port),
    ]
    argv += ["--config", str(isolated_config(tmp_path))]
    env = server_env(f"sqlite:///{tmp_path / 'kassist.db'}", tenant_corpus(tmp_path))
    base = f"http://127.0.0.1:{port}"
    with running(argv, cwd=tmp_path, log_dir=tmp_path, env=env, ready=lambda: f"{base}/ok", what="dev"):
        client = httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=120)
        thread = client.post("/threads", json={}).json()["thread_id"]
        answered = client.post(
            f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": TURN}
        )
        assert answered.status_code == 200 and "__error__" not in answered.json(), answered.text[:300]
