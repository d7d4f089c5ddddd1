"""Abstention and answer sentences of every development answer set, from one dump of searches (session 23, h3).

Two steps, so that a change of the judge or of the extractive responder is measured in seconds:

1. ``--search``: builds bench/answer_quality.py's corpus once (the handbook among ``--docs`` demo-corpus
   documents, SQLite at ``--db``), runs the assistant's own search (hybrid, k=6, sentence stage) for
   every single-turn question of the main set and blind 1-12 (answerable, unanswerable, non-English;
   follow-ups need the graph and are left to the runners), and writes each question's hits and
   whether the knowledge base uses each acronym it holds (``TenantKnowledgeIndex.uses``) to ``--dump``.
2. Without ``--search``: reads the dump and runs today's :func:`graph.assistant.answering.judge` and
   :class:`ExtractiveResponder` on it, then prints per set and half: answerable questions judged
   unanswerable (wrong abstentions), the fact in the extractive answer, unanswerable ones abstained
   on (right abstentions); ``--tags`` per blind-9 tag; ``--show`` every question that fails.

The halves (written down before tuning, session 23): within each set, questions alternate between a
tuning half (``tune``: the 1st, 3rd, ... of each kind; in blind 9 of each tag) and a validation half
(``check``), bench/answer_quality_questions.split's rule. Rules are chosen on the tuning halves; the
validation halves are read only to report.

The figures are retrieval plus the responder on the dumped hits: the graph's follow-up reading,
memories and context budget are not in them (the runners measure those).

Measured (session 23, h3; one dump of 22b6ae8's search; wrong abstentions / fact in answer / right
abstentions): tuning halves 15/278, 209/278, 48/81 at 22b6ae8 -> 12/278, 218/278, 58/81 at fb69d44;
validation halves 19/272, 198/272, 40/74 -> 17/272, 200/272, 47/74 (docs/benchmarks.md, session 23).
Session 24 (h3): blind 10 added (its halves alternate within each tag, as blind 9's); one dump of
587b98d's search, 587b98d -> 4778caa: tuning halves 18/317, 243/317, 66/97 -> 15/317, 244/317,
68/97; validation halves 20/306, 234/306, 56/88 -> 19/306, 234/306, 57/88 (only blind 10 moved).
Session 25 (h3): blind 11 added (halves within each tag); one dump of 4f0eae4's search: tuning
halves 21/358, 270/358, 75/112 at 4f0eae4 -> 20/358, 270/358, 75/112 at b710f44 (blind 11 h06);
validation halves 21/340, 257/340, 65/103 unchanged. bench/abstain_learn.py reads the same dump.
Session 26 (h3): blind 12 added (halves within each tag, the same rule); one dump of d3e4587's search:
tuning halves 24/400, 303/400, 85/129 -> 24/400, 303/400, 87/129 with a count checked by any number
(answer_types.judged_answer, a4bb0bc); validation halves 24/377, 290/377, 72/118 -> 24/377, 290/377,
74/118.
Session 27 (h4): blind 13 added, all of it validation (the freshest unseen-like set stays out of
tuning: :data:`VALIDATION_ONLY`); one dump of e7ecafb's search: tuning halves 23/400, 311/400,
88/129; validation halves (blind 13 included) 28/468, 356/468, 93/155 -> 26/468, 358/468, 93/155
with a "who" question never read as asking a time and the slot read from the part that asks.
bench/abstain_slots.py reads the same dump.

Session 31 (a): blind 15 added, all of it validation; ``--causes`` counts wrong abstentions per
half by the check that refused and by where an expected document is. One dump of 34dd3e7's search:
tuning 23/400 -> 21/400, validation 37/645 -> 30/645 wrong abstentions at b70cbf9 (right
abstentions 88/129, 133/229 unchanged); after review r2 (a2, a596bcf: permission names only as the
verb's object or tool, same_scope withdrawn) 22/400 and 37/645, right abstentions unchanged.

Usage: .venv/bin/python bench/abstain_types.py --search --db F.db --vector-cache F.npz --dump D.json
       .venv/bin/python bench/abstain_types.py --dump D.json [--tags] [--show tune] [--causes]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any, cast

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from answer_quality_questions import Question  # noqa: E402

from graph.assistant.answering import judge  # noqa: E402
from graph.assistant.asking import asking_part  # noqa: E402
from graph.assistant.responders.base import Turn  # noqa: E402
from graph.assistant.responders.extractive import ExtractiveResponder  # noqa: E402

ACRONYM = re.compile(r"\b[A-Z]{2,5}(?=s?\b)")
VALIDATION_ONLY = frozenset({"blind13", "blind14", "blind15"})


def sets() -> dict[str, list[Question]]:
    """Every development answer set (imported here: the search step needs them, the judge step not)."""
    from answer_quality_blind import BLIND
    from answer_quality_blind2 import BLIND2
    from answer_quality_blind3 import BLIND3
    from answer_quality_blind4 import BLIND4
    from answer_quality_blind5 import BLIND5
    from answer_quality_blind6_questions import BLIND6
    from answer_quality_blind7_questions import BLIND7
    from answer_quality_blind8_questions import BLIND8
    from answer_quality_blind9_questions import BLIND9
    from answer_quality_blind10_questions import BLIND10
    from answer_quality_blind11_questions import BLIND11
    from answer_quality_blind12_questions import BLIND12
    from answer_quality_blind13_questions import BLIND13
    from answer_quality_blind14_questions import BLIND14
    from answer_quality_blind15_questions import BLIND15
    from answer_quality_questions import QUESTIONS

    return {"main": list(QUESTIONS), "blind": list(BLIND), "blind2": list(BLIND2), "blind3": list(BLIND3),
            "blind4": list(BLIND4), "blind5": list(BLIND5), "blind6": list(BLIND6), "blind7": list(BLIND7),
            "blind8": list(BLIND8), "blind9": list(BLIND9), "blind10": list(BLIND10),
            "blind11": list(BLIND11), "blind12": list(BLIND12), "blind13": list(BLIND13),
            "blind14": list(BLIND14), "blind15": list(BLIND15)}  # fmt: skip


def halves(questions: list[Question], name: str = "") -> dict[str, str]:
    """Question id -> ``tune`` or ``check``: alternating within each kind (blind 9: each tag).

    Blind 13 (the last unseen set, session 27), blind 14 (session 28) and blind 15 (session 29's
    unseen set, session 31) are validation only: the freshest unseen-like sets stay out of every
    tuning half.
    """
    if name in VALIDATION_ONLY:
        return {q.id: "check" for q in questions}
    seen: Counter[str] = Counter()
    out: dict[str, str] = {}
    for q in questions:
        group = str(getattr(q, "tag", "") or q.kind)
        out[q.id] = "tune" if seen[group] % 2 == 0 else "check"
        seen[group] += 1
    return out


def search(args: argparse.Namespace) -> None:
    from answer_quality import TENANT, CachingEmbedder, corpus_db

    from knowledge.index import KnowledgeIndex

    embedder = CachingEmbedder(args.vector_cache)
    url = corpus_db(args.db, embedder, args.docs, args.seed)
    dump: dict[str, list[dict[str, Any]]] = {}
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        kb = index.for_tenant(TENANT)
        for name, questions in sets().items():
            half = halves(questions, name)
            rows = dump[name] = []
            for q in questions:
                if q.kind not in ("answerable", "unanswerable", "language"):
                    continue
                hits = [h.model_dump(mode="json") for h in kb.search(q.text, k=6)]
                # The part that asks, searched alone when the message gives circumstances first.
                part = asking_part(q.text)
                asked = [h.model_dump(mode="json") for h in kb.search(part, k=6)] if part != q.text else []
                uses = {a: kb.uses(a) for a in set(ACRONYM.findall(q.text))}
                rows.append({"id": q.id, "kind": q.kind, "text": q.text, "docs": list(q.docs), "fact": q.fact,
                             "tag": getattr(q, "tag", ""), "half": half[q.id], "hits": hits, "uses": uses, "asked": asked,
                             "embedder": kb.embedder_name})  # fmt: skip
    embedder.save()
    args.dump.write_text(json.dumps(dump, default=str))


def outcome(row: dict[str, Any]) -> dict[str, Any]:
    """Today's judge and extractive answer on a dumped question."""
    uses = row["uses"]
    verdict = judge(row["text"], row["hits"], embedder=row["embedder"], uses=lambda w: bool(uses.get(w)))
    # As graph/assistant/nodes.retrieve does: a company-wide rule answering for an office comes first.
    hits = sorted(row["hits"], key=lambda h: h["chunk_id"] != verdict.lead) if verdict.lead else row["hits"]
    turn = Turn(query=row["text"], context=[], hits=hits, memories=[], preferences={},
                resources=cast(Any, None), verdict=verdict)  # fmt: skip
    reply = ExtractiveResponder().respond(turn)
    answer = str(reply.messages[-1].content)
    first = reply.citations[0]["path"] if reply.citations else ""
    return {"answered": verdict.answerable, "reason": verdict.reason, "answer": answer,
            "fact": bool(row["fact"]) and row["fact"].lower() in answer.lower(),
            "first": first in row["docs"]}  # fmt: skip


def report(args: argparse.Namespace) -> None:
    dump = json.loads(args.dump.read_text())
    print("| set | half | wrong abstentions | fact in answer | first citation | right abstentions |")
    print("|---|---|---|---|---|---|")
    totals: dict[str, Counter[str]] = {"tune": Counter(), "check": Counter()}
    tags: dict[tuple[str, str], Counter[str]] = {}
    for name, rows in dump.items():
        for half in ("tune", "check"):
            c: Counter[str] = Counter()
            for row in (r for r in rows if r["half"] == half and r["kind"] != "language"):
                o = outcome(row)
                t = tags.setdefault((name, row["tag"] or row["kind"]), Counter())
                if row["kind"] == "answerable":
                    c["answerable"] += 1
                    c["wrong"] += not o["answered"]
                    c["fact"] += o["fact"]
                    c["first"] += o["first"] and o["answered"]
                    t["n"] += 1
                    t["pass"] += o["fact"] and o["first"]
                    t["wrong"] += not o["answered"]
                    failed = not (o["fact"] and o["first"])
                else:
                    c["unanswerable"] += 1
                    c["right"] += not o["answered"]
                    t["n"] += 1
                    t["pass"] += not o["answered"]
                    failed = o["answered"]
                if failed and args.show in (half, "all"):
                    print(f"-- {name} {row['id']} [{row['kind']} {row['tag']}] {row['text']}\n   fact: "
                          f"{row['fact']!r} docs {row['docs']}\n   {o['reason']!r}\n   "
                          + o["answer"].replace("\n", "\n   "), file=sys.stderr)  # fmt: skip
            totals[half].update(c)
            print(f"| {name} | {half} | {c['wrong']}/{c['answerable']} | {c['fact']}/{c['answerable']} | "
                  f"{c['first']}/{c['answerable']} | {c['right']}/{c['unanswerable']} |")  # fmt: skip
    for half, c in totals.items():
        print(f"| all | {half} | {c['wrong']}/{c['answerable']} | {c['fact']}/{c['answerable']} | "
              f"{c['first']}/{c['answerable']} | {c['right']}/{c['unanswerable']} |")  # fmt: skip
    if args.tags:
        print("\n| set | tag | passed | wrong abstentions |\n|---|---|---|---|")
        for (name, tag), t in sorted(tags.items()):
            if name in ("blind9", "blind10"):
                print(f"| {name} | {tag} | {t['pass']}/{t['n']} | {t['wrong']} |")


# The check that refused, from the first words of the judge's reason.
CHECKS = (("best evidence", "evidence below the bar"), ("nothing mentions", "names check"),
          ("the page for", "scope page off-topic"), ("no passage", "answer type, quantity"),
          ("nothing found states", "premise"), ("no passage matched", "no passage"))  # fmt: skip


def causes(args: argparse.Namespace) -> None:
    """Wrong abstentions per half by the check that refused and by where an expected document is
    (the judged passage's, another hit's, none of the hits'): a bar refusing a passage that does not
    answer is a ranking miss, not a judge's (session 31)."""
    from graph.assistant.answering import most_relevant

    dump = json.loads(args.dump.read_text())
    counted: Counter[tuple[str, str, str]] = Counter()
    for rows in dump.values():
        for row in (r for r in rows if r["kind"] == "answerable" and r["hits"]):
            o = outcome(row)
            if o["answered"]:
                continue
            check = next((name for start, name in CHECKS if o["reason"].startswith(start)), o["reason"])
            judged = most_relevant(row["text"], row["hits"])
            where = (
                "judged" if judged["source_path"] in row["docs"]
                else "other hit" if any(h["source_path"] in row["docs"] for h in row["hits"]) else "none"
            )  # fmt: skip
            counted[(row["half"], check, where)] += 1
    print("| half | check that refused | all | expected document judged | in another hit | in no hit |")
    print("|---|---|---|---|---|---|")
    for half, check in sorted({(h, c) for h, c, _ in counted}):
        n = [counted[(half, check, w)] for w in ("judged", "other hit", "none")]
        print(f"| {half} | {check} | {sum(n)} | {n[0]} | {n[1]} | {n[2]} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--search", action="store_true")
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--db", type=Path, default=Path("/tmp/kassist-abstain-types.db"))
    parser.add_argument("--vector-cache", type=Path)
    parser.add_argument("--dump", type=Path, required=True)
    parser.add_argument("--tags", action="store_true")
    parser.add_argument("--show", choices=("tune", "check", "all"))
    parser.add_argument("--causes", action="store_true", help="wrong abstentions by check and cause")
    args = parser.parse_args(argv)
    if args.search:
        search(args)
    elif args.causes:
        causes(args)
    else:
        report(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
