"""What a new run must pass at the runs API's door before anything of it is stored (server/runs/service.py
creates it): its folder under the tenant's root (:func:`under`), its settings by the rules LangGraph-server
runs obey (:func:`run_settings`), its collection's source, chunking and rules (:func:`check_source`), an
upload's documents of other users (:func:`check_replaces`), and its thread id free
(:func:`thread_in_use`). Each refusal is an :class:`~server.runs.names.ApiError` naming its field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from graph.ingestion import upload_owner
from graph.ingestion.jobs import TenantJobStore
from graph.ingestion.resources import Resources
from graph.ingestion.served import INGEST_ROOT_ENV, ServedRunRefused, check_served
from graph.ingestion.state import Settings
from server.configurable import shown
from server.keys import Principal
from server.runs import uploads
from server.runs.models import RunOptions
from server.runs.names import ApiError, Loc

if TYPE_CHECKING:
    from langchain_core.runnables import RunnableConfig


def under(root: Path, given: str, loc: Loc, *, folder: bool) -> Path:
    # resolve(): neither ".." nor a symbolic link leads outside the root. The root itself is
    # never named in the message: configuration stays on the server. What the client sent is
    # said back by its start (a 5,000-character path came back whole in the 422).
    what, said = ("folder" if folder else "file"), shown(given)
    try:
        path = (root / given).resolve()
        inside = path.is_relative_to(root)
        there = inside and (path.is_dir() if folder else path.is_file())
    except (ValueError, OSError, RuntimeError):  # a NUL, a lone surrogate, a symlink loop
        raise ApiError(422, f"{said} is not a {what} name this server can read", loc) from None
    if not inside:
        raise ApiError(422, f"{said} is outside the server's ingestion root; give a {what} under it", loc)
    if not there:
        raise ApiError(422, f"there is no {what} {said} under the server's ingestion root", loc)
    return path


def run_settings(
    env: Mapping[str, str],
    source: Path,
    root: Path,
    collection: str,
    options: RunOptions,
    *,
    uploaded: bool = False,
) -> tuple[Settings, str | None]:
    """The run's settings, and the text of the rules file they name (None: none), read once here as
    the run reads it (confined to ``root``) for :func:`check_source` to compare with its collection's:
    a second read there, without the root, read a file swapped for a link in between, and one gone
    by then was an unanswered error (review s39 R4-8)."""
    rules, text = None, None
    if options.audit_rules is not None:
        rules = under(root, options.audit_rules, ("body", "options", "audit_rules"), folder=False)
        from graph.ingestion.audit_step import read_rules_text
        from knowledge.audit import AuditConfigError, AuditRules

        try:  # as the run reads it (audit_step.check_rules): fails now, not at its end
            text = read_rules_text(str(rules), within=root)
            AuditRules.parse(text, str(rules))
        except AuditConfigError as exc:
            # Said with the name the client gave: the server's own paths stay on the server.
            told = str(exc).replace(str(rules), repr(options.audit_rules)).replace(str(root), "<root>")
            raise ApiError(422, told, ("body", "options", "audit_rules")) from None
    settings = Settings(
        source=str(source), collection=collection, embedder=options.embedder, batch_size=options.batch_size,
        chunk_tokens=options.chunk_tokens, overlap_tokens=options.overlap_tokens,
        notify_url=options.notify_url, audit_rules=str(rules) if rules else None, uploaded=uploaded,
    )  # fmt: skip
    # The rules LangGraph-server runs obey, with this run's root: one rule for every interface.
    try:
        check_served(settings, {**env, INGEST_ROOT_ENV: str(root)})
    except ServedRunRefused as exc:
        # "settings.notify_url: ..." names its field before a colon, "settings.embedder=openai ..." before "="
        field = str(exc).split(":")[0].split("=")[0].removeprefix("settings.")
        loc = (
            ("body", "options", field)
            if field in ("notify_url", "audit_rules", "embedder")
            else ("body", "path")
        )
        raise ApiError(422, str(exc), loc) from None
    return settings, text


def check_source(
    res: Resources, env: Mapping[str, str], who: Principal, settings: Settings, rules_text: str | None
) -> None:
    """Refuse (409) a run into a collection that mirrors another source (knowledge/index/sources.py):
    a member's upload into the collection an admin filled from a folder emptied it (h9 s32 #7); and a
    member's run that does not keep the collection's settings (``rules_text``: the text of the rules
    file ``settings`` name, as :func:`run_settings` read it). Its run checks again when it starts:
    the collection may change between the two."""
    from graph.ingestion.adoption import adopt
    from graph.ingestion.folders import source_record
    from knowledge.index.chunk_settings import ChunkingDiffers
    from knowledge.index.collection_rules import RulesDiffer, RulesUnknown
    from knowledge.index.errors import IndexSchemaTooNew
    from knowledge.index.sources import CollectionMirrorsAnother

    try:
        index = res.index("hashing")  # reads and records sources only: no model loads
        # A previous release's documents; an upload it registered is told by this server's folder.
        adopt(index, who.tenant_id, settings.collection, env)
        record = source_record(settings.source, uploaded=settings.uploaded, env=env)
        kb = index.for_tenant(who.tenant_id)
        kb.check_source(settings.collection, record)
        if who.role != "admin":  # an admin's run may re-chunk it (its worker: RECHUNK_KEY)
            kb.check_kept_settings(
                settings.collection, settings.chunk_tokens, settings.overlap_tokens, rules_text
            )
    except CollectionMirrorsAnother as exc:
        raise ApiError(409, str(exc), ("body", "collection")) from None
    except RulesUnknown as exc:  # the collection's to settle (an admin's run), not the option's
        raise ApiError(409, str(exc), ("body", "collection")) from None
    except RulesDiffer as exc:  # the lead's decision 10 of session 36: 422, naming the option
        raise ApiError(422, str(exc), ("body", "options", "audit_rules")) from None
    except ChunkingDiffers as exc:
        raise ApiError(409, str(exc), ("body", "options", "chunk_tokens")) from None
    except IndexSchemaTooNew as exc:  # the operator's to fix ("upgrade kassist"), said in one line
        raise ApiError(503, str(exc)) from None


def check_replaces(
    jobs: TenantJobStore, who: Principal, collection: str, files: Sequence[uploads.Readable]
) -> None:
    """Refuse (409), before anything is kept, a member's upload that would replace a document of
    ``collection`` another user uploaded (graph/ingestion/upload_owner.py, the one rule: h16 s36
    H16-5, the lead's decision 7). Its run checks again where it writes: the collection may change
    before the run is carried out (H16-15, r1 F8)."""
    try:
        names = [uploads.safe_name(f.filename).as_posix() for f in files]
    except uploads.UploadRefused:
        return  # the upload itself says what is wrong with its names (uploads.save)
    uploader = upload_owner.Uploader(who.identity, member=who.role != "admin")
    theirs = upload_owner.others(jobs, uploader, collection, names)
    if theirs:
        said = upload_owner.refusal(theirs, collection, shown(theirs[0]))
        raise ApiError(409, said, ("body", "files"))


def thread_in_use(res: Resources, tenant: str, run: str) -> bool:
    """Whether the tenant's checkpoints hold a thread ``run`` already: a run id names the
    thread its checkpoints go to, which this server's assistant (a conversation's thread id is
    the client's), the LangGraph server or the command line may have started. A run on it
    would write an ingestion run's state into another member's conversation."""
    config: RunnableConfig = {"configurable": {"thread_id": run, "checkpoint_ns": ""}}
    return res.saver.for_tenant(tenant).get_tuple(config) is not None
