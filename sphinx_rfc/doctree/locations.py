"""Where a node came from: source lines and line numbers that docutils and
MyST leave out or get wrong, and walks up the tree."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from docutils import nodes

from sphinx_rfc import _lazy_re

#: A line of an rST section adornment (under- or overline).
_ADORNMENT = _lazy_re.compile(r"^\s*([!-/:-@\[-`{-~])\1{2,}\s*$")
#: Markdown sources MyST parses; any other source is read by docutils.
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".myst"})
#: Where markdown-it ends a line (it normalises these to ``\n``).
_MARKDOWN_BREAK = _lazy_re.compile(r"\r\n?|\n")
#: What docutils turns into spaces before it splits a source into lines.
_DOCUTILS_SPACE = _lazy_re.compile(r"[\v\f]")


def split_source(text: str, path: str | Path) -> list[str]:
    """*text* split into lines the way its parser counts them: MyST breaks
    lines at ``\n`` (and ``\r``) only, docutils at every break
    ``str.splitlines()`` knows (U+2028, NEL, ...) except form feeds and
    vertical tabs, which it turns into spaces."""
    if Path(path).suffix.lower() in MARKDOWN_SUFFIXES:
        lines = _MARKDOWN_BREAK.split(text)
        return lines[:-1] if lines and not lines[-1] else lines
    return _DOCUTILS_SPACE.sub(" ", text).splitlines()


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
                text = Path(path).read_text(encoding="utf-8-sig")
                self._files[path] = split_source(text, path)
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


def ancestors(node: nodes.Node, *, include_self: bool = False) -> Iterator[nodes.Node]:
    """The node's parents, innermost first, up to the document (or to the
    top of a tree not yet attached to one)."""
    current = node if include_self else node.parent
    while current is not None:
        yield current
        current = current.parent


def ancestor(node: nodes.Node, kind: type[nodes.Element]) -> nodes.Element | None:
    """The innermost parent of type *kind*."""
    return next((a for a in ancestors(node) if isinstance(a, kind)), None)


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
    """The line of the node, else of its innermost parent that has one."""
    return next((a.line for a in ancestors(node, include_self=True) if a.line), None)
