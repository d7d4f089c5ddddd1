"""The questions of blind 22 (bench/answer_quality_blind22.py): session 40, helper u8.

Written before any measurement on this corpus, by a helper who tunes nothing and had not read the
ranking, abstention or assistant code, from the documents' meaning in a build engineer's own words:
a platform team choosing the minimum CMake version for a monorepo, a developer whose configure step
prints a policy warning after an upgrade, a release engineer asking which release brought or broke a
thing, a maintainer porting old scripts off deprecated commands and modules - not the documents'
phrases. The corpus (bench/answer_quality_blind22_corpus.py) is this machine's CMake 3.25 reference
documentation - the release notes 3.0-3.25, the policies CMP0000-CMP0142, the deprecated commands and
modules: a domain no answers set was written on and no rule was fitted to.

It holds versioned families of both kinds, and the questions ask about both:
- releases do NOT supersede each other: the right document is the release that introduced, changed or
  removed a thing ("from which 3.x can we pass -S and -B") or the one the user runs ("we're pinned to
  3.13 - do we have FetchContent_MakeAvailable"); a neighbouring release's notes, which look alike
  ("learned to support ..."), are wrong, and a patch release in an "Updates" section can revert or
  downgrade what its .0 release did (3.13.3's error downgraded, 3.19.2 returning to uname -m);
- a newer document DOES supersede an older one: a policy whose NEW behaviour replaces the OLD one
  (and which version introduced it), a deprecated command or module naming its replacement.

Kinds and tags (``Q9``, blind 10's kinds): ``answerable`` (tag = register: ``chat``, ``terse``,
``whatif``, ``yesno``, ``words`` - the thing described in other words than the document's, without
its name -, ``multi`` - several sentences of context before the question), ``followup`` conversations
of two turns in one thread, the last scored (``pronoun``, ``ellipsis``, ``switch``), ``unanswerable``
(``near``: a release, policy or module the corpus does not hold; ``finer``: a detail finer than the
documents give; ``premise``: a false claim about something they cover; ``never``: nothing in the
corpus, company-style; ``offdomain``), ``language`` (a question in another language: the expected
behaviour is the English-only note; the document and fact name what a first citation should be).
``source`` is ``releases``, ``policies`` or ``deprecated`` (the expected documents' half).

Where two documents say the same thing every such document is listed: any is a right first citation.
``--check`` proves each fact sits in a listed document and in no unlisted one.
"""

from __future__ import annotations

from answer_quality_blind9_questions import Q9

R, P, D = "cmake-releases/", "cmake-policies/", "cmake-deprecated/"
SOURCES = {"cmake-releases/": "releases", "cmake-policies/": "policies", "cmake-deprecated/": "deprecated"}


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


BLIND22: tuple[Q9, ...] = (
    # Answerable: release notes (the release that introduced, changed or removed it, or the one the user runs)
    _a("r01", "chat", "from which cmake version can I just say cmake --build . -j 8 instead of passing -- -j8 to make?", R + "3.12.txt", "--parallel [<jobs>] and -j [<jobs>] options to specify a parallel"),
    _a("r02", "terse", "cmake -S -B options first release", (R + "3.13.txt"), "command line option to specify the location of the source directory"),
    _a("r03", "yesno", "We're pinned to CMake 3.13 on the build farm - is FetchContent_MakeAvailable already there?", R + "3.14.txt", "dependency names, which it then iterates over, populating and adding"),
    _a("r04", "chat", "which version added a command to set preprocessor defines for a whole directory, the one meant to replace add_definitions?", R + "3.12.txt", "this supersedes add_definitions"),
    _a("r05", "terse", "precompiled headers support cmake version", R + "3.16.txt", "a list of headers to precompile for faster compilation times"),
    _a("r06", "words", "is there a switch that glues many .cpp files of a target together into bigger translation units so the build gets faster, and since when?", R + "3.16.txt", "generators to batch include source files for faster compilation"),
    _a("r07", "chat", "when did cmake get an install mode so I don't need make install anymore", R + "3.15.txt", "the cmake(1) command gained a new --install option"),
    _a("r08", "terse", "CMakePresets.json introduced", R + "3.19.txt", "cmakepresets.json and cmakeuserpresets.json files (see"),
    _a("r09", "whatif", "If I pass --fresh when configuring an existing build tree, what happens to the old cache?", R + "3.24.txt", "option to remove any existing cmakecache.txt file and associated cmakefiles/"),
    _a("r10", "chat", "which release brought the ninja generator that builds Debug and Release from one build dir", R + "3.17.txt", "which is similar to the ninja generator but can be used to build"),
    _a("r11", "terse", "cmake_path command added in", R + "3.20.txt", "the cmake_path command was added for operations on"),
    _a("r12", "yesno", "Can I give the toolchain file with a dedicated command-line flag in 3.21 rather than -DCMAKE_TOOLCHAIN_FILE?", R + "3.21.txt", "command-line option to specify a toolchain file"),
    _a("r13", "words", "how can a CMakeLists find out whether it is the outermost project or was pulled in as a subproject by someone else?", R + "3.21.txt", "to indicate whether it was called in a top-level cmakelists.txt file"),
    _a("r14", "chat", "is there a cross-platform rm -rf in cmake -E now, and what was wrong with the old remove tools?", R + "3.17.txt", "used to remove directories and files.  this supersedes the existing"),
    _a("r15", "terse", "ctest rerun flaky test until pass option version", R + "3.17.txt", "the existing --repeat-until-fail <n> option to add modes for"),
    _a("r16", "chat", "which cmake started supporting objective-c as a language of its own", R + "3.16.txt", "cmake learned to support the objective c (objc) and objective c++"),
    _a("r17", "yesno", "Does CMake 3.19 support ISPC as a real language in project()?", R + "3.19.txt", "cmake learned to support ispc as a first-class language that can be"),
    _a("r18", "terse", "cuda with clang non-windows first version", R + "3.18.txt", "the cuda language can now be compiled using clang on non-windows"),
    _a("r19", "chat", "when did the VS 2019 generator show up and was it final at first?", R + "3.14.txt", "experimental and based on \"visual studio 2019 preview 4\" because this"),
    _a("r20", "terse", "visual studio 17 2022 generator added", R + "3.21.txt", "the visual studio 17 2022 generator was added."),
    _a("r21", "whatif", "We still generate Visual Studio 2012 solutions. What should we expect if we move to CMake 3.25?", R + "3.25.txt", "the visual studio 11 2012 generator is now deprecated"),
    _a("r22", "yesno", "Is the Visual Studio 2010 generator still available in 3.25?", R + "3.25.txt", "the visual studio 10 2010 generator has been removed."),
    _a("r23", "terse", "visual studio 2005 generator removed version", R + "3.12.txt", "the visual studio 8 2005 generator has been removed."),
    _a("r24", "chat", "our mac devs on M1 - from which version is the cmake.org download a universal binary and what macOS does it need?", R + "3.19.txt", "it requires macos 10.10 or newer"),
    _a("r25", "multi", "We upgraded a Mac CI agent to CMake 3.19.1 and the host architecture suddenly came out as arm64 even under Rosetta. Was that a known bug, and which patch release went back to the old detection?", R + "3.19.txt", "cmake 3.19.2 returns to using uname -m as cmake 3.18 and below did"),
    _a("r26", "chat", "is there still a linux 32-bit download on cmake.org? when did that stop", R + "3.7.txt", "we no longer provide linux i386 binaries for download from cmake.org"),
    _a("r27", "whatif", "If we install the 3.5 windows package over an older cmake, is there anything to clean up first?", R + "3.5.txt", "to manually uninstall cmake versions lower than 3.5 before installing"),
    _a("r28", "terse", "windows arm64 cmake binary available since", R + "3.24.txt", "a precompiled windows arm64 binary is now provided on"),
    _a("r29", "yesno", "Can we still build .pkg installers with the PackageMaker generator in CPack 3.24?", R + "3.24.txt", "the deprecated cpack packagemaker generator has been removed"),
    _a("r30", "multi", "Some of our scripts call cmake with neither a source nor a build directory and just rely on the current directory. 3.13.3 made that fail hard. Did a later 3.13 patch relax that?", R + "3.13.txt", "directory is specified has been downgraded to a warning"),
    _a("r31", "chat", "which version let cmake_minimum_required take a range like 3.10...3.20", R + "3.12.txt", "commands now accept a version range using the form <min>[...<max>]"),
    _a("r32", "terse", "file ARCHIVE_CREATE subcommand version", R + "3.18.txt", "archive_extract subcommands to expose the cmake(1) -e tar"),
    _a("r33", "chat", "when was the interactive -i wizard dropped from cmake and what do I use instead", R + "3.0.txt", "instead use an interactive dialog such as ccmake(1)"),
    _a("r34", "terse", "FindVTK module removed", R + "3.1.txt", "it was a thin-wrapper around find_package(vtk ... no_module)."),
    _a("r35", "yesno", "Is the KDevelop3 generator still around in 3.11?", R + "3.11.txt", "the kdevelop3 generator has been removed."),
    _a("r36", "chat", "our IDE plugin still talks to cmake-server, in which release did that mode disappear and what replaces it?", R + "3.20.txt", "clients should use the cmake-file-api(7) instead"),
    _a("r37", "whatif", "What happens in 3.19 if our CI still passes --warn-unused-vars?", R + "3.19.txt", "been removed and is now silently ignored.  the option has not worked"),
    _a("r38", "terse", "target_link_options first version", R + "3.13.txt", "specify link options for targets and their dependents"),
    _a("r39", "chat", "which release added the module that runs gtest binaries at build time to discover test names instead of parsing sources", R + "3.10.txt", "gtest_discover_tests implementing dynamic (build-time) test"),
    _a("r40", "terse", "GoogleTest module gtest_add_tests independent of FindGTest", R + "3.9.txt", "gtest_add_tests function independently of the findgtest"),
    _a("r41", "chat", "since which cmake are FindPython3 / FindPython2 available", R + "3.12.txt", "a new findpython module, have been added to provide a new way"),
    _a("r42", "yesno", "Can I write if(\"foo\" IN_LIST mylist) with cmake 3.3?", R + "3.3.txt", "evaluates to true if a given element is contained in a named list"),
    _a("r43", "terse", "if TEST operator added", R + "3.4.txt", "to true if a given test name has been defined by the add_test"),
    _a("r44", "chat", "which cmake lets foreach walk two lists side by side", R + "3.17.txt", "the foreach command learned a new zip_lists option to iterate"),
    _a("r45", "terse", "list PREPEND POP_FRONT POP_BACK version", R + "3.15.txt", "prepend, pop_front and pop_back."),
    _a("r46", "chat", "since when can cmake chmod files from the script itself, without calling out to chmod", R + "3.19.txt", "were added to set permissions of files and directories"),
    _a("r47", "words", "is there a way to queue a function call so it runs only when cmake has finished reading the current directory?", R + "3.19.txt", "schedule command calls to occur at the end of processing a directory"),
    _a("r48", "terse", "--log-level renamed from --loglevel", R + "3.16.txt", "the --loglevel option is still supported to"),
    _a("r49", "chat", "when did the runtime library choice for MSVC (/MD vs /MT) get its own variable instead of editing the flags", R + "3.15.txt", "select the runtime library used by compilers targeting the msvc abi"),
    _a("r50", "multi", "On 3.15.0 our clang-cl build asked for C++11 and got broken std library errors. I read something about the 98 and 11 modes. What did the first patch release change?", R + "3.15.txt", "therefore cmake 3.15.1 passes c++14 standard"),
    _a("r51", "chat", "can ccache be used for CUDA sources with the compiler launcher, and from which version", R + "3.10.txt", "cuda language (c and cxx were supported previously).  see the"),
    _a("r52", "terse", "C++23 CXX_STANDARD support version", R + "3.20.txt", "c++23 compiler modes may now be specified via the cxx_standard"),
    _a("r53", "chat", "which cmake knows about C++26 in compile features", R + "3.25.txt", "is now aware of c++26, and defines a cxx_std_26 meta-feature"),
    _a("r54", "whatif", "If I let find_program reject a candidate binary with my own check function, which version do I need?", R + "3.25.txt", "commands gained a validator option to specify a"),
    _a("r55", "terse", "SYSTEM target property added", R + "3.25.txt", "the system target property was added to specify"),
    _a("r56", "chat", "is there a way in cmake to run configure, build, test and package presets in one go, and since when?", R + "3.25.txt", "workflowpresets field to specify presets for cmake --workflow"),
    _a("r57", "terse", "try_compile NO_CACHE option version", R + "3.25.txt", "option no_cache to store results in normal variables"),
    _a("r58", "words", "can we hook find_package so that every dependency lookup goes through our own package manager integration instead?", R + "3.24.txt", "can be redirected through a custom command, which can choose to fulfill the"),
    _a("r59", "chat", "find_package GLOBAL option to make imported targets visible everywhere, which release", R + "3.24.txt", "the find_package command gained a global option that"),
    _a("r60", "terse", "ENVIRONMENT_MODIFICATION test property version", R + "3.22.txt", "through the environment_modification property. this is allows"),
    _a("r61", "yesno", "Can a test attach labels to itself at run time in ctest 3.22?", R + "3.22.txt", "ctest(1) learned to recognize labels attached to a test at run time"),
    _a("r62", "chat", "env var to set the default build type so people stop forgetting -DCMAKE_BUILD_TYPE, which version", R + "3.22.txt", "the cmake_build_type environment variable was added to"),
    _a("r63", "terse", "CMAKE_TOOLCHAIN_FILE environment variable", R + "3.21.txt", "the cmake_toolchain_file environment variable was added to"),
    _a("r64", "chat", "header file sets - which release can install them with install(TARGETS)?", R + "3.23.txt", "the install(targets) command gained a new file_set argument"),
    _a("r65", "terse", "IBM Open XL compiler id", R + "3.23.txt", "compiler id ibmclang"),
    _a("r66", "yesno", "Does the NSIS generator in CPack 3.22 still work with NSIS 2.x?", R + "3.22.txt", "the cpack nsis generator now requires nsis 3.03 or later"),
    _a("r67", "chat", "when did CUDAARCHS env var arrive for the default cuda architectures", R + "3.20.txt", "the cudaarchs environment variable was added for initializing"),
    _a("r68", "terse", "configure_file USE_SOURCE_PERMISSIONS", R + "3.20.txt", "the configure_file command gained use_source_permissions"),
    _a("r69", "chat", "the AddFileDependencies module - which release deprecated it and what do they want us to do", R + "3.20.txt", "port projects to use set_property directly"),
    _a("r70", "whatif", "What happens to the GENERATED flag on a source if we set it in one directory and use the file from another, in 3.20?", P + "CMP0118.txt", "the new behavior on the other hand allows it to be visible from any scope"),
    _a("r71", "terse", "ccmake colors by entry type", R + "3.17.txt", "ccmake(1) now displays cache values using colors"),
    _a("r72", "chat", "i want to print every find_* search location during configure, which release brought that debug switch", R + "3.17.txt", "the cmake_find_debug_mode variable was introduced to"),
    _a("r73", "terse", "GetPrerequisites deprecated release note", R + "3.16.txt", "superseded by file(get_runtime_dependencies)."),
    _a("r74", "chat", "cmake -E true and false, since when", R + "3.16.txt", "which do nothing while returning exit codes of 0 and 1, respectively"),
    _a("r75", "yesno", "Did the 3.16 docs bundle for Qt Assistant keep the version number in its file name?", R + "3.16.txt", "the qt compressed help file is now named cmake.qch, which no longer"),
    _a("r76", "terse", "ADDITIONAL_MAKE_CLEAN_FILES deprecated replacement", R + "3.15.txt", "deprecated.  use the additional_clean_files directory property"),
    _a("r77", "chat", "we set EXCLUDE_FROM_ALL on a subdirectory and after upgrading to 3.15.0 things broke. was that a regression?", (R + "3.15.txt", R + "3.14.txt"), "directory property was regressed from pre-3.14 behavior and caused"),
    _a("r78", "terse", "string UUID subcommand version", R + "3.1.txt", "the string command learned a new uuid subcommand"),
    _a("r79", "chat", "ExternalProject option to rebuild the external project every single time, which version", R + "3.1.txt", "learned a new build_always option to cause the external project"),
    _a("r80", "terse", "ctest --repeat-until-fail first added", R + "3.3.txt", "the ctest(1) tool learned a new --repeat-until-fail <n>"),
    _a("r81", "chat", "when did apple's clang start being reported as AppleClang instead of Clang", R + "3.0.txt", "clang is now appleclang.  it must be distinct from upstream"),
    _a("r82", "words", "from which version can cmake send the cache-less -Werror for dev warnings, i.e. make developer warnings fatal from the command line?", R + "3.5.txt", "the new -werror=dev and -wno-error=dev cmake(1) options"),
    _a("r83", "terse", "FindBoost imported targets Boost::filesystem", R + "3.5.txt", "such as boost::boost and boost::filesystem"),
    _a("r84", "chat", "when did cmake-gui get that regex tester thing", R + "3.5.txt", "gained a regular expression explorer which"),
    _a("r85", "terse", "if LESS_EQUAL GREATER_EQUAL added", R + "3.7.txt", "less_equal, greater_equal, strless_equal, strgreater_equal"),
    _a("r86", "chat", "which version added the module to check if the compiler supports LTO / IPO before turning it on", R + "3.9.txt", "a checkiposupported module was added to help projects"),
    _a("r87", "terse", "visual studio 7 .NET 2003 generator removed", R + "3.9.txt", "the visual studio 7 .net 2003 generator has been removed."),
    _a("r88", "whatif", "If a cache value contains a newline, what does cmake 3.11 do with it when writing CMakeCache.txt?", R + "3.11.txt", "values containing newlines are now truncated before writing to the file"),
    _a("r89", "chat", "cmake -E cat - when did it appear", R + "3.18.txt", "gained a cat command line"),
    _a("r90", "terse", "CheckLinkerFlag module added", R + "3.18.txt", "the checklinkerflag module has been added to provide a"),
    _a("r91", "chat", "which release added CheckSourceCompiles as the language-generic version of CheckCSourceCompiles", R + "3.19.txt", "the checksourcecompiles module has been added to"),
    _a("r92", "terse", "3.22 windows system includes -external:I", R + "3.22.txt", "now use the msvc -external:i flag for system includes"),
    _a("r93", "yesno", "Does a target_link_libraries call from another directory work in 3.13?", R + "3.13.txt", "the target_link_libraries command may now be called"),
    _a("r94", "chat", "the cmake-file-api for IDEs, which version introduced it", R + "3.14.txt", "a file-based api for clients to get semantic buildsystem information"),
    _a("r95", "terse", "MSYS runtime environment support", R + "3.21.txt", "cmake now supports the msys runtime environment, much like cygwin"),
    # Answerable: policies (a NEW behaviour that supersedes the OLD one, and the version that brought it)
    _a("p01", "chat", "what does CMP0077 actually change about option() when a parent project already set a normal variable", P + "CMP0077.txt", "the new behavior for this policy is to do nothing when a normal variable of the same name exists"),
    _a("p02", "terse", "CMP0077 introduced version", P + "CMP0077.txt", "option honors normal variables"),
    _a("p03", "whatif", "If I set CMP0074 to NEW, does find_package(Foo) start looking in Foo_ROOT?", P + "CMP0074.txt", "the new behavior for this policy is to use <packagename>_root variables"),
    _a("p04", "chat", "why does cmake keep warning about quoted variables in if() - what's CMP0054 about", P + "CMP0054.txt", "only interpret if arguments as variables or keywords when unquoted"),
    _a("p05", "terse", "CMP0048 project VERSION variables OLD behavior", P + "CMP0048.txt", "the old behavior for this policy is to leave version variables untouched"),
    _a("p06", "words", "after an upgrade our source list entries that lack a file suffix like .cpp no longer resolve - which policy made the suffix mandatory?", P + "CMP0115.txt", "the new behavior of this policy is to not append known extensions and require them to be explicit"),
    _a("p07", "chat", "with CMP0135 NEW what timestamps do extracted download archives get", P + "CMP0135.txt", "the new behavior sets the timestamps of extracted contents to the time of extraction"),
    _a("p08", "yesno", "Under the OLD behaviour of CMP0135, are the archive's own timestamps kept?", P + "CMP0135.txt", "the old behavior for this policy is to restore the timestamps from the archive"),
    _a("p09", "terse", "CMP0091 default msvc runtime value", P + "CMP0091.txt", "multithreaded$<$<config:debug>:debug>dll"),
    _a("p10", "chat", "where did /W3 go from CMAKE_CXX_FLAGS in 3.15 - which policy", P + "CMP0092.txt", "msvc warning flags are not in cmake_<lang>_flags by default"),
    _a("p11", "whatif", "If our project says cmake_minimum_required(VERSION 3.8) and we enable INTERPROCEDURAL_OPTIMIZATION with GCC, will IPO flags be added?", P + "CMP0069.txt", "the old behavior for this policy is to add ipo flags only for intel compiler on linux"),
    _a("p12", "terse", "CMP0083 PIE link flags", P + "CMP0083.txt", "the old behavior for this policy is to not manage pie link flags"),
    _a("p13", "chat", "which policy made cuda builds fail when CUDA_ARCHITECTURES is empty", P + "CMP0104.txt", "raise an error if cuda_architectures is empty during generation"),
    _a("p14", "yesno", "Can test names contain spaces with add_test under CMP0110 NEW?", P + "CMP0110.txt", "allows names with whitespace and special characters for tests created by add_test"),
    _a("p15", "terse", "list invalid index error policy", P + "CMP0121.txt", "the new behavior is for invalid indices to trigger an error"),
    _a("p16", "chat", "return() started complaining about arguments after we bumped to 3.25, what policy is that", P + "CMP0140.txt", "the new behavior is to check the validity of the parameters"),
    _a("p17", "terse", "CMP0141 default debug information format", P + "CMP0141.txt", "$<$<config:debug,relwithdebinfo>:programdatabase>"),
    _a("p18", "chat", "FindOpenGL picks libOpenGL instead of libGL now - which policy and what does OLD do", P + "CMP0072.txt", "the old behavior for this policy is to set opengl_gl_preference to"),
    _a("p19", "terse", "AppleClang compiler id policy", P + "CMP0025.txt", "the new behavior for this policy is to use compiler id appleclang"),
    _a("p20", "whatif", "If a project still reads the LOCATION property of its own build targets, what does the NEW behaviour of the relevant policy do?", P + "CMP0026.txt", "not to allow reading the location properties from build-targets"),
    _a("p21", "terse", "reserved target names policy", P + "CMP0037.txt", "report an error if an add_* command is used with an invalid target name"),
    _a("p22", "chat", "why does if(1) or if(TRUE) not look up a variable called 1 anymore", P + "CMP0012.txt", "recognize numbers and boolean constants without dereferencing variables with such names"),
    _a("p23", "terse", "CMP0063 visibility static libraries", P + "CMP0063.txt", "honor the visibility properties for all target types"),
    _a("p24", "yesno", "Is CMP0000 only a warning when cmake_minimum_required is missing?", P + "CMP0000.txt", "the new behavior is to issue an error instead of a warning"),
    _a("p25", "chat", "include() and find_package() pushing a policy scope - which policy decided that and in what version", P + "CMP0011.txt", "to allow the commands to do their default cmake_policy push and pop"),
    _a("p26", "terse", "CMP0094 python find strategy OLD", P + "CMP0094.txt", "the old behavior for this policy set value version for variables"),
    _a("p27", "chat", "does the loop variable of foreach leak out of the loop with CMP0124 OLD?", P + "CMP0124.txt", "still clears the loop variables at the end of the loop, but does not unset them"),
    _a("p28", "terse", "CMP0126 set CACHE removes normal variable", P + "CMP0126.txt", "the old behavior removes any normal variable of the same name from the current scope"),
    _a("p29", "words", "which policy stops the Documentation module, the old VTK documentation helper, from doing anything?", P + "CMP0106.txt", "the documentation module is removed"),
    _a("p30", "chat", "policy about linking a target to itself through an alias", P + "CMP0108.txt", "a target is not allowed to link to itself even through an alias target"),
    _a("p31", "terse", "find_program execute permission read permission policy", P + "CMP0109.txt", "find_program requires permission to execute but not to read"),
    _a("p32", "chat", "the compiler id for MCST LCC, GNU or LCC? which policy", P + "CMP0129.txt", "compiler id for mcst lcc compilers is now lcc, not gnu"),
    _a("p33", "terse", "while condition errors policy", P + "CMP0130.txt", "while diagnoses condition evaluation errors"),
    _a("p34", "chat", "ExternalProject GIT_SUBMODULES empty string - does it still clone all submodules", P + "CMP0097.txt", "externalproject_add with git_submodules \"\" initializes no"),
    _a("p35", "terse", "project() leading zeros in version", P + "CMP0096.txt", "the project command preserves leading zeros in version components"),
    _a("p36", "chat", "which policy says export(PACKAGE) no longer writes to the user package registry", P + "CMP0090.txt", "export(package) does not populate package registry by default"),
    _a("p37", "terse", "FindBoost Boost_VERSION x.y.z policy", P + "CMP0093.txt", "findboost reports boost_version in x.y.z format"),
    _a("p38", "whatif", "What happens if I call find_package(Qt) with CMP0084 set to NEW?", P + "CMP0084.txt", "the findqt module does not exist for find_package"),
    _a("p39", "terse", "CMP0099 link properties transitive", P + "CMP0099.txt", "the old behavior for this policy is to not propagate interface link"),
    _a("p40", "chat", "is ARMClang going to add -mcpu for me from CMAKE_SYSTEM_PROCESSOR after 3.21", P + "CMP0123.txt", "armclang cpu/arch compile and link flags must be set explicitly"),
    _a("p41", "terse", "CheckIPOSupported caller flags policy", P + "CMP0138.txt", "checkiposupported uses flags from calling project"),
    _a("p42", "chat", "if(PATH_EQUAL) - which policy turned that on", P + "CMP0139.txt", "the if command supports path comparisons using path_equal"),
    # Answerable: deprecated commands and modules (superseded by what, since when)
    _a("d01", "chat", "exec_program is all over our old scripts - what should we use now?", D + "exec_program.txt", "use the execute_process command instead"),
    _a("d02", "terse", "install_files replacement", D + "install_files.txt", "use the install(files) command instead"),
    _a("d03", "terse", "install_targets deprecated use", D + "install_targets.txt", "use the install(targets) command instead"),
    _a("d04", "chat", "what replaced make_directory()", D + "make_directory.txt", "use the file(make_directory) command instead"),
    _a("d05", "terse", "subdirs command replacement", D + "subdirs.txt", "use the add_subdirectory command instead"),
    _a("d06", "chat", "the old remove() command for dropping items from a variable, what do I use now", D + "remove.txt", "use the list(remove_item) command instead"),
    _a("d07", "terse", "write_file deprecated", D + "write_file.txt", "use the file(write) command instead"),
    _a("d08", "whatif", "We still include FindPythonInterp. If we move off it, which modules should we pick?", (D + "FindPythonInterp.txt", D + "FindPythonLibs.txt"), "use findpython3, findpython2 or findpython instead"),
    _a("d09", "terse", "FindPythonLibs deprecated since", D + "FindPythonLibs.txt", "find python libraries"),
    _a("d10", "chat", "what's the replacement for the GetPrerequisites module?", D + "GetPrerequisites.txt", "use file(get_runtime_dependencies) instead"),
    _a("d11", "words", "our toolchain files still use the macros that hard-code the compiler id for cross builds - are those still fine?", D + "CMakeForceCompiler.txt", "the macros provided by this module were once intended for use by"),
    _a("d12", "chat", "TestBigEndian is deprecated, what do we check instead for byte order?", D + "TestBigEndian.txt", "supserseded by the cmake_<lang>_byte_order variable"),
    _a("d13", "terse", "FindwxWindows replaced by", D + "FindwxWindows.txt", "replaced by findwxwidgets"),
    _a("d14", "chat", "WRITE_BASIC_CONFIG_VERSION_FILE - is there a newer name for it", D + "WriteBasicConfigVersionFile.txt", "use the identical command write_basic_package_version_file() from module"),
    _a("d15", "terse", "CHECK_CXX_ACCEPTS_FLAG replacement", D + "TestCXXAcceptsFlag.txt", "see checkcxxcompilerflag"),
    _a("d16", "chat", "can FindQt find Qt5?", D + "FindQt.txt", "this module cannot handle qt5 or any later versions"),
    _a("d17", "yesno", "Should we still call qt_wrap_cpp for our Qt4 code?", D + "qt_wrap_cpp.txt", "module provides the qt4_wrap_cpp() macro, which should be used"),
    _a("d18", "terse", "CMakeDetermineVSServicePack superseded by", D + "CMakeDetermineVSServicePack.txt", "has been superseded by the cmake_<lang>_compiler_version variable"),
    _a("d19", "chat", "do we still need CMakeExpandImportedTargets before try_compile?", D + "CMakeExpandImportedTargets.txt", "this module was once needed to expand imported targets to the underlying"),
    _a("d20", "terse", "Use_wxWindows deprecated version", D + "Use_wxWindows.txt", "deprecated since version 2.8.10"),
    _a("d21", "whatif", "If our project sets CMP0120 to NEW, can we still include WriteCompilerDetectionHeader?", D + "WriteCompilerDetectionHeader.txt", "this module is available only if policy cmp0120 is not set to new"),
    _a("d22", "chat", "GenerateExportHeader's add_compiler_export_flags function is deprecated - what do they recommend", D + "GenerateExportHeader.txt", "and visibility_inlines_hidden instead"),
    # Unanswerable
    _n("n01", "near", "What's new in CMake 3.26?"),
    _n("n02", "near", "Which release notes describe CMake 2.8.12's new features?"),
    _n("n03", "near", "What does policy CMP0144 change about find_package and upper-case <PACKAGENAME>_ROOT variables?"),
    _n("n04", "near", "What did CMake 4.0 remove for projects that require versions older than 3.5?"),
    _n("n05", "near", "Which policy deprecated the FindBoost module in favour of Boost's own BoostConfig.cmake?"),
    _n("n06", "near", "What are the new features of CMake 3.25.3?"),
    _n("n07", "near", "Which release added the Visual Studio 18 2026 generator?"),
    _n("n08", "near", "What does CMP0167 say about FindBoost?"),
    _n("n09", "finer", "Which Kitware engineer wrote the FetchContent_MakeAvailable command?"),
    _n("n10", "finer", "On which date was CMake 3.19.2 released?"),
    _n("n11", "finer", "How many seconds does ctest wait by default before a test times out?"),
    _n("n12", "finer", "How much faster do unity builds make a typical project, in percent?"),
    _n("n13", "premise", "Why did CMake 3.20 remove the cmake_path command again?"),
    _n("n14", "premise", "Since CMake 3.15 requires a .msi installer on Linux, where do I download it?"),
    _n("n15", "premise", "Why does CMP0077's NEW behaviour make option() overwrite a normal variable of the same name?"),
    _n("n16", "premise", "Which release made exec_program the recommended replacement for execute_process?"),
    _n("n17", "premise", "Why was the Ninja Multi-Config generator removed in 3.20?"),
    _n("n18", "premise", "Since 3.24 deleted FetchContent altogether, what should we use for dependencies?"),
    _n("n19", "never", "Does the company reimburse prescription safety glasses for lab technicians?"),
    _n("n20", "never", "What is the per-diem rate for an overnight trip to Lyon?"),
    _n("n21", "never", "Which controller signs off capital spending for the Tallinn warehouse extension?"),
    _n("n22", "never", "Which VPN client do contractors have to install?"),
    _n("n23", "never", "What's the on-call compensation for weekend shifts?"),
    _n("n24", "offdomain", "is a crocodile snout narrower than an alligator snout"),
    _n("n25", "offdomain", "which planet has the most moons"),
    _n("n26", "offdomain", "which norwegian waterfall has the longest single drop"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("what does policy CMP0077 do", "how do we set it for a third-party project in a subdirectory without editing its files?"), P + "CMP0077.txt", "use the cmake_policy_default_cmp0077"),
    _c("c02", "pronoun", ("which release added the Ninja Multi-Config generator", "how is it different from the plain ninja one?"), R + "3.17.txt", "multiple configurations at once"),
    _c("c03", "pronoun", ("tell me about the exec_program command", "since when is it deprecated?"), D + "exec_program.txt", "run an executable program during the processing of the cmakelist.txt"),
    _c("c04", "pronoun", ("what is the CMP0135 policy about", "what does its OLD setting do?"), P + "CMP0135.txt", "restore the timestamps from the archive"),
    _c("c05", "ellipsis", ("which version added cmake --install", "and the --install-prefix option?"), R + "3.21.txt", "command-line option to specify the location of the install prefix"),
    _c("c06", "pronoun", ("what is FindPythonInterp", "which variable does it set for the interpreter path?"), D + "FindPythonInterp.txt", "path to the python interpreter"),
    _c("c07", "switch", ("which release added the cmake_path command", "different question: what replaced the subdirs command?"), D + "subdirs.txt", "use the add_subdirectory command instead"),
    _c("c08", "pronoun", ("which policy covers MSVC runtime library selection", "what default value does it use when nothing is set?"), P + "CMP0091.txt", "default value multithreaded$<$<config:debug>:debug>dll which is"),
    # Not English: the expected behaviour is the English-only note
    _l("k01", "es", "¿Desde qué versión de CMake existe la opción --fresh para reconfigurar desde cero?", R + "3.24.txt", "option to remove any existing cmakecache.txt file"),
    _l("k02", "de", "Wodurch wird der Befehl exec_program ersetzt?", D + "exec_program.txt", "use the execute_process command instead"),
    _l("k03", "fr", "Dans quelle version de CMake la commande cmake_path a-t-elle été ajoutée ?", R + "3.20.txt", "the cmake_path command was added for operations on"),
    _l("k04", "pl", "Co zmienia polityka CMP0115 w sprawie rozszerzeń plików źródłowych?", P + "CMP0115.txt", "source file extensions must be explicit"),
    _l("k05", "nl", "Vanaf welke CMake-versie kun je -S en -B gebruiken?", R + "3.13.txt", "command line option to specify the location of the build directory"),
    _l("k06", "ko", "CMake에서 FindPythonInterp 대신 무엇을 써야 하나요?", (D + "FindPythonInterp.txt", D + "FindPythonLibs.txt"), "use findpython3, findpython2 or findpython instead"),
    _l("k07", "sv", "Vilken policy gör att option() respekterar vanliga variabler?", P + "CMP0077.txt", "option honors normal variables"),
)  # fmt: skip
