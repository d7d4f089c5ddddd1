"""``kassist demo`` (``make demo``): the real ingestion job, killed with SIGKILL part-way and resumed.

On the embedded default database: a demo corpus of a few hundred documents (``kassist demo-corpus``,
or the shipped handbook where that command is not installed), ingested with the local embedding
model by a child ``kassist ingest``; the demo kills it with SIGKILL after a few batches, shows the
committed state (which batch, which document), resumes it with ``kassist runs resume`` (which says
where it continues from), then shows the audit summary and exports the audit report (stored with
the run in the database) into ``.kassist/demo-reports/<run id>/``, printing each file's whole path.
"""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from cli import job_stop, kit
from cli.job_stop import JobStage, interrupted
from cli.kit import database_url as chosen_url
from cli.kit import fail, print_path, print_table, whole_line
from kassist.dburl import parse_database_url

KILL_AFTER_BATCHES = 3  # committed; the 4th is in flight when the kill lands
BATCH_SIZE = 10
STALL_SECONDS = 300  # the child's run, stored or batch, did not move for this long: give up


def _cli(*args: str, **kwargs: Any) -> list[str]:
    # -P: never import a module of the current directory in place of ours.
    return [sys.executable, "-P", "-m", "cli.main", *args]


def make_corpus(out: Path, docs: int, seed: int, console: Console) -> Path:
    """The demo corpus: generated when ``kassist demo-corpus`` exists, else the shipped handbook.

    An earlier demo's corpus is reused only when whole: ``demo-corpus`` writes its ground truth
    beside the folder last, so a folder without it is one a Ctrl-C cut short (reused, its 11 files
    made every later ``make demo`` fail before the kill); it is written again."""
    from knowledge.corpus import ground_truth_path

    if out.is_dir() and ground_truth_path(out).is_file():
        return out
    shutil.rmtree(out, ignore_errors=True)
    made = subprocess.run(
        _cli("demo-corpus", str(out), "--docs", str(docs), "--seed", str(seed)),
        capture_output=True,
        text=True,
    )
    if made.returncode == 0:  # (its ground truth goes beside the folder: never ingested)
        whole_line(console, f"corpus: {docs} generated documents in {out}")
        return out
    from knowledge.corpus import __file__ as corpus_init

    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(Path(corpus_init).parent / "files", out)
    console.print(
        f"corpus: the shipped handbook ({sum(1 for p in out.rglob('*') if p.is_file())} files)",
        highlight=False,
    )
    return out


def _batches_done(saver: Any, tenant: str, run_id: str) -> int | None:
    """Batches the run has committed, read from its head checkpoint as a fresh process would; None
    while the run has no checkpoint yet."""
    head = saver.for_tenant(tenant).get_tuple({"configurable": {"thread_id": run_id}})
    return int(head.checkpoint["channel_values"].get("batch_cursor") or 0) if head else None


@dataclass
class _Progress:
    """What a Ctrl-C leaves behind: the child processes to stop, and how far the run got."""

    stage: JobStage
    children: list[subprocess.Popen[str]] = field(default_factory=list)


def _runs_json(what: str, url: str, tenant: str, run_id: str, *extra: str) -> Any:
    """``kassist runs WHAT RUN --json`` in a fresh process, as a user would call it: its parsed stdout."""
    done = subprocess.run(
        _cli("runs", what, run_id, "--tenant", tenant, "--database-url", url, *extra, "--json"),
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"runs {what} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def _show(url: str, tenant: str, run_id: str) -> dict[str, Any]:
    data: dict[str, Any] = _runs_json("show", url, tenant, run_id)
    return data


def _export(url: str, tenant: str, run_id: str, out: Path) -> dict[str, str]:
    """The run's audit report written into ``out`` (``kassist runs report``): its files by format."""
    files: dict[str, str] = _runs_json("report", url, tenant, run_id, "--out", str(out))
    return files


def batching(corpus: Path) -> tuple[int, int]:
    """(batch size, batches to let the child commit before the kill). Ten documents a batch and
    three committed; a small corpus gets smaller batches so that several are still to come when the
    kill lands (20 documents in two batches: the child, polled every 0.1 s then, finished before the demo
    saw a third batch, or even the first, and the demo failed)."""
    files = sum(1 for p in corpus.rglob("*") if p.is_file())
    size = max(1, min(BATCH_SIZE, files // 8))
    batches = -(-files // size)
    return size, max(1, min(KILL_AFTER_BATCHES, batches - 1))


def demo(
    tenant: Annotated[str, typer.Option("--tenant", help="the tenant the demo run belongs to")] = "acme",
    docs: Annotated[int, typer.Option("--docs", min=20, help="documents in the generated corpus")] = 200,
    embedder: Annotated[str, typer.Option(help="auto | local | hashing | openai")] = "local",
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url", help="default: $KASSIST_DATABASE_URL or sqlite:///.kassist/kassist.db"
        ),
    ] = None,
) -> None:
    """Ingest a demo corpus in a child process, SIGKILL it part-way, resume it, show the audit."""
    console = kit.console()
    url = chosen_url(database_url, must_exist=False)  # a refused default: one line, as every command
    workdir = Path(".kassist")
    try:
        workdir.mkdir(mode=0o700, exist_ok=True)  # as open_sqlite makes it: the reports are the tenant's
    except OSError as exc:  # a folder this user may not write: the OS's words alone named no way out
        kit.fail(
            f"cannot make .kassist in {Path.cwd()} ({exc.strerror}): kassist demo writes its corpus, "
            "database and reports there; run it from a folder you can write (make demo runs it in the "
            "checkout)"
        )
    run_id = f"demo-{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:6]}"
    console.rule("[bold]kassist demo: an ingestion run killed with SIGKILL, then resumed")
    whole_line(console, f"database: {parse_database_url(url).describe()}")
    console.print(f"tenant: [bold]{tenant}[/]   run: [bold]{run_id}[/]", highlight=False)
    progress = _Progress(JobStage(run_id, tenant, database_url=database_url))
    try:
        with job_stop.sigterm_as_interrupt():
            _demo(console, url, tenant, run_id, workdir, docs, embedder, progress)
    except KeyboardInterrupt as exc:
        # Ctrl-C reaches the children too (one process group), SIGTERM (`kill`) only this process:
        # kill any still running (an orphaned ingest went on alone), then one line.
        for child in progress.children:
            child.kill()
            child.wait()
        if progress.stage.stopped:  # the resumed run had returned: nothing is left to finish
            shown = job_stop.run_command("show", run_id, tenant, database_url)
            hint = f"`make demo` starts a new run; this one had stopped: `{shown}` says how"
        elif progress.stage.stored:
            hint = f"`make demo` starts a new run; `{progress.stage.resume}` finishes this one"
        else:
            hint = "`make demo` starts again"
        interrupted(console, hint, terminated=isinstance(exc, job_stop.Terminated))


def _demo(
    console: Console,
    url: str,
    tenant: str,
    run_id: str,
    workdir: Path,
    docs: int,
    embedder: str,
    progress: _Progress,
) -> None:
    corpus = make_corpus(workdir / f"demo-corpus-{docs}", docs, 7, console)
    # A collection per corpus and model: one collection mirrors one folder, indexed by one model, so a
    # second demo with another --docs or --embedder was refused and said "a bug in kassist" (h24 s39
    # H24-6); the same options again start a new run into the same collection.
    collection = "demo_handbook_" + re.sub(r"[^A-Za-z0-9_.-]", "-", f"{docs}_{embedder}")
    batch_size, kill_at = batching(corpus)
    started = time.monotonic()
    common = ["--tenant", tenant, "--database-url", url]
    first = subprocess.Popen(
        _cli("ingest", str(corpus), "--run-id", run_id, "--collection", collection, "--embedder", embedder,
             "--batch-size", str(batch_size), *common),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    progress.children.append(first)
    seen, moved = None, time.monotonic()
    from checkpointer import TenantCheckpointer

    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()  # once: the child may not have created the tables yet
        while (done := _batches_done(saver, tenant, run_id)) is None or done < kill_at:
            progress.stage.stored = done is not None
            if done != seen:
                seen, moved = done, time.monotonic()
            if first.poll() is not None:
                _, err = first.communicate()
                raise RuntimeError(
                    f"the ingest child stopped before the kill (exit {first.returncode}):\n{err}"
                )
            # A stall, not a total time: on a loaded machine the first batches (the model's load
            # included) took longer than the 90 s the whole wait had, and the demo called it a bug.
            if time.monotonic() - moved > STALL_SECONDS:
                first.kill()
                first.wait()
                fail(
                    f"the ingest child committed nothing for {STALL_SECONDS} s (a busy machine?); "
                    f"`make demo` tries again, `kassist runs resume {run_id} --tenant {tenant}` continues it"
                )
            time.sleep(0.02)  # a batch of two small documents can take under 0.1 s
    first.send_signal(signal.SIGKILL)
    first.wait()
    at_kill = _show(url, tenant, run_id)
    console.print(
        f"[red]SIGKILL[/] child pid {first.pid}: committed {at_kill['batch']} of {at_kill['batches']} batches, "
        f"{at_kill['counters']['documents_seen']} documents (checkpoint version {at_kill['version']})",
        highlight=False,
    )
    # Paths whole, each on its own line (never in a table cell or a line a narrow terminal wraps).
    print_path(console, "last document committed before the kill", str(at_kill["last_document"]))
    resuming = subprocess.Popen(
        _cli("runs", "resume", run_id, *common), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    progress.stage.stored = True
    progress.children.append(resuming)
    out, err = resuming.communicate()
    resumed = subprocess.CompletedProcess(resuming.args, resuming.returncode, out, err)
    for line in resumed.stdout.splitlines():
        if line.startswith("resuming"):
            whole_line(console, line)
    progress.stage.stopped = resumed.returncode in (0, 3, 5)  # a Ctrl-C from here: nothing to finish
    if resumed.returncode not in (0, 3, 5):
        raise RuntimeError(
            f"the resumed run failed (exit {resumed.returncode}):\n{resumed.stdout}\n{resumed.stderr}"
        )
    final = _show(url, tenant, run_id)
    table = Table(title="outcome", show_header=False)
    table.add_row("status", str(final["status"]))
    table.add_row("killed after", f"{at_kill['batch']} batches")
    table.add_row("resumed at", f"batch {at_kill['batch'] + 1} (not batch 1)")
    # "unchanged": a second demo finds the first one's documents already indexed (0 indexed, 196 unchanged).
    for key in (
        "documents_seen",
        "documents_indexed",
        "documents_unchanged",
        "documents_failed",
        "chunks_added",
    ):
        table.add_row(key.replace("_", " "), str(final["counters"].get(key, 0)))
    table.add_row("audit findings", ", ".join(f"{n} {s}" for s, n in final["findings"].items()) or "none")
    print_table(console, table)
    for fmt, path in _export(url, tenant, run_id, workdir / "demo-reports" / run_id).items():
        print_path(console, f"report ({fmt})", path)
    if final["status"] == "needs_review":
        console.print(
            f"the run waits for a review ({final['review']}): read the HTML report, then", highlight=False
        )
        approve = job_stop.run_command("approve", run_id, tenant, progress.stage.database_url)
        whole_line(console, f"  {approve}   (or: runs reject)")
    ok = final["status"] in ("completed", "needs_review") and final["batch"] == final["batches"]
    console.print(
        f"{'[green]OK' if ok else '[red]FAILED'}[/]: finished in {time.monotonic() - started:.1f} s"
    )
    if not ok:
        raise typer.Exit(1)
