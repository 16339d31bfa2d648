"""The read step: after a document is parsed (``doctree-read``), turn what
its directives recorded — or, for a template-native RFC, what its sections
and tables say — into one :class:`~sphinx_rfc.model.RfcRecord`, check it,
store it in the domain and report its problems."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging

from sphinx_rfc import checks
from sphinx_rfc import config as rfc_config
from sphinx_rfc.directives.rfc import RfcDeclaration
from sphinx_rfc.domain import get_domain, source_path
from sphinx_rfc.metadata import new_record
from sphinx_rfc.model import Problem, RfcRecord, TablePayload
from sphinx_rfc.nodes import rfc_data, rfc_pending
from sphinx_rfc.render import basic_info_table

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.config import RfcSettings

logger = logging.getLogger(__name__)

_TITLE_PREFIX = re.compile(r"^\s*(?:RFC\s*[:：]|\[RFC\]|【RFC】)\s*", re.IGNORECASE)


def clean_title(title: str) -> str:
    """The document title with a leading ``RFC:``, ``[RFC]`` or ``【RFC】`` dropped."""
    return _TITLE_PREFIX.sub("", title).strip() or title.strip()


def document_title(doctree: nodes.document) -> tuple[str, int | None]:
    for section in doctree.findall(nodes.section):
        if section.children and isinstance(section[0], nodes.title):
            return section[0].astext(), section[0].line
        break
    return "", None


def is_native_candidate(docname: str, settings: RfcSettings) -> bool:
    return any(fnmatch.fnmatchcase(docname, pattern) for pattern in settings.documents)


# --------------------------------------------------------------------------
# Sections and placeholders


_SKIPPED = (nodes.comment, nodes.system_message, nodes.substitution_definition, nodes.target)

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
        line = _line_of(title)
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
        line = _first_line(cell)
        row = cell.parent
        group = row.parent if row is not None else None
        table = _ancestor(cell, nodes.table)
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


def _ancestor(node: nodes.Node, kind: type[nodes.Element]) -> nodes.Element | None:
    current = node.parent
    while current is not None:
        if isinstance(current, kind):
            return current
        current = current.parent
    return None


def _first_line(node: nodes.Node) -> int | None:
    """The node's own line, else the first line inside it, else its parents'."""
    if node.line:
        return node.line
    if isinstance(node, nodes.Element):
        for sub in node.findall(include_self=False):
            if sub.line:
                return sub.line
    return _line_of(node)


def _body_text(section: nodes.Element, memo: dict[int, str] | None = None) -> str:
    """All text of the section, subsections included, titles excluded
    (*memo* keeps each section's text, so nested sections are read once)."""
    memo = {} if memo is None else memo
    key = id(section)
    if key in memo:
        return memo[key]
    parts: list[str] = []
    has_title = bool(section.children) and isinstance(section[0], nodes.title)
    for child in section.children[1:] if has_title else section.children:
        if isinstance(child, nodes.section):
            parts.append(_body_text(child, memo))
        elif not isinstance(child, _SKIPPED):
            parts.append(child.astext())
    memo[key] = text = "\n".join(p for p in parts if p.strip())
    return text


def section_bodies(
    doctree: nodes.document, lines: SourceLines | None = None, memo: dict[int, str] | None = None
) -> list[checks.SectionBody]:
    """Every section of the document, in document order, except the title
    section when it is the only top-level one (*memo*: see :func:`_body_text`)."""
    lines = lines or SourceLines(doctree)
    top = [c for c in doctree.children if isinstance(c, nodes.section)]
    skip = top[0] if len(top) == 1 else None
    bodies = []
    memo = {} if memo is None else memo
    for section in doctree.findall(nodes.section):
        if section is skip or not section.children or not isinstance(section[0], nodes.title):
            continue
        title = section[0]
        bodies.append(checks.SectionBody(
            title.astext(), lines.title_line(title), _body_text(section, memo)
        ))
    return bodies


def _search(lines: list[str], start: int, placeholders: tuple[str, ...]) -> int | None:
    """The first line from *start* (1-based) that holds a placeholder."""
    for number in range(max(start, 1), len(lines) + 1):
        if checks.find_placeholders(lines[number - 1], placeholders):
            return number
    return None


def _line_of(node: nodes.Node) -> int | None:
    current: nodes.Node | None = node
    while current is not None:
        if current.line:
            return current.line
        current = current.parent
    return None


def _may_hold_placeholders(
    doctree: nodes.document, placeholders: tuple[str, ...], text: str
) -> bool:
    """Whether any text of the document (*text*: all of it) or the code of a
    diagram holds a placeholder: most documents hold none, and are then not
    walked node by node.  Every text the walk below checks is part of the
    document's text, set off by line breaks, so this never misses one."""
    if checks.find_placeholders(text, placeholders):
        return True
    from sphinxcontrib.mermaid import mermaid

    return any(
        isinstance(node.get("code"), str) and checks.find_placeholders(node["code"], placeholders)
        for node in doctree.findall(mermaid)
    )


def placeholder_problems(
    doctree: nodes.document, settings: RfcSettings, source: str, rfc_id: str,
    lines: SourceLines, text: str,
) -> list[Problem]:
    """One problem per paragraph, title, table cell or code block that
    holds placeholders, at its line (*text*: all text of the document)."""
    if not _may_hold_placeholders(doctree, settings.placeholders, text):
        return []
    problems: list[Problem] = []
    # (the line of the innermost section's title, the last line seen): a
    # line before the section's start is docutils' guess (csv-table cells
    # say line 1); the last line seen is closer then.
    state = {"floor": 0, "last": 0}
    # for cells placed by searching: the row and line of the last one found,
    # so that a later row searches below it and a cell of the same row not
    searched: dict[str, Any] = {"row": None, "line": 0}

    def emit(node: nodes.Element, text: str, where: str, line: int | None) -> None:
        found = checks.find_placeholders(text, settings.placeholders)
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
            problems.append(checks.placeholder_problem(found, where, source, line, rfc_id))

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
            elif isinstance(child, nodes.title):
                emit(child, child.astext(), "title", lines.title_line(child))
            elif isinstance(child, nodes.entry):
                emit(child, child.astext(), "table cell", lines.cell_line(child))
            elif child.tagname == "mermaid" and isinstance(child.get("code"), str):
                emit(child, child["code"], "diagram", _line_of(child))
            elif isinstance(child, nodes.literal_block):
                emit(child, child.astext(), "code block", _line_of(child))
            elif isinstance(child, nodes.TextElement):
                emit(child, child.astext(), "paragraph", _first_line(child))
            else:
                if child.line:
                    state["last"] = max(state["last"], child.line)
                walk(child)

    walk(doctree)
    return problems


# --------------------------------------------------------------------------
# The collector


def build_record(
    declaration: RfcDeclaration, docname: str, source: str, doc_title: str
) -> RfcRecord:
    return new_record(
        declaration.meta,
        rfc_id=declaration.rfc_id,
        title=clean_title(doc_title),
        docname=docname,
        source=source,
        line=declaration.line,
        anchor=declaration.anchor,
        problems=declaration.problems,
    )


def on_doctree_read(app: Sphinx, doctree: nodes.document) -> None:
    env = app.env
    docname = env.docname
    settings = rfc_config.settings(app.config)
    source = source_path(env, docname)
    payloads = list(doctree.findall(rfc_data))
    metas = [n for n in payloads if n["kind"] == "meta"]
    tables = [n for n in payloads if n["kind"] == "table"]
    homes = [n["payload"] for n in payloads if n["kind"] == "module-home"]
    # problems of directives that show data (rfc-index, rfc-module, rfc-graph)
    problems: list[Problem] = [p for n in payloads if n["kind"] == "problems" for p in n["payload"]]

    doc_title, _title_line = document_title(doctree)
    record: RfcRecord | None = None
    if metas:
        first = metas[0]
        declaration: RfcDeclaration = first["payload"]
        record = build_record(declaration, docname, source, doc_title)
        info = basic_info_table(record, settings)
        first.replace_self(info)
        for extra in metas[1:]:
            other: RfcDeclaration = extra["payload"]
            problems.append(Problem(
                "duplicate-directive",
                f"a second rfc directive ({other.rfc_id}) in the document of {record.id}; "
                "only the first one counts",
                source, other.line, record.id,
            ))
            extra.parent.remove(extra)
    elif is_native_candidate(docname, settings):
        from sphinx_rfc import native

        record = native.read_native(app, doctree, settings, docname, source, doc_title, problems)

    if record is not None:
        directives_used = {"rfc"} if metas else set()
        empty_alternatives: list[int | None] = []
        for node in tables:
            payload: TablePayload = node["payload"]
            payload.add_to(record)
            directives_used.add(payload.directive)
            for problem in payload.problems:
                problem.rfc_id = record.id
            problems.extend(payload.problems)
            if (payload.directive == "rfc-alternatives" and not payload.records.get("alternatives")
                    and not payload.problems):
                empty_alternatives.append(payload.line)
        lines = SourceLines(doctree)
        memo: dict[int, str] = {}
        bodies = section_bodies(doctree, lines, memo)
        result = checks.section_states(
            bodies, directives_used, settings,
            rfc_id=record.id, source=source, fallback_line=record.line,
        )
        record.sections = result.states
        problems.extend(result.problems)
        # all text of the document: every section's body and title (the
        # document title's section is the one section_bodies may leave out;
        # a title docutils promoted to the document is its first child)
        promoted = doctree[0].astext() if isinstance(doctree.next_node(), nodes.title) else ""
        text = "\n".join(
            [_body_text(doctree, memo), doc_title, promoted, *(b.title for b in bodies)]
        )
        problems.extend(placeholder_problems(doctree, settings, source, record.id, lines, text))
        problems.extend(checks.check_record(
            record, settings, section_lines=result.lines, empty_alternatives=empty_alternatives
        ))
        _insert_notice(doctree, record)
    else:
        for node in tables:
            payload = node["payload"]
            problems.extend(payload.problems)
            problems.append(Problem(
                "outside-rfc",
                f"{payload.directive} is used in a document that is not an RFC",
                source, payload.line, None,
            ))

    for node in payloads:
        if node["kind"] != "meta":  # (meta nodes were replaced or removed above)
            node.parent.remove(node)

    views, refs = _views_and_refs(doctree)
    if record is not None:
        for problem in problems:
            problem.rfc_id = problem.rfc_id or record.id
        record.problems = sorted(record.problems + problems, key=Problem.sort_key)
        problems = record.problems
    for problem in problems:
        problem.docname = docname
    get_domain(env).store(docname, record, homes, views, refs, problems)
    report(problems)


def _insert_notice(doctree: nodes.document, record: RfcRecord) -> None:
    """The superseded notice goes under the document title."""
    notice = rfc_pending.make(("notice", record.id), part="notice")
    for section in doctree.findall(nodes.section):
        index = 1 if section.children and isinstance(section[0], nodes.title) else 0
        section.insert(index, notice)
        return
    doctree.insert(0, notice)


def _views_and_refs(
    doctree: nodes.document,
) -> tuple[set[tuple[str, ...]], list[tuple[str, str, int | None]]]:
    views: set[tuple[str, ...]] = set()
    refs: list[tuple[str, str, int | None]] = []
    for node in doctree.findall(rfc_pending):
        views.add(tuple(node["view"]))
    for xref in doctree.findall(addnodes.pending_xref):
        if xref.get("refdomain") != "rfc":
            continue
        target = str(xref.get("reftarget", "")).strip()
        role = xref.get("reftype")
        views.add(("rfc" if role == "ref" else "module", target))
        if not xref.get("rfc-quiet"):
            refs.append((str(role), target, _line_of(xref)))
    return views, refs


def report(problems: list[Problem]) -> None:
    """Log problems as warnings of type ``rfc``."""
    for problem in problems:
        prefix = f"{problem.rfc_id}: " if problem.rfc_id else ""
        location = (problem.docname, problem.line) if problem.docname else (
            f"{problem.source}:{problem.line}" if problem.line else problem.source
        )
        logger.warning(
            prefix + problem.message, location=location, type="rfc", subtype=problem.subtype
        )
