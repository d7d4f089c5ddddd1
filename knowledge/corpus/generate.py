"""A deterministic demo corpus of enterprise documents with planted compliance problems and its ground truth.

``kassist demo-corpus OUT_DIR --docs N --seed S`` writes N documents of Northwind Analytics (HR, IT,
security, finance, facilities) in Markdown, plain text, HTML, PDF and Word, built from the shipped
handbook's sections plus generated local detail, and ``manifest.json`` saying, per document, what was
planted: personal data, secrets, a stale date, missing owner or classification, near-duplicate copies,
superseded older editions, and the few files that are broken on purpose (encrypted PDF, binary, empty,
damaged Word file). Decoys that must *not* be reported (role mailboxes, reception numbers, card numbers
failing Luhn, IBANs failing their checksum, prose about passwords) are planted too.

Every document is a pure function of (seed, slot): the same arguments give byte-identical files.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from knowledge.corpus import material as m
from knowledge.corpus.plants import plant_decoys, plant_personal, plant_secret
from knowledge.corpus.writers import RENDERERS, Draft, encrypt_pdf

GENERATOR = "kassist-demo-corpus/1"
AS_OF = date(2026, 12, 1)  # fixed, so the files never depend on the day they are generated
STALE_AFTER_MONTHS = 24
# Drawn uniformly: 35% Markdown, 15% plain text, 20% HTML, 20% PDF, 10% Word.
FORMATS = ("md",) * 7 + ("txt",) * 3 + ("html",) * 4 + ("pdf",) * 4 + ("docx",) * 2
BROKEN_KINDS = ("encrypted_pdf", "binary", "empty", "broken_file")
DEPT_CODES = {"hr": "HR", "it": "IT", "security": "SEC", "finance": "FIN", "facilities": "FAC"}
Role = Literal["normal", "copy", "old_edition", "broken"]

P_COPY, P_OLD_EDITION = 0.035, 0.03
P_PERSONAL, P_SECRET, P_DECOY = 0.18, 0.08, 0.3
P_STALE, P_UNDATED, P_NO_OWNER, P_NO_CLASSIFICATION = 0.12, 0.06, 0.09, 0.09


class CorpusDocument(BaseModel):
    """Ground truth for one generated file."""

    path: str
    format: str
    department: str
    kind: str
    title: str
    reference: str
    expected_broken: str | None = Field(
        default=None, description="The loader's error kind, when broken on purpose"
    )
    planted: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Category -> one rule id per planted item (personal_data, secret, ...)",
    )
    decoys: list[str] = Field(
        default_factory=list, description="Look-alikes planted that must not be reported"
    )
    near_duplicate_of: str | None = None
    supersedes: str | None = Field(default=None, description="For an old edition: the path of the newer one")


class Manifest(BaseModel):
    generator: str = GENERATOR
    seed: int
    docs: int
    as_of: date
    stale_after_months: int
    documents: list[CorpusDocument]

    def totals(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for doc in self.documents:
            for category, rules in doc.planted.items():
                counts[category] = counts.get(category, 0) + len(rules)
            if doc.expected_broken:
                counts["broken"] = counts.get("broken", 0) + 1
        return dict(sorted(counts.items()))


class CorpusExistsError(FileExistsError):
    """The output directory already holds files; the generator never overwrites a directory."""


@dataclass
class _Doc:
    draft: Draft
    truth: CorpusDocument
    effective: date | None
    reviewed: date | None


def generate_corpus(out_dir: Path, *, docs: int, seed: int, as_of: date = AS_OF) -> Manifest:
    """Write ``docs`` documents and ``manifest.json`` into ``out_dir`` (new or empty) and return the manifest."""
    if docs < 1:
        raise ValueError(f"docs must be at least 1, got {docs}")
    out_dir = Path(out_dir)
    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        raise CorpusExistsError(f"{out_dir} exists and is not an empty directory; choose a new directory")
    out_dir.mkdir(parents=True, exist_ok=True)
    broken = _broken_slots(docs, seed)
    truths: list[CorpusDocument] = []  # truths[slot]: one document per slot
    folders: set[Path] = set()
    for slot in range(docs):
        role, source = _role(slot, seed, broken)
        if role == "copy" and source is not None:
            # A document is a pure function of its slot: regenerate the source rather than keep every draft.
            doc = _copy_of(_normal(source, seed, as_of), slot, seed)
            original = truths[source]
            original.planted["near_duplicate"] = ["near_duplicate"]
            doc.truth.near_duplicate_of = original.path
        elif role == "old_edition" and source is not None:
            doc = _old_edition(_normal(source, seed, as_of), slot, seed, as_of)
        else:
            doc = _normal(slot, seed, as_of)
        truth = doc.truth
        data = RENDERERS[truth.format](doc.draft)
        if role == "broken":
            data, truth = _break(data, truth, broken[slot], slot, seed)
        else:
            _derive_stale(doc, as_of)
        target = out_dir / truth.path
        if target.parent not in folders:
            target.parent.mkdir(parents=True, exist_ok=True)
            folders.add(target.parent)
        target.write_bytes(data)
        truths.append(truth)
    manifest = Manifest(
        seed=seed, docs=docs, as_of=as_of, stale_after_months=STALE_AFTER_MONTHS, documents=truths
    )
    (out_dir / "manifest.json").write_text(manifest.model_dump_json(indent=1) + "\n", encoding="utf-8")
    return manifest


def _broken_slots(docs: int, seed: int) -> dict[int, str]:
    """About 1% of the slots, at least one of each kind once the corpus has 40 documents."""
    if docs < 40:
        return {}
    rng = random.Random(f"{seed}:broken")
    count = max(len(BROKEN_KINDS), round(docs * 0.01))
    return {
        slot: BROKEN_KINDS[i % len(BROKEN_KINDS)]
        for i, slot in enumerate(sorted(rng.sample(range(docs), count)))
    }


def _role(slot: int, seed: int, broken: dict[int, str]) -> tuple[Role, int | None]:
    if slot in broken:
        return "broken", None
    rng = random.Random(f"{seed}:{slot}:role")
    roll = rng.random()
    if slot >= 8 and roll < P_COPY + P_OLD_EDITION:
        source = rng.randrange(slot)
        if _role(source, seed, broken)[0] == "normal":
            return ("copy" if roll < P_COPY else "old_edition"), source
    return "normal", None


# --- a normal document ---------------------------------------------------------------------------------


def _normal(slot: int, seed: int, as_of: date) -> _Doc:
    """The document of ``slot`` as first written (copies and old editions derive from it)."""
    rng = random.Random(f"{seed}:{slot}")
    department = rng.choice(m.DEPARTMENTS)
    fmt = rng.choice(FORMATS)
    reference = f"{DEPT_CODES[department]}-{slot:05d}"
    kind, title, blocks = _content(rng, department)
    meta: dict[str, str] = {}
    planted: dict[str, list[str]] = {}
    if rng.random() >= P_NO_OWNER:
        meta["owner"] = rng.choice(m.OWNERS[department])
    else:
        planted.setdefault("missing_metadata", []).append("missing_owner")
    if rng.random() >= P_NO_CLASSIFICATION:
        meta["classification"] = rng.choice(m.CLASSIFICATIONS)
    else:
        planted.setdefault("missing_metadata", []).append("missing_classification")
    meta["version"] = f"{rng.randint(2, 5)}.{rng.randint(0, 9)}"
    effective, reviewed = _dates(rng, as_of)
    decoys: list[str] = []
    extra: list[tuple[str, str]] = []
    if rng.random() < P_PERSONAL:
        extra += plant_personal(rng, planted)
    if rng.random() < P_SECRET:
        extra += plant_secret(rng, planted)
    if rng.random() < P_DECOY:
        extra += plant_decoys(rng, decoys)
    if extra:
        heading = rng.choice(
            ("Contacts and details", "Notes", "Practical details", "Appendix: working notes")
        )
        position = rng.randint(1, len(blocks))
        blocks[position:position] = [("h2", heading), *extra]
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60]
    truth = CorpusDocument(
        path=f"{department}/{slug}-{slot:05d}.{fmt}",
        format=fmt,
        department=department,
        kind=kind,
        title=title,
        reference=reference,
        planted=planted,
        decoys=decoys,
    )
    draft = Draft(
        title=title,
        reference=reference,
        meta=meta,
        dates_line=_dates_line(rng, effective, reviewed),
        blocks=blocks,
    )
    return _Doc(draft, truth, effective, reviewed)


def _content(rng: random.Random, department: str) -> tuple[str, str, list[tuple[str, str]]]:
    """(kind, title, blocks): a policy or guide from handbook sections, or a record with generated detail."""
    sections = m.handbook_sections()
    own = m.sections_of(department)
    office, team = rng.choice(m.OFFICES), rng.choice(m.TEAMS)
    picked = rng.sample(own, min(len(own), rng.randint(2, 3))) + rng.sample(sections, rng.randint(1, 2))
    blocks: list[tuple[str, str]] = []
    local = _local_paragraph(rng, office, team)
    if rng.random() < 0.3:
        kind = rng.choice(("meeting notes", "handover", "request record"))
        name = " ".join(m.person(rng)[0].split())
        title = {
            "meeting notes": f"{team} weekly meeting notes, week {rng.randint(1, 52)}",
            "handover": f"Handover: {rng.choice(m.SYSTEMS).removeprefix('the ')} ({name})",
            "request record": f"{office} {rng.choice(('access', 'equipment', 'expense', 'travel'))} request {rng.randint(1000, 9999)}",
        }[kind]
        blocks.append(("p", local))
        blocks.append(("p", _local_paragraph(rng, rng.choice(m.OFFICES), rng.choice(m.TEAMS))))
        picked = [picked[0], *rng.sample(sections, 2)]  # short records: mostly generated, little shared text
    else:
        kind = "policy"
        base = rng.choice(own).heading
        title = f"{base}: {rng.choice((office + ' office', team, 'manager guide', 'quick reference', 'FAQ'))}"
        if rng.random() < 0.3:
            title += f" {rng.choice((2025, 2026))}"
        blocks.append(("p", local))
    for section in picked:
        paragraphs = list(section.paragraphs)
        if len(paragraphs) > 2:
            paragraphs.pop(rng.randrange(len(paragraphs)))
        blocks.append(("h2", section.heading))
        blocks += [("ul" if p.startswith("- ") else "p", p) for p in paragraphs]
    return kind, title, blocks


def _local_paragraph(rng: random.Random, office: str, team: str) -> str:
    first, second = m.person(rng)[0], m.person(rng)[0]
    return rng.choice(
        (
            f"This guidance applies to the {team} team in the {office} office. {first} is the local contact; "
            f"{second} covers during absences. Questions that this page does not answer go to your line manager.",
            f"For {team}, requests up to {rng.randint(2, 40) * 50} EUR are approved by the line manager and larger "
            f"ones by the head of department. {first} keeps the {office} register of approvals.",
            f"The {office} office follows this guidance with one local addition agreed with the works council: "
            f"{team} schedules are published {rng.randint(2, 6)} weeks ahead. {first} coordinates.",
            f"{first} and {second} from {team} maintain this page. Comments are collected in the {office} "
            f"channel and discussed at the monthly operations meeting.",
        )
    )


_DATE_STYLES = ("{d} {M} {Y}", "{Y}-{m:02d}-{d:02d}", "{M} {d}, {Y}")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # fmt: skip


def _fmt_date(rng: random.Random, day: date) -> str:
    return rng.choice(_DATE_STYLES).format(d=day.day, M=_MONTHS[day.month - 1], Y=day.year, m=day.month)


def _dates(rng: random.Random, as_of: date) -> tuple[date | None, date | None]:
    roll = rng.random()
    if roll < P_UNDATED:
        return None, None
    if roll < P_UNDATED + P_STALE:  # stale: latest date 26 months to 8 years back
        effective = as_of - timedelta(days=rng.randint(26 * 31, 8 * 365))
        return effective, None
    effective = as_of - timedelta(days=rng.randint(30, 20 * 30))  # fresh: at most 20 months back
    if rng.random() < 0.3:
        return effective - timedelta(days=rng.randint(365, 3 * 365)), effective
    return effective, None


def _dates_line(rng: random.Random, effective: date | None, reviewed: date | None) -> str | None:
    parts = []
    if effective:
        parts.append(f"Effective date: {_fmt_date(rng, effective)}.")
    if reviewed:
        parts.append(f"Last reviewed: {_fmt_date(rng, reviewed)}.")
    return " ".join(parts) or None


def _derive_stale(doc: _Doc, as_of: date) -> None:
    """Ground truth for staleness follows from the dates written: latest date at least N months old."""
    latest = max((d for d in (doc.effective, doc.reviewed) if d), default=None)
    if latest is None:
        return
    months = (as_of.year - latest.year) * 12 + as_of.month - latest.month - (as_of.day < latest.day)
    if months >= STALE_AFTER_MONTHS:
        doc.truth.planted["stale"] = ["stale"]


# --- derived documents --------------------------------------------------------------------------------

_SWAPS = {"the": "this", "must": "should", "your": "the", "within": "inside", "days": "working days",
          "team": "group", "request": "ask", "manager": "line manager", "may": "can", "all": "every"}  # fmt: skip


def _copy_of(source: _Doc, slot: int, seed: int) -> _Doc:
    """A near-duplicate: the same document saved again elsewhere with a handful of words changed."""
    rng = random.Random(f"{seed}:{slot}:copy")
    edits = rng.randint(1, 4)
    blocks = list(source.draft.blocks)
    candidates = [i for i, (kind, _) in enumerate(blocks) if kind == "p"]
    for index in rng.sample(candidates, min(edits, len(candidates))):
        words = blocks[index][1].split(" ")
        spots = [i for i, w in enumerate(words) if w in _SWAPS]
        if spots:
            spot = rng.choice(spots)
            words[spot] = _SWAPS[words[spot]]
            blocks[index] = ("p", " ".join(words))
    fmt = source.truth.format if rng.random() < 0.6 else rng.choice(FORMATS)
    base = source.truth.path.rsplit(".", 1)[0].rsplit("-", 1)[0]
    truth = source.truth.model_copy(
        deep=True,
        update={"path": f"{base}-copy-{slot:05d}.{fmt}", "format": fmt, "kind": source.truth.kind},
    )
    truth.planted["near_duplicate"] = ["near_duplicate"]
    truth.planted.pop("stale", None)  # derived again from the dates
    draft = Draft(
        source.draft.title, source.draft.reference, dict(source.draft.meta), source.draft.dates_line, blocks
    )
    return _Doc(draft, truth, source.effective, source.reviewed)


def _old_edition(source: _Doc, slot: int, seed: int, as_of: date) -> _Doc:
    """An earlier edition of the same document (same reference, lower version, earlier date, other text)."""
    rng = random.Random(f"{seed}:{slot}:old")
    department = source.truth.department
    _kind, _title, blocks = _content(rng, department)
    newer = source.draft.meta.get("version", "2.0")
    major = max(1, int(newer.split(".")[0]) - rng.randint(1, 2))
    meta = dict(source.draft.meta) | {"version": f"{major}.{rng.randint(0, 9)}"}
    status = rng.choice(("Superseded", "Archived", None, None))
    if status:
        meta["status"] = status
    else:
        meta.pop("status", None)
    # Older in every way the audit compares: version, date (none when the newer one is undated), title year.
    anchor = source.effective or source.reviewed
    effective = anchor - timedelta(days=rng.randint(300, 3 * 365)) if anchor else None
    title = source.draft.title
    if year := re.search(r" (20\d\d)$", title):
        title = title[: year.start()] + f" {int(year.group(1)) - rng.randint(1, 3)}"
    fmt = rng.choice(FORMATS)
    folder = "archive" if rng.random() < 0.4 else department
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60]
    planted: dict[str, list[str]] = {"superseded": ["superseded"]}
    for key, rule in (("owner", "missing_owner"), ("classification", "missing_classification")):
        if key not in meta:
            planted.setdefault("missing_metadata", []).append(rule)
    truth = CorpusDocument(
        path=f"{folder}/{slug}-v{meta['version']}-{slot:05d}.{fmt}",
        format=fmt,
        department=department,
        kind=source.truth.kind,
        title=title,
        reference=source.draft.reference,
        planted=planted,
        supersedes=source.truth.path,
    )
    draft = Draft(title, source.draft.reference, meta, _dates_line(rng, effective, None), blocks)
    return _Doc(draft, truth, effective, None)


def _break(
    data: bytes, truth: CorpusDocument, kind: str, slot: int, seed: int
) -> tuple[bytes, CorpusDocument]:
    """The file made unreadable on purpose; the loader must report it with ``kind`` and go on."""
    rng = random.Random(f"{seed}:{slot}:broken")
    stem = truth.path.rsplit(".", 1)[0]
    if kind == "encrypted_pdf":
        from knowledge.corpus.writers import render_pdf

        protected = Draft(
            truth.title, truth.reference, {}, None, [("p", "This file is protected with a password.")]
        )
        data, fmt = encrypt_pdf(render_pdf(protected), f"pw-{slot}"), "pdf"
    elif kind == "binary":
        data, fmt = (
            bytes(rng.randrange(256) for _ in range(2048)).replace(b"\x00", b"\x01") + b"\x00" * 64,
            "txt",
        )
    elif kind == "empty":
        data, fmt = b"", "md"
    else:
        data, fmt = b"PK\x03\x04" + bytes(rng.randrange(256) for _ in range(512)), "docx"
    return data, truth.model_copy(
        update={"path": f"{stem}.{fmt}", "format": fmt, "expected_broken": kind, "planted": {}, "decoys": []}
    )
