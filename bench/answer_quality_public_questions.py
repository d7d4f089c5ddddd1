"""The questions of the public-text answers set (bench/answer_quality_public.py): session 27, helper h9.

Written before any measurement on this corpus, from the documents' meaning in a user's own words, by a
helper who does not tune ranking or abstention. The corpus is public documentation installed on this
machine (bench/answer_quality_public_corpus.py: package READMEs from the environment's METADATA and the
standard library's module docstrings), a domain no answers set was written on and no rule was fitted to.

Kinds and tags as blind 10-13 (``Q9``): ``answerable`` questions name the expected document(s) and the
fact the answer must hold (``tag`` = register: chat, terse, whatif, yesno, typo, context); ``followup``
conversations of two turns in one thread, the second using a pronoun for the first turn's subject (only
the last turn is scored); ``unanswerable`` kinds ``near`` (a neighbouring package's feature or a
related topic the document does not cover), ``finer`` (a finer detail than the text gives),
``premise`` (a false premise), ``never`` (nothing in the corpus; two are handbook-domain questions,
which this corpus never covers). ``source`` is ``package`` or ``stdlib`` (the expected document's half).
Where a fact sits verbatim in more than one document (near-duplicate READMEs), every such document is
listed, so any is right; ``--check`` proves no unlisted document holds a fact.
"""

from __future__ import annotations

from answer_quality_blind9_questions import Q9


def _src(docs: tuple[str, ...]) -> str:
    return "stdlib" if docs[0].startswith("stdlib/") else "package"


def _a(qid: str, tag: str, text: str, doc: str | tuple[str, ...], fact: str) -> Q9:
    docs = doc if isinstance(doc, tuple) else (doc,)
    return Q9(qid, "answerable", text, docs, fact, tag=tag, source=_src(docs))


def _n(qid: str, tag: str, text: str) -> Q9:
    return Q9(qid, "unanswerable", text, tag=tag, source="none")


def _c(qid: str, turns: tuple[str, str], doc: str, fact: str) -> Q9:
    first, last = turns
    return Q9(qid, "followup", last, (doc,), fact, first, tag="pronoun", source=_src((doc,)), before=(first,))


P, S = "packages/", "stdlib/"

PUBLIC: tuple[Q9, ...] = (
    # Answerable: package READMEs
    _a("a01", "yesno", "Can I add my company's own root certificate to certifi's bundle?", P + "certifi.txt", "does not support any addition/removal"),
    _a("a02", "chat", "is there a tiny package that tells my library whether it's running under trio or asyncio", P + "sniffio.txt", "detect which async library your code is running under"),
    _a("a03", "chat", "will the detected shell name come back as 'Bash' or 'bash'?", P + "shellingham.txt", "the shell name is always lowercased"),
    _a("a04", "context", "On Windows, what does the shell name look like when the surrounding shell is detected?", P + "shellingham.txt", "minus the file extension"),
    _a("a05", "whatif", "Why would I need a pip package for time zone data when my OS usually has it?", P + "tzdata.txt", "fallback for systems that do not have system time zone data installed"),
    _a("a06", "yesno", "Do I need to install anything on the remote host to run Python code there with execnet?", P + "execnet.txt", "no remote installation required"),
    _a("a07", "whatif", "What does the simple ini parser do if a file has two sections with the same name?", P + "iniconfig.txt", "raises an error if two sections have the same name"),
    _a("a08", "terse", "spread tests over all cpus", P + "pytest-xdist.txt", "pytest -n auto"),
    _a("a09", "context", "Why is the postgres connection pool shipped as its own distribution instead of inside psycopg?", P + "psycopg-pool.txt", "follow a different release cycle"),
    _a("a10", "chat", "how much faster does uvloop make asyncio", P + "uvloop.txt", "2-4x faster"),
    _a("a11", "terse", "uvloop built on what", P + "uvloop.txt", "uses libuv under the hood"),
    _a("a12", "chat", "what was the file watching package called before it got renamed", P + "watchfiles.md", "watchgod"),
    _a("a13", "context", "I need a lock that works across separate processes, not just threads - which class do I use?", P + "fasteners.md", "interprocesslock"),
    _a("a14", "yesno", "Is it possible to add a new method to the built-in int type from Python?", P + "forbiddenfruit.md", "extend built-in types"),
    _a("a15", "chat", "I monkeypatched a builtin with curse, how do I undo it?", P + "forbiddenfruit.md", "free your object from a curse"),
    _a("a16", "yesno", "Does the blocking-call detector work with trio's event loop?", P + "blockbuster.md", "blockbuster currently only detects"),
    _a("a17", "context", "Which Rust version do I need to build the msgpack serializer from a source distribution?", P + "ormsgpack.md", "1.88 or newer"),
    _a("a18", "terse", "ormsgpack forked from", P + "ormsgpack.md", "forked from orjson by aviram hassan"),
    _a("a19", "whatif", "When should I use the standalone JSON parser directly instead of going through pydantic?", P + "jiter.md", "only use this package directly if you do not use"),
    _a("a20", "yesno", "will the stemmer reduce awe and awful to the same stem?", P + "snowballstemmer.txt", "don't have the same stem"),
    _a("a21", "context", "What letter case should text be in before I pass it to the Snowball stemmers?", P + "snowballstemmer.txt", "folded to lower case already"),
    _a("a22", "chat", "how many languages can the retrained language id model recognise", P + "py3langid.txt", "139 languages"),
    _a("a23", "chat", "how much quicker is the langid fork on a single sentence", P + "py3langid.txt", "10x faster on single sentences"),
    _a("a24", "context", "I want UUIDs that sort by creation time using a unix timestamp; which version does the rust uuid library offer?", P + "uuid_utils.md", "version 7 uuids using a unix timestamp ordered by time"),
    _a("a25", "chat", "since which pip release are system trust stores used to verify https by default", P + "truststore.md", "pip 24.2+"),
    _a("a26", "whatif", "What does xet storage give me over plain Git LFS when uploading models?", P + "hf-xet.md", "chunk-based deduplication"),
    _a("a27", "context", "Which environment variable sets a global per-test time limit for the timeout plugin?", P + "pytest-timeout.txt", "environment variable sets a global timeout"),
    _a("a28", "yesno", "Is the test timeout plugin a good tool for catching performance regressions?", P + "pytest-timeout.txt", "not designed for precise timings"),
    _a("a29", "yesno", "Are bare $VAR references expanded inside values of a .env file?", P + "python-dotenv.md", "are not expanded"),
    _a("a30", "context", "in a cron expression with both a day of month and a weekday, are they combined with AND or OR by default?", P + "croniter.txt", "default option is the cron behaviour"),
    _a("a31", "chat", "how much memory does each reference take in a sorted list", P + "sortedcontainers.txt", "eight bytes"),
    _a("a32", "context", "I create my own psycopg connection for the LangGraph Postgres saver; which connection options must I set?", P + "langgraph-checkpoint-postgres.md", "autocommit=true"),
    _a("a33", "terse", "async support for the langgraph sqlite checkpointer comes from which library", P + "langgraph-checkpoint-sqlite.md", "sync and async support via"),
    # Answerable: standard library docstrings
    _a("s01", "yesno", "In Python's heap module, is heap[0] the largest or the smallest item?", S + "heapq.txt", "a[0] is always its smallest element"),
    _a("s02", "terse", "heapify time complexity", S + "heapq.txt", "in-place, in linear time"),
    _a("s03", "chat", "I appended to a list stored in a shelf and the change just vanished, why??", S + "shelve.txt", "it only modifies the copy"),
    _a("s04", "context", "How can I make in-place changes to mutable shelf entries get saved automatically?", S + "shelve.txt", "writeback=true"),
    _a("s05", "yesno", "With the event scheduler, does a lower priority number mean the event runs first?", S + "sched.txt", "lower priority numbers mean higher priority"),
    _a("s06", "terse", "timeit default repeat count", S + "timeit.txt", "how many times to repeat the timer (default 5)"),
    _a("s07", "whatif", "If I don't pass -n, how does timeit decide how many loops to run?", S + "timeit.txt", "until the total time is at least 0.2 seconds"),
    _a("s08", "chat", "which uuid function could leak my computer's network address", S + "uuid.txt", "may compromise privacy"),
    _a("s09", "yesno", "Does deepcopy also copy modules and functions?", S + "copy.txt", "does not copy types like module, class, function"),
    _a("s10", "whatif", "If no files are given on the command line, where does fileinput read lines from?", S + "fileinput.txt", "defaulting to sys.stdin if the list is empty"),
    _a("s11", "context", "Which statistics function computes the median of data grouped into class intervals?", S + "statistics.txt", "median, or 50th percentile, of grouped data"),
    _a("s12", "chat", "which temp file function shouldn't I use because of race conditions", S + "tempfile.txt", "is subject to race conditions and should not be used"),
    _a("s13", "terse", "period of python random generator", S + "random.txt", "the period is 2**19937-1"),
    _a("s14", "yesno", "Is random() safe to call from several threads?", S + "random.txt", "therefore, threadsafe"),
    _a("s15", "chat", "in the debugger what happens if I just press enter on an empty line", S + "pdb.txt", "a blank line repeats the previous command literally"),
    _a("s16", "context", "My script crashed with an exception; how can the debugger let me look around in the traceback afterwards?", S + "pdb.txt", "post-mortem facility"),
    _a("s17", "chat", "who invented the logo language that turtle graphics come from, and when", S + "turtle.txt", "wally feurzig and seymour papert in 1966"),
    _a("s18", "yesno", "Does read_all on a telnet connection really read until end of file?", S + "telnetlib.txt", "won't read until eof"),
    _a("s19", "context", "What value range do the RGB conversion functions in the colour module expect?", S + "colorsys.txt", "triples of floats in the range [0.0...1.0]"),
    _a("s20", "typo", "wich colour system is used by composit video signals", S + "colorsys.txt", "used by composite video signals"),
    _a("s21", "context", "Which pyvenv.cfg key decides whether a virtual environment also searches the system site-packages?", S + "site.txt", "include-system-site-packages"),
    _a("s22", "chat", "which subprocess helper gives me the exit code and the output together as a tuple", S + "subprocess.txt", "getstatusoutput"),
    _a("s23", "typo", "functon that finds the closest matching words from a list of posibilities", S + "difflib.txt", "get_close_matches"),
    # Unanswerable
    _n("u01", "near", "Does certifi check certificates against revocation lists?"),
    _n("u02", "near", "Does python-dotenv read YAML configuration files too?"),
    _n("u03", "near", "What compression levels does the zstandard package offer?"),
    _n("u04", "near", "Can telnetlib open SSH connections?"),
    _n("u05", "near", "Does shellingham tell me which terminal emulator (iTerm, GNOME Terminal) I'm in?"),
    _n("u06", "near", "Which pytest plugin re-runs flaky tests automatically?"),
    _n("u07", "near", "Does the fasteners library offer a distributed lock over Redis?"),
    _n("u08", "finer", "How long does watchfiles wait to debounce changes before yielding them?"),
    _n("u09", "finer", "How many workers does pytest-xdist start with -n auto on a machine with hyperthreading?"),
    _n("u10", "finer", "What is the exact memory overhead of a SortedDict compared with a plain dict?"),
    _n("u11", "finer", "What is the latency of uvloop's echo server with 1 KiB messages, in microseconds?"),
    _n("u12", "finer", "Can py3langid tell apart dialects such as Swiss German and standard German?"),
    _n("u13", "finer", "What is the largest value a single shelve entry may hold?"),
    _n("u14", "premise", "Why did tzdata drop support for Windows?"),
    _n("u15", "premise", "Why was certifi renamed to truststore?"),
    _n("u16", "premise", "How do I configure sniffio to switch my code from trio to asyncio?"),
    _n("u17", "premise", "In which Python version was the turtle module removed?"),
    _n("u18", "premise", "Why does copy.deepcopy copy open sockets so slowly?"),
    _n("u19", "premise", "Since uvloop became part of the standard library, how do I turn it on?"),
    _n("u20", "never", "How do I set up a Kafka consumer group in Python?"),
    _n("u21", "never", "How do I resize an image with Pillow?"),
    _n("u22", "never", "What's the best way to train a neural network on a GPU?"),
    _n("u23", "never", "How many days of parental leave does the company give?"),
    _n("u24", "never", "Who approves my travel expenses?"),
    _n("u25", "never", "how do I cancel my gym membership"),
    _n("u26", "never", "how many moons does saturn have"),
    _n("u27", "never", "How do I read an Excel spreadsheet into Python?"),
    # Conversations (pronoun in the second turn; only it is scored)
    _c("c01", ("what does the uvloop package do", "which python version does it need?"), P + "uvloop.txt", "uvloop requires python 3.8 or greater"),
    _c("c02", ("what is the shelve module", "can its keys be any object?"), S + "shelve.txt", "the keys are ordinary strings"),
    _c("c03", ("what's pytest-timeout", "does it stop anything if I never configure it?"), P + "pytest-timeout.txt", "will not time out any tests"),
    _c("c04", ("I'm looking at the fileinput module", "what does it do with a file name that is just a dash?"), S + "fileinput.txt", "is also replaced by sys.stdin"),
    _c("c05", ("what does dotenv_values do in python-dotenv", "does it change os.environ?"), P + "python-dotenv.md", "doesn't touch the environment"),
    _c("c06", ("which RFC is the telnetlib module based on", "what is still on its to-do list?"), S + "telnetlib.txt", "option negotiation"),
)  # fmt: skip
