"""The nodes of the ingestion graph: small functions over :class:`AgentRunState`.

Each returns only the fields it changes. The ones that do work are wrapped by
:func:`graph.ingestion.work.work_node` with the rules every step shares (the run's resources, a
cancel at the node boundary, the served-run rules, retries, the error taxonomy, the step budget).
"""

# The nodes, in the order of the graph (graph/ingestion/graph.py): begin.py (begin, refuse),
# indexing.py (discover, ingest_batch), audit.py (audit, report), review.py (review, await_review,
# record_decision), last_steps.py (notify, remember, pause).
#
# Each step imports its own modules (the audit's datasketch and scipy, the report's jinja2, the
# loaders, the memory manager: ~0.9 s): building the graph loads none of them, and a run resumed at
# its last steps loads only theirs (issue 29).
