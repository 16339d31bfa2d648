"""The extension's performance devices, gathered: each one's switch, and
what it buys (issue 40 item 3, measured again for issue 57).

A device is code that exists only to make a build cheaper, not to make
its output.  Each switch below turns one off; the output is the same
either way: ``tests/build/test_devices.py`` builds a project with each
switch off alone and compares every page whole and ``rfcs.json``.  Only
the benchmarks turn one off, to measure it (before Sphinx loads the
extension, or in a copy of the package).

What each buys, measured on 5 December 2026 (issue 57) with
``python benchmarks/edit_loop.py --size 60 --rounds 3 --baseline DIR``,
DIR a copy of this package with that one switch set to False: CPU time
(user + sys) of the full build, the no-change rebuild and the one-RFC
edit rebuild, off / on, the median of the three rounds' ratios (per
round in benchmarks/README.md, "Devices measured again").  The machine
was shared (two cores, 1-minute load 5 to 11; the builds ran at nice 0):
one round's ratio moved by up to 10 %, so a median within 2 % of 1 is
not told apart from 1 by this run.  A device that bought under 2 % on
every build was removed (the Mermaid visitor's marks, the plain
``Text``).  The machine was quiet by 20:44 (load 2): the devices near
2 % and the two removed were then measured again at N = 300 (``--size
300 --rounds 3``; the figures after "N = 300" below): the late-filled
views bought under 2 % there too and were removed; ``DERIVED_CACHE``
(under 2 % at N = 60) buys 6 % of the no-change rebuild there.  The
figures before "N = 300" are N = 60's.

Stdlib only: every layer of the package may read a switch.
"""

from __future__ import annotations

#: ``_nogc.nogc``: the cyclic garbage collector paused while a table
#: directive, the collector or a page's views build objects that outlive
#: the call.  Made for the full build.  Off: full 1.019 (1.132, 1.019,
#: 1.004), no change 1.072, edit 0.983 (issue 40, N = 300: full 1.054).
#: N = 300: full **1.023** (1.023, 1.020, 1.031), no change 1.022, edit 0.990.
NOGC = True

#: ``_nogc.pause_for_environment``: the cyclic garbage collector paused
#: while Sphinx loads the pickled environment (``config-inited`` to
#: ``builder-inited``).  Made for the rebuilds: a full collection in the
#: middle of the unpickling walks the whole environment; whether one falls
#: there depends on how many objects came before, so a small change
#: elsewhere moved the dense no-change rebuild by 7 %.  Off: dense, N =
#: 200, no-change rebuild 0.924 s CPU against 0.822 s on (median of 9,
#: 1.12); the full build and the edit load no environment or a small one.
NOGC_ENV_LOAD = True

#: ``_nogc.resume_after_environment`` / ``thaw``: the objects alive when the
#: collector is on again at ``builder-inited`` (the loaded environment,
#: the records, the modules) moved out of its reach (``gc.freeze``) until
#: ``build-finished`` (``gc.unfreeze``).  They live for the whole build:
#: each full collection of a rebuild walked them all.  Made for the
#: rebuilds of large projects.  Off: no-change rebuild, CPU, median of 7
#: (issue 58, session 24): Rust RFCs (639) 1.81 s against **1.53 s** on
#: (plain Sphinx 1.49 s); KEPs 1.082 of plain against 0.987; table-dense
#: N = 200 1.217 against 1.136.
FREEZE_ENV = True

#: ``_nogc.freeze_between_documents``: from ``builder-inited`` to
#: ``build-finished``, what survives each full collection frozen
#: (``gc.freeze``, at the next document's start) until the build ends:
#: mostly the environment being filled and the doctrees Sphinx keeps in
#: memory for a serial build, which each full collection walked again,
#: more of them after every document read.  Made for the full build
#: (issue 58, session 25).  Off, full build, CPU against plain Sphinx,
#: ``edit_loop.py --baseline``: table-dense N = 200 1.13 against **1.01**
#: on (5 rounds), KEPs 1.13 against 0.96, Rust RFCs 1.21 against 1.07 (3
#: rounds); the rebuilds the same; the KEPs' peak memory 474 MB against
#: 464.  It makes Sphinx's own collections cheaper too: plain Sphinx given
#: it alone takes 11-19 % less (``--plain-frozen``).
FREEZE_SURVIVORS = True

#: ``store/pickling.StoredRecord``: an RFC record pickled as its head and
#: its body (``model/records.BODY``) as one ``bytes`` object, unpickled
#: when a body field is first read.  Made for the rebuilds.  Off: no
#: change 1.010 (0.948, 1.019, 1.010), edit 1.068 (1.075, 1.031, 1.068),
#: full 0.991 (issue 40, instructions at N = 300: no change 1.028).
#: N = 300: no change **1.178** (1.128, 1.178, 1.196), edit 1.094, full 0.985.
LAZY_BODY = True

#: ``store/domain._fork_state``: a worker forked to read documents
#: under ``-j`` drops the other documents' RFC data before storing its
#: first, so that it sends back its own chunk only.  Made for the ``-j``
#: full build, which ``edit_loop.py`` does not run (its builds are
#: serial): not measured again; issue 40, ``-j 2`` full build at N = 300:
#: 1.033 (1.033, 0.982, 1.062, 1.150, 0.970).
FORK_TRIM = True

#: ``store/derived``: the index pages, the search index's objects and
#: the cross-RFC problems kept from one build to the next while the RFC
#: data, settings and code are the same.  Made for the rebuilds.  Off, at
#: N = 60: no change 1.018 (1.018, 0.975, 1.022), edit 0.986, full 0.999;
#: what it keeps grows with the number of RFCs: at N = 300 no change
#: **1.060** (0.971, 1.060, 1.078), edit
#: 1.000 (1.038, 1.000, 0.982), full 1.006.
DERIVED_CACHE = True

#: ``spec/memo.ByIdentity``: values computed from a settings or spec
#: object kept by its identity (a table kind's header index, a section's
#: table kinds, the section checks' folded titles).  Made for reading.
#: Off: full 1.121 (1.168, 1.047, 1.121), edit 1.134, no change 0.948.
#: (Not measured at N = 300: above 2 % at N = 60.)
ID_MEMO = True

#: ``read/collector._Payloads`` / ``_Rows``, ``resolve/indices._Groups``:
#: a ``repr()`` that says how many, not what, for the arguments of
#: ``rfc-record-read`` and of an index page's ``html-page-context``
#: (Sphinx writes ``repr()`` of every event's arguments for its debug
#: log, logged or not).  Made for reading and for the index pages.  Off:
#: full 1.022 (1.031, 0.987, 1.022), edit 1.034, no change 0.960.
#: N = 300: no change **1.039** (1.016, 1.039, 1.064), full 1.002, edit 0.995.
SHORT_REPR = True

#: ``write/mermaid_js.compile_templates_once``: sphinxcontrib-mermaid's
#: Jinja templates compiled once a process, not once a page that draws a
#: diagram.  Made for writing the pages.  Off: full 1.042 (0.926, 1.043,
#: 1.042), no change 1.051, edit 1.027.
MERMAID_TEMPLATES = True

#: ``cli/project._few_to_read``: ``sphinx-rfc check`` reads at most
#: three changed documents (``SERIAL_READ_MAX``) in its own process under
#: ``-j``, not by a forked worker that pickles the whole environment back
#: (the build itself leaves ``app.parallel`` as Sphinx decides).  Made for
#: ``sphinx-rfc check DOCS FILE`` after a commit of one RFC, which no
#: build of ``edit_loop.py`` runs: not measured again; issue 40, 300
#: RFCs, two cores: 1.6 s of CPU time instead of 2.2.
SERIAL_READ = True

#: ``read/git_log``: the build's ``git log`` kept in the doctree folder
#: under the repository's stamp, the source folder and the scope, and
#: read back by the next build while they are the same.  Made for the
#: rebuilds of a project inside a repository (issue 58): off, every
#: rebuild that reads a document runs ``git log`` again.
GIT_LOG_KEPT = True

#: ``_dataclass_code``: the code of the dataclasses' generated methods
#: (``__init__``, ``__repr__``, ``__eq__``, ...) kept in the doctree folder
#: and read back when ``setup()`` imports the package, instead of Python
#: parsing and compiling their text again.  Made for the rebuild floors
#: (issue 58): off, every build compiles some 450 small functions.
DATACLASS_CODE_KEPT = True
