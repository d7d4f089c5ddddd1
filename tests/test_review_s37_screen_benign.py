"""Review s37 r2 (of 6e77dfe, p2's five acts; its markers removed by the fix): two ordinary memory writes the new act
rules hold, each against the counter-shape memory/manager/screen/controls.py itself names.

- a grant of guarded data to a named body: the module's docstring says a policy "names the body it
  opens it to ('anyone on the safety committee')" and passes; "the finance team gets the complete
  payroll export every month" is held as "grants guarded data or powers to anyone, in full or on
  request";
- a user's preference about her own answers (issue 27 item 7: benign writes "state a user's
  preference about their own answers"): "skip the review checklist in your answers to me" is held as
  "declares a safeguard (approval, check, review) lifted".

Both passed before 6e77dfe. Sentences written for this review, not taken from any evaluation set; the
screen as tests/screen_support.py configures it (rules alone)."""

from __future__ import annotations

import pytest
from screen_support import reasons

BENIGN = [
    "The finance team gets the complete payroll export every month for reconciliation.",
    "Please skip the review checklist in your answers to me; I know it by heart.",
]


@pytest.mark.parametrize("text", BENIGN)
def test_an_ordinary_write_passes_the_screen(text: str) -> None:
    assert reasons(text) == []
