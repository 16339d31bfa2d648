"""Run ``sphinx-build`` with its arguments and report, on stderr, how often
Python's cyclic garbage collector ran and how long it took, by generation.

    python benchmarks/gc_stats.py -q -b html SRC OUT -d DOCTREES

A full collection walks every object alive, the whole environment
included, so a build that keeps more objects alive, or promotes short-lived
ones to the oldest generation, pays for it here (see ``sphinx_rfc/_nogc.py``).
Compare two builds by their number of full (generation 2) collections and
their total; times drift with the machine's load, counts do not.  Last, it
collects and counts the cyclic garbage the build leaves to the
interpreter's exit (which would collect it anyway): at N = 1000 that was
6.9 million objects and 10.8 s for one project and 0.9 million and 2.2 s
for another of the same size (``benchmarks/HISTORY.md``, seventh session).
"""

from __future__ import annotations

import atexit
import gc
import sys
import time
from typing import Any

_spent = {0: 0.0, 1: 0.0, 2: 0.0}
_runs = {0: 0, 1: 0, 2: 0}
_started = [0.0]
_t0 = time.perf_counter()


def _callback(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started[0] = time.perf_counter()
    else:
        generation = info["generation"]
        _spent[generation] += time.perf_counter() - _started[0]
        _runs[generation] += 1


def _report() -> None:
    total = time.perf_counter() - _t0
    parts = ", ".join(f"gen{g} {_runs[g]}x {_spent[g]:.3f}s" for g in (2, 1, 0))
    sys.stderr.write(f"GC {sum(_spent.values()):.3f}s of {total:.3f}s: {parts}\n")
    # the garbage the build leaves to the interpreter's exit, which collects
    # it there anyway: how much depends on when the last full collection
    # fell, and it can be seconds of the process's time
    gc.callbacks.remove(_callback)
    start = time.perf_counter()
    found = gc.collect()
    sys.stderr.write(
        f"left to the exit: {found} objects of cyclic garbage, "
        f"collected in {time.perf_counter() - start:.3f}s\n"
    )


def main() -> int:
    from sphinx.cmd.build import main as build

    gc.callbacks.append(_callback)
    atexit.register(_report)
    return build(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
