"""Nodes the reference generators share: a table, a run of literals, text
with ``literal`` markup."""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes

Cell = str | nodes.Node | list[nodes.Node]


def literals(items: Sequence[str], sep: str = ", ") -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for n, item in enumerate(items):
        if n:
            out.append(nodes.Text(sep))
        out.append(nodes.literal(item, item))
    return out


def inline(text: str) -> list[nodes.Node]:
    """Text with ````literal```` markup (the code's own docstrings use it)."""
    out: list[nodes.Node] = []
    for n, part in enumerate(text.split("``")):
        if part:
            out.append(nodes.literal(part, part) if n % 2 else nodes.Text(part))
    return out


def table(header: Sequence[str], rows: Sequence[Sequence[Cell]], widths: Sequence[int],
          classes: Sequence[str] = ()) -> nodes.table:
    node = nodes.table(classes=["rfcdoc-table", *classes])
    group = nodes.tgroup(cols=len(header))
    node += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    thead = nodes.thead()
    row = nodes.row()
    for text in header:
        row += nodes.entry("", nodes.paragraph("", text))
    thead += row
    group += thead
    tbody = nodes.tbody()
    for cells in rows:
        row = nodes.row()
        for cell in cells:
            para = nodes.paragraph()
            if isinstance(cell, str):
                para += nodes.Text(cell)
            elif isinstance(cell, nodes.Node):
                para += cell
            else:
                para.extend(cell)
            row += nodes.entry("", para)
        tbody += row
    group += tbody
    return node
