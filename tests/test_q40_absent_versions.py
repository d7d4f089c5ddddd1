"""A version the question names that the knowledge base does not hold is "not found", naming the closest
versions - never a neighbour's answer (issue 27, item 3; session 40, q6).

Two families of both kinds, written here: a product's release notes, one document per release, whose
versions do not replace each other (a series), and a licence in two versions (a newer one supersedes
the older). The siblings say nearly the same things, so before this rule "What changed in 4.3.0?"
was answered from 4.2.1's notes. A version the base writes somewhere - a release's notes naming a
bundled tool's version, a version named in a passage the search did not bring - is no absent one, and
the version the user says they run is context, not the version asked about. Through the whole
assistant graph (extractive, the real local embedder), SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

pytestmark = pytest.mark.timeout(900)

_RELEASE = "## {date}, Version {v} (Current)\n\n### Notable Changes\n\n{body}\n"
DOCUMENTS = {
    "releases/v4.1.0.txt": _RELEASE.format(
        date="2025-02-03", v="4.1.0",
        body="The task runner gains a --watch flag that reruns tasks when their input files change. "
             "Exports now stream rows to disk instead of holding the whole table in memory.",
    ),
    "releases/v4.2.0.txt": _RELEASE.format(
        date="2025-04-14", v="4.2.0",
        body="The task runner can shard a test suite across several CI machines with --shard. "
             "The bundled parser is updated to tinyparse 7.3.1, which fixes request smuggling.",
    ),
    "releases/v4.2.1.txt": _RELEASE.format(
        date="2025-05-02", v="4.2.1",
        body="This is a security release. It fixes a path traversal in the static file server on "
             "Windows and a crash when a header line is longer than 64 KiB.",
    ),
    "releases/v5.0.0.txt": _RELEASE.format(
        date="2025-09-30", v="5.0.0",
        body="The task runner drops the legacy --serial flag; tasks run in parallel by default. "
             "The minimum supported operating system is now Windows 10.",
    ),
    "licenses/Widget-Public-License-1.0.txt": (
        "Widget Public License, Version 1.0\n\nYou may copy and distribute the Program's source code "
        "provided you keep this notice. Each version of this License is given a distinguishing number."
    ),
    "licenses/Widget-Public-License-2.0.txt": (
        "Widget Public License, Version 2.0\n\nThis License supersedes version 1.0. You may distribute "
        "the Program under this version or any later version published by the Widget Foundation."
    ),
}  # fmt: skip


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "q40versions") as compiled:
        yield compiled


def _answer(graph: Any, question: str, thread: str) -> tuple[list[str], str]:
    result = ask(graph, question, thread)
    return [c["path"] for c in result["citations"]], str(result["messages"][-1].content)


@pytest.mark.parametrize(
    ("question", "absent", "closest"),
    [
        ("What changed in 4.3.0?", "4.3.0", "v4.2.1"),
        ("Which fixes did release 4.2.2 bring?", "4.2.2", "v4.2.1"),
        ("What did version 5.1 of the task runner remove?", "5.1", "v5.0.0"),
        ("Does the Widget Public License 3.0 allow distributing under a later version?", "3.0", "2.0"),
    ],
    ids=["series-patch", "series-next-patch", "series-two-parts", "superseding-licence"],
)
def test_a_version_the_base_lacks_is_not_found_and_the_closest_versions_are_named(
    graph: Any, question: str, absent: str, closest: str
) -> None:
    cited, text = _answer(graph, question, f"absent-{absent}")
    assert cited == [], (question, cited, text)
    assert "nothing relevant" in text
    assert f"'{absent}'" in text  # what is missing, as the question wrote it
    closest_line = next(line for line in text.splitlines() if line.startswith("The closest documents"))
    assert closest in closest_line.split(";")[0], closest_line  # the nearest version first


@pytest.mark.parametrize(
    ("question", "first"),
    [
        # The version held: its own notes answer.
        ("What changed in 4.2.1?", "releases/v4.2.1.txt"),
        # A bundled tool's version the notes write: in the base, not absent.
        ("which release updated tinyparse to 7.3.1?", "releases/v4.2.0.txt"),
        # The version the user runs is context: the answer is in the release that brought the thing.
        ("we're still on 4.1.5 - can the task runner shard our tests across CI machines?", "releases/v4.2.0.txt"),
        # A licence version held.
        ("Under Widget Public License 2.0 may we distribute under a later version?",
         "licenses/Widget-Public-License-2.0.txt"),
    ],
    ids=["held-release", "tool-version-in-text", "running-version", "held-licence"],
)  # fmt: skip
def test_a_version_the_base_writes_or_the_user_runs_is_answered(
    graph: Any, question: str, first: str
) -> None:
    cited, text = _answer(graph, question, f"held-{abs(hash(question))}")
    assert cited and cited[0] == first, (question, cited, text)
    assert "nothing relevant" not in text
