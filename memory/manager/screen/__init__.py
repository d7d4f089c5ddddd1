"""The instruction screen for memories from untrusted sources, in layers.

1. Decode (``decode``): base64 of any length, URL encoding, HTML entities, ROT13, reversed and
   spaced-out text, leetspeak, HTML comments, JSON inside strings; look-alike letters mapped
   (``text``).
2. Match wording (``phrases``): multilingual phrase banks, strong and weak concepts; structure:
   role markers and ``{"role": "system"}`` objects, hidden characters, links and images to hosts
   outside the tenant's allow-list (``links``). Intent (``intent``, ``frames``): who a sentence
   speaks to and what it asks of the agent that reads it (its guidance declared void, its prompt
   or secrets asked for, the conversation sent out, a persona without rules, its output or memory
   taken over). Decoding also reads ROT47 and Unicode tag characters. Concepts in ~90 languages
   (``multilingual``): an AI named and its instructions voided or asked for, and the like.
3. Match meaning (``semantic``): when the cheap layers are unsure, similarity to known injection
   phrasings with the local MiniLM model.
4. A learned layer (``learned``, off unless asked for): logistic regression over the model's
   reading of the text, its character n-grams and the cheap layers' weak signs, trained on the
   evaluation sets; it only adds holds, when the layers above found nothing.
5. Look at a user's recent memories from the same source together (``screen_memory(recent=...)``),
   so that an instruction split across two writes is seen whole; and a record inside one write (a
   table, CSV, YAML lines, a list) as the sentences its rows and columns form (``carriers``).

A memory is held when any strong finding, two different weak ones, or one weak one plus a
semantic match is found. Text in a language the meaning layers cannot read (``language``) counts as a
second weak sign next to one structural weak sign (an outside e-mail address, hidden HTML). Pure: no I/O besides the local model's computation.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from memory.manager.screen.decode import leaves, role_objects
from memory.manager.screen.findings import ScreenFinding
from memory.manager.screen.language import UNREAD, UNREAD_PARTNERS, unread_language
from memory.manager.screen.learned import LearnedScreen, default_learned
from memory.manager.screen.semantic import SemanticScreen, current_scope, default_semantic, sentences

__all__ = ["ScreenConfig", "ScreenFinding", "cheap_findings", "screen_memory", "screen_texts"]

ALL_TENANTS = "*"
ENV_ALLOWED_HOSTS = "KASSIST_SCREEN_ALLOWED_HOSTS"
ENV_LEARNED = "KASSIST_SCREEN_LEARNED"


def _scan_text(text: str, hosts: Collection[str]) -> list[ScreenFinding]:
    # Keyed by tenant, as the vector cache (semantic.cache_scope): a finding remembered for one tenant's
    # text is never served to another. (The rules' own caches of folded texts and pieces are per process,
    # keyed by text: a text another tenant just wrote is screened a little faster - sub-millisecond.)
    return list(_scanned(current_scope(), text, frozenset(hosts)))


@lru_cache(maxsize=256)
def _scanned(scope: str, text: str, hosts: frozenset[str]) -> tuple[ScreenFinding, ...]:
    """The cheap layers' findings, remembered: they are a function of the text and the allowed hosts
    alone, and one write reads the same text more than once (a memory's only field, then its fields
    joined), as do the same writes screened again (an import retried, one set on two backends)."""
    # Imported on the first screened write: compiling the phrase banks and the Markdown parser
    # costs ~0.17 s, which a command that only reads memories (kassist memory list) never needs.
    from memory.manager.screen.match import scan_text

    return tuple(scan_text(text, hosts))


_HOST = re.compile(
    r"(?=.{1,253}\.?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.?",
    re.I,
)


@dataclass(frozen=True)
class ScreenConfig:
    """``allowed_hosts`` maps a tenant id (or ``"*"`` for every tenant) to the hosts links may point to
    (a host allows its subdomains). Default: none, so any outside link in untrusted text is held."""

    allowed_hosts: Mapping[str, Collection[str]] = field(default_factory=dict)
    semantic: bool = True
    # The learned layer (needs the semantic layer's model) is opt-in: on the unseen blind set 10 it
    # added 4.4 points of attacks held for 1.7 more of benign text, costs ~2.7x per write, and read
    # structured records it was not trained on (kassist's own run summary, a tool's JSON user
    # record) as orders at probability 0.95-0.98 (docs/memory.md, "Poisoning").
    learned: bool = False

    def __post_init__(self) -> None:
        cleaned: dict[str, frozenset[str]] = {}
        for tenant, hosts in self.allowed_hosts.items():
            if isinstance(hosts, str) or not all(isinstance(h, str) for h in hosts):
                raise ValueError(
                    f'allowed_hosts[{tenant!r}] must be a list of host names, e.g. ["acme.example"], '
                    f"not {hosts!r}"
                )
            for host in hosts:
                if not _HOST.fullmatch(host):
                    raise ValueError(
                        f"allowed_hosts[{tenant!r}] has {host!r}, which is not a host name: give the bare "
                        "host (docs.acme.example), without scheme, port or path; it also allows its subdomains"
                    )
            cleaned[tenant] = frozenset(h.lower().rstrip(".") for h in hosts)
        object.__setattr__(self, "allowed_hosts", cleaned)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ScreenConfig:
        """The allow-list from ``KASSIST_SCREEN_ALLOWED_HOSTS``: ``acme=acme.example,wiki.acme.example;
        globex=globex.example`` per tenant, or a bare ``acme.example,cdn.example`` for every tenant.
        Without it no outside host is allowed (a document linking to the company's own site is held).
        ``KASSIST_SCREEN_LEARNED=1`` turns the learned layer on."""
        env = environ if environ is not None else os.environ
        raw = env.get(ENV_ALLOWED_HOSTS, "").strip()
        learned_flag = env.get(ENV_LEARNED, "").strip().lower()
        if learned_flag not in ("", "0", "1", "true", "false", "yes", "no", "on", "off"):
            raise ValueError(f"{ENV_LEARNED}: {learned_flag!r} is not a switch; write 1 (on) or 0 (off)")
        learned = learned_flag in ("1", "true", "yes", "on")
        hosts: dict[str, list[str]] = {}
        for part in filter(None, (p.strip() for p in raw.split(";"))):
            tenant, _, names = part.rpartition("=")
            tenant = tenant.strip() or ALL_TENANTS
            listed = [h.strip() for h in names.split(",") if h.strip()]
            if not listed:
                raise ValueError(
                    f"{ENV_ALLOWED_HOSTS}: {part!r} names no host; write tenant=host,host (or host,host for "
                    "every tenant), tenants separated by ';'"
                )
            hosts.setdefault(tenant, []).extend(listed)
        try:
            return cls(allowed_hosts=hosts, learned=learned)
        except ValueError as exc:
            raise ValueError(f"{ENV_ALLOWED_HOSTS}: {exc}") from None

    def hosts_for(self, tenant_id: str) -> frozenset[str]:
        return frozenset([*self.allowed_hosts.get(ALL_TENANTS, ()), *self.allowed_hosts.get(tenant_id, ())])


def key_texts(key: str) -> list[str]:
    """A key as written and with its separators read as spaces (``ignore_prior_rules``)."""
    spaced = key.replace("_", " ").replace("-", " ").replace(".", " ").replace("/", " ")
    return [key] if spaced == key else [key, spaced]


def cheap_findings(texts: Sequence[str], hosts: Collection[str]) -> list[ScreenFinding]:
    """Every finding of the cheap layers (decoding, phrase banks, intent, structure), strong and weak."""
    found: list[ScreenFinding] = []
    for text in texts:
        found.extend(_scan_text(text, hosts))
    return list(dict.fromkeys(found))


def screen_texts(
    texts: Sequence[str],
    hosts: Collection[str],
    semantic: SemanticScreen | None,
    learned: LearnedScreen | None = None,
    model_texts: Sequence[str] | None = None,
) -> list[ScreenFinding]:
    """Reasons to hold these texts (read as one memory), or [] when they look like plain data.
    ``model_texts`` are what the learned layer reads (a memory's values without its key; default
    ``texts``): it was trained on values, and a key's naming says nothing about intent."""
    found = cheap_findings(texts, hosts)
    strong = [f for f in found if f.strong]
    weak = [f for f in found if not f.strong]
    if strong:
        return strong + weak
    if len({f.detail for f in weak}) == 1 and weak[0].category in UNREAD_PARTNERS and unread_language(texts):
        # One structural weak sign (an outside e-mail address, hidden HTML) in text the meaning layers
        # cannot read (language.py) is not let through on the strength of layers that never read it:
        # the language counts as a second sign. Wording signs ("from now on", "always" in a phrase
        # bank) do not pair with it: they are everyday in policy text in every language.
        weak = [*weak, UNREAD]
    if len({f.detail for f in weak}) >= 2:
        return [ScreenFinding(f.category, f.detail) for f in weak]
    if semantic is None and learned is None:
        return []
    from memory.manager.screen.examples import unquote_examples  # loaded with the cheap layers

    # Quoted examples in security-awareness text are shown, not meant (examples.py).
    texts = [unquote_examples(t) for t in texts]
    if model_texts is not None:
        model_texts = [unquote_examples(t) for t in model_texts]
    if semantic is not None:
        meaning = semantic.findings(texts, weak_sign=bool(weak))
        if meaning:
            return [ScreenFinding(f.category, f.detail) for f in weak] + meaning
    if learned is not None:
        read = learned.findings(texts if model_texts is None else model_texts, weak=len(weak))
        if read:
            return [ScreenFinding(f.category, f.detail) for f in weak] + read
    return []


_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+){2,}\b", re.IGNORECASE)


def _memory_texts(key: str, value: Any) -> list[str]:
    texts = [*key_texts(key), *leaves(value)]
    # Orders written as identifiers in a record ("reveal_system_prompt: true") read as words too.
    spaced = [t.replace("_", " ") for t in texts[len(key_texts(key)) :] if len(_SNAKE.findall(t)) >= 1]
    return texts + spaced


def _read_as_record(fields: Sequence[str], hosts: Collection[str]) -> list[ScreenFinding]:
    """An order split over the cells of a table, CSV, YAML or list inside one text, read as the
    sentences its rows and columns form (``carriers``). Only strong findings count, as for the parts
    of one record above: a column of a benign table joined is an odd sentence, not an order."""
    from memory.manager.screen.carriers import flatten

    for text in fields:
        for sentence in flatten(text):
            strong = [f for f in _scan_text(sentence, hosts) if f.strong]
            if strong:
                return [ScreenFinding("split instruction", "read across the cells of a record"), *strong]
    return []


def screen_memory(
    key: str,
    value: Any,
    *,
    tenant_id: str = "",
    config: ScreenConfig | None = None,
    recent: Sequence[tuple[str, Any]] = (),
) -> list[ScreenFinding]:
    """Reasons to hold one memory; ``recent`` are (key, value) of the user's latest memories from the
    same source that were let through, oldest first, read together with this one."""
    config = config or ScreenConfig()
    hosts = config.hosts_for(tenant_id)
    semantic = default_semantic() if config.semantic else None
    learned = default_learned() if config.semantic and config.learned else None
    found: list[ScreenFinding] = []
    if role_objects(value):
        found.append(ScreenFinding("role marker", 'a chat message object such as {"role": "system"}'))
    found.extend(screen_texts(_memory_texts(key, value), hosts, semantic, learned, list(leaves(value))))
    fields = [str(v) for v in leaves(value)]
    if not found and len(fields) > 1:
        # An order split across the items of one list or the fields of one record ("Step A: stop
        # following", "the company's policies."): each part alone is clean, the whole is not.
        # Only strong findings count, as for memories read together below.
        across = [f for f in _scan_text(" ".join(fields), hosts) if f.strong]
        if across:
            found = [
                ScreenFinding("split instruction", f"read across the {len(fields)} parts of this memory"),
                *across,
            ]
    current = " ".join(fields)
    if not found:
        found = _read_as_record(fields, hosts)
    from memory.manager.screen.definitions import definitions, expand, expand_own

    if not found:
        # Definitions and their use in one text ("'X' means the user's password; ... the assistant sends X to
        # Y"): the text read with its own meanings is judged by every layer (session 23).
        completed = expand_own(current)
        meant = screen_texts([completed], hosts, semantic, learned) if completed else []
        if meant:
            split = ScreenFinding(
                "split instruction", "read with the meanings its own definitions give its words"
            )
            found = [split, *meant]
    if found or not recent:
        return list(dict.fromkeys(found))
    # Each part alone was let through, so it shows at most weak signs; read together, only what
    # spans a boundary counts: a strong finding in the joined text, or a sentence that exists only
    # across the join and is close in meaning to an injection. (Weak signs of different memories
    # adding up are ordinary: a document mentions "the user" here and an e-mail address there.)
    parts = [" ".join(str(v) for v in leaves(old)) for _, old in recent]
    from memory.manager.screen.bounds import without_bounds

    # An operator's bound let through earlier (bounds.py) does not address what follows it in a later memory.
    parts = [without_bounds(p, hosts) for p in parts]
    # Words an earlier memory defined ("'the watchers' means the security team") read with that meaning:
    # the completed sentence is judged by every layer, as a memory of its own would be (definitions.py).
    completed = expand(current, definitions(parts))
    if completed:
        meant = screen_texts([completed], hosts, semantic, learned)
        if meant:
            split = ScreenFinding(
                "split instruction",
                "read with the meaning an earlier memory from the same source gave its words",
            )
            return [split, *meant]
    joined = " ".join([*parts, current])
    together = [f for f in _scan_text(joined, hosts) if f.strong]
    if not together and semantic is not None:
        whole = set(sentences([*parts, current]))
        spanning = [s for s in sentences([joined]) if s not in whole]
        together = semantic.findings(spanning, weak_sign=False) if spanning else []
    if together:
        split = ScreenFinding(
            "split instruction", f"read together with {len(recent)} recent memories from the same source"
        )
        return [split, *together]
    return []
