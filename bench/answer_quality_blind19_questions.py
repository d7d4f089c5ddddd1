"""The questions of blind 19 (bench/answer_quality_blind19.py): session 37, helper u5.

Written before any measurement on this corpus, by a helper who tunes nothing and had not read the
ranking, abstention or assistant code, from the documents' meaning in a user's own words: an
administrator with a box that misbehaves, a developer about to ship under a licence, a colleague who
half-remembers a rule - not the manual's phrases. The corpus (bench/answer_quality_blind19_corpus.py)
is this machine's section-5 manual pages (configuration files and formats) and its licence texts: a
domain no answers set was written on and no rule was fitted to.

Kinds and tags (``Q9``, blind 10's kinds): ``answerable`` (tag = register: ``chat``, ``terse``,
``whatif``, ``yesno``, ``ramble``, ``context``), ``followup`` conversations of two turns in one
thread, the last scored (``pronoun``, ``ellipsis``, ``switch``: a new topic that must not inherit the
first turn's document), ``unanswerable`` (``near``: a neighbouring file or licence the corpus does not
hold; ``finer``: a detail finer than the text gives; ``premise``: a false claim about something the
text covers; ``never``: nothing in the corpus, among them handbook questions; ``offdomain``),
``language`` (a question in another language: the expected behaviour is the English-only note; the
document and fact name what a first citation should be). ``source`` is ``man`` or ``licenses`` (the
expected documents' half).

Where the corpus says a thing twice (``shadow``/``gshadow``, LGPL-2/LGPL-2.1, the systemd pages'
shared drop-in paragraphs, GPL-3/GFDL-1.3's termination wording) every such document is listed: any
is a right first citation. ``--check`` proves each fact sits in a listed document and in no unlisted one.
"""

from __future__ import annotations

from answer_quality_blind9_questions import Q9

M, L = "man5/", "licenses/"


def _docs(doc: str | tuple[str, ...]) -> tuple[str, ...]:
    return doc if isinstance(doc, tuple) else (doc,)


def _src(docs: tuple[str, ...]) -> str:
    return {"man5": "man"}.get(docs[0].split("/", 1)[0], "licenses")


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


BLIND19: tuple[Q9, ...] = (
    # Answerable: accounts and logins
    _a("a01", "chat", "our new disk shows up as sdc on one boot and sdd on the next, what should go in the first column of the mount table so it stops breaking", M + "fstab.5.txt", "device names are often a coincidence of hardware detection order"),
    _a("a02", "terse", "mount point directory name has a space, fstab escaping?", M + "fstab.5.txt", "if the name of the mount point contains spaces or tabs"),
    _a("a03", "yesno", "For an sshfs mount, is it still okay to put sshfs# in front of the host in the first field?", M + "fstab.5.txt", "rather than add any prefix to the first fstab field"),
    _a("a04", "chat", "someone's login shell column in the accounts file is blank, what do they get when they log in", M + "passwd.5.txt", "if this field is empty, it defaults to the value /bin/sh"),
    _a("a05", "whatif", "If the second field of an account line is just a lowercase x, where does the real password hash live?", M + "passwd.5.txt", "then the encrypted password is actually stored in the shadow(5) file"),
    _a("a06", "terse", "ampersand inside the comment/full-name field - what does it turn into", M + "passwd.5.txt", "will be replaced by the capitalised login name"),
    _a("a07", "whatif", "What happens if the last-changed date of a user's password is set to zero?", M + "shadow.5.txt", "the user should change her password the next time she will log in the system"),
    _a("a08", "yesno", "Is an account that has expired the same thing as a password that has expired?", M + "shadow.5.txt", "note that an account expiration differs from a password expiration"),
    _a("a09", "chat", "can i put 0 in the account expiry column to say this account never expires", M + "shadow.5.txt", "the value 0 should not be used as it is interpreted as either an account with no expiration"),
    _a("a10", "terse", "min password age bigger than max age - consequence", M + "shadow.5.txt", "if the maximum password age is lower than the minimum password age, the user cannot change her password"),
    _a("a11", "chat", "a contractor who isn't in the group needs its permissions for an hour - where does a group password come in", M + "gshadow.5.txt", "the password is used when a user who is not a member of the group wants to gain the permissions of this group"),
    _a("a12", "yesno", "Can the people listed as a group's administrators add or remove its members?", M + "gshadow.5.txt", "administrators can change the password or the members of the group"),
    _a("a13", "ramble", "bit of a tangent, but an old colleague always joked that the BSD docs themselves admit nobody maintains the list of groups properly and it is always out of date - is that grumble actually written down somewhere or did he make it up?", M + "group.5.txt", "no one seems to keep /etc/group up-to-date"),
    _a("a14", "chat", "can a machine's name in the static host table start with a number", M + "hosts.5.txt", "they must begin with an alphabetic character and end with an alphanumeric character"),
    _a("a15", "whatif", "If I add a line to the local host table, do I have to restart some daemon before it is used?", M + "hosts.5.txt", "modifications to this file normally take effect immediately"),
    _a("a16", "yesno", "May one host get two separate lines in the host table, one per IP version?", M + "hosts.5.txt", "a host may have two separate entries in this file"),
    _a("a17", "terse", "how many nameserver lines does the resolver honour", M + "resolv.conf.5.txt", "name servers may be listed, one per keyword"),
    _a("a18", "whatif", "What if the resolver config has two separate search lines?", M + "resolv.conf.5.txt", "only the search list from the last instance is used"),
    _a("a19", "chat", "the dns resolver config file is just gone on one box, which server does it ask then", M + "resolv.conf.5.txt", "only the name server on the local machine will be queried"),
    _a("a20", "terse", "resolver domain keyword vs search keyword", M + "resolv.conf.5.txt", "the domain directive is an obsolete name for the search directive"),
    _a("a21", "chat", "i put a * line for open files in the pam limits config but root still isn't limited, why", M + "limits.conf.5.txt", "group and wildcard limits are not applied to the root user"),
    _a("a22", "whatif", "What does it mean if the type column of a limits line is just a dash?", M + "limits.conf.5.txt", "for enforcing both soft and hard resource limits together"),
    _a("a23", "terse", "does the max logins limit count uid 0", M + "limits.conf.5.txt", "this limit does not apply to user with uid=0"),
    _a("a24", "chat", "in the login access table, how do I make it clear that a name is a group and not a user", M + "access.conf.5.txt", "group entries should be written with brackets"),
    _a("a25", "terse", "pam access table several rules match which applies", M + "access.conf.5.txt", "is scanned for the first entry that matches"),
    _a("a26", "yesno", "When I list the terminals root may log in on, do I write them with /dev/ in front?", M + "securetty.5.txt", "without leading /dev/"),
    _a("a27", "whatif", "We need to stop everyone except root from logging in during tonight's maintenance window - is there a simple switch for that?", M + "nologin.5.txt", "temporarily disabling all unprivileged logins"),
    _a("a28", "chat", "when exactly do people see the message of the day, before or after their shell starts", M + "motd.5.txt", "after a successful login but just before it executes the login shell"),
    _a("a29", "whatif", "What could break for a service account if its shell is not in the list of valid login shells?", M + "shells.5.txt", "ftp daemons traditionally disallow access to users with shells not included in this file"),
    # Git's files
    _a("a30", "chat", "i want to ignore my editor's swap files in every repo on my laptop without committing that to each project", M + "gitignore.5.txt", "generally go into a file specified by core.excludesfile"),
    _a("a31", "yesno", "If a whole folder is ignored, can a later pattern with ! bring one file inside it back?", M + "gitignore.5.txt", "it is not possible to re-include a file if a parent directory of that file is excluded"),
    _a("a32", "terse", "adding a pattern for a file already committed - does git stop tracking it", M + "gitignore.5.txt", "files already tracked by git are not affected"),
    _a("a33", "chat", "two lines in the same ignore file contradict each other, which one wins", M + "gitignore.5.txt", "the last matching pattern decides the outcome"),
    _a("a34", "yesno", "Does the file that maps author names care about upper and lower case?", M + "gitmailmap.5.txt", "both e-mails and names are matched case-insensitively"),
    _a("a35", "whatif", "What if our .mailmap in the working tree is a symlink to a shared copy elsewhere?", M + "gitmailmap.5.txt", "git does not follow symbolic links when accessing a .mailmap file"),
    _a("a36", "terse", "submodule path ending in slash ok?", M + "gitmodules.5.txt", "the path name must not end with a /"),
    _a("a37", "chat", "can the shared submodule file tell git to run my own shell command as the update method", M + "gitmodules.5.txt", "for security reasons, the !command form is not accepted here"),
    _a("a38", "whatif", "If no branch is configured for a submodule, which branch does it follow upstream?", M + "gitmodules.5.txt", "it defaults to the remote head"),
    # Boot, kernel and system settings
    _a("a39", "chat", "how big does a ram-backed filesystem get if i mount it without any size option", M + "tmpfs.5.txt", "the default, when neither size nor nr_blocks is specified, is size=50%"),
    _a("a40", "whatif", "If I unmount a tmpfs and mount it again, are the files still there?", M + "tmpfs.5.txt", "if a tmpfs filesystem is unmounted, its contents are discarded"),
    _a("a41", "yesno", "Can a memory filesystem be made bigger without wiping what's on it?", M + "tmpfs.5.txt", "during a remount operation"),
    _a("a42", "chat", "our app wants a stable unique id for the host, can it just read the machine id file and send that to our server", M + "machine-id.5.txt", "the machine id or any part of it must not be used directly"),
    _a("a43", "terse", "machine id format, how many characters", M + "machine-id.5.txt", "hexadecimal, 32-character, lowercase id"),
    _a("a44", "context", "We build one golden VM image and clone it to hundreds of hosts. What should the machine id file look like inside that image?", M + "machine-id.5.txt", "should be either missing or an empty file in the generic file system image"),
    _a("a45", "yesno", "Will swapping the network card give the box a new machine ID?", M + "machine-id.5.txt", "does not change based on local or network configuration or when hardware is replaced"),
    _a("a46", "chat", "how long can the name in the hostname file be and what characters are allowed", M + "hostname.5.txt", "up to 64 7-bit ascii lower-case alphanumeric characters or hyphens"),
    _a("a47", "whatif", "If DHCP hands us a name but the hostname file is also set, which one does the machine end up with?", M + "hostname.5.txt", "gives higher priority to the static hostname"),
    _a("a48", "terse", "where does faillock keep its tally files by default", M + "faillock.conf.5.txt", "the default is /var/run/faillock"),
    _a("a49", "whatif", "What if I set the lockout's unlock time to zero?", M + "faillock.conf.5.txt", "the value 0 has the same meaning as value never"),
    _a("a50", "chat", "locked-out users get back in after a reboot even though the unlock time hasn't passed, is that expected", M + "faillock.conf.5.txt", "is usually cleared on system boot"),
    _a("a51", "yesno", "Can the root account get locked out by failed attempts too?", M + "faillock.conf.5.txt", "root account can become locked as well as regular accounts"),
    _a("a52", "terse", "adduser home directory permissions setting name", M + "adduser.conf.5.txt", "the permissions mode for home directories of non-system users"),
    _a("a53", "chat", "what uid range do ordinary new users get from adduser out of the box", M + "adduser.conf.5.txt", "defaults to 1000 - 59999"),
    _a("a54", "whatif", "If we delete a leaver's account with deluser, does their home folder go away too unless we say otherwise?", M + "deluser.conf.5.txt", "removes the home directory and mail spool of the user to be removed"),
    _a("a55", "chat", "the user removal tool has its own config - does it beat what's in the adduser config", M + "deluser.conf.5.txt", "settings in deluser.conf may overwrite settings made in adduser.conf"),
    _a("a56", "terse", "subordinate uid file huge, slow parsing, advice", (M + "subuid.5.txt", M + "subgid.5.txt"), "it is recommended to use uids instead of login names"),
    _a("a57", "yesno", "In the kernel parameter drop-in files, can I write a key with slashes instead of dots?", M + "sysctl.d.5.txt", "may be used as separators within sysctl variable names"),
    _a("a58", "whatif", "What if my kernel setting belongs to a driver that only gets loaded later, once the network comes up?", M + "sysctl.d.5.txt", "will not configure such parameters if they become available after it has run"),
    _a("a59", "terse", "sysctl config value length limit", M + "sysctl.conf.5.txt", "maximum supported line length of the value is 4096 characters"),
    _a("a60", "chat", "what's a leading minus in front of a line in the sysctl config for", (M + "sysctl.conf.5.txt", M + "sysctl.d.5.txt"), "any attempts to set the value that fail will be ignored"),
    _a("a61", "yesno", "Should I list every driver the box needs in the boot-time module list?", M + "modules-load.d.5.txt", "it is usually a better idea to rely on the automatic module loading"),
    _a("a62", "chat", "can the local timezone file just be a copy of the zone data instead of a symlink", M + "localtime.5.txt", "this file may not be a normal file or hardlink"),
    _a("a63", "whatif", "What timezone do programs assume when the local timezone link does not exist?", M + "localtime.5.txt", "if /etc/localtime is missing, the default"),
    _a("a64", "terse", "override system locale from kernel command line at boot?", M + "locale.conf.5.txt", "may be used to override the locale settings at boot"),
    _a("a65", "chat", "best way to point the time sync daemon at our own ntp servers without editing the vendor's main config", (M + "timesyncd.conf.5.txt", M + "networkd.conf.5.txt", M + "pstore.conf.5.txt", M + "sleep.conf.d.5.txt"), "using drop-ins for local configuration is recommended over modifications to the main configuration file"),
    _a("a66", "yesno", "Could I use the password hashing methods as a general checksum for files?", M + "crypt.5.txt", "they are not suitable for use as general-purpose cryptographic hashes"),
    _a("a67", "chat", "why does every user's stored hash get its own random salt, what does it buy us", M + "crypt.5.txt", "the salt should be chosen at random for each user"),
    _a("a68", "whatif", "What happens if the trusted-hosts file for r-commands ends up with a plus sign alone on a line?", M + "hosts.equiv.5.txt", "a standalone plus sign is a wildcard character that means"),
    _a("a69", "terse", "trusted hosts file: short hostname or fully qualified", M + "hosts.equiv.5.txt", "you should always use the fqdn of the hostname"),
    _a("a70", "chat", "why is it that only root can listen on ports under 1024", M + "services.5.txt", "so clients connecting to low numbered ports can trust that the service"),
    _a("a71", "yesno", "If a service has an entry in the port-name list, does that mean it is running?", M + "services.5.txt", "does not necessarily mean that the service is currently running"),
    _a("a72", "terse", "resolver library return all addresses from hosts file, default?", M + "host.conf.5.txt", "this is off by default, as it may cause a substantial performance loss"),
    # Units, packages
    _a("a73", "chat", "what do I have to call the unit file for swapping on /dev/sda5", M + "systemd.swap.5.txt", "must be configured in a unit file dev-sda5.swap"),
    _a("a74", "whatif", "What if I put After=network-online.target on the automount for our NFS share?", M + "systemd.automount.5.txt", "doing so may result in an ordering cycle"),
    _a("a75", "yesno", "Can a path unit notice changes another server makes on an NFS export?", M + "systemd.path.5.txt", "cannot be used to monitor files or directories changed by other machines"),
    _a("a76", "terse", "KillMode=process effect", M + "systemd.kill.5.txt", "only the main process itself is killed"),
    _a("a77", "chat", "there are no preset files on the box at all - do installed units end up enabled or disabled", M + "systemd.preset.5.txt", "if no preset files exist, preset operations will enable all units"),
    _a("a78", "terse", "conffiles flag to drop an old config file on upgrade", M + "deb-conffiles.5.txt", "to mark that a conffile needs to be removed on the next upgrade"),
    _a("a79", "chat", "which keywords can go after the semicolon in a debian changelog header", M + "deb-changelog.5.txt", "the only keywords currently supported by dpkg are urgency and binary-only"),
    _a("a80", "yesno", "In a package control file, may a field name start with a hyphen?", M + "deb822.5.txt", "nor with the hyphen character"),
    _a("a81", "whatif", "If what my trigger does is not crucial, which flavour of the interest directive should the package use?", M + "deb-triggers.5.txt", "variant should be used when the functionality provided by the trigger is not crucial"),
    _a("a82", "whatif", "If our hosts boot with systemd, does editing /etc/default/hwclock still do anything?", M + "hwclock.5.txt", "on systems using systemd as init, the hwclock init script is ignored"),
    # Licences
    _a("l01", "chat", "we broke the gplv3 by accident and fixed it right away, do we get our licence back", (L + "GPL-3.txt", L + "GFDL-1.3.txt"), "your license from a particular copyright holder is reinstated"),
    _a("l02", "terse", "gpl 3 how long to fix violation after first notice", (L + "GPL-3.txt", L + "GFDL-1.3.txt"), "you cure the violation prior to 30 days after your receipt of the notice"),
    _a("l03", "context", "We ship a binary of a GPL-2 program and don't want the source on the download page; we'd rather offer it on request. How long must that offer stay open?", L + "GPL-2.txt", "valid for at least three years, to give any third party, for a charge no more than"),
    _a("l04", "yesno", "Under Apache 2.0, do I have to mark the files I changed?", L + "Apache-2.0.txt", "you must cause any modified files to carry prominent notices stating that you changed the files"),
    _a("l05", "whatif", "What happens to my Apache patent licence if I sue someone claiming the work infringes my patent?", L + "Apache-2.0.txt", "shall terminate as of the date such litigation is filed"),
    _a("l06", "terse", "apache NOTICE file - can it add licence conditions", L + "Apache-2.0.txt", "the contents of the notice file are for informational purposes only"),
    _a("l07", "chat", "can marketing use the university's name to advertise our product that's built on BSD-licensed code", L + "BSD.txt", "neither the name of the university nor the names of its contributors may be used to endorse"),
    _a("l08", "whatif", "If the CC0 waiver turns out not to hold up in some country's courts, what do people get instead?", L + "CC0-1.0.txt", "hereby grants to each affected person a royalty-free"),
    _a("l09", "chat", "we have an lgpl 2.1 library and want to paste part of it into a normal program, can we switch that copy to the plain gpl", (L + "LGPL-2.1.txt", L + "LGPL-2.txt"), "you may opt to apply the terms of the ordinary gnu general public license"),
    _a("l10", "yesno", "Once a copy of a Lesser GPL library is switched to the ordinary GPL, can it be switched back?", (L + "LGPL-2.1.txt", L + "LGPL-2.txt"), "it is irreversible for that copy"),
    _a("l11", "terse", "artistic license selling the package itself allowed?", L + "Artistic.txt", "you may not charge a fee for this package itself"),
    _a("l12", "chat", "there's MPL 2.0 code inside our bigger closed product, is that allowed at all", L + "MPL-2.0.txt", "you may create and distribute a larger work under terms of your choice"),
    _a("l13", "whatif", "Until what date could a public wiki move its GFDL content over to CC-BY-SA?", L + "GFDL-1.3.txt", "at any time before august 1, 2009"),
    _a("l14", "yesno", "Is the LGPL version 3 a complete licence on its own, or does it lean on the GPL?", L + "LGPL-3.txt", "supplemented by the additional permissions listed below"),
    _a("l15", "terse", "lgpl 2.1 relation to library gpl", L + "LGPL-2.1.txt", "this is the first released version of the lesser gpl"),
    _a("l16", "yesno", "Do I have to accept the GPL-3 just to run a program somebody gave me?", L + "GPL-3.txt", "you are not required to accept this license in order to receive or run a copy of the program"),
    # Unanswerable
    _n("u01", "near", "What's the syntax in sudoers to let a group run one command without a password?"),
    _n("u02", "near", "How do I make logrotate keep fourteen compressed copies of a log?"),
    _n("u03", "near", "What crontab line runs a job every weekday at six in the morning?"),
    _n("u04", "near", "Which sshd_config option stops root from logging in over ssh?"),
    _n("u05", "near", "How do I set the default umask for all users in login.defs?"),
    _n("u06", "finer", "Exactly how many seconds does faillock wait before the next attempt when nodelay is off?"),
    _n("u07", "finer", "How many bytes does one record in a faillock tally file take?"),
    _n("u08", "finer", "What is the most aliases a single line of the host table may carry?"),
    _n("u09", "finer", "How many submodules can one .gitmodules file hold at most?"),
    _n("u10", "premise", "Why does the GPL-3 make me publish my source within 90 days of every release?"),
    _n("u11", "premise", "Where in the Apache 2.0 licence is the clause that forbids commercial use?"),
    _n("u12", "premise", "Which clause of the BSD licence obliges me to send my changes back to the university?"),
    _n("u13", "premise", "How do I list one hostname per network interface in /etc/hostname, one per line?"),
    _n("u14", "premise", "Since the MPL 2.0 makes my whole product open source, how do I publish the rest of our code?"),
    _n("u15", "never", "What's the nightly limit for hotel stays on business trips?"),
    _n("u16", "never", "Can I carry unused holiday days over into next year?"),
    _n("u17", "never", "Who approves a purchase order above five thousand euros?"),
    _n("u18", "never", "How do I set up a Kubernetes ingress with TLS certificates?"),
    _n("u19", "offdomain", "which river flows through budapest"),
    _n("u20", "offdomain", "how many minutes do I boil an egg for a runny yolk"),
    _n("u21", "near", "Which country's law governs the European Union Public Licence?"),
    _n("u22", "near", "What does the MIT licence require me to keep when I copy the code?"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("what is the shadow password file for", "who should be allowed to read it?"), (M + "shadow.5.txt", M + "gshadow.5.txt"), "must not be readable by regular users"),
    _c("c02", "ellipsis", ("how long does faillock keep someone locked out by default", "and the window the failures have to fall in?"), M + "faillock.conf.5.txt", "the default is 900 (15 minutes)"),
    _c("c03", "pronoun", ("tell me about git's mailmap file", "where else does git look for it besides the top of the repo?"), M + "gitmailmap.5.txt", "mailmap.file or mailmap.blob configuration options"),
    _c("c04", "switch", ("how do I write a line in the static host table", "different question: under the MPL 2.0, what happens to my rights if I sue a contributor over a patent?"), L + "MPL-2.0.txt", "alleging that a contributor version directly or indirectly infringes any patent"),
    _c("c05", "ellipsis", ("what does KillMode=mixed do to a service's processes", "and none?"), M + "systemd.kill.5.txt", "if set to none, no process is killed"),
    _c("c06", "pronoun", ("what's new in version 1.3 of the free documentation licence", "does it let wikis move content to a creative commons licence?"), L + "GFDL-1.3.txt", "may republish an mmc contained in the site under cc-by-sa"),
    # Not English: the expected behaviour is the English-only note
    _l("k01", "es", "¿En /etc/hosts se puede poner un comentario con almohadilla?", M + "hosts.5.txt", "is a comment, and is ignored"),
    _l("k02", "de", "Wie viele Fehlversuche lässt faillock zu, bevor ein Konto gesperrt wird?", M + "faillock.conf.5.txt", "deny access if the number of consecutive authentication failures"),
    _l("k03", "fr", "Avec la licence Artistic, puis-je faire payer le support ?", L + "Artistic.txt", "you may charge any fee you choose for support of this package"),
    _l("k04", "pt", "O arquivo /etc/machine-id pode conter só zeros?", M + "machine-id.5.txt", "this id may not be all zeros"),
    _l("k05", "ja", "tmpfsのinode数の上限は、指定しない場合いくつになりますか？", M + "tmpfs.5.txt", "the default is half of the number of your physical ram pages"),
    _l("k06", "nl", "Mag een softwarepakket zelf een preset-bestand meeleveren voor zijn units?", M + "systemd.preset.5.txt", "it is not recommended to ship preset files within the respective software packages"),
)  # fmt: skip
