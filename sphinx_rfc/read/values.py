"""What of the template's own text an RFC left as written, beyond its
placeholders (docs/reference/import.md, "Values"): a template menu left
unchosen (``一致 / 不一致``, the module list) and the template's guidance
sentences, each one ``rfc.placeholder`` at its line
(:mod:`sphinx_rfc.spec.menus` says what counts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from docutils import nodes

from sphinx_rfc.check.placeholders import find_placeholders
from sphinx_rfc.doctree.locations import SourceLines, first_line
from sphinx_rfc.doctree.tables import CellLines, column_header, header_row, node_text, row_cells
from sphinx_rfc.doctree.text import astext
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.nodes import CELL_MARK, INVALID_CELL, holds
from sphinx_rfc.read.sections import cell_text_of
from sphinx_rfc.read.table_records import holds_placeholder
from sphinx_rfc.spec.menus import (
    Asks,
    is_guidance,
    may_offer_options,
    split_label,
    template_asks,
    unchosen_menu,
    without_guidance,
)

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings

#: What is not the author's prose (code, diagrams, comments, generated text).
_SKIPPED = (nodes.comment, nodes.system_message, nodes.substitution_definition, nodes.target,
            nodes.literal_block, nodes.raw)


def _menu_problem(menu: str, where: str, source: str, line: int | None, rfc_id: str) -> Problem:
    return Problem(
        "placeholder",
        _("menu {menu!r} left unchosen in {where}; keep the option that applies")
        .format(menu=menu, where=_(where)),
        source, line, rfc_id,
    )


def _guidance_problem(text: str, where: str, source: str, line: int | None,
                      rfc_id: str) -> Problem:
    return Problem(
        "placeholder",
        _("template guidance {text!r} left as written in {where}; write the RFC's own text")
        .format(text=text, where=_(where)),
        source, line, rfc_id,
    )


class _ValueScan:
    """One walk of a document for :func:`value_problems`: the problems
    found, and the guidance found in the innermost section, reported when
    that section is still the template's (it holds a placeholder or a menu
    left): a finished section that keeps the template's instruction line
    above its answer is not nagged."""

    def __init__(self, settings: RfcSettings, source: str, rfc_id: str, asks: Asks) -> None:
        self.settings = settings
        self.source = source
        self.rfc_id = rfc_id
        self.asks = asks
        self.problems: list[Problem] = []
        self.guidance: list[Problem] = []
        self.cell_line = CellLines()
        # a document without docutils' diagnostics (set by value_problems):
        # its cells' texts need no search for them each
        self.cell_text: Callable[[nodes.Element], str] = node_text
        # each header row's texts, once per table (id of the row)
        self.headers: dict[int, list[str]] = {}

    def walk(self, node: nodes.Element) -> None:
        for child in node.children:
            if not isinstance(child, nodes.Element) or isinstance(child, _SKIPPED):
                continue
            if child.get("rfc-generated") or child.tagname == "mermaid":
                continue
            if isinstance(child, nodes.section):
                self.section(child)
            elif isinstance(child, nodes.entry):
                self.cell(child)
            elif isinstance(child, nodes.paragraph):
                self.paragraph(child)
            elif not isinstance(child, nodes.title):
                self.walk(child)

    def section(self, node: nodes.section) -> None:
        guidance = self.guidance
        outer = guidance[:]
        guidance.clear()
        before = len(self.problems)
        self.walk(node)
        if guidance and (len(self.problems) > before or self.unfilled(node)):
            self.problems.extend(guidance)
        guidance[:] = outer

    def unfilled(self, node: nodes.section) -> bool:
        """Whether the section's own content holds a placeholder, or
        nothing but the guidance (a section the checks know is then
        empty, and the guidance not reported again)."""
        own = [c for c in node.children if not isinstance(c, (nodes.section, nodes.title))
               and not isinstance(c, _SKIPPED)]
        text = "\n".join(c.astext() for c in own)
        return bool(find_placeholders(text, self.settings.placeholders)) or not any(
            ch.isalnum() for ch in without_guidance(text, self.asks.guidance))

    def cell(self, entry: nodes.entry) -> None:
        if entry.get("rfc-generated") or INVALID_CELL in entry.get(CELL_MARK, ()):
            return
        value = self.cell_text(entry).strip()
        if not value or holds_placeholder(value, self.settings.placeholders):
            return
        menu = None
        if may_offer_options(value):  # (most cells offer no options)
            labels = [self.column_header(entry)]
            row = entry.parent
            if isinstance(row, nodes.row):
                cells = row_cells(row)
                if len(cells) == 2 and cells[1] is entry:
                    labels.insert(0, node_text(cells[0]).strip())
            menu = next(
                (m for label in labels if (m := unchosen_menu(value, label, self.asks.menus))),
                None)
        if menu is not None:
            self.problems.append(_menu_problem(
                menu, "table cell", self.source, self.cell_line(entry), self.rfc_id))
        elif is_guidance(value, self.asks.guidance):
            self.guidance.append(_guidance_problem(
                value, "table cell", self.source, self.cell_line(entry), self.rfc_id))

    def column_header(self, entry: nodes.entry) -> str:
        """:func:`~sphinx_rfc.doctree.tables.column_header`, the header
        row's texts read once per table."""
        row = entry.parent
        header = header_row(entry)
        if not isinstance(row, nodes.row) or header is None:
            return column_header(entry)
        names = self.headers.get(id(header))
        if names is None:
            names = self.headers[id(header)] = [
                " ".join(self.cell_text(e).split()) for e in row_cells(header)]
        position = row_cells(row).index(entry)
        name = names[position] if position < len(names) else ""
        return name or f"#{position + 1}"

    def paragraph(self, node: nodes.TextElement) -> None:
        source, rfc_id = self.source, self.rfc_id
        start = first_line(node)
        written = node.astext().split("\n")
        if len(written) > 1 and is_guidance("".join(written), self.asks.guidance):
            self.guidance.append(_guidance_problem(" ".join(written), "paragraph", source, start,
                                                   rfc_id))
            return
        for k, line in enumerate(written):
            at = start + k if start else None
            label, colon, value = split_label(line)
            if find_placeholders(value, self.settings.placeholders):
                continue
            menu = unchosen_menu(value, label if colon else "", self.asks.menus)
            if menu is not None:
                self.problems.append(_menu_problem(menu, "paragraph", source, at, rfc_id))
            elif is_guidance(line, self.asks.guidance):
                self.guidance.append(_guidance_problem(line.strip(), "paragraph", source, at,
                                                       rfc_id))


def value_problems(
    doctree: nodes.document, settings: RfcSettings, source: str, rfc_id: str,
    lines: SourceLines, text: str, memo: dict[int, str] | None = None,
) -> list[Problem]:
    """One problem per table cell, and per line of a paragraph, that is a
    template menu left unchosen or the template's guidance as written
    (*text*: all text of the document; *memo*: the cells' texts as
    :func:`~sphinx_rfc.read.sections.body_text` kept them).  A cell holding a placeholder is
    reported as that, and a cell reported as offering several choices of a
    closed set (its menu left) as that: not again here."""
    asks = template_asks(settings.template)
    if not may_offer_options(text) and not asks.guidance:
        return []
    scan = _ValueScan(settings, source, rfc_id, asks)
    if memo is not None:
        scan.cell_text = lambda entry: cell_text_of(entry, memo)
    elif not holds(doctree, nodes.system_message):
        scan.cell_text = astext
    scan.walk(doctree)
    if scan.guidance and find_placeholders(text, settings.placeholders):
        scan.problems.extend(scan.guidance)  # (text before any section)
    return sorted(scan.problems, key=lambda p: p.line or 0)


__all__ = ["Asks", "value_problems"]
