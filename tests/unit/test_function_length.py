"""No function of the package, its tools or the docs' generators is longer
than 80 lines (issue 57): a longer one is named here with the reason it
is still long, and this list is exactly the long ones (a function split is
taken off, a new long one fails)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 80
#: "path:function" -> why it is still longer than LIMIT lines.
STILL_LONG: dict[str, str] = {}


def long_functions() -> dict[str, int]:
    found = {}
    for folder in ("sphinx_rfc", "tools", "docs/_ext"):
        paths = sorted((ROOT / folder).rglob("*.py"))
        assert paths, folder
        for path in paths:
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    length = (node.end_lineno or node.lineno) - node.lineno + 1
                    if length > LIMIT:
                        found[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = length
    return found


def test_no_function_over_80_lines_but_those_listed() -> None:
    assert sorted(long_functions()) == sorted(STILL_LONG)
