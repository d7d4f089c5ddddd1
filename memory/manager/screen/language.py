"""Whether a text is in a language the screen's meaning layers cannot read (session 19).

The semantic layer (MiniLM) and the learned layer read English only, and the phrase and intent rules
are English first; ``multilingual`` reads concepts in ~90 languages but no meaning. A text whose
sentences are not English therefore passes on fewer checks than an English one. This module names
that gap so the screen can count it: text in another script, or Latin-script text that py3langid
(a project dependency, model inside its wheel, no download) finds English unlikely in. Short texts (a name, a code, a heading) are never called unread.

What the screen does with it (``screen_texts``): *unread* is a weak sign, which holds a memory only
together with one structural weak sign (an outside e-mail address, hidden HTML); paired with the
phrase banks' weak wording ("from now on", "always") it held 82 of 254 benign non-English items of the
evaluation sets, so wording does not pair with it. It is never a reason on its own: holding every non-English document sentence from an
untrusted source would quarantine most of a multinational company's knowledge base (measured in
``bench/poisoning_unread.py``), and it never lowers the semantic layer's bar (MiniLM's similarities
on other languages are noise).
"""

from __future__ import annotations

import functools
import threading
import unicodedata
from collections.abc import Sequence
from typing import Any

from memory.manager.screen.findings import ScreenFinding
from memory.manager.screen.literals import rule

UNREAD = ScreenFinding(
    "unread language", "text in a language the screen's meaning layers cannot read", strong=False
)
# The weak signs the language pairs with: structure, not wording.
UNREAD_PARTNERS = frozenset({"outside address", "hidden text"})
MIN_WORDS = 4  # fewer words: too short to tell a language apart, and too short to carry much
MAX_ENGLISH = 0.05  # py3langid's normalised probability of English at or below which text is not English
_WORD = rule(r"[^\W\d_]+")
_lock = threading.Lock()


@functools.cache
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def _latin_share(text: str) -> float:
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return 1.0
    latin = sum(ch.isascii() or "LATIN" in unicodedata.name(ch, "") for ch in letters)
    return latin / len(letters)


def unread_language(texts: Sequence[str]) -> bool:
    """Whether the texts (read together) are mostly not English: another script, or Latin-script
    words py3langid confidently reads as another language."""
    text = " ".join(texts)
    words = _WORD.findall(text)
    letters = sum(len(w) for w in words)
    if letters < 12:
        return False
    if _latin_share(text) < 0.5:
        return True  # another script (a short run of Chinese, Thai or Arabic has few "words")
    if len(words) < MIN_WORDS:
        return False
    with _lock:  # the identifier is not documented as thread-safe
        ranked = _identifier().rank(text)
    # Not "the top language is confident": close languages share the mass (pt 0.74, gl, es), which
    # says nothing about English; what matters is how unlikely English is.
    english = next((float(p) for code, p in ranked if code == "en"), 0.0)
    return str(ranked[0][0]) != "en" and english <= MAX_ENGLISH
