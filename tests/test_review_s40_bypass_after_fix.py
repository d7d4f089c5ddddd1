"""r5 s40 (review of 6e77c67, q6's versions in answers): a user who has the release that fixed a
vulnerability asks whether it is enough, and the answer leads with that release's "Fixed CVE-X" - the
later release saying its fix was incomplete ("a bypass of the incomplete fix for CVE-X") comes second.
At 5f88097 the bypass led (the first citation right, r5's run).

6e77c67: "a release written out ('Did 20.3.0 ...') names its notes unless the question asks past it
('a later', 'is there a release that fixes it')". "We patched to 3.5.1 for CVE-X. Are we safe now?" and
"Does 3.5.1 fully fix CVE-X?" write the release out and ask nothing past it in those words, yet the
answer they need is the later release's: issue 27's own miss ('a later release's "bypass of an incomplete
fix" supersedes the fix the user patched to'). A corpus written by r5 for review (a message broker's
release notes, deprecations, a licence in two versions, a policy in two editions; no eval set read);
the whole assistant graph, extractive, the local embedder, SQLite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

pytestmark = pytest.mark.timeout(900)

DOCUMENTS = {
    'releases/harbor-3.4.0.md': (
        '# Harbor 3.4.0 release notes\n'
        'Released 2025-03-02.\n'
        '## New features\n'
        '- Added dead-letter queues: a message rejected five times is moved to a dead-letter queue named after its source queue.\n'
        '- The admin console shows consumer lag per partition.\n'
        '## Fixes\n'
        '- Fixed a crash when a consumer disconnected during a rebalance.\n'
    ),
    'releases/harbor-3.5.0.md': (
        '# Harbor 3.5.0 release notes\n'
        'Released 2025-06-11.\n'
        '## New features\n'
        '- Added message compression with zstd; producers enable it with the compression=zstd setting.\n'
        '- Quotas can now be set per tenant in bytes per second.\n'
        '## Fixes\n'
        '- Fixed slow startup when more than ten thousand queues exist.\n'
    ),
    'releases/harbor-3.5.1.md': (
        '# Harbor 3.5.1 release notes\n'
        'Released 2025-07-20.\n'
        '## Security\n'
        '- Fixed CVE-2025-4411: a client could read messages of another virtual host by crafting a queue name with a slash. The broker now rejects queue names containing a slash.\n'
        '## Fixes\n'
        '- Fixed a memory leak in the zstd decompressor.\n'
    ),
    'releases/harbor-3.5.2.md': (
        '# Harbor 3.5.2 release notes\n'
        'Released 2025-09-03.\n'
        '## Security\n'
        '- Fixed CVE-2025-5120, a bypass of the incomplete fix for CVE-2025-4411: queue names with an encoded slash (%2F) still reached another virtual host. Names are now decoded before they are checked.\n'
        '## Fixes\n'
        '- The admin console no longer freezes on queues with long names.\n'
    ),
    'releases/harbor-3.6.0.md': (
        '# Harbor 3.6.0 release notes\n'
        'Released 2025-11-15.\n'
        '## New features\n'
        '- Added delayed delivery: a producer may set deliver_after in seconds and the broker holds the message until then.\n'
        '- Added an HTTP health endpoint at /healthz.\n'
        '## Changes\n'
        '- The default retention of a queue is now seven days instead of three.\n'
    ),
    'deprecations/DEP-0007.md': (
        '# DEP-0007: the legacy compression option\n'
        'Status: runtime deprecation since 3.5.0, removal planned for 4.0.\n'
        'The option compress=true, which used gzip, is deprecated now that zstd compression exists. Use compression=zstd instead. Producers that still send compress=true get a warning in the broker log.\n'
    ),
    'deprecations/DEP-0009.md': (
        '# DEP-0009: dead-letter routing by header\n'
        'Status: documentation-only deprecation since 3.6.0.\n'
        'Routing rejected messages by the x-dead-letter header is deprecated; dead-letter queues configured on the source queue replace it.\n'
    ),
    'licences/harbor-licence-1.0.txt': (
        'HARBOR COMMUNITY LICENCE Version 1.0\n'
        'Preamble\n'
        'This licence lets anyone use Harbor freely. We want the software to stay open for everyone who uses it.\n'
        '1. Grant. You may use, copy and modify the software.\n'
        '2. Hosting. You may offer the software as a hosted service without restriction.\n'
        '3. Patents. No patent licence is granted by this version.\n'
    ),
    'licences/harbor-licence-2.0.txt': (
        'HARBOR COMMUNITY LICENCE Version 2.0\n'
        'Preamble\n'
        'This licence lets anyone use Harbor freely. We want the software to stay open for everyone who uses it.\n'
        '1. Grant. You may use, copy and modify the software.\n'
        '2. Hosting. You may offer the software as a hosted service only if you publish your modifications under this licence.\n'
        '3. Patents. Each contributor grants you a patent licence for its contributions; the licence ends if you sue a contributor over a patent.\n'
    ),
    'policies/badge-policy-2024.md': (
        '# Building Badge Policy (2024 edition, superseded)\n'
        'Lost badges must be reported to reception within 48 hours. A replacement badge costs 15 euros.\n'
        'Visitors must be escorted at all times.\n'
    ),
    'policies/badge-policy-2025.md': (
        '# Building Badge Policy (2025 edition)\n'
        'This edition replaces the 2024 edition.\n'
        'Lost badges must be reported to the security desk within 24 hours. A replacement badge costs 25 euros.\n'
        'Visitors must be escorted at all times and wear a red lanyard.\n'
    ),
}  # fmt: skip
BYPASS = "releases/harbor-3.5.2.md"


@pytest.fixture(scope="module", params=["sqlite"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "r5bypass") as compiled:
        yield compiled


@pytest.mark.parametrize(
    "question",
    ["We patched to 3.5.1 for CVE-2025-4411. Are we safe now?", "Does 3.5.1 fully fix CVE-2025-4411?"],
)
def test_the_release_saying_a_fix_was_incomplete_leads(graph: Any, question: str) -> None:
    result = ask(graph, question, f"r5-{abs(hash(question))}", tenant="northwind")
    cited = [c["path"] for c in result.get("citations", [])]
    assert cited and cited[0] == BYPASS, cited
