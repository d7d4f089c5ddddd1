"""Shared by the screen's rule tests: the screen as the tests configure it (tenant ``acme`` whose own
host is acme.example; no semantic layer, so the rules alone decide) and the reasons it gives."""

from __future__ import annotations

from memory.manager.screen import ScreenConfig, screen_memory

CONFIG = ScreenConfig(allowed_hosts={"acme": ["acme.example"]}, semantic=False)


def reasons(text: str, recent: tuple[str, ...] = ()) -> list[str]:
    """What the screen holds ``text`` for, as a memory written after the ``recent`` ones."""
    earlier = [(f"old{i}", old) for i, old in enumerate(recent)]
    found = screen_memory("note", text, tenant_id="acme", config=CONFIG, recent=earlier)
    return [f.describe() for f in found]
