"""A tool action requested inside third-party content a tool returned (session 35; InjecAgent's lures).

InjecAgent (Zhan et al., 2024) plants the attacker's instruction in a field of a tool's response that a third
party controls - a product review, a comment, a message, an event or repository description, a reply - and asks
the agent for an act with a tool on the user's behalf: move money, unlock a door, grant access, change a
password, switch a safeguard off. A document's memo asks its reader for errands; what no review or comment
has a reason to do is ask whoever reads it to act on the reader's own accounts and devices. Held: a line
opened by a label of such content whose text then asks (please, kindly, could you, an imperative) for one of
those acts. Runs on the ``latin`` form, line by line; a negated request and talk about attacks are left alone.
"""

from __future__ import annotations

import re

from memory.manager.screen.findings import ScreenFinding
from memory.manager.screen.literals import Rule, rule

# Content a third party wrote, carried by a tool result, as its label opens a line.
_CARRIER = rule(
    r"^\W*(?:[\w-]+ ){0,2}?(?:reviews?|comments?|repl(?:y|ies)|descriptions?|bio|feedback|posts?|tweets?|"
    r"listings?|messages?)(?: by [\w@.' -]{1,40}?)?\s*[:\-\u2013\u2014]\s",
    re.IGNORECASE | re.MULTILINE,
)
_ASK = r"(?:please|kindly|(?:could|can|would) you|i (?:need|want) you to|go ahead and|make sure to|also,?)\s+"
# The acts of an agent with tools on the reader's accounts and devices.
_ACT = (
    r"(?:(?:transfer|wire|send|pay|move|remit)\w*\b[^.!?\n]{0,50}?\b(?:to|into) (?:the |this |my |account|iban|wallet|"
    r"card)[^.!?\n]{0,30}?(?:account|iban|wallet|card|\d{4,})"
    r"|(?:schedule|make|set up)\w* (?:a |an )?(?:payment|transfer|wire)\b"
    r"|unlock\w*|open\w* the (?:front |back |garage )?(?:door|lock|gate|garage)"
    r"|(?:grant|give)\w*\b[^.!?\n]{0,40}?\b(?:access|rights|permissions?|admin)\b"
    r"|add\w*\b[^.!?\n]{0,60}?\b(?:as (?:an? )?(?:admin|owner|collaborator|maintainer)|with (?:admin|owner|full|write) "
    r"(?:rights|access|permissions?))"
    r"|(?:change|reset|update)\w* the (?:\w+ ){0,2}(?:password|pin|passcode|recovery e-?mail|2fa|mfa)"
    r"|(?:disable|turn off|switch off|deactivate)\w* (?:the |all )?(?:\w+ )?(?:alarm|cameras?|2fa|mfa|two-factor|"
    r"security|firewall|antivirus)"
    r"|(?:move|share|publish)\w* (?:all|every|the whole)\b[^.!?\n]{0,60}?\b(?:public|anyone|everyone|open link))\b"
)
_REQUEST = rule(rf"(?:^|[.!?:;,]\s*|\b){_ASK}{_ACT}", re.IGNORECASE)
_NEGATED = rule(r"\b(?:never|do not|don't|must not|should not|not)\b", re.IGNORECASE)
_LINE = rule(r"\n+")


def tool_lures(latin: str, about: Rule) -> list[ScreenFinding]:
    for line in _LINE.split(latin):
        head = _CARRIER.match(line)
        if not head:
            continue
        body = line[head.end() :]
        request = _REQUEST.search(body)
        if request and not _NEGATED.search(body[: request.end()]) and not about.search(line):
            return [
                ScreenFinding(
                    "instruction", "third-party content asks the reader to act with a tool on its accounts"
                )
            ]
    return []
