"""A run's configurable keys filled in from those the run it continues was sent with (a checkpoint's
metadata, an accepted run's row): the settings a resumed turn keeps (server/run_checks.py's
keep_first_settings, server/accepted_resume.py), and the configurable of a cron's payload
(server/cron_rules.py). Re-exported by server.run_checks, where they were."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def unfinished(head: Any) -> bool:
    """Whether the checkpoint ``head`` (a CheckpointTuple) leaves nodes to run: the channels its step
    updated trigger a node (a StateGraph's edge into node N writes ``branch:to:N``, which is what
    LangGraph's next tasks are made of; a finished turn's last step writes none). A checkpoint of
    a LangGraph that recorded no updated channels is taken as finished (its defaults, as before)."""
    updated = head.checkpoint.get("updated_channels") if isinstance(head.checkpoint, Mapping) else None
    return any(str(channel).startswith("branch:to:") for channel in updated or ())


def fill_configurable(graph: str, kwargs: dict[str, Any], recorded: Mapping[str, Any]) -> None:
    """A run's configurable keys it does not send (config.configurable or context), from
    ``recorded`` (what the run it resumes was sent with: a checkpoint's metadata, an accepted run's
    row): only the keys a client may set for ``graph`` (:data:`server.configurable.CLIENT_KEYS`);
    what it sends is its own, and a recorded value the graph would refuse
    (:func:`server.configurable.refused_value`) is left out."""
    from server.configurable import CLIENT_KEYS, refused_value

    keys = CLIENT_KEYS.get(graph, frozenset())
    recorded = {key: setting for key, setting in recorded.items() if key in keys}
    if not recorded:
        return
    configurable = run_configurable(kwargs)
    context = kwargs.get("context")
    sent = {*configurable, *(context if isinstance(context, Mapping) else ())}
    for key, setting in recorded.items():
        if key not in sent and refused_value(key, setting) is None:
            configurable[key] = setting


def run_configurable(body: dict[str, Any]) -> dict[str, Any]:
    """``body["config"]["configurable"]`` of a run's kwargs or a cron's payload, made (empty) where
    missing, for the server to write into."""
    config = body.get("config")
    if not isinstance(config, dict):
        config = body["config"] = {}
    configurable = config.get("configurable")
    if not isinstance(configurable, dict):
        configurable = config["configurable"] = {}
    return configurable
