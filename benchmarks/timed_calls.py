"""Run ``sphinx-build`` with its arguments and report, on stderr, the real
time spent inside chosen functions (garbage collections that fall inside
them included), without a profiler.

    python benchmarks/timed_calls.py -q -b html SRC OUT -d DOCTREES
    python benchmarks/timed_calls.py --call sphinx_rfc.read.sections:section_bodies -- -q -b html SRC OUT

cProfile charges every Python call, so it makes code of many small calls
(the extension's table reading) look dearer than code of few (docutils'
table parser); this wraps only the functions named, each call timed with
``time.perf_counter``.  The default list is the build's phases and the
extension's work in each (``DEFAULT``); ``--call MODULE:QUALNAME`` (again
for more) replaces it.  A function called inside another one named here
is counted in both.  Compare two builds by running both (one per core)
or in turns: the figures move with the machine as any time does.

``--cpu`` times CPU (``time.process_time``) with the garbage collector
off for the whole build: what each part computes, without the
collections that happen to fall inside it (issue 58's third pass in
``benchmarks/README.md``; the dense build at N = 200 then peaks at 0.43 GB
against 0.22).
"""

from __future__ import annotations

import argparse
import atexit
import gc
import importlib
import sys
import time
from collections.abc import Callable
from typing import Any

#: The build's phases, and what the extension does in each.
DEFAULT = (
    "sphinx.builders:Builder.read",
    "sphinx.builders:Builder.write",
    "sphinx_rfc.directives.rfc:RfcDirective.run",
    "sphinx_rfc.directives.tables:TableDirective.run",
    "sphinx.util.docutils:SphinxDirective.parse_content_to_nodes",
    "sphinx_rfc.directives.tables:read_tables",
    "sphinx_rfc.read.collector:on_doctree_read",
    "sphinx_rfc.resolve.views:on_env_updated",
    "sphinx.environment:BuildEnvironment.apply_post_transforms",
    "sphinx_rfc.resolve.views:ResolvePending.run",
    "sphinx.builders.html:StandaloneHTMLBuilder.write_doc",
    "sphinx.builders.html:StandaloneHTMLBuilder.handle_page",
    "sphinx_rfc.write.mermaid_js:note_diagram_page",
    "sphinx_rfc.write.export:on_build_finished",
)

_spent: dict[str, float] = {}
_calls: dict[str, int] = {}
#: the clock (``--cpu``: CPU time)
_clock: list[Callable[[], float]] = [time.perf_counter]


def _timed(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        clock = _clock[0]
        start = clock()
        try:
            return func(*args, **kwargs)
        finally:
            _spent[name] = _spent.get(name, 0.0) + clock() - start
            _calls[name] = _calls.get(name, 0) + 1

    return timed


def wrap(name: str) -> None:
    """Replace the function *name* (``module:Qual.name``) by a timed one,
    where the module and the classes keep it (so before the extension's
    ``setup()`` connects it: this runs before the build starts)."""
    module_name, _, qualname = name.partition(":")
    owner: Any = importlib.import_module(module_name)
    *path, attribute = qualname.split(".")
    for part in path:
        owner = getattr(owner, part)
    setattr(owner, attribute, _timed(name, getattr(owner, attribute)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--call", action="append", metavar="MODULE:QUALNAME",
                        help="a function to time (default: the phases and the extension's work)")
    parser.add_argument("--cpu", action="store_true",
                        help="CPU time, the garbage collector off (default: real time)")
    args, build_args = parser.parse_known_args()
    if args.cpu:
        gc.disable()
        _clock[0] = time.process_time
    if build_args[:1] == ["--"]:
        build_args = build_args[1:]
    names = args.call or list(DEFAULT)
    for name in names:
        try:
            wrap(name)
        except (ImportError, AttributeError, ValueError) as error:
            parser.error(f"--call {name}: {error}")
    started = _clock[0]()

    def report() -> None:
        sys.stderr.write(f"{_clock[0]() - started:8.3f} s  {'':>7}  the build\n")
        for name in names:
            sys.stderr.write(f"{_spent.get(name, 0.0):8.3f} s  {_calls.get(name, 0):7d}  {name}\n")

    atexit.register(report)
    from sphinx.cmd.build import main as build

    return build(build_args)


if __name__ == "__main__":
    sys.exit(main())
