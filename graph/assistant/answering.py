"""Whether an answer can be given: the relevance threshold (abstention) and the question's language."""

from __future__ import annotations

LANGUAGE_NOTE = "reads English only"
