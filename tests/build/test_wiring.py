"""What runs when is one table (``sphinx_rfc/wiring.py``, issue 57): the
listeners of an application set up with the extension are exactly the
table's rows, event by event in the order Sphinx calls them; a handler
connected anywhere else fails here."""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from conftest import write_project
from sphinx.testing.util import SphinxTestApp

import sphinx_rfc
from sphinx_rfc import wiring
from sphinx_rfc.write import mermaid_js

PACKAGE = Path(sphinx_rfc.__file__).parent


def _name(handler: Callable[..., Any]) -> str:
    if isinstance(handler, partial):
        handler = handler.func
    return f"{handler.__module__}.{handler.__qualname__}"


def ours(app: SphinxTestApp) -> list[tuple[str, str, int]]:
    """The extension's listeners (a ``partial`` of one of its functions
    counts), event by event in the order a build emits them (an event the
    table does not know last), each event's in the order Sphinx calls them."""
    found = []
    for event, listeners in app.events.listeners.items():
        for listener in sorted(listeners, key=lambda one: one.priority):
            name = _name(listener.handler)
            if name.startswith("sphinx_rfc."):
                found.append((event, name, listener.priority))
    order = list(wiring.EVENTS)
    return sorted(found, key=lambda row: order.index(row[0]) if row[0] in order else len(order))


def tabled() -> list[tuple[str, str, int]]:
    return [(w.event, _name(w.handler), w.priority) for w in wiring.WIRING if w.wired()]


def set_up_app(tmp_path: Path) -> SphinxTestApp:
    src = write_project(tmp_path / "src", {"index.rst": "Home\n====\n"})
    app = SphinxTestApp("html", srcdir=src)
    app.cleanup()
    return app


def test_the_listeners_are_the_table(tmp_path: Path) -> None:
    found = ours(set_up_app(tmp_path))
    assert len(found) >= 40
    assert found == tabled()
    # the table's own rows are in the order a build emits the events
    events = [wire.event for wire in wiring.WIRING]
    assert events == sorted(events, key=wiring.EVENTS.index)


def test_a_handler_connected_outside_the_table_is_found(tmp_path: Path) -> None:
    """The comparison above sees a listener of the package that the table
    does not hold."""
    from sphinx_rfc.read import unread

    app = set_up_app(tmp_path)
    app.connect("doctree-read", unread.on_env_get_outdated)
    assert ("doctree-read", "sphinx_rfc.read.unread.on_env_get_outdated", 500) in ours(app)
    assert ours(app) != tabled()


def test_the_mermaid_rows_follow_the_installed_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a sphinxcontrib-mermaid the package does not adapt, only the
    row saying so is wired."""
    monkeypatch.setattr(mermaid_js, "upstream_version", lambda: (3, 0, 0))
    names = [name for _, name, _ in ours(set_up_app(tmp_path))]
    assert "sphinx_rfc.write.mermaid_js.say_not_adapted" in names
    assert not [n for n in names if n.startswith("sphinx_rfc.write.mermaid_js.")
                and not n.endswith("say_not_adapted")]


def test_no_module_connects_a_handler() -> None:
    """``app.connect`` appears in the package only in the table (and in the
    command line's own application, which it sets up after the extension,
    and the Mermaid seam that takes the place of upstream's handler)."""
    allowed = {"wiring.py", "cli/project.py", "write/mermaid_js.py"}
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls += [(path.relative_to(PACKAGE).as_posix(), node.lineno)
                  for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "connect"
                  and isinstance(node.func.value, ast.Name) and node.func.value.id == "app"]
    assert {where for where, _ in calls} == allowed
