"""Where a node came from: source lines and line numbers that docutils and
MyST leave out or get wrong, and walks up the tree."""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes

#: A line of an rST section adornment (under- or overline).
_ADORNMENT = re.compile(r"^\s*([!-/:-@\[-`{-~])\1{2,}\s*$")
#: The delimiter row of a Markdown pipe table.
_PIPE_DELIMITER = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")


class SourceLines:
    """The lines of the files a doctree came from, read on demand, to place
    warnings where docutils and MyST give no exact line."""

    def __init__(self, doctree: nodes.document) -> None:
        self.default = str(doctree.get("source") or "")
        self._files: dict[str, list[str]] = {}

    def get(self, node: nodes.Node) -> list[str]:
        path = str(getattr(node, "source", None) or self.default)
        if path not in self._files:
            try:
                self._files[path] = Path(path).read_text(encoding="utf-8-sig").splitlines()
            except (OSError, UnicodeDecodeError):
                self._files[path] = []
        return self._files[path]

    def title_line(self, title: nodes.title) -> int | None:
        """The line of the title's text.

        docutils gives an rST title the line of its underline; MyST gives
        the line of the heading itself.  The source tells which."""
        line = line_of(title)
        if not line or line < 2:
            return line
        lines = self.get(title)
        if line <= len(lines) and _ADORNMENT.match(lines[line - 1]):
            text = lines[line - 2].strip()
            if text and not _ADORNMENT.match(lines[line - 2]):
                return line - 1
        return line

    def cell_line(self, cell: nodes.entry) -> int | None:
        """A table cell's line: its row's line in a Markdown pipe table
        (MyST gives every cell the table's first line), else its own."""
        line = first_line(cell)
        row = cell.parent
        group = row.parent if row is not None else None
        table = ancestor(cell, nodes.table)
        if table is None or group is None or not table.line or line != table.line:
            return line
        lines = self.get(table)
        start = table.line
        if start + 1 > len(lines) or "|" not in lines[start - 1]:
            return line
        if not _PIPE_DELIMITER.match(lines[start]) or "-" not in lines[start]:
            return line
        if isinstance(group, nodes.thead):
            return start
        index = group.index(row)
        return start + 2 + index


def ancestor(node: nodes.Node, kind: type[nodes.Element]) -> nodes.Element | None:
    current = node.parent
    while current is not None:
        if isinstance(current, kind):
            return current
        current = current.parent
    return None


def first_line(node: nodes.Node) -> int | None:
    """The node's own line, else the first line inside it, else its parents'."""
    if node.line:
        return node.line
    if isinstance(node, nodes.Element):
        for sub in node.findall(include_self=False):
            if sub.line:
                return sub.line
    return line_of(node)


def line_of(node: nodes.Node) -> int | None:
    current: nodes.Node | None = node
    while current is not None:
        if current.line:
            return current.line
        current = current.parent
    return None
