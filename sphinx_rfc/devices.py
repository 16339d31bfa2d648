"""The extension's performance devices, gathered: each one's switch, and
what it buys (issue 40 item 3).

A device is code that exists only to make a build cheaper, not to make
its output.  Each switch below turns one off; the output is the same
either way (``tools/snapshot_outputs.py``).  Only ``benchmarks/devices.py``
turns them off, to measure them: it sets the switches before Sphinx loads
the extension.  What each buys is its CPU time (user + sys) on the
benchmark of 300 RFCs (``benchmarks/generate.py rfc 300``), on the build
it was made for, median of the rounds (benchmarks/README.md, "Devices").
A device that bought under 2 % there was removed.

Stdlib only: every layer of the package may read a switch.
"""

from __future__ import annotations

#: ``_nogc.nogc``: the cyclic garbage collector paused while a table
#: directive, the collector or a page's views build objects that outlive
#: the call.  Made for the full build.
NOGC = True

#: ``resolve/domain.Packed``: the domain's ``rfcs`` and ``views`` tables
#: pickled as one ``bytes`` object per document in the environment, and
#: a value not replaced since written back as the bytes it was read from.
#: Made for the rebuilds (no change, one RFC edited).
PACKED = True

#: ``model/records.RfcRecord``'s body (sections, most tables) pickled
#: apart and unpickled when first read.  Made for the rebuilds.
LAZY_BODY = True

#: Table rows and history entries pickled as a call with their values
#: (``cls(*values)``), not as a class and a dict of slots.  Made for the
#: rebuilds.
ROWS_BY_POSITION = True

#: ``resolve/domain._fork_state``: a worker forked to read documents
#: under ``-j`` drops the other documents' RFC data before storing its
#: first, so that it sends back its own chunk only.  Made for the ``-j``
#: full build.
FORK_TRIM = True

#: ``resolve/derived``: the index pages, the search index's objects and
#: the cross-RFC problems kept from one build to the next while the RFC
#: data, settings and code are the same.  Made for the rebuilds.
DERIVED_CACHE = True

#: ``_dataclass.dataclass``: ``__repr__``, ``__eq__`` and ``__hash__`` made
#: as closures, not compiled from source for every class.  Made for the
#: import every build pays (the no-change rebuild).
DATACLASS_CLOSURES = True

#: Not switched here: ``read/collector._few_documents_serially``
#: (``SERIAL_READ_MAX``): at most three documents to read are read in the
#: main process under ``-j``, not by a forked worker that pickles the whole
#: environment back.  Made for ``sphinx-rfc check DOCS FILE`` after a
#: commit of one RFC (300 RFCs, two cores: 1.6 s of CPU time instead of
#: 2.2 when it was made).
SERIAL_READ = True
