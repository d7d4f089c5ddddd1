"""The questions of blind 20 (bench/answer_quality_blind20.py): session 38, helper u6.

Written before any measurement on this corpus, by a helper who tunes nothing and had not read the
ranking, abstention or assistant code, from the documents' meaning in a user's own words: an
administrator deciding whether to upgrade, a developer whose script broke after a release, a security
lead asking which point release carries a fix - not the notes' phrases. The corpus
(bench/answer_quality_blind20_corpus.py) is git's release notes for 2.30 to 2.39 and this machine's
Debian upgrade notices (``NEWS.Debian``): a domain no answers set was written on and no rule was fitted
to, and one that comes in versions - the main miss looked for is a sibling release's notes winning.

Kinds and tags (``Q9``, blind 10's kinds): ``answerable`` (tag = register: ``chat``, ``terse``,
``whatif``, ``yesno``, ``context``), ``followup`` conversations of two turns in one thread, the last
scored (``pronoun``, ``ellipsis``, ``switch``: a new topic that must not inherit the first turn's
document), ``unanswerable`` (``near``: a neighbouring release or package the corpus does not hold;
``finer``: a detail finer than the notes give; ``premise``: a false claim about something the notes
cover; ``never``: nothing in the corpus, handbook-style; ``offdomain``), ``language`` (a question in
another language: the expected behaviour is the English-only note; the document and fact name what a
first citation should be). ``source`` is ``relnotes`` or ``news`` (the expected documents' half).

Where the notes say a thing twice (2.30.6 and 2.37.4 carry the same two CVE texts; a fix listed in a
point release's notes and again in the next feature release's "Fixes since" list: a24, a42, a49, a69,
a72-a77, a79) every such document is listed: any is a right first citation. Where one-line security releases say the same in several
branches, the fact is the release's own title (c07), so only the named version's notes are right.
``--check`` proves each fact sits in a listed document and in no unlisted one.
"""

from __future__ import annotations

from answer_quality_blind9_questions import Q9

R, D = "relnotes/git-", "debian-news/"


def _docs(doc: str | tuple[str, ...]) -> tuple[str, ...]:
    return doc if isinstance(doc, tuple) else (doc,)


def _src(docs: tuple[str, ...]) -> str:
    return "relnotes" if docs[0].startswith("relnotes/") else "news"


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


V30_6 = (R + "2.30.6.txt", R + "2.37.4.txt")

BLIND20: tuple[Q9, ...] = (
    # Answerable: git feature releases
    _a("a01", "chat", "i'm on git 2.30 and force-pushing with lease still clobbered a colleague's commit because my editor fetched in the background, is there a safer flag", R + "2.30.0.txt", 'a new option "--force-if-includes" attempts to ensure'),
    _a("a02", "terse", "diff: skip hunks where every changed line matches a regex, which release", R + "2.30.0.txt", 'learned the "-I<regex>" option to ignore hunks whose changed lines all match'),
    _a("a03", "whatif", "What if I want git to stop guessing what I meant when I mistype a subcommand, and not even spend time looking?", R + "2.30.0.txt", "users can now disable the whole thing, including the cycles spent"),
    _a("a04", "yesno", "Can the nickname that clone gives the source remote be something other than origin, set once in config?", R + "2.30.0.txt", "learned clone.defaultremotename configuration variable"),
    _a("a05", "chat", "format-patch keeps chopping my long patch file names, can i raise that limit", R + "2.30.0.txt", "has become configurable (used to be capped at 64)"),
    _a("a06", "terse", "git 2.31 and the old PCRE1 library?", R + "2.31.0.txt", "the support for deprecated pcre1 library has been dropped"),
    _a("a07", "chat", "in 2.31 did they stop pull from nagging me to pick rebase or merge when it's just a fast forward", R + "2.31.0.txt", "no reason to stop or force the user to choose between rebase or merge if the history fast-forwards"),
    _a("a08", "yesno", "Is it possible to make git never shorten object names, whatever hash it uses?", R + "2.31.0.txt", "can be set to 'no' to force no abbreviation regardless of the hash algorithm"),
    _a("a09", "whatif", "What should I run instead of pack-redundant now that it complains loudly every time?", R + "2.31.0.txt", 'we no longer want to recommend its use (instead just "repack -d"'),
    _a("a10", "chat", "how do i see how much disk the objects of a range of commits take, is there a rev-list option for it", R + "2.31.0.txt", 'command learned "--disk-usage" option'),
    _a("a11", "terse", "config knob so rebase uses fork-point without passing the flag each time", R + "2.31.0.txt", "gained a configuration variable rebase.forkpoint"),
    _a("a12", "chat", "we symlink .gitignore to a shared copy in our monorepo and after upgrading to 2.32 git acts as if the file isn't there", R + "2.32.0.txt", "files that are symbolic links are ignored"),
    _a("a13", "whatif", "Since 2.32, if I pass --3way to apply, which method does it try first?", R + "2.32.0.txt", "the command will first try the 3-way merge algorithm"),
    _a("a14", "yesno", "Can I fix up only a commit's message, leaving its contents alone, with commit --fixup?", R + "2.32.0.txt", 'learned "--fixup=(amend|reword):<commit>"'),
    _a("a15", "terse", "what replaced GIT_CONFIG_NOSYSTEM", R + "2.32.0.txt", "with GIT_CONFIG_SYSTEM that lets users specify from which file to read the system-wide configuration"),
    _a("a16", "chat", "want our CI to refuse cloning from shallow repos, any option for that", R + "2.32.0.txt", '"git clone --reject-shallow" option fails the clone as soon as we notice'),
    _a("a17", "whatif", "What if I want the reason a worktree is locked written down at the moment I create it?", R + "2.33.0.txt", '"git worktree add --lock" learned to record why the worktree is locked'),
    _a("a18", "terse", "send-email: point it at a sendmail command instead of a server", R + "2.33.0.txt", 'learned the "--sendmail-cmd" command line option'),
    _a("a19", "chat", "my old script calls rebase with preserve-merges and it broke after upgrading to 2.34, what happened", R + "2.34.0.txt", 'the "--preserve-merges" option of "git rebase" has been removed'),
    _a("a20", "yesno", "Is recursive still the default merge strategy as of git 2.34?", R + "2.34.0.txt", "is used instead of `recursive` as the default merge strategy"),
    _a("a21", "chat", "can I sign commits with my ssh key instead of gpg, and is there a catch with some openssh version", R + "2.34.0.txt", "this feature cannot be used with ssh-keygen from openssh 8.7"),
    _a("a22", "whatif", "What happens if I set help.autocorrect to prompt?", R + "2.34.0.txt", "learned to go interactive when the help.autocorrect configuration variable is set to 'prompt'"),
    _a("a23", "terse", "scheduled maintenance via systemd timers - since when", R + "2.34.0.txt", "scheduler learned to use systemd timers as a possible backend"),
    _a("a24", "chat", "after moving to 2.34.0 our grep over blobs with non-utf8 bytes fell over, was that fixed in a point release", (R + "2.34.1.txt", R + "2.35.0.txt"), "looking in a blob that has non-utf8 payload was completely broken"),
    _a("a25", "terse", "stash only what's already staged", R + "2.35.0.txt", 'learned the "--staged" option to stash away what has been added to the index'),
    _a("a26", "chat", "how do i find out which branch name init will give the first branch on this machine", R + "2.35.0.txt", '"git var GIT_DEFAULT_BRANCH" is a way to see what name is used'),
    _a("a27", "whatif", "What happens in 2.35 when a switch would delete the very folder my shell is sitting in?", R + "2.35.0.txt", "taught to keep an empty directory if it is the directory they were started in"),
    _a("a28", "yesno", "Does 2.35 still build with a compiler that only knows C89?", R + "2.35.0.txt", "if your compiler cannot grok c99, the build will fail"),
    _a("a29", "terse", "zealous diff3 conflict style, which version", R + "2.35.0.txt", '"zealous diff3" style of merge conflict presentation has been added'),
    _a("a30", "chat", "2.35.0 broke rebase for me inside a second worktree, is there a release that fixes it", R + "2.35.1.txt", 'regression that broke use of "rebase" and "stash" in a secondary worktree'),
    _a("a31", "chat", "since 2.36 git refuses to work in a repo on a shared drive that belongs to another account, how do I tell it that folder is fine", R + "2.36.0.txt", "on a multi-valued configuration variable `safe.directory` to override this behaviour"),
    _a("a32", "terse", "name-rev --stdin deprecated, use what", R + "2.36.0.txt", 'use "git name-rev --annotate-stdin" instead'),
    _a("a33", "whatif", "If I make a filtered partial clone and recurse into submodules, do the submodules get the filter too as of 2.36?", R + "2.36.0.txt", "this behaviour is changed to pass the same filter down to the submodules"),
    _a("a34", "yesno", "Can bisect run notice that I forgot to make my test script executable?", R + "2.36.0.txt", "try to recognize this situation and stop iteration early"),
    _a("a35", "chat", "need to pull everything again because I don't trust my local object store anymore, is there a fetch flag", R + "2.36.0.txt", '"git fetch --refetch" learned to fetch everything without telling the other side what we already have'),
    _a("a36", "terse", "kotlin function headers in diffs", R + "2.36.0.txt", "a new built-in userdiff driver for kotlin has been added"),
    _a("a37", "yesno", "From 2.37 on, does a bare dash v print the version?", R + "2.37.0.txt", '"git -v" and "git -h" are now understood as "git --version"'),
    _a("a38", "chat", "is the C rewrite of interactive add what I get by default now", R + "2.37.0.txt", "the reimplementation is now exposed to general public by default"),
    _a("a39", "whatif", "What if someone pastes a remote URL with a username and password baked in - can git be told how to react?", R + "2.37.0.txt", "configuration variable controls what happens when a url with embedded login credential is used"),
    _a("a40", "terse", "non-cone sparse checkout future", R + "2.37.0.txt", "deprecate non-cone mode of the sparse-checkout feature"),
    _a("a41", "chat", "instead of exploding unreachable objects loose, can gc keep them in a pack now", R + "2.37.0.txt", 'a mechanism to pack unreachable objects into a "cruft pack"'),
    _a("a42", "chat", "after 2.37 made the new interactive add the default, deleting a file in it didn't stick, was that fixed", (R + "2.37.1.txt", R + "2.38.0.txt"), "didn't correctly record a removed file to the index"),
    _a("a43", "yesno", "Can I keep push from using reachability bitmaps while other commands still use them?", R + "2.38.0.txt", "the push.usebitmaps configuration variable is introduced"),
    _a("a44", "terse", "cap grep matches per file", R + "2.38.0.txt", '"git grep -m<max-hits>" is a way to limit the hits shown per file'),
    _a("a45", "chat", "our security team wants git to refuse to discover bare repos nested inside checkouts, any setting", R + "2.38.0.txt", "introduce a safe.barerepository configuration variable"),
    _a("a46", "whatif", "What happens to the branches pointing into the middle of my stack when I interactively rebase it with --update-refs?", R + "2.38.0.txt", 'learns to update branches whose tip appear in the rebased range with "--update-refs" option'),
    _a("a47", "yesno", "Is scalar shipped with regular git now or still a separate install?", R + "2.38.0.txt", 'the "scalar" addition from microsoft is now part of the core git installation'),
    _a("a48", "terse", "built-in fsmonitor on a network mount, 2.38", R + "2.38.0.txt", "refuses to work on a network mounted repositories"),
    _a("a49", "chat", "in 2.38.1 renaming a remote that has no fetch refspec failed on me - fixed in the next point release?", (R + "2.38.2.txt", R + "2.39.0.txt"), '"git remote rename" failed to rename a remote without fetch refspec'),
    _a("a50", "chat", "can merge-tree take a whole list of merges on stdin and report each", R + "2.39.0.txt", '"git merge-tree --stdin" is a new way to request a series of merges'),
    _a("a51", "terse", "shortlog grouping by a custom format", R + "2.39.0.txt", 'learned to group by the "format" string'),
    _a("a52", "whatif", "What if my repository sits on a network filesystem and I switch on fsmonitor in 2.39?", R + "2.39.0.txt", "by default, use of fsmonitor on a repository on networked filesystem is disabled"),
    _a("a53", "yesno", "With on-demand submodule recursion, does push now push every submodule?", R + "2.39.0.txt", "all submodules are recursively pushed"),
    _a("a54", "chat", "after installing 2.39.4 our lfs setup broke during clone, is there a newer one that undoes that", R + "2.39.5.txt", "this release is to revert these misguided, if well-intentioned, changes"),
    _a("a55", "context", "We run git 2.39.3 on our macOS build hosts (case-insensitive disks) and clone customer repositories with their submodules recursively. Our security lead asks whether a case-confusion trick could run code during such a clone.", R + "2.39.4.txt", "recursive clones on case-insensitive filesystems that support symbolic links are susceptible to case confusion"),
    _a("a56", "terse", "hooks running during clone - 2.39.4", R + "2.39.4.txt", "defense-in-depth: clone: prevent hooks from running during a clone"),
    # Answerable: git security and maintenance releases (versions that repeat each other)
    _a("a57", "whatif", "What was done in git 2.30.6 about overly long commands sent to git shell?", V30_6, "`git shell` is taught to refuse interactive commands that are longer than 4mib in size"),
    _a("a58", "chat", "what's the default for protocol.file.allow after the october 2022 security release", V30_6, 'the value of `protocol.file.allow` is changed to be "user" by default'),
    _a("a59", "yesno", "Could the padding operators in a log format string lead to code execution before 2.30.7?", R + "2.30.7.txt", "this integer overflow can result in arbitrary heap writes"),
    _a("a60", "terse", "gitattributes lines over 2KB", R + "2.30.7.txt", "git silently splits lines longer than 2kb when parsing gitattributes from a file"),
    _a("a61", "whatif", "What could a crafted patch do through apply --reject before the April 2023 fixes?", R + "2.30.9.txt", "a path outside the working tree can be overwritten with partially controlled contents"),
    _a("a62", "chat", "who found the bug where renaming a config section lets values inject new sections", R + "2.30.9.txt", "credit for finding cve-2023-29007 goes to andré baptista and vítor pinho"),
    _a("a63", "terse", "CVE-2023-23946 in one line", R + "2.30.8.txt", 'by feeding a crafted input to "git apply", a path outside the working tree can be overwritten as the user'),
    _a("a64", "yesno", "After the CVE-2022-39253 fix, could an objects directory that is itself a symlink still be abused?", R + "2.30.8.txt", "the objects directory itself may still be a symbolic link"),
    _a("a65", "chat", "what does putting a star in safe.directory mean and which release first allowed it", R + "2.30.4.txt", "'*' can be used as the value for the `safe.directory` variable to signal that the user considers that any directory is safe"),
    _a("a66", "whatif", "After 2.30.5, what else besides the worktree gets its ownership checked?", R + "2.30.5.txt", "is now extended to also cover the ownership of the git directory"),
    _a("a67", "chat", "what exactly is the attack behind cve-2022-24765, we're on a shared windows box", R + "2.30.3.txt", "when another user created a repository in `C:\\.git`, in a mounted network drive"),
    _a("a68", "yesno", "Does git 2.35.2 carry the fix for CVE-2022-24765?", R + "2.35.2.txt", "v2.31.2, v2.32.1, v2.33.2 and v2.34.2 to address the security issue cve-2022-24765"),
    _a("a69", "terse", "2.33.2 fixes besides the CVE", (R + "2.33.2.txt", R + "2.34.0.txt"), "squelch over-eager warning message added during this cycle"),
    _a("a70", "chat", "we're stuck on the 2.36 branch - which point release there merged the CVE-2022-29187 fix", R + "2.36.2.txt", "v2.32.3, v2.33.4, v2.34.4 and v2.35.4 to address the security issue cve-2022-29187"),
    _a("a71", "whatif", "git 2.32.5 - is there anything in it beyond the January 2023 security fix?", R + "2.32.5.txt", 'additional code for "git fsck" to check for questionable .gitattributes files'),
    _a("a72", "yesno", "Does 2.31.1 fix moving files on case-insensitive file systems?", (R + "2.31.1.txt", R + "2.32.0.txt"), 'fix a corner case bug in "git mv" on case insensitive systems'),
    _a("a73", "chat", "2.36.0 broke gitk for us through diff-tree with a pathspec, which release fixed it", (R + "2.36.1.txt", R + "2.37.0.txt"), "release broke it even worse by breaking running the command with <pathspec>"),
    _a("a74", "terse", "commit --fixup together with --edit broken, fixed when", (R + "2.33.1.txt", R + "2.34.0.txt"), '"git commit --fixup" now works with "--edit" again, after it was broken in v2.32'),
    _a("a75", "whatif", "What did 2.30.1 change about line breaks inside git:// addresses?", (R + "2.30.1.txt", R + "2.31.0.txt"), "newline characters in the host and path part of git:// url are now forbidden"),
    _a("a76", "yesno", "Was shortlog -n's ordering, which leaned on qsort being stable, fixed in 2.37.2?", (R + "2.37.2.txt", R + "2.38.0.txt"), "relied on the underlying qsort() to be stable"),
    _a("a77", "chat", "fsck on 2.37.3 only reports our old broken tree modes as info, why not an error", (R + "2.37.3.txt", R + "2.38.0.txt"), 'the severity of anomalies this code detects has been demoted to "info" for now'),
    _a("a78", "terse", "2.39.3 macOS regex alternation in grep", R + "2.39.3.txt", '"git grep" now can be compiled to do so, to retain the old behaviour'),
    _a("a79", "chat", "merge with autostash mixed my stashed edits into the conflicts, did 2.37.4 fix that", (R + "2.37.4.txt", R + "2.38.0.txt"), 'the auto-stashed local changes created by "git merge --autostash" was mixed into a conflicted state'),
    # Answerable: Debian upgrade notices
    _a("d01", "chat", "why does pip on debian refuse to install stuff system-wide now", D + "python3-pip.txt", "instructing pip to disallow package installation outside virtualenvs"),
    _a("d02", "terse", "pip externally managed - override flag", D + "python3-pip.txt", "you can override this behaviour by passing --break-system-packages"),
    _a("d03", "chat", "what permissions do new home folders get from adduser these days", D + "adduser.txt", "the default for dir_mode has been set to 0700 for this release, again"),
    _a("d04", "whatif", "What if we don't pass a home directory when creating a system account with adduser?", D + "adduser.txt", "system user home defaults to /nonexistent if --home is not specified"),
    _a("d05", "terse", "adduser gecos option new name", D + "adduser.txt", "the --gecos option is being renamed to --comment"),
    _a("d06", "yesno", "Will deluser keep letting me remove root if I pass the no-preserve-root flag?", D + "adduser.txt", "deluser will in the future completely refuse to delete the root user"),
    _a("d07", "chat", "apt full-upgrade started deleting old kernels on its own, how do i turn that off", D + "apt.txt", "set apt::get::automaticremove::kernels to false"),
    _a("d08", "whatif", "What happens now if an upgrade could only be solved by apt removing an essential package?", D + "apt.txt", "the solver will no longer try to remove essential or protected packages"),
    _a("d09", "terse", "apt lock wait when not on a terminal", D + "apt.txt", "for 120 seconds if not"),
    _a("d10", "chat", "our credentials in apt's auth file stopped being sent to a plain http mirror, why", D + "apt.txt", "now only apply to https and tor+https sources"),
    _a("d11", "yesno", "Will apt accept a Release file whose date is slightly in the future?", D + "apt.txt", "by default, it may be 10 seconds in the future to allow for some clock drift"),
    _a("d12", "whatif", "If a repository's Release file suddenly changes its Codename, what does apt update do?", D + "apt.txt", "update fails, or asks a user (if interactive)"),
    _a("d13", "terse", "stop apt upgrading sibling binaries of the same source", D + "apt.txt", "`apt::get::upgrade-by-source-package` to `false`"),
    _a("d14", "chat", "when apt checks repository signatures, which keys does it try first", D + "apt.txt", "gpg verification now first tries only the trusted.gpg.d keys"),
    _a("d15", "chat", "scp on the new openssh breaks our copies of files with quoted shell characters, can we get the old protocol back", D + "openssh-client.txt", "the legacy scp/rcp using the -o flag"),
    _a("d16", "whatif", "If I copy between two remote hosts with scp now, does the data go through my laptop?", D + "openssh-client.txt", "to transfer through the local host by default"),
    _a("d17", "yesno", "Does ssh-keygen -A still generate DSA host keys?", D + "openssh-client.txt", "will no longer generate dsa keys"),
    _a("d18", "terse", "ssh ~C command line escape disabled, default", D + "openssh-client.txt", 'this option defaults to "no", disabling the ~c command-line'),
    _a("d19", "chat", "connecting to an ancient switch that only speaks ssh-rsa with sha1 fails after the upgrade, how do i allow it for that one host", D + "openssh-client.txt", "pubkeyacceptedalgorithms +ssh-rsa"),
    _a("d20", "whatif", "If SetEnv is given twice for the same variable in ssh_config, which value wins now?", D + "openssh-client.txt", "are now first-match-wins to match other directives"),
    _a("d21", "chat", "a colleague sets GREP_OPTIONS in his profile and grep just ignores it", D + "grep.txt", "the grep_options environment variable no longer affects grep's behavior"),
    _a("d22", "yesno", "Does Debian's grep still print a warning that egrep is obsolete?", D + "grep.txt", "this debian grep release removes the deprecation warning about egrep and fgrep"),
    _a("d23", "terse", "GREP_COLOR obsolete, what instead", D + "grep.txt", "instead of grep_color='xxx', use grep_colors='mt=xxx'"),
    _a("d24", "chat", "why don't our old rcS.d init scripts run any more under systemd", D + "libnss-systemd.txt", "this version drops support for running /etc/rcs.d sysv init scripts"),
    _a("d25", "whatif", "After the upgrade, what if I need the old hybrid cgroup layout back?", D + "libnss-systemd.txt", "systemd.unified_cgroup_hierarchy=false"),
    _a("d26", "yesno", "Is systemd-resolved pulled in automatically when upgrading to systemd 251?", D + "libnss-systemd.txt", "this new systemd-resolved package will not be installed automatically"),
    _a("d27", "terse", "which group owns GPU render nodes now", D + "libnss-systemd.txt", 'are now owned by group "render"'),
    _a("d28", "chat", "which keyserver does debian's gnupg use by default and why not the sks pool", D + "dirmngr.txt", "hkps://keys.openpgp.org as the default keyserver"),
    _a("d29", "whatif", "What if I still keep my gpg settings in ~/.gnupg/options?", D + "dirmngr.txt", "~/.gnupg/options is no longer in use"),
    _a("d30", "chat", "find -perm +022 now exits with an error, what am i supposed to write", D + "findutils.txt", "please switch over to find -perm /xyz which has been supported since 2005"),
    _a("d31", "yesno", "Is locate still part of the findutils package on Debian?", D + "findutils.txt", "locate is no longer included in the findutils package"),
    _a("d32", "chat", "on an old install /bin/sh is still bash, how do i switch it over", D + "dash.txt", "change it by running 'dpkg-reconfigure dash'"),
    _a("d33", "terse", "trust the AD bit from my local validating resolver", D + "libc6.txt", "indicates that the name server is trusted"),
    _a("d34", "whatif", "What if I install glibc 2.26 on a box still running a 3.0 kernel?", D + "libc6.txt", "the glibc requires a 3.2 or later linux kernel"),
    _a("d35", "chat", "rpcgen disappeared after a glibc upgrade, where does it come from now", D + "libc6-dev.txt", "the rpcsvc-proto package (a dependency of libc6-dev) provides rpcgen"),
    _a("d36", "yesno", "Does a library in /usr/local/lib win over the same one in /usr/lib on Debian?", D + "libc6.txt", "enforces /usr/local/lib to take precedence over /usr/lib"),
    _a("d37", "terse", "NIS name service modules gone from libc6", D + "libc6.txt", "people needing those modules have to install the libnss-nis and/or the libnss-nisplus packages"),
    _a("d38", "chat", "root with an empty password field now gets asked for authentication at login, can i get the old behaviour", D + "login.txt", 'setting prevent_no_auth to "no"'),
    _a("d39", "yesno", "Does login on Debian still honour /etc/securetty?", D + "login.txt", "it is no longer honored in login's pam configuration by default"),
    _a("d40", "whatif", "What happens if I run su - root -c ls -l / without quoting the command?", D + "login.txt", "the following commands won't work anymore"),
    _a("d41", "chat", "the used memory number in free jumped after a procps upgrade, how is it counted now", D + "libproc2-0.txt", "used memory is total - available"),
    _a("d42", "terse", "tmux client hangs right after upgrading to 3.1", D + "tmux.txt", "an old server and a new client will not be fully compatible"),
    _a("d43", "chat", "pulseaudio no longer autospawns and we don't run systemd, how do i get it back", D + "libpulse0.txt", "/etc/pulse/client.conf.d/00-disable-autospawn.conf"),
    _a("d44", "yesno", "Is Google still the default search engine in Debian's chromium?", D + "chromium.txt", "we've switched the default search engine from google to duckduckgo"),
    _a("d45", "whatif", "Our Kerberos single sign-on in Chromium broke around version 101 - what changed?", D + "chromium.txt", '"authserverwhitelist" was renamed to "authserverallowlist"'),
    _a("d46", "chat", "our scripts call /sbin/iptables, will that path keep working", D + "libip4tc2.txt", "compatibility symlinks were provided during the buster release, but they have been dropped now"),
    _a("d47", "terse", "pam_unix minimum password length option, new spelling", D + "libpam-modules.txt", "replaced by a new upstream option called 'minlen=n'"),
    _a("d48", "chat", "pam_cracklib stopped rejecting reused passwords, where did that check go", D + "libpam-modules.txt", "this functionality has been split out into a new module, pam_pwhistory"),
    _a("d49", "chat", "openssl enc derives different keys from the same passphrase than our old scripts did", D + "openssl.txt", "changed the default digest (used to create the key from passphrase) from md5 to sha256"),
    _a("d50", "yesno", "Does vim's defaults.vim override what I put in /etc/vim/vimrc.local?", D + "vim.txt", "it will override any settings in /etc/vim/vimrc(.local)"),
    _a("d51", "terse", "switch off vim defaults.vim system-wide", D + "vim.txt", "let g:skip_defaults_vim = 1"),
    _a("d52", "chat", "with make 4.3 do I still backslash a hash sign inside $(shell ...)", D + "make.txt", "number signs (#) appearing inside a macro reference or function invocation no longer introduce comments"),
    _a("d53", "whatif", "After gnutls moved to nettle, can a GPLv2-only project still link it?", D + "libgnutls30.txt", 'gnutls can therefore not be used by projects using gplv2 without the "or later" clause'),
    _a("d54", "chat", "ctrl alt backspace doesn't kill the X server any more, how do i enable it for this session", D + "xkb-data.txt", "setxkbmap -option terminate:ctrl_alt_bksp"),
    _a("d55", "terse", "postgresql-common new cluster log_line_prefix default", D + "postgresql-common.txt", "the default log_line_prefix is now '%t [%p-%l] %q%u@%d ' instead of '%t '"),
    _a("d56", "whatif", "If postgresql.conf belongs to a different account than the data directory, will pg_ctlcluster run as root still start the cluster?", D + "postgresql-common.txt", "the postgresql.conf owner needs match the data directory owner, or the postgresql.conf file needs to be owned by root"),
    _a("d57", "chat", "where does git daemon on debian look for repositories by default", D + "git.txt", "configured to look for repositories under /var/lib/git by default"),
    _a("d58", "yesno", "Was Debian warning that push without ref names would switch to the simple mode?", D + "git.txt", 'the new default is "simple" semantics'),
    _a("d59", "chat", "the dri device is world-writable on our shared box, is that on purpose", D + "libdrm2.txt", "you should configure the x server to explicitly use a mode of 660"),
    _a("d60", "terse", "where are system locale variables kept on debian", D + "locales.txt", "locale variables are now stored in /etc/default/locale"),
    _a("d61", "chat", "the latin-1 locales are missing from the locales config dialog, where did they go", D + "locales.txt", "non utf-8 locales are deprecated and not offered anymore in the debconf dialog"),
    _a("d62", "whatif", "If our monitoring parses ifconfig and netstat output, could the net-tools update break it?", D + "net-tools.txt", "the output of many commands has changed"),
    _a("d63", "terse", "cyrus sasl mysql auxprop, new config", D + "libsasl2-2.txt", "sql_engine: mysql"),
    # Unanswerable
    _n("u01", "near", "What did git 2.40 change in how grep handles regular expressions?"),
    _n("u02", "near", "What does OpenSSH 9.3 change for existing configurations?"),
    _n("u03", "near", "Which security issue does git 2.39.6 address?"),
    _n("u04", "near", "Which command-line options were removed in apt 3.0?"),
    _n("u05", "near", "What did the Debian notice for sudo say when secure_path changed?"),
    _n("u06", "finer", "What CVSS score was CVE-2022-24765 given?"),
    _n("u07", "finer", "On which date was git 2.35.2 published?"),
    _n("u08", "finer", "How large was the bounty paid for the git apply --reject vulnerability?"),
    _n("u09", "finer", "Which Windows versions did the build fix in git 2.30.3 concern?"),
    _n("u10", "premise", "Why did git 2.34 delete the recursive merge strategy from the code entirely?"),
    _n("u11", "premise", "Since apt 2.4 rejects keys in trusted.gpg outright, how do I import mine again?"),
    _n("u12", "premise", "Why does OpenSSH 8.8 force me to regenerate all my ssh-rsa keys?"),
    _n("u13", "premise", "Why did git 2.37 make the old Perl version of interactive add mandatory again?"),
    _n("u14", "premise", "Why did Debian's pip 23.0 remove support for virtual environments?"),
    _n("u15", "never", "How many weeks of paid paternity leave do new fathers get?"),
    _n("u16", "never", "What's the procedure for handing back a company laptop on my last day?"),
    _n("u17", "never", "Is there an allowance for cycling to work?"),
    _n("u18", "never", "How do I rotate the TLS certificate on our nginx reverse proxy?"),
    _n("u19", "offdomain", "how tall is the matterhorn in metres"),
    _n("u20", "offdomain", "how long should sourdough proof overnight in the fridge"),
    _n("u21", "near", "What changed for rebase in Mercurial 6.0?"),
    _n("u22", "near", "What did Debian's notice say about the move from iptables-legacy to nft in version 1.8.9?"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("what did git 2.30.6 fix", "who found the second one?"), V30_6, "credit for finding cve-2022-39260 goes to kevin backhouse"),
    _c("c02", "pronoun", ("what did openssh 8.7 change about how config files are parsed", "does it still accept DenyUsers with nothing after it?"), D + "openssh-client.txt", "this release will reject such configurations"),
    _c("c03", "ellipsis", ("what's the default DIR_MODE for new home directories in adduser 3.123", "and for system users?"), D + "adduser.txt", "the default for sys_dir_mode is still 0755"),
    _c("c04", "pronoun", ("which git release introduced safe.barerepository", "what does it let me forbid?"), R + "2.38.0.txt", "allows users to forbid discovery of bare repositories"),
    _c("c05", "switch", ("what did git 2.34.1 fix", "new topic: in the tmux upgrade notes, where did the server sockets go after 1.4-7?"), D + "tmux.txt", "sockets in a user directory under /tmp"),
    _c("c06", "pronoun", ("tell me about CVE-2023-25815 in git", "under which build setting does it apply?"), R + "2.30.9.txt", "when git is compiled with runtime prefix support"),
    _c("c07", "ellipsis", ("which CVE does git 2.31.4 address", "and 2.31.5?"), R + "2.31.5.txt", "Git v2.31.5 Release Notes"),
    # Not English: the expected behaviour is the English-only note
    _l("k01", "es", "¿Desde qué versión git deja de reconocer repositorios que pertenecen a otros usuarios?", R + "2.36.0.txt", "git has been taught not to recognise repositories owned by other users"),
    _l("k02", "de", "Ab welcher Version entfernt apt beim full-upgrade automatisch alte Kernel?", D + "apt.txt", "automatically remove unused kernels on apt {dist,full}-upgrade"),
    _l("k03", "fr", "Avec OpenSSH 9.0, scp utilise-t-il encore l'ancien protocole par défaut ?", D + "openssh-client.txt", "switches scp(1) from using the legacy scp/rcp protocol to using the sftp protocol by default"),
    _l("k04", "pt", "No tmux 1.9, a versão do protocolo do servidor mudou?", D + "tmux.txt", "the server protocol version was changed from 7 to 8"),
    _l("k05", "ja", "glibc 2.5-1 以降、タイムゾーンの設定には何を使えばいいですか？", D + "libc6.txt", "please use 'dpkg-reconfigure tzdata' instead"),
    _l("k06", "it", "Con git 2.30, 'git archive' può usare un livello di compressione oltre -9?", R + "2.30.0.txt", '"git archive" now allows compression level higher than "-9"'),
    _l("k07", "zh", "git 2.33 中 rev-list 能不能不输出 commit 头行？", R + "2.33.0.txt", 'learns to omit the "commit <object-name>" header lines'),
)  # fmt: skip
