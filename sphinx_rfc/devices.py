"""The extension's performance devices, gathered: each one's switch, and
what it buys (issue 40 item 3).

A device is code that exists only to make a build cheaper, not to make
its output.  Each switch below turns one off; the output is the same
either way (``tests/build/test_devices.py``, ``tools/snapshot_outputs.py``).
Only ``benchmarks/devices.py`` turns them off, to measure them: it sets
the switches before Sphinx loads the extension.

What each buys was measured on the benchmark of 300 RFCs
(``benchmarks/generate.py rfc 300``), on the build it was made for, with
the device off against every device on: CPU time (user + sys), the
median of five rounds' ratios, and for the rebuilds the instructions
counted by valgrind (the CPU time of a one-second rebuild moved by 20 %
from round to round on the shared machine; the count does not move).
A device that bought under 2 % there was removed; the figures, and those
of the removed ones, are in benchmarks/README.md ("Devices").

Stdlib only: every layer of the package may read a switch.
"""

from __future__ import annotations

#: ``_nogc.nogc``: the cyclic garbage collector paused while a table
#: directive, the collector or a page's views build objects that outlive
#: the call.  Made for the full build: off, it cost 5.4 % more CPU time
#: (1.062, 0.984, 0.967, 1.072, 1.054); the rebuilds 0.0-0.1 % more
#: instructions.
NOGC = True

#: ``store/pickling.StoredRecord``: an RFC record pickled as its head and
#: its body (``model/records.BODY``) as one ``bytes`` object, unpickled
#: when a body field is first read.  Made for the no-change rebuild: off,
#: it cost 2.8 % more instructions (the one-RFC edit 1.7 %, where the
#: export reads every body).
LAZY_BODY = True

#: ``store/domain._fork_state``: a worker forked to read documents
#: under ``-j`` drops the other documents' RFC data before storing its
#: first, so that it sends back its own chunk only.  Made for the ``-j``
#: full build: off, the ``-j 2`` full build cost 3.3 % more CPU time
#: (1.033, 0.982, 1.062, 1.150, 0.970).
FORK_TRIM = True

#: ``store/derived``: the index pages, the search index's objects and
#: the cross-RFC problems kept from one build to the next while the RFC
#: data, settings and code are the same.  Made for the rebuilds: off, the
#: no-change rebuild cost 2.9 % more instructions, the one-RFC edit 1.5 %.
DERIVED_CACHE = True

#: ``spec/memo.ByIdentity``: values computed from a settings or spec
#: object kept by its identity (a table kind's header index, a section's
#: table kinds, the section checks' folded titles).
ID_MEMO = True

#: ``read/collector._Payloads`` / ``_Rows``, ``resolve/indices._Groups``:
#: a ``repr()`` that says how many, not what, for the arguments of
#: ``rfc-record-read`` and of an index page's ``html-page-context``
#: (Sphinx writes ``repr()`` of every event's arguments for its debug
#: log, logged or not).
SHORT_REPR = True

#: ``resolve/views.ResolveLate``: the spots of the index, stats and
#: module-page views filled after the other post-transforms, which then
#: do not walk their nodes.
LATE_FILL = True

#: ``doctree/text.astext``: a ``Text`` without null escapes is its own
#: text (docutils' ``Text.astext`` splits and joins it three times).
PLAIN_TEXT = True

#: ``write/mermaid_js.compile_templates_once``: sphinxcontrib-mermaid's
#: Jinja templates compiled once a process, not once a page.
MERMAID_TEMPLATES = True

#: ``cli/project._few_to_read``: ``sphinx-rfc check`` reads at most
#: three changed documents (``SERIAL_READ_MAX``) in its own process under
#: ``-j``, not by a forked worker that pickles the whole environment back
#: (the build itself leaves ``app.parallel`` as Sphinx decides).  Made for
#: ``sphinx-rfc check DOCS FILE`` after a commit of one RFC: 300 RFCs, two
#: cores, 1.6 s of CPU time instead of 2.2 when it was made (issue 40; no
#: build of ``edit_loop.py`` runs it).
SERIAL_READ = True
