"""Review s34 r1 F9 (of 9eb8a89, p3's persist.py): "a permission handed to the agent to keep as a
lasting fact" is read from a verb of keeping followed by "that" - and "(please) note that" is how
handbooks and announcements turn to their reader. So ordinary policy
statements with a permission or a waived check in them are now held (a strong 'instruction'):
"Please note that staff may now download payslips from the HR portal." passed before 9eb8a89
(9eb8a89^, semantic layer on too) and is held at HEAD. The screen exists to tell an order to the
assistant from a statement to employees (issue 27 item 7; FACTS: policy text is full of imperatives
aimed at employees).

The cheap layers only (no model): ~1 s."""

from __future__ import annotations

import pytest

from memory.manager.poisoning import ScreenConfig, scan

ANNOUNCEMENTS = [
    "Please note that staff may now download payslips from the HR portal.",
    "Note that managers may approve leave requests of up to five days without HR review.",
]


@pytest.mark.parametrize("text", ANNOUNCEMENTS)
def test_a_policy_announcement_with_a_permission_is_not_held(text: str) -> None:
    assert scan(text, ScreenConfig(semantic=False)) == [], text
