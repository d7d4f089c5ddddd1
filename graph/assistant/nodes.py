"""The assistant's nodes: small functions over :class:`AssistantState`.

Each reaches the knowledge index, the memory manager and the store only through
:func:`graph.assistant.services.open_for_run` (bound to the run's tenant and user).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from langchain_core.messages import AIMessage, AnyMessage, BaseMessage, HumanMessage, RemoveMessage
from langchain_core.runnables import RunnableConfig

from graph.assistant import gather, working
from graph.assistant.answering import (
    FOCUS_MARGIN,
    FOCUS_THRESHOLD,
    MAX_MISSING,
    Verdict,
    judge,
    most_relevant,
    weak,
)
from graph.assistant.extract import extract
from graph.assistant.gather import PINNED_TYPES
from graph.assistant.responders import Responder, Turn, select_responder
from graph.assistant.services import AssistantResources, Services, open_for_run, services_from_env
from graph.assistant.state import AssistantState
from graph.assistant.thread_note import thread_gone
from knowledge.index import facets
from knowledge.index.editions import asks_for_date
from knowledge.index.models import SearchHit
from knowledge.index.rules import STOPWORDS
from knowledge.tokens import UnknownModel, encoding_name_for_model
from memory.context.assemble import DEFAULT_MODEL, ContextItem, assemble
from memory.context.compaction import compact as compact_messages
from memory.context.compaction import tokens_of
from memory.context.summary import RunningSummary
from memory.manager.models import MemoryRecord, MemoryType, Source

SESSIONS = "sessions"
SYSTEM_ITEM = "system"  # the id gather.candidates gives the assistant's instructions
# Hybrid recall ranks well enough that its best 40 cover the 24 memory candidates gather keeps.
SIMILAR_MEMORIES = 40
# An earlier session's note enters a context no longer than this thread's own summary may
# (gather's summary_tokens, 1,000 tokens; at most ~8 characters a token): the rest could never be
# used, and the notes are copied into the turn's checkpointed state. A user may write its own notes
# through the store: 50 notes of 900 KB made every turn write 45 MB (session 28).
SESSION_NOTE_CHARS = 8_000


@dataclass
class Deps:
    """The graph's shared parts; the exported graph builds them from the environment on first use."""

    services: Services | None = None
    responder: Responder | None = None

    def open(self, config: RunnableConfig) -> AssistantResources:
        if self.services is None:
            self.services = services_from_env()
        return open_for_run(self.services, config)

    def respond_with(self) -> Responder:
        if self.responder is None:
            self.responder = select_responder()
        return self.responder


def token_model(name: str) -> str:
    """The model whose encoding counts tokens: the chat model when its encoding is known."""
    try:
        encoding_name_for_model(name)
    except UnknownModel:
        return DEFAULT_MODEL
    return name


def _latest_question(messages: list[AnyMessage]) -> str:
    for m in reversed(messages):
        if isinstance(m, HumanMessage):
            return m.content if isinstance(m.content, str) else str(m.content)
    raise ValueError("the assistant needs a question: send {'messages': [('user', '...')]}")


def _summary(state: AssistantState) -> RunningSummary:
    return RunningSummary.model_validate(state.get("summary") or {})


def remember_explicit(state: AssistantState, config: RunnableConfig, *, deps: Deps) -> dict[str, Any]:
    """Save preferences and facts the user states, before anything can be trimmed or summarised."""
    res = deps.open(config)
    query = _latest_question(state["messages"])
    decisions = []
    for f in extract(query):
        d = res.memory.remember(
            res.user, f.memory_type, f.key, f.value, Source.USER_EXPLICIT,
            source_ref=f"thread:{res.thread_id}" if res.thread_id else None, actor="assistant",
        )  # fmt: skip
        decisions.append({"action": d.action.value, "key": f.key, "value": f.value, "reason": d.reason})
    return {"query": query, "remembered": decisions, "turn": state.get("turn", 0) + 1}


def load_memories(state: AssistantState, config: RunnableConfig, *, deps: Deps) -> dict[str, Any]:
    """The user's active memories (tenant defaults included), scored against the question, and the
    summaries of the user's other threads."""
    res = deps.open(config)
    query = state["query"]
    if res.guest:  # the thread's owner reads this state: none of the guest's memories or other threads
        return {"memories": [], "sessions": []}
    # Bounded reads, however many memories the user has: every behaviour memory (they are pinned)
    # and the best matches of hybrid recall (its keyword half also finds memories embedded by
    # another model, e.g. written with `kassist memory remember`).
    found: dict[str, MemoryRecord] = {}
    for memory_type in PINNED_TYPES:
        found.update((r.id, r) for r in res.memory.recall(res.user, memory_type=memory_type, k=100))
    found.update((r.id, r) for r in res.memory.recall(res.user, query=query, k=SIMILAR_MEMORIES))
    records = gather.select_memories(list(found.values()), query)
    sessions: list[dict[str, Any]] = []
    if res.store is not None:
        for item in res.store.search(res.namespace(SESSIONS), limit=50):
            if item.key != res.thread_id:
                note = str(item.value.get("summary", ""))[:SESSION_NOTE_CHARS]
                sessions.append({"thread_id": item.key, "summary": note})
    return {"memories": [r.model_dump(mode="json") for r in records], "sessions": sessions}


def retrieve(state: AssistantState, config: RunnableConfig, *, deps: Deps) -> dict[str, Any]:
    """Knowledge-base passages for the question, read against the conversation
    (:func:`working.read`): "it" and "this policy" search the document in focus, "and for
    partners?" the focus's topic with the new subject, "no, I meant the 2024 one" the last topic
    anywhere; anything else is a new question."""
    res = deps.open(config)
    question, focus, k = state["query"], state.get("focus"), res.settings.k
    search = _TurnSearch(res)
    if focus is not None and not focus.get("doc_id"):
        focus = None
    reading = working.read(question, focus, state.get("topic", ""), STOPWORDS)
    hits: list[SearchHit] = []
    focused = False
    if reading.kind in ("continues", "ellipsis") and focus is not None:
        stale = bool(state.get("focus_stale"))
        held, hits = _focus_holds(search, question, reading, str(focus["doc_id"]), stale=stale)
        # The focus answers the question on its own wording: a pointer question is answered from
        # it; held on the reading with its section or as an ellipsis, the answer must clear the bar.
        focused = held == "own" and reading.kind == "continues"
        if held and reading.kind == "continues" and asks_for_date(reading.query):
            # "when did it come into effect?": the focus's own date line, in its header passage.
            hits = search(reading.query, str(focus["doc_id"]))
            reading = replace(reading, scoped=reading.query)
        if not held:
            # An ellipsis the focus does not answer continues the last question; anything else is new.
            reading = working.read(question, None, state.get("topic", ""), STOPWORDS)
    if not hits and reading.kind in ("redirects", "ellipsis"):
        reading = _swap_values(search, reading, question, state.get("topic", ""))
    query = reading.query
    seen = {h.chunk_id for h in hits}
    hits += [h for h in search(query) if h.chunk_id not in seen]
    found = [h.model_dump(mode="json") for h in hits[:k]]
    # A pointer question is answered from the focus it points at; an ellipsis is judged as the
    # question it stands for (the focus's topic with its new subject: "and for Tokyo?" may abstain).
    judged = (
        question
        if (focused and reading.scoped != query) or reading.kind == "new"
        else (reading.scoped or query)
    )
    verdict = judge(judged, found, embedder=res.kb.embedder_name, focused=focused, uses=res.kb.uses)
    subject = working.subject(question, STOPWORDS) if reading.kind == "ellipsis" else frozenset()
    if verdict.answerable and subject and not working.covers(subject, _texts(found)):
        # "what about hamsters?": the new subject of an ellipsis must be in what was found.
        missing = working.uncovered(question, subject, _texts(found))
        reason = f"nothing mentions {', '.join(missing)}"
        # replace, not a new Verdict: the turn's acronym answers stay with it (the language-model path reads them)
        verdict = replace(verdict, answerable=False, reason=reason, missing=missing[:MAX_MISSING])
    if verdict.lead:
        # A company-wide rule answers for an office whose own pages do not: it is quoted and cited
        # first (the sort is stable: the rest keep their order).
        found.sort(key=lambda h: h["chunk_id"] != verdict.lead)
    return {
        "hits": found,
        "verdict": verdict.to_state(),
        "reading": {"kind": reading.kind, "query": query, "judged": judged},
    }


class _TurnSearch:
    """The knowledge base's search for one turn, each (query, document) searched once: deciding
    whether a follow-up holds to its focus searches the question over the whole base, and a
    follow-up read as a new question then searches that same question again."""

    def __init__(self, res: AssistantResources) -> None:
        self._kb, self._k = res.kb, res.settings.k
        self._found: dict[tuple[str, str | None, int], list[SearchHit]] = {}

    def __call__(self, query: str, doc_id: str | None = None, *, k: int | None = None) -> list[SearchHit]:
        key = (query, doc_id, k or self._k)
        if key not in self._found:
            self._found[key] = self._kb.search(query, k=k or self._k, doc_id=doc_id)
        return list(self._found[key])  # a copy: the caller extends its hits


# Passages read to learn which values a follow-up's new value replaces (facets.kinds): deeper than an
# answer's k, so that pages naming the old and the new value are both among them.
SWAP_DEPTH = 20


def _swap_values(search: _TurnSearch, reading: working.Reading, question: str, topic: str) -> working.Reading:
    """A correction or an ellipsis that names a new value ("no, I meant the madrid one", "and in
    oslo?") read as the last topic with the value of the same kind taken out (the Zurich of "who is
    the local contact for payroll in zurich"): the new value's page leads, not the previous one's. Which values are of one kind the passages found for the reading tell
    (:func:`facets.swap`); the reading unchanged when the question names no value."""
    topic = " ".join(topic.split()[-working.TOPIC_WORDS :])
    if not topic or reading.query != f"{topic} {question}":
        return reading
    found = search(reading.query, k=SWAP_DEPTH)
    swapped = facets.swap(topic, question, [f"{h.title}\n\n{h.text}" for h in found])
    if swapped == topic:
        return reading
    return replace(reading, query=f"{swapped} {question}")


def _texts(hits: list[dict[str, Any]]) -> list[str]:
    return [f"{h['title']} {h.get('heading') or ''} {h['text']}" for h in hits]


def _focus_holds(
    search: _TurnSearch, question: str, reading: working.Reading, doc_id: str, *, stale: bool
) -> tuple[Literal["own", "read", ""], list[SearchHit]]:
    """Whether a follow-up is about the document in focus, and its passages there: "own" when the
    focus bears on the question's own wording (its passages for that wording: "what does that
    runbook say about connecting from abroad?" is not about the section cited last), "read" when
    only on the question read with the focus's section or title, "" when it is not about the focus.

    "it" is the focused document only when that document has something close to the question, or
    nearly as close as anything else has ("what does it say about having a second job?": the
    wording of a pointer question matches no passage well); "is it possible to buy extra days off?"
    after a travel question is a new question that another document answers better. The passage
    the bar applies to, not the first: the sentence stage orders by the closest sentence.

    Read with the focus's section or title the focus always looks close (those words are its own):
    that reading counts for a question too hollow to stand alone ("how do I claim it?", "does it
    apply to contractors?") or one nothing else answers, not for "and the exit interview, do I have
    to go?", which another document answers on its own words. An ellipsis ("and for partners?")
    holds when the focus holds its new subject, in words or in a close passage ("what about
    hamsters?" does not). After a new question that found nothing (``stale``), the focus holds only
    on the question's own wording."""
    hits = search(reading.scoped, doc_id)
    if not hits:
        return "", []
    own = search(question, doc_id)
    best = _most_relevance(question, own)
    if reading.kind == "ellipsis":
        subject = working.subject(question, STOPWORDS)
        held = best >= FOCUS_THRESHOLD or working.covers(
            subject, _texts([h.model_dump(mode="json") for h in hits])
        )
        return ("read", hits) if held else ("", [])
    # A hollow "it" is the last section's subject ("when am I enrolled in it?" after the pension
    # plan): its passages are those of the question read with that section, when that reading's
    # passage holds the question's words ("can my partner drive it too?" after the mobility budget
    # is about the car's private use, not the budget).
    words = working.content_words(question, STOPWORDS)
    in_section = working.covers(words, _texts([hits[0].model_dump(mode="json")]))
    mine = hits if reading.by_section and in_section else own
    if best >= FOCUS_THRESHOLD and (reading.pointer or stale):
        return "own", mine
    if stale:
        return "", []
    read_in = _most_relevance(reading.scoped, hits)
    alone = [h.model_dump(mode="json") for h in search(question)]
    rival = most_relevant(question, alone) if alone else {}
    if best >= float(rival.get("relevance") or 0.0) - FOCUS_MARGIN:
        return "own", mine
    unanswered = not alone or weak(rival)  # no answerable new question either
    if ((reading.pointer and reading.hollow and in_section) or unanswered) and read_in >= FOCUS_THRESHOLD:
        return "read", hits
    # "when did it come into effect?": it points at the focus and nothing else answers it either.
    return ("own", mine) if reading.pointer and unanswered else ("", [])


def _most_relevance(query: str, hits: list[SearchHit]) -> float:
    """The relevance of the passage the abstention bar applies to (:func:`answering.most_relevant`)."""
    if not hits:
        return 0.0
    return float(most_relevant(query, [h.model_dump(mode="json") for h in hits]).get("relevance") or 0.0)


def assemble_context(state: AssistantState, config: RunnableConfig, *, deps: Deps) -> dict[str, Any]:
    """The model's context within the token budget: four tiers, pinned items, ranked whole items."""
    res = deps.open(config)
    records = [MemoryRecord.model_validate(m) for m in state.get("memories", [])]
    items = gather.candidates(
        messages=state["messages"], query=state["query"], records=records, hits=state.get("hits", []),
        sessions=state.get("sessions", []), summary=_summary(state),
        working_memory=state.get("working_memory", []), focus=state.get("focus"), thread_id=res.thread_id,
        summary_tokens=res.settings.budget // 4,
    )  # fmt: skip
    ctx = assemble(_sheddable(items), res.settings.budget, model=token_model(res.settings.chat_model))
    included = {i.id for i in ctx.included()}
    used = [m for m in state.get("memories", []) if f"memory:{m['id']}" in included]
    return {
        "context": ctx.messages,
        "context_tokens": ctx.total_tokens,
        "context_report": ctx.explain(),
        "memories_used": [m["id"] for m in used],
    }


def _sheddable(items: list[ContextItem]) -> list[ContextItem]:
    """Every pinned item but the assistant's instructions and the question may be shed when the
    pinned items are over the budget (a user's pinned memories, the running summary).

    Why degrade instead of refusing: a client is refused before the run (422, the servers'
    ``server.turn_input.question_refusal``) for what it sent, the question, which with the fixed
    instructions is all that must fit. What a user pinned over time is the server's state, not in
    the request: a LangGraph user expects a run the server accepted to answer (with the context
    that fits, the rest named in ``context_report``), not to fail inside with an error that no
    change to the request could fix. Both servers run this graph, so both answer alike."""
    return [
        replace(i, sheddable=True) if i.pinned and not i.messages and i.id != SYSTEM_ITEM else i
        for i in items
    ]


def respond(state: AssistantState, config: RunnableConfig, *, deps: Deps) -> dict[str, Any]:
    """The answer, from the responder (a model with tools, or the offline extractive one)."""
    res = deps.open(config)
    included = {row["id"] for row in state.get("context_report", []) if row["included"]}
    memories = [m for m in state.get("memories", []) if m["id"] in state.get("memories_used", [])]
    reading = state.get("reading") or {}
    turn = Turn(
        # A correction ("no, I meant the 2024 one") or an ellipsis ("what about London?") is
        # answered as the question it stands for.
        query=str(reading.get("judged") or state["query"]),
        context=list(state["context"]),
        hits=[h for h in state.get("hits", []) if f"chunk:{h['chunk_id']}" in included],
        memories=[m for m in memories if m["memory_type"] in (MemoryType.FACT, MemoryType.EPISODE,
                                                                MemoryType.PROJECT_CONTEXT)],
        preferences={m["key"]: str(m["value"]) for m in memories if m["memory_type"] == MemoryType.PREFERENCE},
        resources=res,
        verdict=Verdict(**state["verdict"]) if state.get("verdict") else None,
    )  # fmt: skip
    reply = deps.respond_with().respond(turn)
    return {"messages": [_fetches_nothing(m) for m in reply.messages], "citations": reply.citations}


def _fetches_nothing(message: BaseMessage) -> BaseMessage:
    """An answer whose Markdown makes no reader's client fetch anything by itself: an image
    (``![x](https://...)``, quoted from a document or written by a model a document told to)
    stays text (``!\\[x](...)``), loaded by LangGraph Studio and chat UIs on display otherwise. A
    link, which needs a click, is kept."""
    content = message.content
    if isinstance(message, AIMessage) and isinstance(content, str) and "![" in content:
        return message.model_copy(update={"content": content.replace("![", "!\\[")})
    return message


def record_turn(state: AssistantState, config: RunnableConfig, *, deps: Deps) -> dict[str, Any]:
    """Working memory after the turn (cited documents with their ids, the focus) and this thread's
    entry among the user's sessions, for recall from other threads."""
    res = deps.open(config)
    reading = state.get("reading") or {}
    citations = state.get("citations", [])
    headings = {str(h["chunk_id"]): str(h.get("heading") or "") for h in state.get("hits", [])}
    items, focus = working.update(state.get("working_memory", []), citations, state["turn"], headings)
    # A new question that found nothing leaves the focus stale: "what about cats?" after it is about
    # that question, unless the older document answers it well. A follow-up that found nothing keeps it.
    stale = not citations and (reading.get("kind", "new") == "new" or bool(state.get("focus_stale")))
    topic = str(reading.get("query") or state["query"])
    if res.store is not None and res.thread_id:
        cited = "; ".join(f"{c['title']} ({c['doc_id']})" for c in state.get("citations", []))
        summary = _summary(state)
        text = f"Last question: {state['query']}\nCited: {cited or 'nothing'}"
        if not summary.is_empty:
            text += "\n" + summary.render()
        res.store.put(res.namespace(SESSIONS), res.thread_id, {"summary": text, "turn": state["turn"]})
        if thread_gone(config):  # deleted while this turn wrote its note: the note goes too (H18-3)
            res.store.delete(res.namespace(SESSIONS), res.thread_id)
    return {"working_memory": items, "focus": focus, "topic": topic, "focus_stale": stale}


def over_budget(state: AssistantState, config: RunnableConfig, *, deps: Deps) -> Literal["compact", "done"]:
    res = deps.open(config)
    model = token_model(res.settings.chat_model)
    return "compact" if tokens_of(state["messages"], model) > res.settings.compact_at else "done"


def compact(state: AssistantState, config: RunnableConfig, *, deps: Deps) -> dict[str, Any]:
    """Shrink the thread's messages with the configured strategy; removed turns feed the summary."""
    res = deps.open(config)
    done = compact_messages(
        state["messages"], _summary(state), strategy=res.settings.compaction,
        max_tokens=res.settings.compact_at // 2, model=token_model(res.settings.chat_model),
    )  # fmt: skip
    return {
        "messages": [RemoveMessage(id=str(m.id)) for m in done.removed],
        "summary": done.summary.model_dump(),
    }
