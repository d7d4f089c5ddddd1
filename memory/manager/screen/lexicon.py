"""Building blocks shared by the phrase banks: word gaps, the assistant's names, what "rules" are called."""

from __future__ import annotations


def gap(n: int) -> str:
    """Up to ``n`` words between two parts of a phrase."""
    return rf"(?:\W+\w+){{0,{n}}}\W*"


def near(n: int) -> str:
    """Up to ``n`` characters (no sentence end) between two parts, for scripts without spaces."""
    return rf"[^。！？!?\n]{{0,{n}}}"


NEG = r"(?<!not )(?<!never )(?<!n't )(?<!no )"
AI = r"(?:ai|a\.i\.|assistant|chat ?bot|bot|model|llm|language model|agent|copilot|gpt|claude|gemini)"
# The assistant named in other languages (after accents are dropped).
AI_ML = r"(?:asistente|assistente|assistant|assistent|assistenten|asystent|asystencie|ki|ia|i\.a\.|modelo|modele|modello|modell)"
RULES_EN = (
    r"(?:instructions?|rules|directions|guidelines|guidance|prompts?|directives?|constraints|restrictions|"
    r"safeguards|programming|training|orders|commands|system messages?)"
)
