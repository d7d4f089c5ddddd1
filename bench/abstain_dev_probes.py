"""Probes for the abstention development set of bench/abstain_dev.py, made mechanically from the corpus.

No probe is written by hand. From each chosen sentence of the shipped handbook (knowledge/corpus/files,
archive left out) one *answerable* probe is made by rules: the sentence's content words in their
order, some dropped, some swapped for a synonym from :data:`SYNONYMS` (a small list of general
English pairs, not of the corpus's wording), wrapped in a question template. From the same words a
*near-miss unanswerable* probe is made by swapping the sentence's most specific word (the one fewest
corpus chunks hold) for a noun of :data:`ALIEN_NOUNS` that no chunk of the corpus holds, or a city it
names for one it never names ("dogs in the Tokyo office" beside "dogs in the Berlin office"). Both
kinds share the templates and the dropped words, so only the swapped word tells them apart.

Contradictions ("paid" where the text says "unpaid") are not made: the sentence that denies the
question's assumption answers it (quoting it is the right answer, not an abstention), and the
question sets of bench/answer_quality.py disagree on which they expect.

Probes are split into fit and validate halves by source document (a sentence's two probes, and every
sentence of one document, land in the same half), from ``seed``.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from knowledge.index.passages import stem
from knowledge.index.rules import STOPWORDS
from knowledge.index.sentences import sentences

# General English pairs (both directions are used), none taken from the corpus's sentences.
# fmt: off
SYNONYMS: dict[str, str] = {
    "employee": "staff member", "employees": "staff", "company": "firm", "manager": "boss",
    "salary": "pay", "holiday": "vacation", "holidays": "vacations", "car": "vehicle",
    "laptop": "notebook", "phone": "mobile", "children": "kids", "child": "kid", "buy": "purchase",
    "start": "begin", "help": "assist", "allowed": "permitted", "receive": "get", "request": "ask for",
    "office": "workplace", "document": "file", "meeting": "appointment", "cost": "price",
    "costs": "charges", "travel": "trips", "book": "reserve", "delete": "remove", "sick": "ill",
    "doctor": "physician", "customer": "client", "customers": "clients", "information": "details",
    "contract": "agreement", "payment": "payout", "quickly": "fast", "large": "big", "small": "little",
    "report": "notify", "purchase": "buy", "invoice": "bill", "invoices": "bills", "team": "group",
    "colleague": "coworker", "colleagues": "coworkers", "reimbursed": "paid back", "mandatory": "required",
    "approval": "sign-off", "approve": "sign off", "money": "cash", "days": "days", "hours": "hours",
    "begin": "start", "finish": "complete", "fix": "repair", "broken": "damaged", "lost": "missing",
    "immediately": "right away", "annual": "yearly", "monthly": "every month", "weekly": "every week",
}
# Nouns of everyday life far from an employee handbook; only those no chunk of the corpus holds are
# used (checked against the corpus at run time).
ALIEN_NOUNS = (
    "horse", "yacht", "helicopter", "trampoline", "aquarium", "piano", "tattoo", "karaoke", "llama",
    "submarine", "telescope", "crossbow", "surfboard", "snowmobile", "kayak", "parrot", "hamster",
    "tractor", "saxophone", "chandelier", "jacuzzi", "vineyard", "lottery", "casino", "horoscope",
    "origami", "fireworks", "skateboard", "trombone", "banjo", "igloo", "volcano", "glacier", "dinosaur",
    "unicorn", "pirate", "motorboat", "caravan", "greenhouse", "beehive", "sculpture", "harp", "canoe",
    "falcon", "tortoise", "goldfish", "ferret", "pony", "rollercoaster", "bowling", "golf", "ski",
    "sailing", "fishing", "hunting", "wine", "whisky", "cigar", "perfume", "jewellery", "wig",
    "tuxedo", "wedding", "funeral", "honeymoon", "cruise", "safari", "marathon", "tennis", "chess",
    "poker", "bingo", "circus", "magician", "ventriloquist", "puppet", "opera", "ballet", "museum",
    "zoo", "planetarium", "lighthouse", "windmill", "castle", "moat", "drawbridge", "catapult",
    "cannon", "balloon", "kite", "frisbee", "hammock", "barbecue", "picnic", "campfire", "tent",
)
ALIEN_CITIES = (
    "Tokyo", "Vienna", "Oslo", "Lima", "Nairobi", "Seoul", "Cairo", "Quito", "Hanoi", "Perth",
    "Reykjavik", "Tbilisi", "Montevideo", "Accra", "Manila", "Santiago", "Bogota", "Karachi",
)
# fmt: on
TEMPLATES = (
    "What does the policy say about {}?",
    "What are the rules for {}?",
    "Is there anything on {}?",
    "{}: how does that work here?",
    "Can you tell me about {}?",
    "Where can I read about {}?",
)
_WORD = re.compile(r"[^\W\d_][\w'-]*", re.UNICODE)
MIN_WORDS, MAX_WORDS = 8, 40  # sentences shorter say too little, longer ones are lists


@dataclass(frozen=True)
class Probe:
    id: str
    kind: str  # "answerable" or "unanswerable"
    how: str  # "paraphrase", "alien-noun", "alien-city"
    text: str
    doc: str  # the document the sentence comes from (the expected first citation for answerable)
    half: str  # "fit" or "validate"
    sentence: str


def _content(words: Iterable[str]) -> list[str]:
    return [w for w in words if w.lower() not in STOPWORDS and len(w) > 2]


def _half(doc: str, seed: int) -> str:
    digest = hashlib.sha256(f"{seed}:{doc}".encode()).digest()
    return "fit" if digest[0] % 2 == 0 else "validate"


def make_probes(
    docs: dict[str, str], df: Callable[[str], int], *, seed: int, per_doc: int = 12
) -> list[Probe]:
    """Probes from ``docs`` (source path -> text); ``df(word)`` counts the corpus chunks holding a word
    (0: the corpus never mentions it)."""
    rng = random.Random(seed)
    aliens = [n for n in ALIEN_NOUNS if df(n) == 0]
    cities = [c for c in ALIEN_CITIES if df(c) == 0]
    out: list[Probe] = []
    for doc in sorted(docs):
        candidates = [
            s for s in sentences(docs[doc])
            if MIN_WORDS <= len(s.split()) <= MAX_WORDS and not s.lstrip().startswith(("#", "---", "|"))
        ]  # fmt: skip
        rng.shuffle(candidates)
        for n, sentence in enumerate(candidates[:per_doc]):
            words = _content(_WORD.findall(sentence))
            if len(words) < 4:
                continue
            counts = {w: df(w) for w in words}
            present = [w for w in words if counts[w] > 0]
            if not present:
                continue
            key = min(present, key=lambda w: (counts[w], -len(w)))
            city = next((w for w in words if w[:1].isupper() and w != words[0] and df(w) > 0
                         and w.lower() not in STOPWORDS and w in _CITY_LIKE), None)  # fmt: skip
            # The key word stays; of the others, up to five in sentence order, some dropped.
            others = [w for w in words if w != key]
            rng.shuffle(others)
            kept = set(others[: rng.randint(2, 5)])
            phrase_words = [w for w in words if w == key or w in kept]
            paraphrased = [
                SYNONYMS.get(w.lower(), w) if w != key and rng.random() < 0.5 else w for w in phrase_words
            ]
            template = rng.choice(TEMPLATES)
            qid = f"{hashlib.sha1(doc.encode()).hexdigest()[:6]}-{n}"
            half = _half(doc, seed)
            out.append(Probe(qid + "a", "answerable", "paraphrase",
                             _question(template, paraphrased), doc, half, sentence))  # fmt: skip
            if city is not None and cities and rng.random() < 0.5:
                swapped = [rng.choice(cities) if w == city else w for w in paraphrased]
                how = "alien-city"
            elif aliens:
                alien = rng.choice(aliens)
                swapped = [alien if w == key else w for w in paraphrased]
                how = "alien-noun"
            else:
                continue
            out.append(
                Probe(qid + "u", "unanswerable", how, _question(template, swapped), doc, half, sentence)
            )
    return out


# Place names of the handbook's offices and cities, by shape: one capitalised word a city could be.
_CITY_LIKE = frozenset(
    ("Amsterdam", "Berlin", "London", "Paris", "Madrid", "Lisbon", "Warsaw", "Munich", "Dublin",
     "Singapore", "Prague", "Rotterdam", "Utrecht", "Hamburg", "Frankfurt", "Barcelona")
)  # fmt: skip


def _question(template: str, words: list[str]) -> str:
    phrase = " ".join(words)
    text = template.format(phrase)
    return text[0].upper() + text[1:]


def stems(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text.lower())}
