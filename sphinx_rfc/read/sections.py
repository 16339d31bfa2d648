"""What a document says, read from its doctree: its title, the text of
each section, and the placeholders left in paragraphs, titles, cells and
code blocks (each at its line)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes

from sphinx_rfc.check.placeholders import (
    code_blanks,
    find_placeholders,
    is_placeholder,
    merge_row_placeholders,
    own_text_problem,
    own_texts,
    placeholder_problem,
)
from sphinx_rfc.check.sections import PageShape, SectionBody, body_state, choose_sections
from sphinx_rfc.doctree.index import DocIndex
from sphinx_rfc.doctree.locations import SourceLines, first_line, line_of
from sphinx_rfc.doctree.tables import CellLines, column_header, node_text, without_messages
from sphinx_rfc.doctree.text import astext, clean_astext, prose_text
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import EMPTY
from sphinx_rfc.nodes import CELL_MARK, Badge, CellOp, Label, rfc_pending
from sphinx_rfc.read.basic_info import field_key
from sphinx_rfc.read.frontmatter import front_matter
from sphinx_rfc.spec.menus import template_asks, without_guidance
from sphinx_rfc.spec.text import clean_title, fold

if TYPE_CHECKING:
    from sphinx_rfc.spec.own_text import OwnTexts
    from sphinx_rfc.spec.settings import RfcSettings

def document_title(doctree: nodes.document) -> tuple[str, int | None]:
    for section in doctree.findall(nodes.section):
        if section.children and isinstance(section[0], nodes.title):
            return astext(section[0]), section[0].line
        break
    return "", None


def _label_of(header: nodes.entry) -> str | None:
    """The name a read table's header cell shows once drawn (its column's
    label in the build's language), None for a cell of no column."""
    ops: list[CellOp] = header.get(CELL_MARK, [])
    for op in ops:
        if isinstance(op, Label):
            return str(_(op.msgid))
    return None


_SKIPPED = (nodes.comment, nodes.system_message, nodes.substitution_definition, nodes.target)

def body_text(section: nodes.Element, memo: dict[int, str] | None = None) -> str:
    """All text of the section, subsections included, titles excluded
    (*memo* keeps each section's text, so nested sections are read once,
    and each table cell's, :func:`cell_text_of`)."""
    memo = {} if memo is None else memo
    key = id(section)
    if key in memo:
        return memo[key]
    parts: list[str] = []
    has_title = bool(section.children) and isinstance(section[0], nodes.title)
    for child in section.children[1:] if has_title else section.children:
        if isinstance(child, nodes.section):
            parts.append(body_text(child, memo))
        elif isinstance(child, rfc_pending):
            if child.get("native"):
                # a template-native RFC's basic-information table, drawn when
                # the page is resolved, is content of its section: its first
                # row (the ID) stands for it
                parts.append(f"ID {child['view'][1]}")
        elif not isinstance(child, _SKIPPED):
            parts.append(_noting_cells(child, memo))
    memo[key] = text = "\n".join(p for p in parts if p.strip())
    return text


def _noting_cells(node: nodes.Node, memo: dict[int, str]) -> str:
    """:func:`~sphinx_rfc.doctree.text.astext` of *node*, each table cell's
    text kept in *memo* on the way (the value checks read them again)."""
    if isinstance(node, nodes.entry):
        clean = clean_astext(node)
        if clean is None:  # (a cell holding diagnostics: read again when asked)
            return astext(node)
        memo[-id(node)] = clean  # (negative: never a section's key)
        return clean
    if (isinstance(node, (nodes.Text, nodes.raw))
            or type(node).astext is not nodes.Element.astext):
        return astext(node)
    assert isinstance(node, nodes.Element)
    # (a text leaf read here, one call less for most nodes: without
    # docutils' null escapes it is its own text, as in clean_astext)
    return node.child_text_separator.join([
        (str(child) if "\x00" not in child else child.astext()) if type(child) is nodes.Text
        else _noting_cells(child, memo) for child in node.children])


def cell_text_of(entry: nodes.Element, memo: dict[int, str]) -> str:
    """:func:`~sphinx_rfc.doctree.tables.node_text` of a table cell, as
    :func:`body_text` kept it in *memo* (a cell holding diagnostics, or
    outside any section's body: read now)."""
    text = memo.get(-id(entry))
    return node_text(entry) if text is None else text


def bold_title(node: nodes.Node) -> str | None:
    """The text of a paragraph that is one run of bold text and nothing
    else but a colon (``**Decision Outcome**`` alone on a line), else None."""
    if not isinstance(node, nodes.paragraph):
        return None
    parts = [c for c in node.children if not (isinstance(c, nodes.Text) and not c.strip())]
    if parts and isinstance(parts[-1], nodes.Text) and parts[-1].strip() in (":", "："):
        parts.pop()  # **Decision Outcome**:
    if len(parts) != 1 or not isinstance(parts[0], nodes.strong):
        return None
    text = " ".join(parts[0].astext().split()).rstrip(":：")
    return text if 0 < len(text) <= 120 else None


def heading_level(lines: SourceLines, title: nodes.title, line: int | None) -> int:
    """The level a Markdown heading is written at in the source: the
    number of its ``#`` marks (a setext heading: 1 under ``===``, 2 under
    ``---``); 0 when the source does not say.  (Called for Markdown
    documents: reStructuredText's levels are the order of its underline
    styles, the doctree's depth.)  MyST makes the first
    heading level it meets the document's top, so a `# Drawbacks` among
    `##` sections is at the same depth in the doctree as they are."""
    source = lines.get(title)
    if not line or line > len(source):
        return 0
    text = source[line - 1]
    bare = text.lstrip(" ")
    if len(text) - len(bare) <= 3 and bare.startswith("#"):
        marks = len(bare) - len(bare.lstrip("#"))
        rest = bare[marks:]
        return marks if marks <= 6 and (not rest or rest[0] in " \t") else 0
    under = source[line].strip() if line < len(source) else ""
    if under and set(under) == {"="}:
        return 1
    if under and set(under) == {"-"}:
        return 2
    return 0


def may_be_title(
    doctree: nodes.document, lines: SourceLines | None = None,
    settings: RfcSettings | None = None,
) -> bool:
    """Whether the document's first top-level heading may be its title:
    in reStructuredText, always; in Markdown, when it is written at level 1
    or above the headings after it (or the source does not say), and the
    front matter gives no other title (*settings*: the field names that
    give it), nor a plain first line above the basic information.  A
    Markdown document whose headings all start at ``##``, or whose front
    matter has the title, has its sections from the first heading on
    (docs/reference/sections.md)."""
    top = [c for c in doctree.children if isinstance(c, nodes.section)]
    if not top or not top[0].children or not isinstance(top[0][0], nodes.title):
        return True
    if settings is not None:
        from sphinx_rfc.read.basic_info import plain_title

        if plain_title(doctree, settings):
            return False  # (the title is a plain first line above the basic information)
    source = str(doctree.get("source") or "")
    if not source.endswith(".md"):
        return True
    lines = lines or SourceLines(doctree)
    title = top[0][0]
    level = heading_level(lines, title, lines.title_line(title))
    if level > 1 and len(top) > 1 and top[1].children and isinstance(top[1][0], nodes.title):
        # (`## 动机` then `## 方案`: sections; `### 标题` then `# 一、概述`: a title)
        second = top[1][0]
        if heading_level(lines, second, lines.title_line(second)) == level:
            return False
    return settings is None or not _titled_elsewhere(Path(source), astext(title), settings)


def _titled_elsewhere(path: Path, heading: str, settings: RfcSettings) -> bool:
    """Whether the front matter of *path* gives a title other than *heading*."""
    data, _lines = front_matter(path)
    for name, value in data.items():
        if (isinstance(value, str) and value.strip()
                and field_key(name, settings, keep_unknown=False) == "title"):
            return fold(clean_title(value)) != fold(clean_title(heading))
    return False


def section_bodies(
    doctree: nodes.document, lines: SourceLines | None = None, memo: dict[int, str] | None = None,
    bold: Callable[[str], bool] | None = None, settings: RfcSettings | None = None,
) -> list[SectionBody]:
    """Every section of the document, in document order, except the title
    section when it is the only top-level one (*memo*: see :func:`body_text`).
    When several top-level sections follow one another (`# 标题`, `# 背景`,
    `# 方案` …), each is a section; the first is marked ``first``: it may
    be the document's title (docs/reference/sections.md).  *bold*: which
    texts of a line of bold text name a section (MADR): those lines are
    sections too, holding what follows them up to the next one or the next
    heading (and marked ``bold``)."""
    lines = lines or SourceLines(doctree)
    top = [c for c in doctree.children if isinstance(c, nodes.section)]
    skip = top[0] if len(top) == 1 else None
    first = top[0] if len(top) > 1 and may_be_title(doctree, lines, settings) else None
    bodies: list[SectionBody] = []
    memo = {} if memo is None else memo
    markdown = str(doctree.get("source") or "").endswith(".md")

    def visit(node: nodes.Element, level: int) -> None:
        run: list[str] | None = None
        for child in node.children:
            if isinstance(child, nodes.section):
                run = None
                if child is not skip and child.children and isinstance(child[0], nodes.title):
                    title = child[0]
                    line = lines.title_line(title)
                    bodies.append(SectionBody(
                        astext(title), line, body_text(child, memo),
                        first=child is first,
                        level=(heading_level(lines, title, line) if markdown else 0) or level + 1,
                    ))
                visit(child, level + 1)
            elif bold is not None and (text := bold_title(child)) is not None and bold(text):
                run = []
                bodies.append(SectionBody(text, first_line(child), "", level=level + 1,
                                          bold=True))
            elif run is not None and not isinstance(child, (nodes.title, *_SKIPPED)):
                run.append(astext(child))
                bodies[-1].text = "\n".join(p for p in run if p.strip())

    visit(doctree, 0)
    return bodies


def recognised_sections(
    doctree: nodes.document, settings: RfcSettings, skip: nodes.section | None,
    index: DocIndex | None = None,
) -> dict[str, nodes.section]:
    """Section key -> the section of the document that is it, as the
    section check chooses it (:func:`sphinx_rfc.check.sections.choose_sections`,
    docs/reference/sections.md): the first whose title names it, a combined
    or a certainly misspelt heading, the filled heading right after an
    empty one of the same section.  *skip*: the title's section; *index*:
    the document's, when the caller has it."""
    top = [c for c in doctree.children if isinstance(c, nodes.section)]
    first = top[0] if len(top) > 1 and may_be_title(doctree, settings=settings) else None
    found: list[nodes.section] = []
    bodies: list[SectionBody] = []
    for section, title in (index or DocIndex(doctree)).titled():
        if section is skip:
            continue
        found.append(section)
        bodies.append(SectionBody(title.astext(), None, "", first=section is first))
    if not bodies:
        return {}
    at = {id(b): i for i, b in enumerate(bodies)}
    memo: dict[int, str] = {}
    guidance = template_asks(settings.template).guidance

    def empty(body: SectionBody) -> bool:
        text = body_text(found[at[id(body)]], memo)
        return body_state(without_guidance(text, guidance), settings.placeholders,
                          needs_reason=settings.na_needs_reason) == EMPTY

    chosen = choose_sections(bodies, settings, empty).bodies
    return {key: found[at[id(body)]]
            for key, body in sorted(chosen.items(), key=lambda kb: at[id(kb[1])])}


def page_shape(doctree: nodes.document, memo: dict[int, str] | None = None) -> PageShape:
    """What a page holds besides its title, for the ``no-headings`` advice:
    the length of its text, the links (their targets) and the lines of
    bold text in it."""
    top = [c for c in doctree.children if isinstance(c, nodes.section)]
    scope: nodes.Element = top[0] if len(top) == 1 else doctree
    links = tuple(dict.fromkeys(
        str(n.get("refuri") or n.get("reftarget") or n.astext())
        for n in scope.findall(nodes.reference) if not n.get("rfc-generated")))
    links += tuple(str(n.get("reftarget")) for n in scope.findall(addnodes.pending_xref)
                   if n.get("reftarget"))
    bold = tuple(t for n in scope.findall(nodes.paragraph) if (t := bold_title(n)))
    text = body_text(scope, memo)
    return PageShape(len(" ".join(text.split())), links, bold)


def _search(lines: list[str], start: int, placeholders: tuple[str, ...]) -> int | None:
    """The first line from *start* (1-based) that holds a placeholder."""
    for number in range(max(start, 1), len(lines) + 1):
        if find_placeholders(lines[number - 1], placeholders):
            return number
    return None


def _may_hold_placeholders(
    doctree: nodes.document, placeholders: tuple[str, ...], text: str,
    diagrams: Sequence[nodes.Element] | None = None,
) -> bool:
    """Whether any text of the document (*text*: all of it) or the code of a
    diagram (*diagrams*: the document's Mermaid nodes, when the caller has
    found them already) holds a placeholder: most documents hold none, and
    are then not walked node by node.  Every text the walk below checks is
    part of the document's text, set off by line breaks, so this never
    misses one."""
    if find_placeholders(text, placeholders):
        return True
    if diagrams is None:
        from sphinxcontrib.mermaid import mermaid

        diagrams = list(doctree.findall(mermaid))
    return any(
        isinstance(node.get("code"), str) and find_placeholders(node["code"], placeholders)
        for node in diagrams
    )


def _leaf_text(
    child: nodes.Element, settings: RfcSettings, lines: SourceLines, cell_line: CellLines,
) -> tuple[str, str, int | None, list[str] | None] | None:
    """A title, cell, diagram or code block's text, what it is, its line
    and the placeholders already found in it (None: to be searched); None
    for any other node."""
    if isinstance(child, nodes.title):
        return prose_text(child), "title", lines.title_line(child), None
    if isinstance(child, nodes.entry):
        # (a cell keeps docutils' diagnostics of its markup, with the
        # source's path: not the author's text)
        return prose_text(without_messages(child)), "table cell", cell_line(child), None
    if child.tagname == "mermaid" and isinstance(child.get("code"), str):
        return child["code"], "diagram", line_of(child), None
    if isinstance(child, nodes.literal_block):
        # code is no prose: a placeholder in it is the code's own (an
        # escape, an identifier, a string), unless the block holds nothing
        # else or the template's own example code (`enable_xxx`, learned
        # from the template's code blocks)
        code = child.astext()
        return code, "code block", line_of(child), (
            None if is_placeholder(code, settings.placeholders)
            else code_blanks(settings).found_in(code))
    return None


def placeholder_problems(
    doctree: nodes.document, settings: RfcSettings, source: str, rfc_id: str,
    lines: SourceLines, text: str, diagrams: Sequence[nodes.Element] | None = None,
    metadata_lines: Collection[int] = frozenset(),
) -> list[Problem]:
    """One problem per paragraph, title, table cell or code block that
    holds placeholders, at its line (*text*: all text of the document;
    *diagrams*: its Mermaid nodes, if the caller found them;
    *metadata_lines*: the lines of the leading list's items read as
    metadata fields, whose placeholders are told of as the fields')."""
    kept = own_text_problems(doctree, settings, source, rfc_id, lines)
    if not _may_hold_placeholders(doctree, settings.placeholders, text, diagrams):
        return kept
    problems: list[Problem] = []
    # (the line of the innermost section's title, the last line seen): a
    # line before the section's start is docutils' guess (csv-table cells
    # say line 1); the last line seen is closer then.
    state = {"floor": 0, "last": 0}
    # for cells placed by searching: the row and line of the last one found,
    # so that a later row searches below it and a cell of the same row not
    searched: dict[str, Any] = {"row": None, "line": 0}
    cell_line = CellLines()

    def emit(node: nodes.Element, text: str, where: str, line: int | None,
             found: list[str] | None = None) -> None:
        if found is None:
            found = find_placeholders(text, settings.placeholders)
        if line is not None and line < state["floor"]:
            start = max(state["last"] + 1, state["floor"])
            if searched["line"]:
                same_row = searched["row"] is node.parent
                start = searched["line"] if same_row else max(start, searched["line"] + 1)
            line = _search(lines.get(node), start, settings.placeholders) if found else None
            if line:
                searched.update(row=node.parent, line=line)
            line = line or start
        if line:
            state["last"] = max(state["last"], line)
        if found:
            problems.append(placeholder_problem(found, where, source, line, rfc_id))
            if isinstance(node, nodes.entry) and node.parent is not None:
                in_rows.setdefault(id(node.parent), []).append(
                    (column_header(node, _label_of), problems[-1], found))

    def walk(node: nodes.Element) -> None:
        for child in node.children:
            if not isinstance(child, nodes.Element) or isinstance(child, _SKIPPED):
                continue
            if child.get("rfc-generated"):
                continue
            if isinstance(child, nodes.section):
                saved = state["floor"]
                if child.children and isinstance(child[0], nodes.title):
                    state["floor"] = lines.title_line(child[0]) or saved
                walk(child)
                state["floor"] = saved
            elif (leaf := _leaf_text(child, settings, lines, cell_line)) is not None:
                emit(child, *leaf)
            elif isinstance(child, nodes.TextElement):
                line = first_line(child)
                if isinstance(node, nodes.list_item) and line in metadata_lines:
                    continue  # a metadata field: its own warning names it
                emit(child, prose_text(child), "paragraph", line)
            else:
                if child.line:
                    state["last"] = max(state["last"], child.line)
                walk(child)

    in_rows: dict[int, list[tuple[str, Problem, list[str]]]] = {}
    walk(doctree)
    return merge_row_placeholders(problems, in_rows.values()) + kept


def _notes_left(doctree: nodes.document, own: OwnTexts, settings: RfcSettings,
                source: str, rfc_id: str) -> list[Problem]:
    """The template's notes on its title (``标题如：…``) kept as paragraphs
    before the document's first section: the document's own, or its title
    section's before its first sub-section."""
    children: list[nodes.Node] = list(doctree.children)
    first = next((c for c in children if isinstance(c, nodes.section)), None)
    if first is not None:
        children += list(first.children)
    problems = []
    for child in children:
        if not isinstance(child, nodes.paragraph):
            continue
        text = prose_text(child)
        left = own.note_left(text)
        if left is not None and not find_placeholders(text, settings.placeholders):
            problems.append(own_text_problem(left, "paragraph", source, first_line(child), rfc_id))
    return problems


def _read_as_field(entry: nodes.entry) -> bool:
    """A value cell of the record table, read as a metadata field (marked
    so by the reader), not a known table's cell the extension labels."""
    ops: list[CellOp] = entry.get(CELL_MARK) or []
    return bool(entry.get("rfc-generated")) and not any(
        isinstance(op, (Label, Badge)) for op in ops)


def own_text_problems(
    doctree: nodes.document, settings: RfcSettings, source: str, rfc_id: str,
    lines: SourceLines,
) -> list[Problem]:
    """The template's own text kept where the author writes their own: the
    template's title as the document's title, a cell of the template's
    record table that says what to write, in the document's record table
    (the table its metadata is read from: the value cells read as fields
    are told of as the fields').  A text holding a placeholder is told of
    as that."""
    own = own_texts(settings)
    problems: list[Problem] = []
    if own.titles:
        # (the first section's title; or the title docutils promoted to the
        # document, its first child)
        first: nodes.Node | None = next(
            (c for c in doctree.children if isinstance(c, (nodes.section, nodes.title))), None)
        if isinstance(first, nodes.section) and first.children:
            first = first[0]
        if isinstance(first, nodes.title):
            title = prose_text(first)
            left = own.title_left(title)
            if left is not None and not find_placeholders(title, settings.placeholders):
                problems.append(own_text_problem(
                    left, "title", source, lines.title_line(first), rfc_id))
    if own.notes:
        problems.extend(_notes_left(doctree, own, settings, source, rfc_id))
    if own.values:
        cell_line = CellLines()
        for table in doctree.findall(nodes.table):
            entries = list(table.findall(nodes.entry))
            if not any(_read_as_field(e) for e in entries):
                continue  # not the record table
            for entry in entries:
                if entry.get("rfc-generated"):
                    continue
                cell = prose_text(without_messages(entry))
                left = own.value_left(cell)
                if left is not None and not find_placeholders(cell, settings.placeholders):
                    problems.append(own_text_problem(
                        left, "table cell", source, cell_line(entry), rfc_id))
    return problems
