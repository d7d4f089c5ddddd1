"""The question's language, when the embedder in use does not read it (issue 27 item 3).

The local embedders read English only; :func:`detect_language` (scripts, and py3langid's model,
shipped in its wheel: no network) recognises other languages so that the answer can say so.
Moved out of graph/assistant/answering.py (session 23), unchanged.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

LANGUAGE_NOTE = "reads English only"
# Languages a question is told apart from English by (py3langid's labels for Latin-script languages):
# restricting the label set keeps a short English question from being read as, say, Latin. Session
# 22 added the Latin-script languages of Asia and Africa an unseen set asked in (Tagalog, Swahili,
# Indonesian, Vietnamese ...): measured on 770 English bench questions, no note more.
LANGUAGES: dict[str, str] = {
    "en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "nl": "Dutch",
    "pt": "Portuguese", "pl": "Polish", "sv": "Swedish", "da": "Danish", "no": "Norwegian",
    "fi": "Finnish", "cs": "Czech", "sk": "Slovak", "ro": "Romanian", "hu": "Hungarian", "hr": "Croatian",
    "sl": "Slovenian", "lt": "Lithuanian", "lv": "Latvian", "et": "Estonian", "tr": "Turkish",
    "ca": "Catalan", "id": "Indonesian or Malay", "ms": "Malay or Indonesian", "sw": "Swahili", "tl": "Tagalog", "vi": "Vietnamese",
    "af": "Afrikaans", "sq": "Albanian", "is": "Icelandic", "eu": "Basque", "gl": "Galician", "cy": "Welsh",
    "ga": "Irish", "mt": "Maltese", "lb": "Luxembourgish", "so": "Somali", "ha": "Hausa", "yo": "Yoruba",
    "zu": "Zulu", "xh": "Xhosa", "az": "Azerbaijani", "uz": "Uzbek", "eo": "Esperanto", "fy": "Frisian",
    "lg": "Ganda", "rw": "Kinyarwanda", "sn": "Shona", "mg": "Malagasy", "jv": "Javanese",
}  # fmt: skip
# Below this many words a question stays English (too little text to tell: "SEV2 outage", "Navan
# login"); at or above it, the other languages together must be this probable (normalised py3langid
# scores). Together, not the first alone: Malay/Indonesian, Danish/Norwegian or Spanish/Catalan/
# Portuguese share a question's probability between them, and each alone stayed under the bar.
MIN_WORDS = 4
MIN_CONFIDENCE = 0.9
# Scripts by the first word of their letters' Unicode names; a script English does not use is
# another language, named by its usual language where the script has one main language.
_SCRIPT_NAMES: dict[str, str] = {
    "CJK": "Chinese or Japanese", "HIRAGANA": "Chinese or Japanese", "KATAKANA": "Chinese or Japanese",
    "HANGUL": "Korean", "ARABIC": "Arabic", "CYRILLIC": "Russian or another Cyrillic-script language",
    "GREEK": "Greek", "DEVANAGARI": "Hindi or another Devanagari-script language", "BENGALI": "Bengali",
    "HEBREW": "Hebrew", "THAI": "Thai", "ARMENIAN": "Armenian", "GEORGIAN": "Georgian",
    "ETHIOPIC": "Amharic or another Ethiopic-script language", "GUJARATI": "Gujarati", "GURMUKHI": "Punjabi",
    "KANNADA": "Kannada", "MALAYALAM": "Malayalam", "TAMIL": "Tamil", "TELUGU": "Telugu", "ORIYA": "Odia",
    "SINHALA": "Sinhala", "KHMER": "Khmer", "LAO": "Lao", "MYANMAR": "Burmese", "TIBETAN": "Tibetan",
    "SYRIAC": "Syriac", "THAANA": "Dhivehi", "MONGOLIAN": "Mongolian",
}  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


@functools.cache
def _identifier() -> Any:
    """py3langid's classifier (model inside the wheel, loaded once, on the first long question).

    Its arrays are read in memory, never through a file: py3langid's own loader inflates the model
    (68 MB) into a temporary file, so a full temporary folder or a file-size limit (``ulimit -f``)
    failed every assistant turn with ``error: No space left on device`` / ``File too large``, naming
    neither the file nor the remedy, while the database had room (h7 s31 #4)."""
    import io
    import lzma
    from array import array

    import numpy as np
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier

    def words(values: Any) -> array[int]:  # as py3langid's loader stores its tables (array of H/I/L)
        out = array({2: "H", 4: "I", 8: "L"}[values.dtype.itemsize])
        out.frombytes(np.ascontiguousarray(values).tobytes())
        return out

    path = MODEL_DIR / MODEL_FILE
    with lzma.open(path) as packed, np.load(io.BytesIO(packed.read()), allow_pickle=False) as data:
        identifier = LanguageIdentifier(
            np.asarray(data["ptc"]), np.asarray(data["pc"]), data["classes"].tolist(),
            words(data["nextmove"]), data["out_feat"].tolist(), norm_probs=True,
            tk_row=words(data["nextmove_row"]),
        )  # fmt: skip
    identifier.set_languages(list(LANGUAGES))
    return identifier


def _script(text: str) -> str | None:
    """The language of a script English does not use when two or more of ``text``'s letters are in
    it (one is a symbol: "5 μm", "π")."""
    counts: dict[str, int] = {}
    for ch in text:
        if ch.isalpha() and not ch.isascii():
            script = unicodedata.name(ch, "").split(" ", 1)[0]
            if script in _SCRIPT_NAMES:
                counts[script] = counts.get(script, 0) + 1
    common = max(counts, key=lambda k: counts[k], default=None)
    return _SCRIPT_NAMES[common] if common is not None and counts[common] >= 2 else None


def detect_language(text: str) -> str | None:
    """The question's language when it is confidently not English, else None: a script English
    does not use, or py3langid over the Latin-script languages of :data:`LANGUAGES` for questions of
    :data:`MIN_WORDS` words or more (short or ambiguous ones stay English)."""
    script = _script(text)
    if script is not None:
        return script
    if len(_WORD.findall(text)) < MIN_WORDS:
        return None
    ranked = _identifier().rank(text)
    english = sum(float(p) for code, p in ranked if code == "en")
    if 1.0 - english < MIN_CONFIDENCE:
        return None
    code = next(str(code) for code, _ in ranked if code != "en")
    return LANGUAGES.get(code)


def english_only(embedder_name: str) -> bool:
    """Whether the embedder in use reads English only (the local models; OpenAI's are multilingual)."""
    name = embedder_name.lower()
    return "minilm" in name or "hashing" in name or "bge-small-en" in name


def language_text(language: str) -> str:
    return (
        f"Your question looks like {language}; the search model in use {LANGUAGE_NOTE}, so results for "
        "questions in other languages are unreliable. Ask in English for the best answer."
    )
