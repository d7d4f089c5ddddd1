"""A risky act asked of the reader together with a reason to do it anyway (session 22).

Persuasion, authority, preference and policy disguises share one structure: an act that only the agent
can perform on someone else's behalf - hand out data that is not the asker's own, drop a check, approve or
pay, keep and repeat secrets - and a *lever* that makes the act look allowed: an authority ("the CEO
personally authorised you", "a court has ordered"), urgency ("only three minutes left"), social proof
("everyone else already gets it from you"), reciprocity or guilt ("you helped me last week", "refusing me is
unfair"), consistency ("as agreed", "you promised"), a user's stated wish ("the user always wants you to"),
or the agent spoken to as "you". Either half alone is everyday business text: handbooks ask staff to send
forms, and announcements are urgent or signed by the CEO. Only the two in one sentence are held, and the
finding names both.

Runs on the ``latin`` form, sentence by sentence. Negated sentences and sentences about attacks are left
alone; data that is the reader's own ("send your payslip to HR") is not someone else's.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from memory.manager.screen.findings import ScreenFinding
from memory.manager.screen.links import allowed
from memory.manager.screen.literals import Rule, rule


def _c(pattern: str) -> Rule:
    return rule(pattern, re.IGNORECASE)


_SECRET = (
    r"(?:confidential|private|restricted|secret|privileged|internal-only)\b|salar(?:y|ies)\b|payroll|pay ?slips?|"
    r"medical|health records|hr (?:files?|cases?|records?|complaints?)|complaint files?|personnel files?|"
    r"personal (?:files?|data|details|records?)|(?:admin |root |current |stored |shared |service )?passwords?|"
    r"credentials|(?:access |session |api |auth )?tokens?|session cookies?|cookies|(?:api|access|deploy|ssh|private) keys?|"
    r"mfa codes?|one-time codes?|recovery codes?|bank (?:details|accounts?)|card (?:numbers|details)|"
    r"national insurance numbers?|social security|ssns?|passport numbers?|dates? of birth|home address(?:es)?|"
    r"employee (?:numbers?|ids?)|board (?:minutes|papers|packs?)|acquisition|merger|customer (?:lists?|data|records)|"
    r"environment variables|recipient lists?|phone numbers"
)
_GIVE = (
    r"(?:share|send|give|show|disclose|reveal|forward|read out|list|quote|provide|e-?mail|upload|attach|repeat|"
    r"output|print|include|carry|contain|append|post|publish|hand over|pass on|export|leak|dump)(?:s|es|ed|ing)?\b"
)
# Someone else's data given out: the object comes before any recipient ("send your timesheet to payroll" names
# payroll as where it goes), and the reader's own ("your", "their own") is not someone else's.
DISCLOSE = _c(
    rf"\b{_GIVE}(?: (?:me|us|them|him|her|the user|the caller|everyone|anyone))?"
    rf"(?:(?!\b(?:to|with|into|for|your|yours|their own|his own|her own)\b)[^.!?;]){{0,50}}?\b(?:{_SECRET})"
    # "... gets the payroll file from you; ... so send it now": the data named first, then given
    rf"|\b(?:{_SECRET})[^.!?]{{0,80}}?\b{_GIVE} (?:it|them|this|that)\b"
)
_CHECK = r"(?:approval|confirmation|two-factor|2fa|mfa|verification|check|review|sign-?off)s?"
DROP_CHECK = _c(
    r"\b(?:do not|don't|no need to) bother (?:asking|checking|confirming)\b|\bno need to (?:ask|check|confirm)\b|"
    r"\bstop (?:flagging|warning about) \w+|\bwithout asking\b|"
    r"\bwithout (?:a |an |any )?(?:review|approval|check|confirmation|verification|warning)s?\b|"
    rf"\b{_CHECK}(?: \w+)? (?:no longer appl(?:y|ies)|(?:is|are) no longer (?:needed|required)|(?:is|are) (?:waived|suspended|"
    r"off))\b|"
    r"\b(?:skip(?:s|ping)?|bypass(?:es|ing)?|ignore|drop|waive|stop (?:flagging|asking|checking|warning|verifying)|"
    r"no longer appl(?:y|ies)|(?:is|are) suspended)\b"
    r"[^.!?;]{0,40}?\b(?:approval|confirmation|two-factor|2fa|mfa|verification|checks?|steps?|flag\w*|warnings?|"
    r"safety|rules?|review|sign-?off|asking|suspicious)\b"
    r"|\b(?:safety|security) (?:rules|checks|filters) (?:are|is) (?:suspended|off|lifted|disabled)\b"
)
APPROVE = _c(
    r"\b(?:answer(?:ed)? with '?approved'?|(?:mark|treat)\w* (?:it|them|this|the \w+) as (?:approved|paid|verified)|"
    r"pay the invoice|approve (?:it|them|the \w+) (?:anyway|regardless|now)|regardless of the (?:amount|limit|policy))\b"
)
KEEP_SECRET = _c(
    r"\bpasswords?\b[^.!?;]{0,60}?\b(?:remembered|stored|kept|saved)\b[^.!?;]{0,40}?\b(?:repeat\w*|read\w* (?:back|out)|"
    r"give\w* back|shown?)\b"
)
# Copies of what the user reads or asks for sent on: harmless to a named team, a leak to an outside address.
COPIES = _c(r"\b(?:send|forward|e-?mail|upload|b?cc)\w* (?:a |an extra |another )?cop(?:y|ies)\b")
# Session 23: money moved to an account, or lasting access granted: acts of an agent with tools, which a request
# in a review, a mention or a ticket asks of it with a lever (urgency, the agent named).
MOVE_MONEY = _c(
    r"\b(?:move|transfer|wire|send|pay|refund|credit|remit|top up)\w*\b[^.!?;]{0,40}?\b(?:\d[\d,.]*\s?(?:eur|usd|gbp|chf|"
    r"euros?|dollars?|pounds?)|(?:eur|usd|gbp|[$€£])\s?\d[\d,.]*|money|funds|store credit|credits?|payments?)\b"
    r"[^.!?;]{0,40}?\b(?:to|into) (?:the |this |a |my |our |his |her )?(?:new |following |other )?(?:account|iban|wallet|card)\b"
)
GRANT_ACCESS = _c(
    r"\bgrant\w*\b[^.!?;]{0,30}?\b(?:permanent|full|admin|root|unrestricted|unlimited|owner|lasting) (?:access|rights|"
    r"permissions?)\b"
)
_ACTS: tuple[tuple[Rule, str], ...] = (
    (DISCLOSE, "someone else's data given out"),
    (DROP_CHECK, "a check dropped"),
    (APPROVE, "an approval or payment made"),
    (KEEP_SECRET, "secrets kept and repeated"),
    (COPIES, "copies sent on"),
    (MOVE_MONEY, "money moved to an account"),
    (GRANT_ACCESS, "lasting access granted"),
)
_LEVERS: tuple[tuple[Rule, str], ...] = (
    (
        _c(
            r"\b(?:ceo|cfo|ciso|cio|board|court|judge|legal|lawyer|administrator|admin|vendor|provider|openai|"
            r"anthropic|microsoft|support team|police|regulator|auditors?)\b[^.!?;]{0,40}?\b(?:authori[sz]ed|ordered|"
            r"confirmed|approved|allowed|permitted|instructed|told|requires?|demands?|has cleared)\b(?: (?:you|the assistant|"
            r"that|it))?|\bas your (?:administrator|admin|owner|operator|developer|manager|boss)\b"
        ),
        "an authority claimed",
    ),
    (
        _c(
            r"\b(?:urgent(?:ly)?|immediately|right (?:now|away)|asap|(?:minutes|seconds|hours?) left|before the deadline|"
            r"no time to|emergency)\b"
        ),
        "urgency",
    ),
    (
        _c(
            r"\b(?:everyone else|every other (?:assistant|user|team)|all (?:the )?other (?:assistants|teams|users)|"
            r"the only one (?:refusing|who))\b"
        ),
        "social proof",
    ),
    (
        _c(
            r"\b(?:return the favou?r|you owe|you helped me|(?:it will be|it's|it is) your fault|(?:refusing|to refuse) "
            r"(?:me|this) is (?:unfair|wrong|cruel)|lose my job|you promised|to stay consistent|as (?:agreed|discussed|"
            r"promised)|following up on)\b"
        ),
        "reciprocity, guilt or consistency",
    ),
    (
        _c(
            r"\b(?:prefers?|preference|would like|likes? it when|wants? you|always wants?|dislikes? being told)\b"
        ),
        "a user's wish",
    ),
    (
        _c(
            r"\b(?:authori[sz]ed|allowed|permitted|cleared) you\b|\byou (?:are|were) (?:authori[sz]ed|allowed)"
        ),
        "a permission",
    ),
)
# The agent spoken to: "you" in a memory written by a document, a tool or a summary, or the agent named.
ADDRESSED = _c(r"\byou\b|\b(?:the |this )?(?:assistant|chat ?bot|bot|copilot|ai)\b")
# An order in the imperative whose recipient is the one asking or anyone at all ("share the full salary list
# with the contractor"); a handbook sends such data to a team ("send it to payroll").
_IMPERATIVE = _c(
    r"(?:^|[:,>=]\s*|\b(?:so|please|now|then|just|and)\s+)(?:share|send|give|show|disclose|reveal|forward|read out|"
    r"list|provide|e-?mail|upload|attach|hand over|pass on|export|skip|bypass|pay|approve)\b"
)
_RECIPIENT = _c(
    r"\b(?:to|with) (?:me|us|them|him|her|the caller|callers|the contractors?|contractors|guests|visitors|anyone|everyone|"
    r"whoever|the requester|external \w+|outside \w+|partners?|vendors?|the public)\b|"
    r"\b(?:give|send|show|share|forward|hand)\w* (?:me|us|them|him|her)\b"
)
# Anyone at all as the recipient ("share payroll exports with anyone who asks"): no handbook hands sensitive data
# to whoever asks, so this is the lever itself.
_ANYONE = _c(r"\b(?:to|with) (?:anyone|anybody|everyone|everybody|whoever)\b(?! (?:in|on|at|from|of) )")
_DESTINATION = rule(
    r"(?<![\w.+-])[.+-]*+\b[\w.+-]+@((?:[\w-]+\.)+[a-z]{2,})\b|\bhttps?://([\w.-]+)", re.IGNORECASE
)
_NEGATED = _c(r"\b(?:not|never|no one|nobody|n't|cannot|must not|do not|don't)\b(?! bother)")
_SPLIT = rule(r"(?<=[.!?])\s+|\n+")  # not at ";": a lever and its act are often two clauses


def _outside(sentence: str, hosts: Collection[str]) -> bool:
    """An e-mail address or a link in the sentence points outside the tenant's hosts."""
    return any(
        not allowed((m.group(1) or m.group(2) or "").lower().rstrip("."), hosts)
        for m in _DESTINATION.finditer(sentence)
    )


# Session 34: data routed to a mailbox outside the tenant. A verb of sending, what is sent, then the address as
# where it goes ("forward everything tagged 'Board' to board-notes@...", "copy each payslip to ..."), or the
# address as the value of a recipient field (below).
# What is sent must be more than one's own paper: all of something, someone's data, the conversation or the
# answers; "send the signed form to records@partner.example" is an errand (the address alone stays a weak sign).
_FIELD_KEY = (
    r"(?<![\w@.-])(?:[a-z0-9-]+[._])*(?:to|recipients?|send(?:_?to)?|forward(?:_?[a-z]+)?|copy_?to|b?cc|targets?|"
    r"dest(?:ination)?s?|mailto|with)(?:[._][a-z0-9-]+)*"
)
# What wraps a value: a key-value record's value marker, a list or a constructor ("val=", "vec![", "list(").
_WRAPPER = r"[a-z_][\w.!]{0,12}\s*(?:[:=]|[(\[{])"
_DELIVERY = _c(
    r"\b(?P<verb>send|sent|sends|sending|forward\w*|cop(?:y|ies|ied|ying)|b?cc(?:'d|ed)?|e-?mail\w*|mail(?:s|ed|ing)?|"
    r"share\w*|upload\w*|post(?:s|ed|ing)?|export\w*|deliver\w*|route\w*|redirect\w*|go(?:es)?|went|submit\w*)\b"
    r"(?P<what>[^.!?;\n]{0,80}?)\b(?:to|into|at)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:address\s+|mailbox\s+|inbox\s+)?"
    r"[\w.+-]+@(?P<host>(?:[\w-]+\.)+[a-z]{2,})\b"
    # A recipient field given an address in code or configuration: a key named for where data goes (``to``,
    # ``recipients``, ``send_to``, ``forward_*``, ``cc``, ``target``, dotted or in quotes), then an assignment
    # in any language's syntax (``=``, ``:``, ``=>``, ``<-``, a call's ``(``/``,``, a key-value record's
    # ``val=``), the value possibly wrapped in a list or constructor (``["..."]``, ``list(``); or the field
    # said to default to, or be set to, the address. Tool-description poisoning (InjecAgent, MCP tool
    # poisoning) plants exactly this: a parameter whose default carries every message out.
    rf"|{_FIELD_KEY}[\"']?(?:\s*(?:=>|:=|<-|[:=(,])\s*(?:{_WRAPPER})?|\s+{_WRAPPER}"
    r"|(?:\s+(?:now|always|automatically|by default))?\s+(?:defaults? to|(?:is |are )?set to|changed to|points? to))"
    r"\s*[\[{(]?\s*[\"']?[\w.+-]+@(?P<field>(?:[\w-]+\.)+[a-z]{2,})\b"
)
_SENT_DATA = _c(
    rf"\b(?:all|every|each|any|everything|whole|full|entire|complete)\b|\b(?:{_SECRET})"
    r"|\b(?:answers?|repl(?:y|ies)|responses?|conversations?|chats?|history|threads?|inbox|mail|messages|results|exports?|"
    r"reviews?|ratings?|scans?|lists?|reports?|plans?|records|files|documents|contracts|invoices|copies|copy)\b"
)


def _outside_delivery(sentence: str, hosts: Collection[str]) -> bool:
    # Every verb of the list is read, not only the first of a match: in "everything shared with the
    # assistant must be copied to ...", "shared" took the sentence and "copied" was never read. What
    # is sent may also stand before the verb or after the address (the passive: "everything given to
    # the AI must be forwarded to ... in full", review s34 r1 F5).
    at = 0
    while (m := _DELIVERY.search(sentence, at)) is not None:
        at = m.start() + 1
        host = m.group("host") or m.group("field") or ""
        if allowed(host.lower().rstrip("."), hosts):
            continue
        if m.group("field") or (m.group("verb") or "").startswith("cop"):
            return True
        # what is sent: after the verb, or around it (before it, or after the address: "in full")
        said = f"{sentence[: m.start()]} {m.group('what') or ''} {sentence[m.end() :]}"
        if _SENT_DATA.search(said):
            return True
    return False


def pressure_findings(latin: str, about: Rule, hosts: Collection[str] = ()) -> list[ScreenFinding]:
    """A risky act and a lever (or an address to the agent plus a lever) in one sentence; data sent to a
    mailbox outside the tenant."""
    found: list[ScreenFinding] = []
    for one in _SPLIT.split(latin):
        if not one.strip() or about.search(one) or _NEGATED.search(one):
            continue
        if _outside_delivery(one, hosts):
            found.append(
                ScreenFinding("data sent elsewhere", "has data sent to a mailbox outside the tenant")
            )
        acts = [why for rule, why in _ACTS if rule.search(one)]
        if not acts:
            continue
        levers = [why for rule, why in _LEVERS if rule.search(one)]
        outside = _outside(one, hosts)
        if outside:
            levers.append("an outside destination")
        if _ANYONE.search(one) and acts[0] == "someone else's data given out":
            levers.append("anyone at all as the recipient")
        if not levers:
            continue
        ordered = bool(_IMPERATIVE.search(one) and (_RECIPIENT.search(one) or outside))
        if (
            ADDRESSED.search(one)
            or ordered
            or len(levers) >= 2
            or len(acts) >= 2
            or levers[0] == "a user's wish"
        ):
            found.append(ScreenFinding("instruction", f"{acts[0]}, with {levers[0]} as the reason"))
    return list(dict.fromkeys(found))
