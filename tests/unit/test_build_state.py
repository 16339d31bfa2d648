"""Every bit of build state is the domain's (issue 57): no module but
store/domain.py keeps anything on the environment's ``__dict__`` or sets an
attribute on it; what a build keeps for the next is a field of
``store/domain.BuildState``."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

import sphinx_rfc
from sphinx_rfc.store.domain import BuildState

PACKAGE = Path(sphinx_rfc.__file__).parent


def _is_env(node: ast.expr) -> bool:
    """``env`` or ``<something>.env``."""
    return (isinstance(node, ast.Name) and node.id == "env") or (
        isinstance(node, ast.Attribute) and node.attr == "env")


def state_on_the_environment() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr == "__dict__"
                    and _is_env(node.value)):
                found.append(f"{where}:{node.lineno} env.__dict__")
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id == "setattr" and node.args and _is_env(node.args[0])):
                found.append(f"{where}:{node.lineno} setattr(env, ...)")
    return found


def test_no_state_on_the_environment() -> None:
    assert state_on_the_environment() == []


def test_the_scan_finds_such_state() -> None:
    """The scan sees both forms (a copy of a module written the old way)."""
    tree = ast.parse("def f(app, env):\n    env.__dict__['x'] = 1\n"
                     "    setattr(app.env, 'y', 2)\n")
    hits = [n for n in ast.walk(tree)
            if (isinstance(n, ast.Attribute) and n.attr == "__dict__" and _is_env(n.value))
            or (isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                and n.func.id == "setattr" and _is_env(n.args[0]))]
    assert len(hits) == 2


def test_each_field_of_the_state_is_used() -> None:
    """A field of BuildState no module reads any more is taken away."""
    names = [f.name for f in fields(BuildState)]
    assert len(names) >= 8
    text = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")
                     if p.name != "domain.py")
    assert [n for n in names if f".{n}" not in text] == []
