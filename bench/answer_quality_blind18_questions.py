"""The questions of blind 18 (bench/answer_quality_blind18.py): session 36, helper u4.

Written before any measurement on this corpus, by a helper who tunes nothing and had not read the
ranking, abstention or assistant code, from the documents' meaning in a user's own words: a
programmer with a bug, a half-remembered rule or a habit from another language, not the manual's
phrases. The corpus (bench/answer_quality_blind18_corpus.py) is the Python language reference and
library manual as the interpreter ships it (``pydoc_data.topics``), the built-in types' and functions'
docstrings, and package READMEs and module docstrings no earlier set used: a domain no answers set was
written on and no rule was fitted to.

Kinds and tags (``Q9``, blind 10's kinds): ``answerable`` (tag = register: ``chat``, ``terse``,
``whatif``, ``yesno``, ``ramble``, ``context``), ``followup`` conversations of two turns in one
thread, the last scored (``pronoun``, ``ellipsis``, ``switch``: a new topic that must not inherit the
first turn's document), ``unanswerable`` (``near``: a neighbouring construct or feature the text does
not cover; ``finer``: a detail finer than the text gives; ``premise``: a false claim about something
the text covers; ``never``: nothing in the corpus, two of them handbook questions; ``offdomain``),
``language`` (a question in another language: the expected behaviour is the English-only note; the
document and fact name what a first citation should be). ``source`` is ``reference``, ``builtins`` or
``packages`` (the expected documents' half; modules/ counts as packages).

Where the reference says a thing twice (``compound`` repeats the statement topics, ``specialnames``
the special-method topics, ``comparisons`` the membership test) or a built-in's docstring answers the
same question in other words, every such document is listed: any is a right first citation.
``--check`` proves each fact sits in a listed document and in no unlisted one.
"""

from __future__ import annotations

from answer_quality_blind9_questions import Q9

R, B, P, M = "reference/", "builtins/", "packages/", "modules/"
COMPOUND, SPECIAL = R + "compound.txt", R + "specialnames.txt"


def _docs(doc: str | tuple[str, ...]) -> tuple[str, ...]:
    return doc if isinstance(doc, tuple) else (doc,)


def _src(docs: tuple[str, ...]) -> str:
    first = docs[0].split("/", 1)[0]
    return {"modules": "packages"}.get(first, first)


def _a(qid: str, tag: str, text: str, doc: str | tuple[str, ...], fact: str) -> Q9:
    docs = _docs(doc)
    return Q9(qid, "answerable", text, docs, fact, tag=tag, source=_src(docs))


def _n(qid: str, tag: str, text: str) -> Q9:
    return Q9(qid, "unanswerable", text, tag=tag, source="none")


def _c(qid: str, tag: str, turns: tuple[str, str], doc: str | tuple[str, ...], fact: str) -> Q9:
    first, last = turns
    docs = _docs(doc)
    return Q9(qid, "followup", last, docs, fact, first, tag=tag, source=_src(docs), before=(first,))


def _l(qid: str, lang: str, text: str, doc: str | tuple[str, ...], fact: str) -> Q9:
    docs = _docs(doc)
    return Q9(qid, "language", text, docs, fact, tag=lang, source=_src(docs))


BLIND18: tuple[Q9, ...] = (
    # Answerable: simple statements
    _a("r01", "chat", "is there a statement that just does nothing? i want an empty class body for now and python complains", R + "pass.txt", "null operation"),
    _a("r02", "whatif", "If I skip to the next iteration from inside a try block that has a cleanup part, does the cleanup still run first?", R + "continue.txt", "clause is executed before really starting the next loop cycle"),
    _a("r03", "yesno", "Can I put an if statement or a type hint inside a lambda?", R + "lambda.txt", "cannot contain statements or annotations"),
    _a("r04", "chat", "i broke out of my for loop early - is the loop variable still holding the item it stopped on afterwards", R + "break.txt", "the loop control target keeps its current value"),
    _a("r05", "whatif", "What happens if I turn on optimisation with -O - are my sanity checks with assert still executed?", R + "assert.txt", "emits no code for an assert statement"),
    _a("r06", "chat", "tried to make a tuple with a single thing in it by putting parentheses around it and got just the number back", R + "exprlists.txt", "the trailing comma is required only to create a single tuple"),
    _a("r07", "yesno", "Is it allowed to declare a name global after the function has already used it a few lines earlier?", R + "global.txt", "must not be used in the same code block textually preceding"),
    _a("r08", "terse", "exec string containing global statement affects caller?", R + "global.txt", "is a directive to the parser"),
    _a("r09", "chat", "deleted a variable that was never set and got an error, which one is it supposed to be", R + "del.txt", "if the name is unbound"),
    _a("r10", "chat", "what value comes back from a function that has a bare return with nothing after it", R + "return.txt", "else \"none\" is substituted"),
    _a("r11", "whatif", "If my generator function returns a value at the end, where does that value go?", R + "return.txt", "becomes the \"stopiteration.value\" attribute"),
    _a("r12", "yesno", "Does writing yield anywhere in a def turn it into a generator, even if that line is never reached?", R + "yield.txt", "using yield in a function definition is sufficient"),
    # Expressions and literals
    _a("r13", "ramble", "so I was porting some old C code and one constant was written as 0755 for a file mode, and python just refused to run the file with a syntax error, which confused me because in C that is perfectly fine - is a leading zero really forbidden?", R + "integers.txt", "leading zeros in a non-zero decimal number are not allowed"),
    _a("r14", "chat", "can i put underscores in long numbers like a million to make them readable", R + "integers.txt", "they can be used to group digits for enhanced readability"),
    _a("r15", "yesno", "If I write a float like 0900.5 with leading zeros, does python read it in some other base?", R + "floating.txt", "always interpreted using radix 10"),
    _a("r16", "terse", "complex number literal with real part", R + "imaginary.txt", "add a floating point number to it"),
    _a("r17", "chat", "why does minus one to the power of two come out negative without brackets", R + "power.txt", "the operators are evaluated from right to left"),
    _a("r18", "whatif", "What do I get if I raise a negative number to the power 0.5?", R + "power.txt", "raising a negative number to a fractional power results in a"),
    _a("r19", "terse", "right shift by n equivalent arithmetic", R + "shifting.txt", "floor division by"),
    _a("r20", "chat", "what does the tilde operator actually compute on a plain int", R + "unary.txt", "-(x+1)"),
    _a("r21", "chat", "adding an int to a complex number, what type is the result", R + "conversions.txt", "the other is converted to complex"),
    _a("r22", "ramble", "in javascript I'm used to writing name || 'anonymous' to fall back to a default when the string is empty, and a colleague told me python's or only ever gives True or False so that trick won't work here - is that right?", R + "booleans.txt", "return the last evaluated argument"),
    _a("r23", "chat", "my class has no __bool__ and no __len__, will an instance count as true or false in an if", R + "truth.txt", "considered true unless its class defines"),
    _a("r24", "yesno", "Is an empty string found inside any other string with the in operator?", (R + "in.txt", R + "comparisons.txt"), "empty strings are always considered to be a substring"),
    _a("r25", "chat", "is x < y > z even valid syntax or do i need two separate checks", R + "comparisons.txt", "perfectly legal (though perhaps not pretty)"),
    _a("r26", "context", "I'm cleaning sensor data and filtering out missing readings with x == x, which a blog suggested. Why would a value ever be unequal to itself?", R + "comparisons.txt", "not-a-number values are not equal to themselves"),
    _a("r27", "yesno", "Does a list compare equal to a tuple holding the same items?", R + "comparisons.txt", "is false because the type is not the same"),
    _a("r28", "whatif", "What would sorted() or min() do if I give it a list of sets?", R + "comparisons.txt", "produce undefined results given a list of sets"),
    _a("r29", "chat", "writing a literal dict and i accidentally listed the same key twice, which value survives", R + "dict.txt", "the last value (textually rightmost in the display)"),
    _a("r30", "terse", "dict comprehension key or value evaluated first", R + "dict.txt", "the key is evaluated before the value"),
    _a("r31", "context", "I'm writing a matrix class that supports m[1:3, 0]. What does my __getitem__ receive for that?", R + "slicings.txt", "the key is a tuple containing the conversion of the slice items"),
    _a("r32", "chat", "why did my attribute __token turn into something with the class name in front when i looked at vars()", R + "atom-identifiers.txt", "private name mangling"),
    _a("r33", "terse", "max length of a variable name", R + "identifiers.txt", "identifiers are unlimited in length"),
    # Compound statements
    _a("r34", "whatif", "If the condition of a while loop is already false the first time, does the else block still run?", (R + "while.txt", COMPOUND), "which may be the first time it is tested"),
    _a("r35", "chat", "i reassigned the loop variable inside the body of a for loop hoping to skip ahead, it didn't work, why", (R + "for.txt", COMPOUND), "this will not affect the for-loop"),
    _a("r36", "chat", "after an except block finishes i can't use the exception variable anymore, it says not defined - intended?", (R + "try.txt", COMPOUND), "this means the exception must be assigned to a different name"),
    _a("r37", "whatif", "If both the try part and the finally part of a function return something, which value does the caller get?", (R + "try.txt", COMPOUND), "will always be the last one executed"),
    _a("r38", "yesno", "Can one try statement have plain except handlers and except* handlers together?", (R + "try.txt", COMPOUND), "it is not possible to mix"),
    _a("r39", "ramble", "I've got a with line opening three files and it's way past the line length limit, I was going to use backslashes but someone said brackets work now, since which version can the managers go in parentheses over several lines?", (R + "with.txt", COMPOUND), "changed in version 3.10: support for using grouping parentheses"),
    _a("r40", "chat", "when a with statement lists two managers on one line, how is that actually run", (R + "with.txt", COMPOUND), "statements were nested"),
    _a("r41", "chat", "my function has a list as the default argument and it keeps growing between calls, what's going on", (R + "function.txt", COMPOUND), "evaluated once, when the function is defined"),
    _a("r42", "terse", "params after bare star in def", (R + "function.txt", COMPOUND), "keyword-only parameters and may only be passed by keyword arguments"),
    _a("r43", "chat", "instances of my class share a list i declared in the class body instead of each having their own", (R + "class.txt", COMPOUND), "using mutable values there can lead to unexpected results"),
    _a("r44", "yesno", "Am I allowed to use yield from inside an async def function?", (R + "async.txt", COMPOUND), "expression inside the body of a coroutine function"),
    # Exceptions, imports, scopes
    _a("r45", "chat", "how do i raise a new error inside except without python printing the whole original traceback above it", R + "raise.txt", "explicitly suppressed by specifying"),
    _a("r46", "whatif", "What happens if I write a bare raise when no exception is being handled at all?", R + "raise.txt", "indicating that this is an error"),
    _a("r47", "yesno", "After an exception is caught, can Python go back and retry the statement that failed?", (R + "exceptions.txt", R + "execmodel.txt"), "cannot repair the cause of the error and retry the failing operation"),
    _a("r48", "chat", "is it ok to check the wording of an exception's message in my code to decide what to do", (R + "exceptions.txt", R + "execmodel.txt"), "exception messages are not part of the python api"),
    _a("r49", "chat", "which names does a star import bring in when the module has no __all__", R + "import.txt", "do not begin with an underscore character"),
    _a("r50", "yesno", "Can I use from module import * inside a function body?", R + "import.txt", "only allowed at the module level"),
    _a("r51", "terse", "__future__ features still needed today", R + "import.txt", "the only feature that requires using the future statement is"),
    _a("r52", "chat", "a comprehension inside my class body can't see a class variable defined two lines above, why", (R + "execmodel.txt", R + "naming.txt"), "the scope of names defined in a class block is limited to"),
    _a("r53", "whatif", "If a function reads a module-level variable that I change after defining the function, which value does it see when called?", (R + "dynamic-features.txt", R + "execmodel.txt", R + "naming.txt"), "name resolution of free variables occurs at runtime"),
    # Data model and types
    _a("r54", "chat", "how do i make my context manager's exit method swallow the exception", (R + "context-managers.txt", SPECIAL), "it should return a true value"),
    _a("r55", "chat", "i defined __eq__ on my class and now i can't put its objects in a set anymore", (R + "customization.txt", SPECIAL), "implicitly set to"),
    _a("r56", "chat", "is there a hook on a base class that runs every time somebody subclasses it", SPECIAL, "called whenever the containing class is subclassed"),
    _a("r57", "yesno", "Do I have to decorate __class_getitem__ with @classmethod?", SPECIAL, "no need for it to be decorated"),
    _a("r58", "terse", "list direct subclasses of a class", R + "specialattrs.txt", "weak references to its immediate"),
    _a("r59", "chat", "can i replace a module's __dict__ with a fresh empty dict", R + "typesmodules.txt", "attribute is not possible"),
    _a("r60", "whatif", "If I build a dict with fromkeys and an empty list as the value, then append to one entry, what happens to the others?", R + "typesmapping.txt", "all of the values refer to just a single instance"),
    _a("r61", "chat", "which pair does popitem take off a dict, the oldest or the newest", (R + "typesmapping.txt", B + "dict.txt"), "lifo (last-in, first-out) order"),
    _a("r62", "chat", "do 1, 1.0 and True end up as three separate keys in a dictionary", (R + "typesmapping.txt", R + "types.txt"), "can be used interchangeably to index the same"),
    _a("r63", "ramble", "my tests compare two dicts' values with d1.values() == d2.values() and it's always failing even when I compare a dict's values to themselves, I thought views compared like lists, what's going on?", R + "typesmapping.txt", "an equality comparison between one"),
    _a("r64", "chat", "lower() doesn't make strasse and straße match, what should i use for caseless comparison", (R + "string-methods.txt", B + "str.txt"), "casefolding is similar to lowercasing but more aggressive"),
    _a("r65", "chat", "i used lstrip to cut a 'Re: ' prefix off email subjects and it also chewed letters off the first word", R + "string-methods.txt", "argument is not a prefix"),
    _a("r66", "chat", "splitting a csv line on commas gives me empty strings where two commas sit next to each other, is that a bug", R + "string-methods.txt", "consecutive delimiters are not grouped together"),
    _a("r67", "context", "We title-case product names for the shop and \"kid's toys\" became \"Kid'S Toys\". Is that expected behaviour?", R + "string-methods.txt", "apostrophes in contractions and possessives form word boundaries"),
    _a("r68", "terse", "format number with thousands commas", R + "formatstrings.txt", "comma for a thousands separator"),
    _a("r69", "yesno", "When two items compare equal, does list.sort keep them in the order they had?", (R + "typesseq.txt", B + "list.txt"), "guaranteed to be stable"),
    _a("r70", "chat", "in the debugger how do i set a breakpoint that deletes itself after it's hit once", R + "debugger.txt", "removed automatically when it is"),
    # Built-ins' docstrings
    _a("b01", "chat", "does round() give me an int or a float when i don't pass the number of digits", B + "functions.txt", "the return value is an integer if ndigits is omitted or none"),
    _a("b02", "yesno", "Is sum() meant for joining a list of strings?", B + "functions.txt", "may reject non-numeric types"),
    _a("b03", "chat", "is there a builtin that keeps calling a function until it returns some stop value", B + "functions.txt", "called until it returns the sentinel"),
    _a("b04", "terse", "how many bits does an integer need", B + "int.txt", "number of bits necessary to represent self in binary"),
    _a("b05", "whatif", "If the lists I pair up with zip have different lengths, how do I get an error instead of silent truncation?", B + "zip.txt", "if strict is true and one of the arguments is exhausted"),
    _a("b06", "terse", "count set bits of an int", B + "int.txt", "also known as the population count"),
    # Packages: READMEs and module docstrings no earlier set used
    _a("p01", "chat", "how much slower does my loop get when i wrap it in a tqdm progress bar", P + "tqdm.txt", "about 60ns per iteration"),
    _a("p02", "yesno", "Can orjson read and write JSON files directly for me?", P + "orjson.md", "reading from and writing to files, line-delimited json files, and so on is not provided"),
    _a("p03", "yesno", "Will orjson run on PyPy?", P + "orjson.md", "does not and will not support pypy"),
    _a("p04", "chat", "how many times does the openai client retry a failed request on its own", P + "openai.md", "retried 2 times by default"),
    _a("p05", "chat", "what license is the sorted containers library under, and does it need a compiler", M + "sortedcontainers.txt", "apache2 licensed"),
    _a("p06", "terse", "pathspec supports which ignore patterns", M + "pathspec.txt", "gitignore"),
    # Unanswerable
    _n("u01", "near", "How do I force subclasses to implement a method, like an abstract method in Java?"),
    _n("u02", "near", "What is the default maximum recursion depth before RecursionError?"),
    _n("u03", "near", "How does the global interpreter lock decide when to switch threads?"),
    _n("u04", "near", "How do I declare a TypedDict where some keys are optional?"),
    _n("u05", "near", "How do I run a coroutine after a five second delay with asyncio?"),
    _n("u06", "finer", "In which exact Python release will octal escapes above 0o377 become a SyntaxError?"),
    _n("u07", "finer", "How many bytes of memory does an empty dict take in CPython 3.11?"),
    _n("u08", "finer", "What hash function does CPython use for str keys in dicts?"),
    _n("u09", "finer", "How many statically nested blocks can a single function contain?"),
    _n("u10", "premise", "Since Python 3.11 runs a for loop's else clause even after break, how do I tell whether the loop was broken?"),
    _n("u11", "premise", "Why did dict.popitem switch to returning the oldest pair first in 3.7?"),
    _n("u12", "premise", "Now that lambdas may contain annotations, how do I annotate a lambda's parameter?"),
    _n("u13", "premise", "Since nonlocal creates the variable in the outer function when it is missing, do I still need to assign it there first?"),
    _n("u14", "premise", "Why does orjson.dumps return a str when the json module returns bytes?"),
    _n("u15", "never", "How do I create and activate a virtual environment on Windows?"),
    _n("u16", "never", "Which web framework should I pick for a REST API, Django or FastAPI?"),
    _n("u17", "near", "What does the walrus operator do inside a comprehension's condition?"),
    _n("u18", "never", "Can I expense a standing desk for my home office?"),
    _n("u19", "never", "Who do I call when my VPN token stops working?"),
    _n("u20", "offdomain", "how hot does water have to get to boil, in fahrenheit"),
    _n("u21", "offdomain", "who painted the ceiling of the sistine chapel"),
    _n("u22", "near", "How do I make a frozen dataclass with slots in 3.11?"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("what does the nonlocal statement do", "can it create a brand-new variable in the outer function if there isn't one yet?"), R + "nonlocal.txt", "must refer to pre-existing bindings in an enclosing scope"),
    _c("c02", "ellipsis", ("how are stacked decorators applied to a function", "and on a class?"), (R + "class.txt", COMPOUND), "foo = f1(arg)(f2(foo))"),
    _c("c03", "pronoun", ("what is the __debug__ constant", "when is its value decided?"), R + "assert.txt", "the value for the built-in variable is determined when the interpreter starts"),
    _c("c04", "pronoun", ("tell me about except* clauses", "how many times can each of them run for one exception group?"), (R + "try.txt", COMPOUND), "each clause executes at most once"),
    _c("c05", "ellipsis", ("what does setdefault do on a dict", "and get, when the key is missing and no default is given?"), R + "typesmapping.txt", "so that this method never raises a"),
    _c("c06", "switch", ("how do I print a float as a percentage in a format string", "unrelated: which exception does the openai library raise when it cannot reach the server?"), P + "openai.md", "apiconnectionerror"),
    _c("c07", "switch", ("what is pdb's retval command for", "different topic - in a format string, how do I get the repr of a value instead of its str?"), R + "formatstrings.txt", "which calls \"repr()\""),
    # Not English: the expected behaviour is the English-only note
    _l("k01", "es", "¿Borrar una rebanada de una lista con del equivale a asignarle una lista vacía?", R + "del.txt", "equivalent to assignment of an empty slice"),
    _l("k02", "de", "Darf ich in einem Byte-Literal Zeichen über 127 direkt hinschreiben?", R + "strings.txt", "bytes with a numeric value of 128 or greater must be expressed with escapes"),
    _l("k03", "fr", "Dans un import relatif, que veulent dire deux points au début du nom ?", R + "import.txt", "two dots means up one package level"),
    _l("k04", "it", "Che cosa fa __init_subclass__ predefinito se gli passo degli argomenti?", SPECIAL, "raises an error if it is called with any arguments"),
    _l("k05", "pt", "Um return dentro do finally descarta a exceção que estava pendente?", (R + "try.txt", COMPOUND), "the saved exception is discarded"),
    _l("k06", "nl", "Hoeveel sneller is orjson.loads dan de standaard json-module?", P + "orjson.md", "something like 2x as fast as"),
    _l("k07", "pl", "Czy zbiory można porównywać operatorem < i co to wtedy oznacza?", R + "comparisons.txt", "they define order comparison operators to mean subset and superset"),
    _l("k08", "ja", "Pythonの整数リテラルの桁数に上限はありますか？", R + "integers.txt", "there is no limit for the length of integer literals"),
)  # fmt: skip
