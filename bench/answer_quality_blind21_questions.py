"""The questions of blind 21 (bench/answer_quality_blind21.py): session 39, helper u7.

Written before any measurement on this corpus, by a helper who tunes nothing and had not read the
ranking, abstention or assistant code, from the documents' meaning in a user's own words: a platform
team deciding which Node.js release to roll out, a developer whose build broke on a deprecation, a
security lead asking which release carries a fix, a dependency review asking which licence version
governs - not the documents' phrases. The corpus (bench/answer_quality_blind21_corpus.py) is this
machine's Node.js documentation - the 18.x and 20.x release notes, the deprecation entries - and the
versioned licence families: a domain no answers set was written on and no rule was fitted to.

It holds versioned families of both kinds, and the questions ask about both:
- releases do NOT supersede each other: the right document is the release that introduced or fixed
  a thing ("from which 20.x can we drop dotenv") or the one the user runs ("we're on 18.14 - do we have
  statfs"); a neighbouring release's notes, which look alike, are wrong;
- a newer document DOES supersede an older one: a later release whose fix completes or replaces an
  earlier, insufficient one (18.9.1 after 18.5.0, 20.15.1 after 20.12.2, 20.19.4 after 20.18.2), a
  deprecation entry naming what replaces an API, a licence version's clause on later versions.

Kinds and tags (``Q9``, blind 10's kinds): ``answerable`` (tag = register: ``chat``, ``terse``,
``whatif``, ``yesno``, ``words`` - the thing described in other words than the document's, without
its name -, ``context``), ``followup`` conversations of two turns in one thread, the last scored
(``pronoun``, ``ellipsis``, ``switch``: a new topic that must not inherit the first turn's document),
``unanswerable`` (``near``: a release, entry or licence the corpus does not hold; ``finer``: a detail
finer than the documents give; ``premise``: a false claim about something they cover; ``never``:
nothing in the corpus, handbook-style; ``offdomain``), ``language`` (a question in another language:
the expected behaviour is the English-only note; the document and fact name what a first citation
should be). ``source`` is ``releases``, ``deprecations`` or ``licenses`` (the expected documents' half).

Where two documents say the same thing every such document is listed: any is a right first citation.
``--check`` proves each fact sits in a listed document and in no unlisted one.
"""

from __future__ import annotations

from answer_quality_blind9_questions import Q9

R, D, L = "node-releases/v", "node-deprecations/", "licenses/"
SOURCES = {"node-releases/": "releases", "node-deprecations/": "deprecations", "licenses/": "licenses"}


def _docs(doc: str | tuple[str, ...]) -> tuple[str, ...]:
    return doc if isinstance(doc, tuple) else (doc,)


def _src(docs: tuple[str, ...]) -> str:
    return next(name for prefix, name in SOURCES.items() if docs[0].startswith(prefix))


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


BLIND21: tuple[Q9, ...] = (
    # Answerable: Node.js 18 releases (the release that introduced or fixed it, or the one the user runs)
    _a("r01", "chat", "we're still on 18.14 in prod - can I call fs.statfs there or do we need to bump node first?", R + "18.15.0.txt", "add statfs() functions"),
    _a("r02", "terse", "node 18 default wait for complete request headers", R + "18.0.0.txt", "(60 seconds) by default"),
    _a("r03", "whatif", "What does a Node 18 server do when a slow client needs more than five minutes to send its whole request?", R + "18.0.0.txt", "the server responds with status 408"),
    _a("r04", "chat", "which release of the 18 line made fetch usable without passing any experimental flag", R + "18.0.0.txt", "global fetch enabled by default"),
    _a("r05", "yesno", "Can I restart my app automatically on file changes with the node binary itself if we run 18.10?", R + "18.11.0.txt", "restarts the process when an imported file is changed"),
    _a("r06", "terse", "built-in cli argument parser in util, first 18.x", R + "18.3.0.txt", "add parsearg"),
    _a("r07", "chat", "our old 32-bit windows kiosks couldn't get node 18 binaries at first, when did they come back", R + "18.3.0.txt", "32-bit windows binaries are back with this release"),
    _a("r08", "whatif", "After 18.5.0 some legacy clients that end header lines with a bare LF get rejected - if we switch the lenient parser flag back on, what else do we accept?", R + "18.5.0.txt", "this will additionally enable other insecure behaviours"),
    _a("r09", "yesno", "Was the --inspect DNS rebinding fix shipped in 18.5.0 enough for our developers' MacBooks?", R + "18.9.1.txt", "insufficient fix for macos devices on v18.5.0"),
    _a("r10", "terse", "node 18 lts nickname", R + "18.12.0.txt", "with the codename 'hydrogen'"),
    _a("r11", "chat", "how long does 18 stay in active LTS before it drops to maintenance mode", R + "18.12.0.txt", "will remain so until october 2023"),
    _a("r12", "whatif", "Some of our plants still run Windows Server 2012 R2 - until when will Node 18 be supported on those?", R + "18.0.0.txt", "windows server 2012 r2 (october 2023)"),
    _a("r13", "terse", "18.12.1 openssl email address overflow bugs", R + "18.12.1.txt", "x.509 email address 4-byte buffer overflow"),
    _a("r14", "words", "there's a Blob-like class now that also carries a file name and a modified timestamp - since which 18 release?", R + "18.13.0.txt", "it contains two properties that blobs do not have"),
    _a("r15", "yesno", "Does 18.13 let our unit tests spy on an object's method with the built-in runner?", R + "18.13.0.txt", "supports mocking during testing via a top-level"),
    _a("r16", "chat", "npm stopped chowning files when we run installs as root in docker - which node 18 release brought that npm in", R + "18.14.0.txt", "will no longer attempt to modify ownership of files it creates"),
    _a("r17", "terse", "npm 9 supported node range", R + "18.14.0.txt", "^14.17.0 || ^16.13.0 || >=18.0.0"),
    _a("r18", "chat", "the fetch CRLF injection through the Host header, which 18.x patched it", R + "18.14.1.txt", "did not protect against crlf injection in host headers"),
    _a("r19", "whatif", "If we're on 18.14.1 and only want the npm 9.5 bump, which release is the smallest step?", R + "18.14.2.txt", "upgrade npm to 9.5.0"),
    _a("r20", "terse", "check buffer is 7-bit ascii, node 18 version", R + "18.15.0.txt", "add isascii method"),
    _a("r21", "words", "can we bake our app's startup state into a blob so node boots from it - which 18 release?", R + "18.8.0.txt", "options for creating and using user land snapshots"),
    _a("r22", "yesno", "Did 18.8.0 update the bundled npm?", R + "18.8.0.txt", "upgrade npm to 8.18.0"),
    _a("r23", "terse", "os machine architecture method added", R + "18.9.0.txt", "add machine method"),
    _a("r24", "whatif", "What happens on 18.10 when our handler writes more body bytes than the length header it announced?", R + "18.10.0.txt", "throw error on content-length mismatch"),
    _a("r25", "chat", "which release marked the weak diffie-hellman groups modp1/2/5 as deprecated in the docs", R + "18.10.0.txt", "deprecate modp1, modp2, and modp5 groups"),
    _a("r26", "terse", "CustomEvent global behind flag, 18.x", R + "18.7.0.txt", "expose customevent on global with cli flag"),
    _a("r27", "chat", "we need two ESM loaders at once (one for TS, one for mocks) - since when does node chain them", R + "18.6.0.txt", "now support multiple custom loaders"),
    _a("r28", "yesno", "Is the WebAssembly Web API implemented as of 18.1.0?", R + "18.1.0.txt", "implement webassembly web api"),
    _a("r29", "chat", "the openssl 3.0.3 bump in node 18 - should ops treat that as a security update?", R + "18.2.0.txt", "can be treated as a security release"),
    _a("r30", "terse", "web crypto cfrg curves node 18", R + "18.4.0.txt", "add cfrg curves to web crypto api"),
    _a("r31", "words", "the 18.0 serialization change - can older node versions read what v8.serialize writes now?", R + "18.0.0.txt", "cannot be deserialized by earlier versions of node.js"),
    _a("r32", "chat", "were the request smuggling fixes in 18.5 complete, or did a later 18 release have to fix them again?", R + "18.9.1.txt", "insufficient fix on v18.5.0"),
    _a("r33", "terse", "18.9.1 webcrypto keygen randomness", R + "18.9.1.txt", "weak randomness in webcrypto keygen"),
    _a("r34", "yesno", "Does 18.12.1 fix a DNS rebinding issue with octal IP addresses?", R + "18.12.1.txt", "dns rebinding in --inspect via invalid octal ip address"),
    _a("r35", "terse", "ICU version in 18.13", R + "18.13.0.txt", "update icu to 72.1"),
    # Answerable: Node.js 20 releases
    _a("r36", "chat", "security wants scripts sandboxed away from the filesystem and child processes, did node 20 ship something for that", R + "20.0.0.txt", "restrict access to specific resources during program execution"),
    _a("r37", "terse", "node 20 v8 chromium version", R + "20.0.0.txt", "which is part of chromium 113"),
    _a("r38", "whatif", "What happens on Node 20 if our code creates a WASI instance without saying which version?", R + "20.0.0.txt", "the version option is now required and has no default value"),
    _a("r39", "yesno", "Is the test runner still experimental in 20?", R + "20.0.0.txt", "ready for production use"),
    _a("r40", "chat", "the new surface pro devices are arm - are there native windows arm64 builds of node 20", R + "20.0.0.txt", "binaries for arm64 windows"),
    _a("r41", "terse", "readdir recursive option, 20.x", R + "20.1.0.txt", "add `recursive` option to `readdir` and `opendir`"),
    _a("r42", "chat", "which 20.x started warning that assert's call tracker is on its way out", R + "20.1.0.txt", "deprecate `calltracker`"),
    _a("r43", "terse", "AbortSignal.any since", R + "20.3.0.txt", "implement `abortsignal.any()`"),
    _a("r44", "yesno", "Did 20.3.0 declare Node 14 end-of-life?", R + "20.3.0.txt", "mark node.js 14 as end-of-life"),
    _a("r45", "chat", "the mainModule.__proto__ policy bypass - which 20 release closed it", R + "20.3.1.txt", "bypass experimental policy mechanism"),
    _a("r46", "whatif", "If I want a setTimeout in a test to fire without really waiting nine seconds, since which 20.x can the runner fake the clock?", R + "20.4.0.txt", "provides a simple api to advance time"),
    _a("r47", "terse", "split test suite across CI machines, node 20", R + "20.5.0.txt", "add shards support"),
    _a("r48", "chat", "low severity bug where statfs ignores the permission model - fixed when", R + "20.5.1.txt", "fs.statfs can bypass the permission model"),
    _a("r49", "chat", "from which version can we stop installing dotenv and let node read the env file itself", R + "20.6.0.txt", "starting from node.js v20.6.0"),
    _a("r50", "yesno", "Can I pass --env-file twice, say one shared and one per environment?", R + "20.7.0.txt", "support multiple `--env-file` declarations"),
    _a("r51", "terse", "npm 10 first bundled", R + "20.7.0.txt", "upgrade npm to 10.0.0"),
    _a("r52", "whatif", "Our sandbox uses vm.Script with dynamic imports and leaks memory - would moving to 20.8 help?", R + "20.8.0.txt", "long-standing memory leaks and use-after-free issues"),
    _a("r53", "chat", "is node 20 patched for the HTTP/2 rapid reset attack (CVE-2023-44487)", R + "20.8.1.txt", "cve-2023-44487"),
    _a("r54", "terse", "node 20 end of life month", R + "20.9.0.txt", "until end of life in april 2026"),
    _a("r55", "yesno", "Is there a known hang when collecting coverage through NODE_V8_COVERAGE on 20.9?", R + "20.9.0.txt", "may lead to a hang"),
    _a("r56", "words", "can node guess that an ambiguous .js file is really an ES module by looking at its syntax?", R + "20.10.0.txt", "can be used to automatically run es"),
    _a("r57", "terse", "import.meta.dirname added", R + "20.11.0.txt", "add import.meta.dirname and import.meta.filename"),
    _a("r58", "whatif", "If we want one global timeout for every test from the command line, which 20.x added that?", R + "20.11.0.txt", "add --test-timeout flag"),
    _a("r59", "chat", "the timing variant of bleichenbacher against pkcs#1 v1.5 - which 20 release deals with it", R + "20.11.1.txt", "vulnerable to the marvin attack"),
    _a("r60", "terse", "one-shot digest helper faster than createHash", R + "20.12.0.txt", "computes a digest from the input at one shot"),
    _a("r61", "context", "We patched our Windows build agents to 20.12.2 for the child_process.spawn argument injection. Our auditor now asks whether that fix was complete or whether a later 20.x release had to close a bypass of it.", R + "20.15.1.txt", "bypass incomplete fix of cve-2024-27980"),
    _a("r62", "terse", "diagnostic report without network interfaces", R + "20.13.0.txt", "exclude networking interfaces in their diagnostic report"),
    _a("r63", "chat", "can a test declare up front how many assertions it expects to run", R + "20.15.0.txt", "count the number of assertions and subtests"),
    _a("r64", "words", "I want the debugger to attach before any code runs but not stop on line one - which flag and release?", R + "20.15.0.txt", "waits for debugger to be connected"),
    _a("r65", "terse", "zlib crc32 userland", R + "20.15.0.txt", "exposes the crc32() function from zlib"),
    _a("r66", "chat", "our isomorphic lib needs node's fs only when running in node, without import() - is there a global way to grab a builtin", R + "20.16.0.txt", "provides a way to load built-in modules"),
    _a("r67", "yesno", "Could 20.17 require() an ES module at all?", R + "20.17.0.txt", "adds `require()` support for synchronous esm graphs"),
    _a("r68", "terse", "path glob match helper", R + "20.17.0.txt", "glob patterns can now be tested against individual paths"),
    _a("r69", "chat", "our corporate CA bundle only has the intermediate, not the root - can tls trust a partial chain now", R + "20.18.0.txt", "treat intermediate (non-self-signed) certificates"),
    _a("r70", "yesno", "Does the experimental network inspection see requests made with fetch?", R + "20.18.0.txt", "network inspection is limited to the `http` and `https` modules only"),
    _a("r71", "terse", "path.normalize traversal windows january 2025", R + "20.18.2.txt", "fix path traversal in normalize() on windows"),
    _a("r72", "whatif", "We already rolled out 20.18.2 for the normalize() traversal on Windows - did a later 20.x have to close another hole there?", R + "20.19.4.txt", "windows device names (con, prn, aux) bypass path traversal protection"),
    _a("r73", "chat", "since which 20.x does require() of an ES module work without any flag", R + "20.19.0.txt", "it is now no longer behind a flag on v20.x"),
    _a("r74", "terse", "turn require(esm) back off", R + "20.19.0.txt", "--no-experimental-require-module"),
    _a("r75", "yesno", "Are import attributes and JSON modules stable on 20.18.3?", R + "20.18.3.txt", "mark import attributes and json module as stable"),
    _a("r76", "terse", "ed25519 x25519 web crypto stable, node 20", R + "20.19.3.txt", "graduate webcryptoapi ed25519 and x25519 algorithms as stable"),
    _a("r77", "chat", "which 20.x has the 2025b timezone database", R + "20.19.3.txt", "update timezone to 2025b"),
    _a("r78", "terse", "llhttp 9.2.0 security", R + "20.19.2.txt", "update llhttp to 9.2.0"),
    _a("r79", "chat", "a stack overflow inside async hooks was being swallowed - which release rethrows it", R + "20.20.0.txt", "rethrow stack overflow exceptions in async_hooks"),
    _a("r80", "terse", "nss 3.119 root certs", R + "20.20.1.txt", "update root certificates to nss 3.119"),
    _a("r81", "whatif", "We took 20.20.0 for CVE-2026-21637, but I saw that CVE again in a later release note - what did the later one change?", R + "20.20.2.txt", "wrap snicallback invocation in try/catch"),
    _a("r82", "chat", "the hmac comparison in web crypto wasn't constant time - is there a release that fixes it", R + "20.20.2.txt", "use timing-safe comparison in web cryptography hmac and kmac"),
    _a("r83", "context", "Our runbook says to roll out the first 20.x release that was Active LTS. What day was that release published?", R + "20.9.0.txt", "2023-10-24, version 20.9.0"),
    _a("r84", "yesno", "Is CustomEvent considered stable by 20.13?", R + "20.13.0.txt", "has been marked stable"),
    _a("r85", "terse", "loadEnvFile without a path", R + "20.12.0.txt", "automatically loads the .env file in the current directory"),
    _a("r86", "words", "we'd like our test suite's fake clock to also control the current date - which 20.x supports that", R + "20.11.0.txt", "add date to the supported mock apis"),
    # Answerable: deprecations (the newer API that supersedes the older)
    _a("d01", "chat", "static analysis flags new Buffer(size) in our billing service - why is that a problem", D + "DEP0005.txt", "are deprecated due to\napi usability issues"),
    _a("d02", "yesno", "Will third-party packages under node_modules that still call Buffer() print a warning by default?", D + "DEP0005.txt", "there will not be deprecation warnings for"),
    _a("d03", "terse", "cluster worker property replaced by exitedAfterDisconnect", D + "DEP0007.txt", "unnecessarily emotion-laden"),
    _a("d04", "chat", "somebody calls fs.writeFile with no callback in an old script, what happens now", D + "DEP0013.txt", "calling an asynchronous function without a callback throws"),
    _a("d05", "terse", "GLOBAL and root aliases", D + "DEP0016.txt", "aliases for the `global` property"),
    _a("d06", "whatif", "What does node do by default when a promise rejection is never handled anywhere?", D + "DEP0018.txt", "terminate the node.js process with a non-zero exit"),
    _a("d07", "chat", "an old dependency calls require('sys') - what should it load instead", D + "DEP0025.txt", "please use the `util` module instead"),
    _a("d08", "yesno", "Is SlowBuffer still the recommended way to get unpooled memory?", D + "DEP0030.txt", "the `slowbuffer` class is deprecated"),
    _a("d09", "chat", "what do I use instead of checking a path with fs.exists and a callback", D + "DEP0034.txt", "or `fs.access()` instead"),
    _a("d10", "yesno", "Should new code still use the built-in punycode module?", D + "DEP0040.txt", "the `punycode` module is deprecated"),
    _a("d11", "terse", "util.isArray replacement", D + "DEP0044.txt", "please use `array.isarray()`"),
    _a("d12", "chat", "our ops scripts still start node with --debug to attach the old debugger", D + "DEP0062.txt", "it is replaced by inspector which is activated with `--inspect`"),
    _a("d13", "terse", "tls.createSecurePair alternative", D + "DEP0064.txt", "users should use `tls.socket` instead"),
    _a("d14", "whatif", "If an object defines its own inspect() method, does util.inspect still use it for printing?", D + "DEP0079.txt", "use `util.inspect.custom`\ninstead"),
    _a("d15", "yesno", "Is requiring the assert module deprecated?", D + "DEP0089.txt", "the deprecation was revoked because use of the"),
    _a("d16", "chat", "pentest flagged crypto.createCipher with a password in our token code, what's wrong with it", D + "DEP0106.txt", "md5 with no salt"),
    _a("d17", "chat", "url.parse vs new URL - and will we get CVEs if url.parse misbehaves?", D + "DEP0169.txt", "cves are not issued for `url.parse()` vulnerabilities"),
    _a("d18", "whatif", "What could go wrong if url.parse gets a URL whose port is letters instead of digits?", (D + "DEP0170.txt", R + "20.0.0.txt"), "might result in host name spoofing"),
    _a("d19", "yesno", "Does the legacy URL deprecation cover url.format and url.resolve too?", D + "DEP0116.txt", "this includes `url.format()`"),
    _a("d20", "terse", "createRequireFromPath successor", D + "DEP0130.txt", "use `module.createrequire()` instead"),
    _a("d21", "chat", "can we still switch to the legacy http parser with a flag on node 14?", D + "DEP0131.txt", "has been removed in v13.0.0"),
    _a("d22", "terse", "process.mainModule replacement", D + "DEP0138.txt", "it is deprecated in favor of"),
    _a("d23", "chat", "cancelling an outgoing http request - is abort() still the way", D + "DEP0140.txt", "instead of `request.abort()`"),
    _a("d24", "whatif", "How should a script tell whether it's the entry point if we can't rely on module.parent?", D + "DEP0144.txt", "it is recommended to compare `require.main` and `module`"),
    _a("d25", "chat", "we delete build folders with rmdir and recursive: true, is that going away", D + "DEP0147.txt", "option will be ignored for"),
    _a("d26", "terse", "exports folder mapping trailing slash", D + "DEP0148.txt", "use subpath patterns instead"),
    _a("d27", "yesno", "Does import 'pkg' still find index.js on its own when resolving an ES module main entry?", D + "DEP0151.txt", "all es module main entry point resolutions require"),
    _a("d28", "words", "why shouldn't I cut a piece out of a Buffer with the method arrays also have", D + "DEP0158.txt", "it is not compatible with"),
    _a("d29", "whatif", "What if our CLI calls process.exit('failed') with a word instead of a number on Node 20?", D + "DEP0164.txt", "are deprecated as value for the `code` parameter"),
    _a("d30", "terse", "modp2 group safe?", D + "DEP0167.txt", "not secure against practical attacks"),
    _a("d31", "chat", "what should we use now that assert's CallTracker is deprecated", D + "DEP0173.txt", "consider using alternatives such as the `mock` helper function"),
    _a("d32", "terse", "fs.R_OK new location", D + "DEP0176.txt", "get them from `fs.constants` or `fs.promises.constants`"),
    _a("d33", "chat", "dirent.path gives different things on different node lines, what do we use", D + "DEP0178.txt", "lack of consistency across"),
    _a("d34", "yesno", "Is calling new Hash() directly okay?", D + "DEP0179.txt", "calling `hash` class directly"),
    _a("d35", "whatif", "If we verify AES-GCM with a 4-byte tag and never set a tag length, what should we change?", D + "DEP0182.txt", "should set the `authtaglength` option"),
    _a("d36", "chat", "we load client certs from an HSM through an OpenSSL engine - is that API safe long term", (D + "DEP0183.txt", R + "20.16.0.txt"), "switch to its new provider model"),
    _a("d37", "terse", "http2 stream priority deprecated why", D + "DEP0194.txt", "deprecated in the rfc 9113"),
    _a("d38", "chat", "we create shake256 hashes without giving a length, any problem", D + "DEP0198.txt", "without an explicit `options.outputlength` is deprecated"),
    _a("d39", "yesno", "Is fs.lchown deprecated?", D + "DEP0037.txt", "the `fs.lchown(path, uid, gid, callback)` api was deprecated"),
    _a("d40", "chat", "where should I read fs constants from instead of require('constants')", D + "DEP0008.txt", "the `constants` property exposed by the relevant module"),
    _a("d41", "terse", "truncate by file descriptor", D + "DEP0081.txt", "please use `fs.ftruncate()` or `fs.ftruncatesync()`"),
    _a("d42", "terse", "crypto.fips property replacement", D + "DEP0093.txt", "please use `crypto.setfips()`"),
    _a("d43", "whatif", "What happens if I assign an object to a process.env entry?", D + "DEP0104.txt", "when assigning a non-string property to `process.env`"),
    _a("d44", "yesno", "Can I call process.binding() when the permission model is switched on?", D + "DEP0111.txt", "it is\nunavailable when policies or the permission model are enabled"),
    _a("d45", "chat", "we stop workers with terminate(callback) - what's the non-deprecated way", D + "DEP0132.txt", "use the returned\n`promise` instead"),
    _a("d46", "terse", "pseudoRandomBytes vs randomBytes", D + "DEP0115.txt", "there is no difference between"),
    _a("d47", "words", "can I put a bare IP address into the name the client announces during the TLS handshake?", D + "DEP0123.txt", "is not permitted by\nrfc 6066"),
    _a("d48", "whatif", "What if we forget to close a FileHandle and leave it to the garbage collector?", D + "DEP0137.txt", "might result in a thrown error that will\nterminate the process"),
    _a("d49", "terse", "rsa-pss keygen hash option new name", D + "DEP0154.txt", "are replaced with `'hashalgorithm'`"),
    _a("d50", "chat", "exceptions thrown in our native addon's callbacks vanish silently - how do we make node surface them", D + "DEP0168.txt", "to force node.js\nto emit an `'uncaughtexception'` event"),
    _a("d51", "terse", "util._extend", D + "DEP0060.txt", "the `util._extend()` api is deprecated"),
    _a("d52", "words", "the old timer-scheduling helpers on the timers module that took an item and a duration - still allowed?", D + "DEP0095.txt", "timers.enroll()"),
    # Answerable: licence versions (the newer supersedes the older)
    _a("l01", "chat", "a vendored component's notice just says 'GPL' with no version - which GPL-2 clause tells us what we may pick?", L + "GPL-2.txt", "if the program does not specify a version number of\nthis license"),
    _a("l02", "whatif", "Upstream says 'GPL-3, or any later version our steering committee approves' - if the committee approves a v4, are we bound to that choice?", L + "GPL-3.txt", "permanently authorizes you\nto choose that version for the program"),
    _a("l03", "yesno", "If we follow a later GPL version than the author named, does that put new obligations on the author?", L + "GPL-3.txt", "no additional obligations are imposed on any\nauthor or copyright holder"),
    _a("l04", "terse", "first gpl version date", L + "GPL-1.txt", "version 1, february 1989"),
    _a("l05", "terse", "gpl v2 publication month", L + "GPL-2.txt", "gnu general public license\nversion 2, june 1991"),
    _a("l06", "chat", "the old LGPL v2 - was it called the Lesser or the Library license back then?", L + "LGPL-2.txt", "gnu library general public license"),
    _a("l07", "whatif", "A library is LGPL-3 'or any later version' - if a newer LGPL comes out, may we use its terms instead?", L + "LGPL-3.txt", "either of that published version or of any later version"),
    _a("l08", "chat", "legal asks whether code we received under MPL 1.1 can be used under a newer MPL", L + "MPL-1.1.txt", "any subsequent version of the license published by netscape"),
    _a("l09", "yesno", "Under MPL 2.0 may we pass the code on under a later MPL version than the one we received?", L + "MPL-2.0.txt", "or under the terms of any subsequent version published by the license\nsteward"),
    _a("l10", "terse", "mpl 2 custom licence derived from it", L + "MPL-2.0.txt", "modified version of this license if you rename the license"),
    _a("l11", "chat", "what notice has to go on MPL 2.0 source that's marked incompatible with secondary licences", L + "MPL-2.0.txt", "the\nnotice described in exhibit b of this license must be attached"),
    _a("l12", "terse", "gfdl 1.2 release date", L + "GFDL-1.2.txt", "version 1.2, november 2002"),
    _a("l13", "whatif", "A manual says 'GFDL 1.2 or any later version' - does a draft of a newer GFDL count as a later version?", (L + "GFDL-1.2.txt", L + "GFDL-1.3.txt"), "that has been published (not as a draft)"),
    _a("l14", "chat", "can our legal team write an in-house licence starting from the MPL 1.1 text", L + "MPL-1.1.txt", "you must (a) rename your license so that the phrases"),
    _a("l15", "terse", "gfdl 1.3 relicensing creative commons version", L + "GFDL-1.3.txt", "creative commons attribution-share alike 3.0"),
    _a("l16", "yesno", "Is the Mozilla Foundation the one that controls new versions of MPL 2.0?", L + "MPL-2.0.txt", "mozilla foundation is the license steward"),
    # Unanswerable
    _n("n01", "near", "What did Node 22.0.0 change about the permission model flag?"),
    _n("n02", "near", "Which features did Node 18.16.0 add?"),
    _n("n03", "near", "Which CVEs did Node 16.20.2 fix?"),
    _n("n04", "near", "What does deprecation DEP0190 say about spawning with shell: true and arguments?"),
    _n("n05", "near", "What did Node 19.0.0 remove?"),
    _n("n06", "near", "Under the AGPL-3.0, must we offer the source to users who only reach our service over the network?"),
    _n("n07", "near", "What changed in Node 20.21.0?"),
    _n("n08", "finer", "As a number on the CVSS scale, how severe was the Windows spawn argument injection rated?"),
    _n("n09", "finer", "On which day in April 2025 does Node 18 reach end of life?"),
    _n("n10", "finer", "How many milliseconds is the default per-test timeout when --test-timeout is not given?"),
    _n("n11", "finer", "Who reported the Marvin attack issue to the Node.js security team?"),
    _n("n12", "premise", "Why did Node 20.0 remove fetch from the global scope, and how do we get it back?"),
    _n("n13", "premise", "Which 20.x release made the permission model stable and removed its experimental flag?"),
    _n("n14", "premise", "Why does GPL-3 forbid choosing any later version of the licence?"),
    _n("n15", "premise", "Since 20.6 loads a .env file for every app automatically, how do we switch that off?"),
    _n("n16", "premise", "Why was the node:test module removed again in 18.12?"),
    _n("n17", "never", "How many days of bereavement leave do employees get?"),
    _n("n18", "never", "What is the daily allowance for a business trip to Warsaw?"),
    _n("n19", "never", "Is there a shuttle bus from the train station to the Porto campus?"),
    _n("n20", "never", "How do I request access to the production Kubernetes cluster?"),
    _n("n21", "offdomain", "what's a good substitute for buttermilk in pancakes"),
    _n("n22", "offdomain", "in which year did the berlin wall come down"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("which node 20 release added zlib.crc32", "is it good enough to protect our API tokens against tampering?"), R + "20.15.0.txt", "it's not suitable for cryptographic authentication"),
    _c("c02", "pronoun", ("what's deprecation DEP0106 about", "why is it considered weak?"), D + "DEP0106.txt", "static\ninitialization vectors"),
    _c("c03", "pronoun", ("tell me about the mock timers feature that came in 20.4", "which timer functions can it fake?"), R + "20.4.0.txt", "mock `settimeout`, `setinterval` from `globals`"),
    _c("c04", "pronoun", ("tell me about the relicensing section of GFDL 1.3", "by what date must the incorporated works have been added to count as eligible?"), L + "GFDL-1.3.txt", "prior to november 1, 2008"),
    _c("c05", "pronoun", ("which release added process.getBuiltinModule", "what does it give back for a name that isn't a built-in?"), R + "20.16.0.txt", "does not correspond to any built-in module"),
    _c("c06", "ellipsis", ("which CVEs did node 20.12.1 fix", "and what about 20.12.2 a week later?"), R + "20.12.2.txt", "command injection via args parameter"),
    _c("c07", "pronoun", ("when did node 20 become LTS", "and until when does it stay in active LTS?"), R + "20.9.0.txt", "will remain so until october 2024"),
    _c("c08", "switch", ("what did 18.11 add for watch mode", "different topic: who is allowed to publish new versions of the MPL 1.1?"), L + "MPL-1.1.txt", "netscape communications corporation (\"netscape\") may publish revised"),
    # Not English: the expected behaviour is the English-only note
    _l("k01", "es", "¿Desde qué versión de Node 20 se puede iniciar una app con --env-file sin paquetes extra?", R + "20.6.0.txt", "starting from node.js v20.6.0"),
    _l("k02", "de", "Wodurch wurde os.tmpDir() ersetzt?", D + "DEP0022.txt", "the `os.tmpdir()` api was deprecated in node.js 7.0.0"),
    _l("k03", "fr", "Qu'est-ce que la version 20.13.1 a annulé sous Windows ?", R + "20.13.1.txt", "reverts the change that installed npm powershell scripts"),
    _l("k04", "pt", "O módulo domain ainda pode ser usado em código novo?", D + "DEP0032.txt", "is deprecated and should not be used"),
    _l("k05", "ja", "process.loadEnvFile は Node 20 のどのバージョンで追加されましたか？", R + "20.12.0.txt", "use this function to load the `.env` file"),
    _l("k06", "it", "Quali lunghezze del tag di autenticazione GCM sono ammesse da Node 11 in poi?", D + "DEP0090.txt", "128, 120, 112, 104, 96, 64, and 32"),
    _l("k07", "zh", "Node 20 中 fs.F_OK 这些常量应该从哪里获取？", D + "DEP0176.txt", "get them from `fs.constants`"),
)  # fmt: skip
