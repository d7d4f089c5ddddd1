"""Text that tries to act as an instruction instead of a memory: the facade over ``screen``.

Text written by a document, a tool or a summary is data. When it reads like an order to the
assistant, hides something from the reader or points outside the tenant, it is quarantined for a
human to review. The layers (decoding, multilingual phrase banks, structure, semantic similarity,
reading recent memories together) live in ``memory.manager.screen``. False positives are cheap
(the item waits for review), misses are not.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from memory.manager.screen import ScreenConfig, screen_memory, screen_texts
from memory.manager.screen.decode import leaves
from memory.manager.screen.findings import ScreenFinding
from memory.manager.screen.text import latin

__all__ = ["ScreenConfig", "ScreenFinding", "fold", "scan", "scan_memory", "text_leaves"]

text_leaves = leaves


def fold(text: str) -> str:
    """The Latin form the phrase banks read: NFKC, hidden characters removed, look-alikes mapped,
    accents dropped, casefolded."""
    return unicodedata.normalize("NFC", latin(text))


def scan(text: str, config: ScreenConfig | None = None, *, tenant_id: str = "") -> list[ScreenFinding]:
    """Every reason to quarantine ``text`` (empty when it looks like plain data)."""
    config = config or ScreenConfig()
    from memory.manager.screen.learned import default_learned
    from memory.manager.screen.semantic import cache_scope, default_semantic

    semantic = default_semantic() if config.semantic else None
    learned = default_learned() if config.semantic and config.learned else None
    with cache_scope(tenant_id):
        return screen_texts([text], config.hosts_for(tenant_id), semantic, learned)


def scan_memory(
    key: str,
    value: Any,
    config: ScreenConfig | None = None,
    *,
    tenant_id: str = "",
    recent: Sequence[tuple[str, Any]] = (),
) -> list[ScreenFinding]:
    """Scan a memory's key and every string (and dict key) in its value, with recent memories from
    the same source read together with it; duplicates removed, order kept."""
    from memory.manager.screen.semantic import cache_scope  # numpy and the model's module: when screening

    with cache_scope(tenant_id):  # a tenant's writes never answer from another tenant's cache
        return screen_memory(key, value, tenant_id=tenant_id, config=config, recent=recent)
