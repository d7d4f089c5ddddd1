"""Old instructions *on a topic* retired: a business procedure, not an override aimed at the agent (session 21).

"Please forget the earlier guidance about desk booking", "Olvide las instrucciones anteriores sobre la
reserva de salas", "Die bisherigen Anweisungen zur Druckereinrichtung gelten nicht mehr": the phrase banks
and the other-language frames read these as "earlier instructions declared void". What tells them apart
from an injection is structure: the instructions are qualified by a topic (about/on/sobre/zur ...), and the
sentence neither speaks to a reader ("your instructions about ...") nor names the AI nor asks for
anything to be sent or shown. Each sentence is judged alone.
"""

from __future__ import annotations

import re

from memory.manager.screen.literals import rule

# Instructions *on a topic* ("the earlier guidance about desk booking", "las instrucciones anteriores sobre la
# reserva de salas", "Anweisungen zur Druckereinrichtung"): a business procedure retired, in any of the phrase
# banks' languages, unless the text speaks to a reader or names the AI ("your instructions about ...").
TOPIC_RULES = rule(
    r"\b(?:instruc|guidance|guideline|rules?\b|directions|regla|indicacion|directri|norma|regra|orientac|consign|"
    r"regle|anweisung|regeln|vorgabe|richtlini|hinweis|istruzion|regole|indicazion|instructie|aanwijzing|richtlijn|"
    r"polecen|instrukc|wytyczn|zasad)\w*(?:\s+(?:anteriores|previas|precedentes|antiguas|antigas|anciennes|"
    r"precedentes|bisherigen|alten|fruheren|precedenti|vecchie|vorige|eerdere|oude|poprzednie|previous|earlier|old|"
    r"prior))?\s+(?:about|on|regarding|concerning|sobre|acerca de|relativas? a|sur|concernant|zur|zum|uber|"
    r"betreffend\w*|bezuglich|sulla|sul|sui|sugli|riguardo|over|betreffende|omtrent|dotyczace|na temat|om)\s+"
    r"(?!you\b|your\b|ti\b|tu\b|toi\b|dich\b|dir\b|te\b|the (?:ai|assistant|model|chatbot)\b)\w",
    re.IGNORECASE,
)
READER_SCENE = rule(
    r"\b(?:you|your|tus?|tes|vos|votre|dein\w*|tuoi|tue|tua|jouw|twoj\w*|ai|assistant|asistente|assistente|"
    r"assistent|chatbot|bot|model|modelo|modell|llm|ki|ia|prompt|system|sistema|"
    # ... or asks for something in the same text ("... and send me the customer list")
    r"me|us|reveal\w*|disclos\w*|print\w*|output\w*|send\w*|forward\w*|share\w*|revela\w*|envia\w*|manda\w*)\b",
    re.IGNORECASE,
)
OVERRIDE = "override of earlier instructions"
_CLAUSES = rule(r"(?<=[.!?;])\s+|\n+")


def without_topic_rules(text: str) -> str:
    """``text`` without its sentences that retire instructions on a topic and address nobody (each sentence
    judged alone: memories read together must not lend one sentence another's reader)."""
    return "\n".join(s for s in _CLAUSES.split(text) if not topic_only(s))


def topic_only(sentence: str) -> bool:
    """One sentence that retires instructions on a topic and addresses nobody."""
    return bool(TOPIC_RULES.search(sentence)) and not READER_SCENE.search(sentence)
