"""Review s36 r1 F3 (of q's change-premise rule, strict xfail): a question about what the USER must do
that uses a verb of ending or replacing is taken as a claim the knowledge base must state, and an
answerable question is refused as a false premise.

graph/assistant/premises.py: "A claim about the user ('since I'm on probation', 'as I'm leaving') is
not the knowledge base's to confirm and is not checked" - the ``_CLAIM`` path keeps that rule
(``_NOT_A_CLAIM``). The session-36 ``_EVENT`` path ("why did X drop Y", "in which version was X
removed") returns its claim without it: "When do I have to replace my password?" presupposes "I have
to replace my password", which no sentence states in those words ("Change your password every 90
days"), so the assistant answers "nothing relevant" to a question the handbook answers. The same for
"Why do we delete ...", "Why do I need to remove ...": the user's own duties, not a change of the
documented thing.

The rule alone, then the whole assistant graph on a two-document corpus (extractive responder, the
real local embedder; SQLite only: the rule is the backend's neither)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

from graph.assistant.premises import presupposed

DOCUMENTS = {
    "it/passwords.md": "# Passwords\n\nChange your password every 90 days, and at once if you think someone "
    "else knows it. The new password must differ from your last five.\n",
    "it/badges.md": "# Office badges\n\nWear your badge visibly in the office. Report a lost badge to "
    "reception on the same day.\n",
}


@pytest.mark.parametrize(
    "question",
    [
        "When do I have to replace my password?",
        "Why do we delete old backups after 30 days?",
        "Why do I need to remove my badge when leaving the office?",
    ],
)
def test_a_question_about_the_users_own_duty_presupposes_nothing(question: str) -> None:
    assert presupposed(question) == ""  # about the user: not the base's to state (the module's rule)


@pytest.fixture(scope="module", params=["sqlite"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "user-change") as compiled:
        yield compiled


def test_when_must_i_replace_my_password_is_answered(graph: Any) -> None:
    result = ask(graph, "When do I have to replace my password?", "user-change-1")
    answer = str(result["messages"][-1].content)
    assert "nothing relevant" not in answer, answer
    assert [c["path"] for c in result["citations"]][:1] == ["it/passwords.md"], result["citations"]
    assert "every 90 days" in answer
