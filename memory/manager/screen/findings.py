"""What the screen reports: one reason to distrust a text, never quoting the text itself."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScreenFinding:
    category: str
    detail: str
    strong: bool = True  # a weak finding holds an item only together with other evidence

    def describe(self) -> str:
        return f"{self.category}: {self.detail}"
