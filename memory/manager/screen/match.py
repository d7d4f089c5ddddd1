"""The cheap layers: one text and everything decoded from it, against the phrase banks and structure rules."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

from memory.manager.screen import bounds
from memory.manager.screen.address import address_findings
from memory.manager.screen.agency import _SPLIT, agency_findings
from memory.manager.screen.aimed import aimed_findings
from memory.manager.screen.ciphers import HOWS as CIPHERS
from memory.manager.screen.code_memory import writes_memory
from memory.manager.screen.codes import HOWS as CODES
from memory.manager.screen.controls import control_findings
from memory.manager.screen.decode import FIELDS, Variant, bounded_runs, selector_text, variants
from memory.manager.screen.examples import unquote_examples
from memory.manager.screen.findings import ScreenFinding
from memory.manager.screen.frames import ABOUT, frame_findings
from memory.manager.screen.intent import hidden_orders, intent_findings
from memory.manager.screen.intent_words import as_people
from memory.manager.screen.links import allowed, link_findings
from memory.manager.screen.literals import rule
from memory.manager.screen.lures import tool_lures
from memory.manager.screen.multilingual import multilingual_findings
from memory.manager.screen.persist import persisted_grants
from memory.manager.screen.phrases import PHRASES
from memory.manager.screen.pressure import pressure_findings
from memory.manager.screen.reply import reply_findings
from memory.manager.screen.standing import own_form_preference, standing_findings
from memory.manager.screen.text import BIDI, INVISIBLE, TAGS, forms, latin, mixed_script_words, plain
from memory.manager.screen.topics import OVERRIDE, TOPIC_RULES, without_topic_rules

_ROLE_MARKERS = rule(
    r"<\|\s*(system|assistant|user|im_start|im_end|endoftext|begin_of_text|start_header_id)\s*\|>"
    r"|\[/?inst\]|<</?sys>>"
    # "### Instruction:" (Alpaca), "## System": the heading names only the role. "### Instruction for
    # authors", "## User guide", "## System requirements" are a document's headings.
    r"|#{2,}\s*(system|instruction|assistant|user|developer)s?\s*(?::|$|(?=\s+(?:prompt|message|override|update)s?\b))"
    r"|^\s*(system|assistant|developer)\s*:|</?(system|assistant|instructions?|developer)>"
    r"|[\"']role[\"']\s*:\s*[\"'](system|developer)[\"']",
    re.IGNORECASE | re.MULTILINE,
)
_SCRIPT_URI = rule(r"\b(?:data:[a-z]+/[a-z0-9.+-]+[;,]|javascript:|vbscript:)", re.IGNORECASE)
_AI_WORDS = rule(r"\b(?:ai|assistant|chat ?bot|llm|language model|model|gpt|copilot|agent)\b", re.I)
_EMAIL = rule(r"(?<![\w.+-])[.+-]*+\b[\w.+-]+@((?:[\w-]+\.)+[a-z]{2,})\b", re.IGNORECASE)
_LEET_WORD = rule(
    r"\b(?=\w*[a-z])[a-z]*[0-9@$!|][a-z0-9@$!|]*[a-z][a-z0-9@$!|]*\b|\b[0-9@$!|]+[a-z]+[0-9@$!|]+\w*", re.I
)
_WORDS = rule(r"[^\W\d_]{2,}")
_PERCENT = rule(r"%[0-9a-f]{2}", re.I)
# Decodings whose output is close to the original alphabet: links found there are real links.
# Parts of a text a reader of the rendered page never sees.
_UNSEEN = {"HTML comment", "hidden HTML element", "markdown comment", "link title"}
# Encodings nobody uses for a sentence meant for people: an order found inside was hidden on purpose.
_ENCODED = {
    "hex bytes", "escape sequences", "ROT13", "ROT47", "Unicode tag characters",
    "Unicode variation selectors", "reversed text",
    "spaced-out letters", *CIPHERS, *CODES,
}  # fmt: skip
# Weak wording signs a preference about one's own answers carries ("from now on", "answer in German").
_FORM_WORDS = {"standing order", "standing order (common wording)", "response control"}
_LINK_LAYERS = {"", "URL encoding", "HTML entities", "HTML comment", "JSON inside the text"}
# Findings that read "a sentence speaks to the assistant and asks something of it": an operator's bound on the
# assistant gives them too (bounds.py), and they are dropped when only such sentences gave them.
_ADDRESSED = {
    "an instruction addressed to the assistant", "the assistant is told what to do",
    "speaks to an AI by name before an order", "speaks to an AI before an order (any language)",
    "message addressed to the assistant", "tells the agent what to say when it reads or answers about this text",
    "an instruction about the assistant's answers or this conversation", "response control", "standing order",
    "a standing order for the assistant's later answers", "the reader's earlier guidance declared void",
    "the reader's earlier guidance declared void (other language)", "an AI told to forget its instructions (any language)",
    "hidden instructions mentioned", "asks for the agent's instructions, configuration or secrets",
    "has the agent disclose its own rules or memories", "request for hidden instructions",
    "asks the agent to change its memory or later sessions", "request for credentials",
    "has the agent give out sensitive data or give to anyone",
}  # fmt: skip


def _joiner_in_word(text: str, i: int) -> bool:
    """A zero-width (non-)joiner between two letters of a script that spells with it (Persian,
    Arabic, Indic scripts, ...), or inside an emoji sequence: ordinary spelling, not a disguise.
    Between Latin, Greek or Cyrillic letters it only splits a keyword (blind set 11)."""
    if ord(text[i]) not in (0x200C, 0x200D) or not 0 < i < len(text) - 1:
        return False
    before, after = text[i - 1], text[i + 1]
    if ord(before) >= 0x1F000 or ord(after) >= 0x1F000:
        return True
    return all(
        unicodedata.category(ch)[0] in "LM" and ord(ch) >= 0x0590 and not 0x1E00 <= ord(ch) <= 0x1FFF
        for ch in (before, after)
    )


def hidden_characters(text: str) -> list[ScreenFinding]:
    findings: list[ScreenFinding] = []
    if any(ord(ch) in BIDI for ch in text):
        findings.append(ScreenFinding("hidden characters", "bidirectional override or mark"))
    if any(
        (ord(ch) in INVISIBLE and not _joiner_in_word(text, i)) or ord(ch) in TAGS
        for i, ch in enumerate(text)
    ):
        findings.append(ScreenFinding("hidden characters", "zero-width or invisible characters"))
    elif any(
        unicodedata.category(ch) == "Cf" and ord(ch) not in BIDI and not _joiner_in_word(text, i)
        for i, ch in enumerate(text)
    ):
        findings.append(ScreenFinding("hidden characters", "invisible formatting characters"))
    if selector_text(text) is not None:
        findings.append(ScreenFinding("hidden characters", "bytes hidden in variation selectors"))
    if any(unicodedata.category(ch) == "Cc" and ch not in "\n\t\r" for ch in text):
        findings.append(ScreenFinding("hidden characters", "control characters"))
    return findings


def phrase_findings(variant: Variant, known: set[str] | None = None) -> list[ScreenFinding]:
    """Phrase-bank matches in one variant. A concept that only a decoding reveals counts as strong
    (the text was disguised); leetspeak keeps each concept's own strength (digits are common in data);
    a concept the text already shows plainly (``known``) is not reported again."""
    f = forms(variant.text)
    # An override is read without the retired procedures a text may describe (topics.py): once per
    # form, not once per override phrase.
    retired: dict[str, str] = {}
    found: list[ScreenFinding] = []
    for phrase in PHRASES:
        if known is not None and phrase.concept in known:
            continue
        text = f.latin if phrase.form == "latin" else f.plain
        if phrase.concept == OVERRIDE:
            if phrase.form not in retired:
                retired[phrase.form] = without_topic_rules(text) if TOPIC_RULES.search(text) else text
            text = retired[phrase.form]
        if phrase.pattern.search(text):
            if variant.how:
                # leetspeak keeps each concept's strength (digits are common in data), and so do a record's
                # values read one per line (they were not hidden, only laid out as data)
                strong = (
                    phrase.strong
                    or variant.how not in ("leetspeak", FIELDS)
                    or (variant.how == "leetspeak" and _leet_words(variant.source))
                )
                found.append(
                    ScreenFinding(
                        "instruction", f"{phrase.concept}, hidden with {variant.how}", strong=strong
                    )
                )
            else:
                found.append(ScreenFinding("instruction", phrase.concept, strong=phrase.strong))
    return found


def _intent(variant: Variant, allowed_hosts: Collection[str]) -> list[ScreenFinding]:
    """Intent findings in one variant; what only a decoding (or a hidden element) reveals was
    disguised on purpose, so it holds the item on its own and the finding names the disguise."""
    if variant.how == "leetspeak" and not _leet_words(variant.source):
        return []  # digits are common in data: only several leet words count (nothing to read otherwise)
    f = forms(variant.text)
    people = as_people(f.latin)  # job titles read as persons: once here for the three rules that need it
    found = intent_findings(f.latin, f.plain, allowed_hosts, people) + frame_findings(f.latin, f.plain)
    found += address_findings(f.latin, f.plain, ABOUT, people)
    found += agency_findings(f.latin, ABOUT, people)
    found += standing_findings(f.latin, ABOUT)
    code = writes_memory(variant.text)  # as written: camelCase splits only before case folding
    if code and not ABOUT.search(latin(code)):
        found.append(ScreenFinding("instruction", "writes the assistant's memory in code"))
    found += reply_findings(f.latin, ABOUT)
    found += pressure_findings(f.latin, ABOUT, allowed_hosts)
    found += persisted_grants(f.latin, ABOUT)
    found += tool_lures(f.latin, ABOUT)
    found += control_findings(f.latin, ABOUT, allowed_hosts)
    found += aimed_findings(f.latin, ABOUT, allowed_hosts)
    found += multilingual_findings(f.plain, ABOUT)
    if (
        variant.how in _UNSEEN
        or variant.how in _ENCODED
        or variant.how.startswith("base64")
        or _percent_encoded(variant)
    ):
        # An element or comment the renderer hides shows its words in the source only; a decoding
        # hides words, so a sentence of it that the text shows as written was not hidden.
        found += hidden_orders(f.latin, "" if variant.how in _UNSEEN else forms(variant.source).latin)
    if not variant.how:
        return found
    if variant.how == "leetspeak":  # several leet words (checked above)
        return found
    return [ScreenFinding(x.category, f"{x.detail}, hidden with {variant.how}") for x in found]


def _percent_encoded(variant: Variant) -> bool:
    """Mostly %XX escapes: a sentence written for a machine, not a link's query string."""
    if variant.how != "URL encoding":
        return False
    escapes = len(_PERCENT.findall(variant.source))
    return escapes >= 8 and 3 * escapes >= 0.5 * len(variant.source)


def _leet_words(text: str) -> bool:
    """Several words spelled with digits or symbols for letters ("n0w", "y0u", "d!sr3g@rd")."""
    return len(_LEET_WORD.findall(text)) >= 2


def scan_text(text: str, allowed_hosts: Collection[str]) -> list[ScreenFinding]:
    """Every finding of the cheap layers for one text (strong and weak, duplicates removed)."""
    text = bounded_runs(text)  # linear time on long runs of blank lines or of one mark (decode.bounded_runs)
    found: list[ScreenFinding] = hidden_characters(text)
    normal = unicodedata.normalize("NFKC", "".join(ch for ch in text if ord(ch) not in INVISIBLE))
    if _ROLE_MARKERS.search(normal) or _ROLE_MARKERS.search(forms(text).latin):
        found.append(ScreenFinding("role marker", "chat-template or system/assistant role marker"))
    if mixed_script_words(text) and not _lookalike_host_shown(text):
        found.append(
            ScreenFinding("obfuscation", "words mixing Latin with look-alike letters of another script")
        )
    if _SCRIPT_URI.search(normal):
        found.append(ScreenFinding("exfiltration", "data:/javascript: URI"))
    if any(not allowed(host.lower(), allowed_hosts) for host in _EMAIL.findall(text)):
        found.append(
            ScreenFinding("outside address", "e-mail address outside the tenant's allow-list", strong=False)
        )
    shown: set[str] = set()
    rules_text = unquote_examples(text)
    if rules_text != text:  # links inside a quoted example are still links
        found.extend(link_findings(text, allowed_hosts))
    for variant in variants(rules_text):  # the text as written comes first
        matches = phrase_findings(variant, shown if variant.how else None)
        if not variant.how:
            shown = {m.detail for m in matches}
        found.extend(matches)
        found.extend(_intent(variant, allowed_hosts))
        if variant.how in _LINK_LAYERS or variant.how.startswith("base64"):
            found.extend(link_findings(variant.text, allowed_hosts))
        if variant.how == "HTML comment":
            if _AI_WORDS.search(variant.text):
                found.append(ScreenFinding("hidden instruction", "HTML comment addressed to an AI assistant"))
            else:  # invisible to a reader of the rendered text, visible to a model
                found.append(ScreenFinding("hidden text", "HTML comment", strong=False))
        # Words apart, as a sentence: a token that decodes to a slug ("test-token-for-staging") is data.
        if (
            variant.how == "base64"
            and len(_WORDS.findall(variant.text)) >= 2
            and len(variant.text.split()) >= 2
            # an encoded string shown beside its own decoding ("aWdub3Jl... is just 'ignore this'") explains
            # an encoding; a payload hidden on purpose is not spelled out next to it
            and _casefold_words(variant.text) not in _casefold_words(text)
        ):
            found.append(ScreenFinding("encoded payload", "base64 that decodes to readable words"))
        if variant.how and _ROLE_MARKERS.search(forms(variant.text).latin):
            found.append(ScreenFinding("role marker", f"role marker hidden with {variant.how}"))
    if any(f.detail in _FORM_WORDS for f in found) and own_form_preference(forms(text).latin):
        # the user's wish about their own answers' language or format: wording, not an order (standing.py)
        found = [f for f in found if f.strong or f.detail not in _FORM_WORDS]
    if any(f.detail in _ADDRESSED for f in found):
        found = _without_bounds(text, found, allowed_hosts)
    if found and any(f.strong for f in found) and plain(text) != forms(text).latin and _has_lookalikes(text):
        found.append(
            ScreenFinding("obfuscation", "keywords hidden with look-alike, fullwidth or invisible characters")
        )
    return list(dict.fromkeys(found))


def _without_bounds(text: str, found: list[ScreenFinding], hosts: Collection[str]) -> list[ScreenFinding]:
    """``found`` without the addressed-to-the-assistant findings that only its operators' bounds gave (bounds.py):
    the other sentences are read again without them and keep theirs. A sentence after a bound that speaks to or of
    the assistant ("it sends ...") or names an outside host keeps every finding: an order next to a bound is read
    with it. (Sentences before the first bound - a user's earlier memories read together with this one - are read
    again as they are.)"""
    parts = bounds.split(text)
    bound = [bounds.is_bound(forms(p).latin, hosts) for p in parts]
    if not any(bound):
        return found
    first = bound.index(True)
    after = [p for p, b in zip(parts[first:], bound[first:], strict=True) if not b]
    if any(bounds.speaks_of_ai(forms(p).latin, hosts) for p in after):
        return found
    rest = [p for p, b in zip(parts, bound, strict=True) if not b]
    kept = {f.detail for f in scan_text(" ".join(rest), hosts)} if rest else set()
    return [f for f in found if f.detail not in _ADDRESSED or f.detail in kept]


_HOST_WORD = rule(r"^\W*[^\W_](?:[\w-]*\w)?(?:\.[^\W\d_][\w-]*)+\W*$")


def _lookalike_host_shown(text: str) -> bool:
    """Every look-alike word is a host name, each in a sentence about attacks ("domains like nоrthwind.example
    are used in phishing"): awareness text showing a homoglyph domain, not a disguise (session 24). The
    words of the text are still read with the look-alikes mapped by every other rule."""
    for sentence in _SPLIT.split(text):  # agency's sentence split, as standing.py reads it
        mixed = [w for w in sentence.split() if mixed_script_words(w)]
        if mixed and (not all(_HOST_WORD.match(w) for w in mixed) or not ABOUT.search(forms(sentence).latin)):
            return False
    return True


def _casefold_words(text: str) -> str:
    return " ".join(_WORDS.findall(text.casefold()))


def _has_lookalikes(text: str) -> bool:
    return any(not ch.isascii() and ch.isalpha() and forms(ch).latin.isascii() for ch in text) or any(
        unicodedata.normalize("NFKC", ch) != ch for ch in text
    )
