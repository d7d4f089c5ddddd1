"""Run the document graph on kassist's checkpointer in this process: the child that demos and crash
tests SIGKILL and then start again.

``python -m graph.worker --database-url URL --tenant T --thread ID --docs N --ledger PATH [--delay S]``
prints one JSON line when it starts (``resumed_at``: the committed step it continues from) and one when
it finishes. A fresh thread starts at step 0; a thread with a committed checkpoint continues from it.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from langchain_core.runnables import RunnableConfig

from checkpointer import TenantCheckpointer
from graph.doc_steps import build_graph, initial_state


def run(database_url: str, tenant: str, thread: str, docs: int, ledger: str, delay: float) -> dict[str, Any]:
    """Run (or resume) ``thread`` to completion; returns the final state."""
    with TenantCheckpointer.from_url(database_url) as saver:
        saver.setup()
        graph = build_graph().compile(checkpointer=saver.for_tenant(tenant))
        config: RunnableConfig = {
            "configurable": {"thread_id": thread, "ledger_path": ledger, "step_delay": delay}
        }
        snapshot = graph.get_state(config)
        fresh = not snapshot.values
        resumed_at = 0 if fresh else int(snapshot.values.get("cursor", 0))
        _emit({"event": "start", "fresh": fresh, "resumed_at": resumed_at, "next": list(snapshot.next)})
        final = graph.invoke(initial_state(docs) if fresh else None, config, durability="sync")
        _emit({"event": "done", "cursor": final["cursor"], "processed": len(final["processed"])})
        return dict(final)


def _emit(event: dict[str, Any]) -> None:
    print(json.dumps(event), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m graph.worker", description=__doc__)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--tenant", required=True)
    parser.add_argument("--thread", required=True)
    parser.add_argument("--docs", type=int, default=12)
    parser.add_argument("--ledger", required=True)
    parser.add_argument("--delay", type=float, default=0.0)
    args = parser.parse_args(argv)
    run(args.database_url, args.tenant, args.thread, args.docs, args.ledger, args.delay)
    return 0


if __name__ == "__main__":
    sys.exit(main())
