"""What the readers look for in a document, found in one walk of its
doctree: its sections, its top-level tables and its code blocks, each in
document order (the order of ``findall``).

The readers of one document (the collector, the template-native reader,
the section and sub-section checks, the table readers) each walked the
whole doctree again for these (``findall``); they share one
:class:`DocIndex` instead.  It is built once the tree's sections, tables
and code blocks are final for the phase, and holds only those nodes: what
the readers do after it is built (marking tables and cells, putting spots
in, renaming a code block's language) adds, removes or moves none of them,
so it stays true for the document's reading.  Anything that adds or
removes a section, a table or a code block must build a new one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from docutils import nodes


class _End:
    """Pushed after a section's or a table's children: the walk has left it
    (*at*: the section's place in the list; -1 for a table)."""

    __slots__ = ("at",)
    children = ()

    def __init__(self, at: int) -> None:
        self.at = at


_TABLE_END = _End(-1)


class DocIndex:
    """The sections (``findall(nodes.section)``), the top-level tables
    (:func:`~sphinx_rfc.doctree.tables.find_tables` of the document:
    those not inside another table's cell) and the code blocks
    (``findall(nodes.literal_block)``) of *doctree*, in document order.

    *wanted* and *note*: a caller's own walk made in the same pass: each
    node of a *wanted* class, in document order, is handed to *note*, which
    says whether to look inside it (a node it keeps out is not looked into
    for the index either: it must hold no section, table or code block)."""

    __slots__ = ("_end", "_position", "_titled", "literal_blocks", "sections", "tables")

    def __init__(
        self, doctree: nodes.Element, wanted: tuple[type[nodes.Node], ...] = (),
        note: Callable[[nodes.Node], bool] | None = None,
    ) -> None:
        sections: list[nodes.section] = []
        end: list[int] = []
        tables: list[nodes.table] = []
        blocks: list[nodes.literal_block] = []
        in_table = 0
        kinds = (nodes.section, nodes.table, nodes.literal_block, _End, *wanted)
        stack: list[Any] = [doctree]
        pop, push, extend = stack.pop, stack.append, stack.extend
        while stack:
            node = pop()
            # (one isinstance for the many nodes that are none of those)
            if isinstance(node, kinds):
                if type(node) is _End:
                    if node.at < 0:
                        in_table -= 1
                    else:  # (the sections inside it are listed)
                        end[node.at] = len(sections)
                    continue
                if wanted and isinstance(node, wanted) and not note(node):  # type: ignore[misc]
                    continue
                if isinstance(node, nodes.section):
                    push(_End(len(sections)))
                    sections.append(node)
                    end.append(0)
                elif isinstance(node, nodes.table):
                    if not in_table:
                        tables.append(node)
                    in_table += 1
                    push(_TABLE_END)
                elif isinstance(node, nodes.literal_block):
                    blocks.append(node)
            children = node.children
            if children:
                extend(reversed(children))
        self.sections = sections
        self.tables = tables
        self.literal_blocks = blocks
        self._end = end
        self._position: dict[int, int] | None = None
        self._titled: list[tuple[nodes.section, nodes.title]] | None = None

    def titled(self) -> list[tuple[nodes.section, nodes.title]]:
        """The sections whose first child is their title, with it, in
        document order."""
        if self._titled is None:
            self._titled = [(s, t) for s in self.sections
                            if s.children and isinstance(t := s[0], nodes.title)]
        return self._titled

    def inside(self, section: nodes.section) -> list[nodes.section]:
        """*section* and the sections inside it, in document order
        (``section.findall(nodes.section)``)."""
        if self._position is None:
            self._position = {id(s): i for i, s in enumerate(self.sections)}
        at = self._position[id(section)]
        return self.sections[at:self._end[at]]
