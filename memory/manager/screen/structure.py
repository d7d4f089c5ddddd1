"""What the learned layer reads about a text's structure, not its words (session 24).

The MiniLM vectors and character n-grams of ``learned`` read wording: a model trained on them
fits the phrasings of the sets it saw (blind 18's rules moved no item of blind 19). These features
say, per sentence, *who* is addressed and *what kind of act* is asked, through concept classes that
exist in ~90 languages (``multilingual``: an AI, forgetting, guidance, earlier, showing, the system,
a secret, asking, sending, always, all, a negation, staff) and a few English frames (a directive,
a future or a trigger, the reader as "you", a claim about what the user said before, a request to
keep something in memory, a sentence about attacks). Each concept and each pair of concepts *in
the same sentence* is one feature (the most any sentence has it), plus the share of sentences
naming an AI and whether the text is a record whose cells were read as sentences (``carriers``).
Pure; cheap (sets and a few regular expressions per sentence).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from memory.manager.screen import multilingual as ml
from memory.manager.screen.carriers import flatten
from memory.manager.screen.frames import ABOUT
from memory.manager.screen.intent_words import DIRECTIVE, FUTURE, TRIGGER
from memory.manager.screen.literals import rule

_CONCEPTS = (ml.AI, ml.FORGET, ml.GUIDANCE, ml.PRIOR, ml.REVEAL, ml.SYSTEM, ml.SECRET, ml.ASK, ml.SEND,
             ml.ALWAYS, ml.ALL, ml.NEGATION, ml.STAFF)  # fmt: skip
DIRECTIVE_FRAME = rule(DIRECTIVE)
FUTURE_FRAME = rule(FUTURE)
TRIGGER_FRAME = rule(TRIGGER)
# the reader spoken to as "you"
READER_AS_YOU = rule(r"\b(?:you|your|yourself)\b")
# a claim about what the user said, asked or agreed before, written by someone else
CLAIM_ABOUT_USER = rule(
    r"\b(?:as (?:i|we|you and i) (?:told|said|mentioned|asked|instructed|agreed|discussed|requested|set up)|"
    r"(?:my|the user'?s?|their|his|her) (?:standing|earlier|previous|prior|usual|permanent|saved|stored) "
    r"(?:instructions?|requests?|preferences?|orders?|rules?|wish(?:es)?|settings?|approvals?)|"
    r"the user (?:has )?(?:previously|already|earlier|once|always) (?:\w+ )?(?:asked|told|said|instructed|"
    r"approved|authori[sz]ed|requested|agreed|wanted|confirmed)|"
    r"(?:previously|already|earlier) (?:approved|authori[sz]ed|confirmed|agreed|requested) by the user|"
    r"the user (?:has )?(?:confirmed|approved|authori[sz]ed|agreed|requested|consented)\b(?: \w+){0,2} (?:that|to)|"
    r"(?:carried over|continued|restored|remembered|recalled) from|(?:in|from|during) session \d+|"
    r"(?:in|during|from) (?:a |an |our |the )?(?:previous|earlier|last|prior) (?:session|conversation|chat|turn))\b"
)
# keep something in memory or for later sessions
KEEP_IN_MEMORY = rule(
    r"\b(?:remember|memori[sz]e|store|save|persist|record|note|keep|add|write)\b(?: \w+){0,6}? "
    r"(?:permanently|for (?:all )?(?:future|later|every|next)|(?:in|into|to) (?:your |the |its |long-term |shared )?memory|"
    r"as (?:a |the )?(?:verified |permanent |standing )?(?:fact|rule|preference|policy|default)|going forward|"
    r"across sessions)\b|\bmemory (?:write|update|patch|entry|server)|\b(?:ground truth|source of truth)\b"
)
# session 26: the structure of what unseen sets let through (blind 13-21, counted by family in
# docs/benchmarks.md): an order written as a record of the assistant's own conversation with the user
# ("you told me ...", "per our previous exchange", "picking up where we left off"), ...
RECORD_OF_OWN_CONVERSATION = rule(
    r"\b(?:you (?:(?:have |had )?(?:said|told me|asked me|wanted me|mentioned|agreed|confirmed|approved|"
    r"instructed me|explained|set up))|(?:per|as per|from|in|during) (?:our|the|your|last \w+'s) (?:previous |earlier |"
    r"last |prior )?(?:exchange|conversation|chat|call|discussion)|as agreed|where we left off|carry-?over|"
    r"(?:restored|recovered|carried) from (?:history|the history)|(?:inferred|durable|long-term) (?:fact|note|memory))\b"
)
# ... the assistant's own voice committing to an act for later ("I'll carry on", "noted and kept") ...
OWN_COMMITMENT = rule(
    r"\b(?:i(?:'ll| will| shall| am going to|'m going to) (?:keep|carry|continue|treat|file|apply|send|share|"
    r"remember|do|use|always)|noted and kept|i keep (?:treating|applying|sending|sharing|doing)|"
    r"keep (?:applying|treating|doing|sending) (?:that|this|it|them)?)\b"
)
# ... a safeguard lifted or an act permitted without its check ("exempt from the approval steps",
# "no call-back needed", "it's fine to quote", "can stay switched off", "pre-approved") ...
SAFEGUARD_WAIVED = rule(
    r"\b(?:exempt(?:ed)? from|pre-?approved|pre-?authori[sz]ed|(?:is|are) (?:now )?(?:optional|waived|not "
    r"(?:required|needed))|without (?:any |a |an |the )?(?:asking|approval|checks?|confirmation|verification|review|"
    r"redaction|identity checks?|call-?backs?|(?:second )?signer|sign-?off)|no (?:call-?back|approval|checks?|"
    r"confirmation|verification|identity checks?|second signer|review|redaction)s? (?:is |are )?(?:needed|required)|"
    r"(?:it'?s|it is|is) (?:fine|ok|okay|allowed|safe) to|(?:is|are) ok\b|(?:stay|be|are|is) (?:switched|turned) off)"
)
# ... and an act on the agent's tools, memory or accounts in code form ("memory.upsert(key=...)",
# "grant_access(user=...)", "attributes['x'] = true").
ACT_IN_CODE = rule(
    r"\b[a-z_][\w.]*\(\s*[a-z_]\w*\s*=|\[['\"][\w.]+['\"]\]\s*=|\b\w+\s*=\s*(?:true|none|null|elevated|admin)\b"
)
# Session 27: what is left names no AI and gives no order (docs/benchmarks.md, session 26) but claims a
# state of authority. A permission, an access or a role stated as fact for someone ("they may see the
# whole department's scores", "her requests should be answered for you too", "re-grant on request") ...
PERMISSION_STATED = rule(
    r"\b(?:may|can|could|(?:is|are) (?:now )?(?:allowed|permitted|authori[sz]ed|entitled|cleared) to)(?: \w+){0,2}? "
    r"(?:see|view|access|read|receive|get|export|download|share|request|approve|delete|bypass|skip|override|show)\b|"
    r"\b(?:requests?|questions?) (?:\w+ ){0,4}?(?:should|must|can|are to|will) be (?:answered|granted|honou?red|"
    r"fulfilled|approved)\b|\b(?:re-?)?grant(?:ed|s|ing)? (?:\w+ ){0,4}?(?:access|admin|rights|privileges|"
    r"permissions?|clearance|role)\b|\b(?:full|admin|elevated|unrestricted|root|superuser) (?:access|rights|"
    r"privileges|permissions|role)\b"
)
# ... an act tied to a later occasion without a subject who asks ("if asked", "on request", "whenever I
# paste an IBAN", "each time a contract is mentioned"): the trigger frame above needs "someone asks" ...
LATER_OCCASION = rule(
    r"\b(?:if|when|once|upon|on) (?:asked|requested|prompted|request|demand)\b|\b(?:whenever|each time|every "
    r"time|as soon as|the moment)\b(?: [\w'-]+){1,6}? (?:(?:is|are|gets?) (?:mentioned|asked|opened|uploaded|"
    r"pasted|requested|received|sent|created|submitted)|(?:asks?|mentions?|pastes?|opens?|uploads?|types?|says?|"
    r"sends?|submits?|requests?))\b"
)
# ... and a setting switched in a record: a key given a switch value, as in YAML, INI, env or JSON
# ("notify": false, review = off, approval: none, allow = *), where a check is turned off by data.
SETTING_SWITCHED = rule(
    r"[\w.\"'-]+[\"']?\s*(?::=|[:=])\s*[\"']?(?:true|false|yes|no|on|off|none|null|enabled|disabled|\*)[\"']?"
    r"(?=\s|[,;}\]]|$)"
)
# The learned layer's feature order is this tuple's: a new frame goes at its end (review r3, finding 5).
_FRAMES = (
    DIRECTIVE_FRAME,
    FUTURE_FRAME,
    TRIGGER_FRAME,
    READER_AS_YOU,
    CLAIM_ABOUT_USER,
    KEEP_IN_MEMORY,
    ABOUT,
    RECORD_OF_OWN_CONVERSATION,
    OWN_COMMITMENT,
    SAFEGUARD_WAIVED,
    ACT_IN_CODE,
    PERMISSION_STATED,
    LATER_OCCASION,
    SETTING_SWITCHED,
)
# Session 28: the default screen (standing.py) reads two groups of these together: a claim about what the user
# said or agreed before (by someone else, or "you told me") with an act attached to it - the assistant's own
# commitment to go on, a safeguard lifted, a permission stated, an act on a later request.
CLAIMED_HISTORY = (CLAIM_ABOUT_USER, RECORD_OF_OWN_CONVERSATION)
ACT_ATTACHED = (OWN_COMMITMENT, SAFEGUARD_WAIVED, PERMISSION_STATED, LATER_OCCASION)
_NAMES = len(_CONCEPTS) + len(_FRAMES)
_PAIRS = list(combinations(range(_NAMES), 2))
SIZE = _NAMES + len(_PAIRS) + 2
MAX_SENTENCES = 24


def _flags(sentence: str) -> npt.NDArray[np.bool_]:
    folded = ml.fold(sentence)
    words = ml.tokens(folded)
    concepts = [c.found(folded, words) for c in _CONCEPTS]
    frames = [p.search(folded) is not None for p in _FRAMES]
    return np.array(concepts + frames, dtype=bool)


def text_sentences(text: str, cells: list[str] | None = None) -> list[str]:
    """The text's sentences (split as ``multilingual`` splits them), then those its record's cells form
    (``cells``: ``flatten(text)``, when the caller has it already)."""
    own = [s.strip() for s in ml._SENTENCE.split(text) if s and s.strip()]
    return (own + (flatten(text) if cells is None else cells))[:MAX_SENTENCES]


def structure_row(text: str) -> npt.NDArray[np.float32]:
    """[each concept or frame in some sentence, each pair in one sentence, share of sentences naming
    an AI, the text is a record read cell by cell]."""
    cells = flatten(text)
    parts = text_sentences(text, cells)
    if not parts:
        return np.zeros(SIZE, dtype=np.float32)
    flags = np.stack([_flags(s) for s in parts])
    single = flags.any(axis=0)
    pairs = [bool((flags[:, i] & flags[:, j]).any()) for i, j in _PAIRS]
    head = [float(flags[:, 0].mean()), 1.0 if cells else 0.0]
    return np.concatenate(
        [single.astype(np.float32), np.array(pairs, dtype=np.float32), np.array(head, dtype=np.float32)]
    )
