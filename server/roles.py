"""What only an admin key may do, as pure rules every interface applies (no I/O).

- write tenant-level memory defaults: a store namespace (below the tenant) that holds defaults for
  every user of the tenant, i.e. one under ``("defaults", ...)`` or with the tenant-defaults user
  ``"*"`` in it (memory's ``TENANT_DEFAULTS``: ``("users", "*")``, ``("assistant", "*", ...)``);
- release (approve) a quarantined memory;
- decide a run waiting for review: approve or reject it (any resume of a graph with a review step:
  the ingestion graph's review reads every value but ``approve`` as a rejection, so a value that is
  not one of the two words is refused: :func:`decision_refusal`);
- create or revoke the tenant's API keys.

A member asking for one of these gets 403 with what it needs, never a silent no-op.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from kassist.review import DECISION_RUN
from server.configurable import shown

TENANT_DEFAULTS = "*"  # memory.manager.models.TENANT_DEFAULTS, without importing the manager
DEFAULTS_ROOT = "defaults"
STORE_WRITES = frozenset({"put", "delete"})


def is_tenant_level(labels: Sequence[str]) -> bool:
    """Whether a store namespace below the tenant holds tenant-level defaults."""
    return bool(labels) and (labels[0] == DEFAULTS_ROOT or TENANT_DEFAULTS in labels)


def approves(resume: object) -> bool:
    """Whether a resume value approves a review (``{"decision": "approve"}`` or ``"approve"``),
    read exactly as the ingestion graph's review node reads it."""
    decision = resume.get("decision") if isinstance(resume, Mapping) else resume
    return str(decision) == "approve"


DECISIONS = ("approve", "reject")
_RECORDED_KEYS = frozenset({"decision", "by", "at"})  # "by"/"at" are accepted and replaced by the server's


def decision_refusal(resume: object) -> str | None:
    """Why a resume value is not a review decision, or None. The review node reads every value but
    ``approve`` as a rejection, so a typo (``{"decision": "aprove"}``), ``true`` or a list would
    cancel the run for good: only ``"approve"`` / ``"reject"``, bare or as ``{"decision": ...}``
    (or a mapping of interrupt ids to such answers, what ``input.respond`` sends), decide."""
    if isinstance(resume, Mapping) and resume and all(_interrupt_id(k) for k in resume):
        # One level: an answer under an interrupt id is itself a decision. A mapping of ids nested
        # under one passed this check and reached the review node as no decision at all - a
        # rejection naming no decider, the run cancelled for good (h25 s39 H25-2).
        return next((why for why in map(_answer_refusal, resume.values()) if why is not None), None)
    return _answer_refusal(resume)


def _answer_refusal(resume: object) -> str | None:
    """Why one answer is not a review decision (no mapping of interrupt ids: see decision_refusal)."""
    if isinstance(resume, Mapping):
        extra = sorted(str(k)[:40] for k in resume if k not in _RECORDED_KEYS)
        decision = resume.get("decision")
        if not extra and isinstance(decision, str) and decision in DECISIONS:
            return None
        what = f"keys {extra}" if extra else f"decision {shown(decision)}"
    elif isinstance(resume, str) and resume in DECISIONS:
        return None
    else:
        what = shown(resume)
    return (
        f'command.resume must be "approve" or "reject", or {{"decision": "approve" | "reject"}}; got {what}. '
        "Anything else would reject the run; nothing was decided (a run waiting for review still waits)"
    )


def decides(resume: object) -> bool:
    """Whether a resume value decides a review: any value does (LangGraph resumes on anything but
    None, and the review node reads every value but ``approve`` as a rejection)."""
    return resume is not None


def interrupt_ids(resume: object) -> frozenset[str]:
    """The interrupt ids a resume answers one by one (a mapping whose every key is one), or none."""
    if isinstance(resume, Mapping) and resume and all(_interrupt_id(k) for k in resume):
        return frozenset(str(k) for k in resume)
    return frozenset()


def _interrupt_id(key: object) -> bool:
    # LangGraph reads a resume mapping whose every key is an interrupt id (an xxh3-128 hex digest)
    # as one answer per interrupt (langgraph.pregel._utils.is_xxh3_128_hexdigest).
    return isinstance(key, str) and re.fullmatch(r"[0-9a-f]{32}", key) is not None


def recorded_decision(resume: object, identity: str, run: object = None) -> object:
    """The resume value a review decision is recorded with: the verdict the client sent (read as
    :func:`approves` reads it), decided by ``identity`` (the key's), at the server's time (the
    review node stamps it), for the LangGraph run ``run`` that carries it (the review node carries
    out no decision another run brought: :data:`DECISION_RUN`). Whatever ``by`` or ``at`` the client
    wrote is dropped. A mapping of interrupt ids to answers (what ``input.respond`` sends) keeps its
    ids, each answer recorded so."""
    if isinstance(resume, Mapping) and resume and all(_interrupt_id(k) for k in resume):
        return {k: _recorded_answer(v, identity, run) for k, v in resume.items()}  # one level (H25-2)
    return _recorded_answer(resume, identity, run)


def _recorded_answer(resume: object, identity: str, run: object) -> dict[str, str]:
    answer = {"decision": "approve" if approves(resume) else "reject", "by": identity}
    if run is not None:
        answer[DECISION_RUN] = str(run)
    return answer


def admin_only(what: str) -> str:
    """The 403 message for a member asking for an admin action."""
    return f"only an admin key may {what}; ask an admin of your tenant (`kassist keys create --role admin`)"
