"""The one reader of a Markdown file's YAML front matter, for the build
(``read/frontmatter``, ``read/history``), the text readers without Sphinx
(``check/field_places``, ``check/changes``, ``spec/template``) and the
commands (``cli/front_matter``, ``cli/new``).

A front matter opens on the file's first line, ``---`` at its start (MyST's
rule: an indented ``---`` opens none), and closes on the next line that is
``---`` or ``...`` (spaces around it allowed).  Its text is loaded by
:func:`load` (:mod:`sphinx_rfc.spec.yaml_text`: a date or number YAML
cannot make is kept as written, for its field's check).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sphinx_rfc import _lazy_re

#: Lines that close a front matter (stripped).
CLOSERS = frozenset({"---", "..."})
#: A top-level key of a front-matter line (``key:``).
_KEY = _lazy_re.compile(r"^([^\s:#](?:[^:]*[^\s:])?)\s*:")


def closing_line(lines: Sequence[str]) -> int | None:
    """The index in *lines* (a file's lines) of the line closing its front
    matter; None when the file has none."""
    if not lines or lines[0].rstrip() != "---":
        return None
    return next((i for i in range(1, len(lines)) if lines[i].strip() in CLOSERS), None)


def split(text: str) -> tuple[list[str] | None, str]:
    """The front matter's lines (None: there is none) and the text after it."""
    lines = text.split("\n")
    end = closing_line(lines)
    if end is None:
        return None, text
    return lines[1:end], "\n".join(lines[end + 1:])


def load(lines: Sequence[str]) -> dict[str, Any] | None:
    """The front matter's *lines* (or another block of YAML fields) as a
    mapping with text keys; None when it is no mapping or not valid YAML."""
    from sphinx_rfc.spec import yaml_text

    try:
        data = yaml_text.load("\n".join(lines))
    except Exception:  # a YAML syntax error (or nesting too deep): no fields
        return None
    return {str(k): v for k, v in data.items()} if isinstance(data, dict) else None


def read(text: str) -> dict[str, Any] | None:
    """The front matter of *text* as data; None when there is none or it is broken."""
    lines, _rest = split(text)
    return None if lines is None else load(lines)


def key_lines(lines: Sequence[str], first: int = 1) -> dict[str, int]:
    """The line of each top-level key of *lines* (numbered from *first*),
    its first when a key is written twice."""
    found: dict[str, int] = {}
    for number, line in enumerate(lines, first):
        match = _KEY.match(line)
        if match:
            found.setdefault(match.group(1).strip("'\""), number)
    return found
