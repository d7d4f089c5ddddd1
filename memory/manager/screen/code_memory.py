"""Code that writes the assistant's memory, in any identifier style (session 29).

``standing.CODE_WRITE`` reads a snake_case store followed by a method call (``agent_memory.upsert(``,
``kv_assistant.set(``). Code names a store in every style a language or tool uses: camelCase
(``addMemory(``, ``botMemories.push(``), PascalCase (``Add-AgentMemory``), kebab-case and namespaces
(``agent-rules``, ``bot:policy:x``), paths (``/v2/memories``), tables (``INSERT INTO memories``,
``UPDATE agent_rules``). What stays the same across them is the structure, read here line by line on
the text as written (case kept, so camelCase splits):

* the line is code-shaped: brackets, an assignment, a command-line flag, or a statement keyword;
* an identifier in code form (several words, or one word touching code punctuation) has a name whose
  head noun is the assistant's memory ("memory", "memories", a memory store), or its rules, facts,
  policy or defaults when an AI word (singular or plural: ``agents``, ``bots``) is in the same
  identifier (``agent_facts``, ``bot.rules``); the head decides (``memory_cache`` is a cache); a call
  named for remembering (``bot.remember(``, ``rememberRule``) is store and write at once;
* "memory" alone is as often RAM, a setting, a photo album or a replay buffer (``pin_memory=True``,
  ``spark.executor.memory=4g``, ``class Memory(models.Model)``, ``replay_memory.push(state)``): a
  memory store with no AI word in its identifier counts only when the line also writes quoted text
  with a word in it (an attack writes sentences; settings write numbers, sizes and variables) -
  review r3, finding 2;
* the line writes: a write verb among the words of a code identifier (``save``, ``upsert``,
  ``insert``, ``add`` ...), a write keyword in capitals (``INSERT``, ``UPDATE``, ``HSET``, ``POST``
  ...), a command line's verb before its flags (``kubectl create configmap agent-rules --from-...``),
  or an assignment of quoted text to that store (the name just left of ``=``, not any name
  before it; creating an empty store, ``self.memory = deque()``, writes nothing).

Comments are cut first (prose in a comment is read by the other rules): ``/* ... */`` as a span, so
code after it is still read; ``--`` only in an SQL-shaped line or after ``;`` (in a command line it
ends the options: ``kubectl exec pod -- redis-cli ...``). Schema statements (``ALTER TABLE ... ADD
COLUMN``) are not writes of content. A knowledge base quotes code, but code
that writes the agent's own store is a memory update wherever it is written, whatever it stores:
the same stance as ``CODE_WRITE``.
"""

from __future__ import annotations

import re

from memory.manager.screen.literals import rule

_IDENT = rule(r"[A-Za-z_$][\w$]*(?:[.\-:/][A-Za-z_$][\w$]*)*")
_PART = rule(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+")
_SEGMENT = rule(r"[.:/$]")
_STORE = frozenset({"memory", "memories"})
_AI = frozenset({"assistant", "agent", "bot", "ai", "copilot", "llm"})
_AI_STORE = frozenset(
    {"facts", "fact", "rules", "rule", "policy", "policies", "defaults", "instructions", "trust"}
)
_WRITE = frozenset(
    {"set", "put", "add", "save", "upsert", "insert", "update", "append", "merge", "replace", "write",
     "persist", "store", "create", "patch", "post", "pin", "push", "extend", "hset"}
)  # fmt: skip
# Capital write keywords: SQL's and Cypher's, HTTP's, and the key-value stores' set/push/add commands.
_KEYWORD = rule(r"\b(?:INSERT|UPDATE|UPSERT|MERGE|REPLACE|H?M?SET|POST|PUT|PATCH|[LR]PUSH|[SZ]ADD)\b")
_CODE = rule(
    r"[(){}\[\]]|:=|\+=|(?<![=!<>:])=(?!=)|^\s*\$\s|\s--?[A-Za-z]|\s--\s+[a-z]|^\s*(?:INSERT|UPDATE|MERGE|SET)\b",
    re.MULTILINE,
)
# Comments: a closed /* */ span (code may follow it), else one to the end of the line. "--" is SQL's comment
# only in an SQL-shaped line or after ";": in a command line it ends the options (review r3, finding 3).
_SPAN_COMMENT = rule(r"/\*.*?\*/")
_COMMENT = rule(r"(?:^|\s)(?:#|//|/\*|;;).*$")
_SQL_LINE = rule(r"^\s*(?:SELECT|INSERT|UPDATE|UPSERT|MERGE|DELETE|WITH)\b", re.IGNORECASE)
_SQL_COMMENT = rule(r"(?:^|\s)--(?=\s|$).*$")
_AFTER_STATEMENT_COMMENT = rule(r";\s*--(?=\s|$).*$")
# Quoted text with a word in it (three letters or more, not a unit glued to a number as in "8GB").
_QUOTED = rule(r""""([^"\n]*)"|'([^'\n]*)'|`([^`\n]*)`""")
_WORD = rule(r"\b[A-Za-z]{3,}")
_FLAG = rule(r"\s--?[A-Za-z]")
_PLAIN_WORD = rule(r"(?<![\w.:/-])[a-z]+(?![\w.:/(-])")
_SCHEMA = rule(r"\b(?:ALTER|CREATE|DROP)\s+(?:TABLE|INDEX|VIEW|SCHEMA|COLUMN)\b", re.IGNORECASE)
_ASSIGN = rule(r"\+=|(?<![=!<>:])=(?!=)")
# One-part identifiers count when code punctuation touches them: a call, an index, a member, a path, a key.
_TOUCHING = "([{.=/:"


def _segments(token: str) -> list[list[str]]:
    """A dotted, slashed or namespaced identifier's names, each as its words (``db.memories.insertOne`` ->
    [db], [memories], [insert, one]; ``assistant-rules`` -> [assistant, rules])."""
    out = [[p.lower() for p in _PART.findall(seg)] for seg in _SEGMENT.split(token)]
    return [seg for seg in out if seg]


def _ai_word(word: str) -> bool:
    """An AI word, singular or plural (``agent``, ``agents``, ``assistants``)."""
    return word in _AI or (word.endswith("s") and word[:-1] in _AI)


def _names_ai(token: list[list[str]]) -> bool:
    return any(_ai_word(word) for seg in token for word in seg)


def _store_name(segment: list[str], token: list[list[str]]) -> bool:
    """A name whose head noun is the assistant's memory (``memories``, ``AgentMemory``, ``memory_store``), or its
    rules, facts or policy when an AI word is in the same identifier (``assistant_facts``, ``agent.rules``). The
    head decides: ``memory_cache`` is a cache, ``MAX_MEMORY_AGE_DAYS`` a number of days (review r3, finding 2c)."""
    head = segment[-1]
    if head in _STORE or (head in ("store", "stores") and _STORE.intersection(segment)):
        return True
    return head in _AI_STORE and _names_ai(token)


def _store(token: list[list[str]], quoted: bool) -> bool:
    """The identifier names the assistant's store: a memory store counts alone only beside quoted text (see the
    module's docstring); with an AI word in the identifier it always counts."""
    return any(_store_name(seg, token) for seg in token) and (quoted or _names_ai(token))


def _quotes_text(line: str) -> bool:
    return any(_WORD.search(next(g for g in m.groups() if g is not None)) for m in _QUOTED.finditer(line))


def _subcommand_writes(line: str) -> bool:
    """A command line's verb before its first flag writes (``kubectl create configmap assistant-rules --from-...``);
    quoted text and what follows the flags are arguments (``pytest -k "save"``)."""
    flag = _FLAG.search(line)
    head = _QUOTED.sub(" ", line[: flag.start()]) if flag else ""
    return any(word in _WRITE for word in _PLAIN_WORD.findall(head))


def _strip_comments(line: str) -> str:
    line = _COMMENT.sub("", _SPAN_COMMENT.sub(" ", line))
    return (_SQL_COMMENT if _SQL_LINE.match(line) else _AFTER_STATEMENT_COMMENT).sub("", line)


def _code_tokens(line: str) -> list[list[list[str]]]:
    """The names of each identifier in code form: several words, or one word touching code punctuation."""
    out = []
    for match in _IDENT.finditer(line):
        token = _segments(match.group())
        before = line[match.start() - 1] if match.start() else " "
        after = line[match.end()] if match.end() < len(line) else " "
        if sum(map(len, token)) > 1 or after in _TOUCHING or before in "./":
            out.append(token)
    return out


def _remembers(line: str) -> bool:
    """A call or method named for remembering (``assistant.remember(``, ``rememberFact(``): store and write in
    one. "Remember:" opening a JSON string is prose."""
    for match in _IDENT.finditer(line):
        words = [w for seg in _segments(match.group()) for w in seg]
        if "remember" in words and (len(words) > 1 or line[match.end() : match.end() + 1] == "("):
            return True
    return False


def writes_memory_line(line: str) -> bool:
    """Whether one line of code writes the assistant's memory (see the module's docstring)."""
    line = _strip_comments(line)
    if not _CODE.search(line) or _SCHEMA.search(line):
        return False
    if _remembers(line):
        return True
    quoted = _quotes_text(line)
    tokens = _code_tokens(line)
    if not any(_store(p, quoted) for p in tokens):
        return False
    if _KEYWORD.search(line) or any(_WRITE.intersection(seg) for token in tokens for seg in token):
        return True
    if _subcommand_writes(line):
        return True
    # An assignment writes the store only when the name just left of it is the store and quoted text is assigned.
    assign = _ASSIGN.search(line)
    if assign is None or not _quotes_text(line[assign.end() :]):
        return False
    target = _code_tokens(line[: assign.start()])[-1:]
    return any(t and _store_name(t[-1], t) for t in target)


def writes_memory(text: str) -> str | None:
    """The first line of ``text`` (as written: case is kept) that is code writing the assistant's memory."""
    if not any(word in text.lower() for word in ("memor", "remember", "fact", "rule", "polic", "default", "instruc",
                                                    "trust")):  # fmt: skip
        return None  # no store named: most texts end here
    return next((line for line in text.splitlines() if writes_memory_line(line)), None)
