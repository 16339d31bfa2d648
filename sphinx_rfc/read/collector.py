"""The read step: after a document is parsed (``doctree-read``, the
extension's only handler of it), turn what its directives recorded — or,
for a template-native RFC, what its sections and tables say — into one
:class:`~sphinx_rfc.model.records.RfcRecord`, check it, let the optional
features add theirs (the ``rfc-record-read`` event), then store the record
in the domain and report its problems, once.

The ``rfc-record-read`` event
-----------------------------

Emitted once per document that is an RFC or holds RFC table directives,
after the record is built and checked and before it is stored, as::

    app.emit("rfc-record-read", doctree, record, tables, rows)

so a handler is ``handler(app, doctree, record, tables, rows)``:

*doctree* (``nodes.document``)
    The document, its directives' payload nodes gone; the tables read are
    in place as written, marked for the render step, which draws them when
    the page is resolved (:func:`sphinx_rfc.read.tables.mark_table`).  A
    handler may change it (the test results add a column).
*record* (``RfcRecord | None``)
    The document's record, every row of its tables in it; None when the
    document is not an RFC (its table directives are then ``rfc.outside-rfc``
    and their rows are in no record).  Not stored yet: a handler may set
    data on it (a row's ``result``).  Its ``problems`` are not final; do not
    add to them, return problems instead.
*tables* (``Sequence[TablePayload]``)
    The payloads of the document's table directives (``rfc-interface``,
    ``rfc-verification`` ...), in document order; the rows they read are
    the record's own objects (when there is a record).  A template-native RFC's tables have no
    directive, so no payload here; their rows are in *record* and *rows*.
*rows* (``Mapping[int, nodes.row]``)
    ``id(record row) -> the docutils row it was read from``, for every row
    of every table read (directive or template-native), from the payloads'
    :attr:`~sphinx_rfc.model.records.TablePayload.row_of`.  A row is found
    through it, never by matching cell text.

A handler returns the problems it found (``list[Problem]``, or None for
none), with their source and line.  The collector gives them the record's
ID and the docname, adds them to the record's problems (sorted), stores
and reports them with the others: a handler never logs a problem itself.
Handlers run in Sphinx's order (priority, then connection); the
extension's own are :mod:`sphinx_rfc.features.signatures`,
:mod:`sphinx_rfc.features.results` and :mod:`sphinx_rfc.features.commits`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes

from sphinx_rfc import config as rfc_config
from sphinx_rfc import devices
from sphinx_rfc._compat import source_path
from sphinx_rfc._nogc import nogc
from sphinx_rfc.check.approvals import approval_problems
from sphinx_rfc.check.record import check_record
from sphinx_rfc.check.sections import (
    SectionBody,
    section_keys_for_title,
    section_states,
)
from sphinx_rfc.doctree.index import DocIndex
from sphinx_rfc.doctree.locations import SourceLines, line_of
from sphinx_rfc.doctree.tables import sections_holding_unreadable_tables, unreadable_table_lines
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem, mark_suppressed
from sphinx_rfc.model.records import RfcRecord, TablePayload
from sphinx_rfc.nodes import (
    CELL_MARK,
    READ_TABLES_VIEW,
    REPLACING,
    TABLE_MARK,
    CellOp,
    PayloadKind,
    TableMark,
    ViewKey,
    holds_rfc_data,
    rfc_data,
    rfc_pending,
)
from sphinx_rfc.read import api_pages, git_dates, history, native, template_era
from sphinx_rfc.read.basic_info import LEAD_INFO
from sphinx_rfc.read.metadata import RfcDeclaration, new_record
from sphinx_rfc.read.sections import (
    body_text,
    document_title,
    page_shape,
    placeholder_problems,
    section_bodies,
)
from sphinx_rfc.read.spots import basic_info_spot, basic_info_views
from sphinx_rfc.read.subsections import drop_echoes, empty_subsections
from sphinx_rfc.read.unread import not_read_as_rfc
from sphinx_rfc.read.values import value_problems
from sphinx_rfc.report import report
from sphinx_rfc.spec.globs import docname_glob_match
from sphinx_rfc.spec.messages import series
from sphinx_rfc.spec.nouns import profile_of
from sphinx_rfc.spec.text import clean_title
from sphinx_rfc.store.domain import get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.spec.settings import RfcSettings
    from sphinx_rfc.spec.template import SectionSpec


def _verification_text(
    bodies: Sequence[SectionBody], line: int | None, sections: Sequence[SectionSpec]
) -> str:
    """The verification section's text with the titles of the sections
    after it up to the next one naming a section of its own (its
    subsections: `#### UT`), or ``""``."""
    start = next((i for i, b in enumerate(bodies) if line is not None and b.line == line), None)
    if start is None:
        return ""
    parts = [bodies[start].text]
    for body in bodies[start + 1:]:
        if body.first or section_keys_for_title(body.title, sections):
            break
        parts.append(body.title)
    return "\n".join(parts)


#: What an RFC in one of ``rfc_sections_exempt_statuses`` is not told of.
_UNFINISHED = frozenset({"missing-section", "empty-section", "no-headings", "missing-test-level"})


def is_native_candidate(
    docname: str, settings: RfcSettings, metadata: Mapping[str, Any] | None = None
) -> bool:
    """Whether *docname* is read as a template-native RFC: ``rfc_documents``
    names it, or its metadata (front matter, field list) names its ID
    (``rfc: RFC-0001``: what ``sphinx-rfc new`` writes)."""
    return (metadata is not None and "rfc" in metadata) or any(
        docname_glob_match(pattern, docname) for pattern in settings.documents
    )


def _bold_rule(settings: RfcSettings) -> Callable[[str], bool] | None:
    """Which lines of bold text are read as sections: those naming one, in
    a template whose documents write them so (MADR); else None."""
    template = settings.template
    if not profile_of(template.path if template is not None else None).bold_headings:
        return None
    sections = settings.sections
    return lambda text: bool(section_keys_for_title(text, sections))


def bold_heading_note(bodies: Sequence[SectionBody], source: str, rfc_id: str) -> list[Problem]:
    """One ``bold-heading`` style note for the sections written as bold
    lines (of *bodies*: those read as a section), at the first of them."""
    bold = [b for b in bodies if b.bold]
    if not bold:
        return []
    names = series(repr(b.title) for b in bold[:3]) + (", …" if len(bold) > 3 else "")
    return [Problem(
        "bold-heading",
        _("sections written as lines of bold text ({names}) are read as headings; write them "
          "as headings (## {first}) to show them in the table of contents").format(
            names=names, first=bold[0].title),
        source, bold[0].line, rfc_id,
    )]


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


#: The extension's own event: a document's record was read (see the module docs).
RECORD_READ = "rfc-record-read"


class _DocumentRead:
    """What the collector's steps share while one document is read: the
    document, its scan, the record once there is one, and the problems
    found so far (``problems``: the document's own, filtered once at the
    end by :func:`_kept`; ``later``: the status history's and the
    ``rfc-record-read`` handlers', which no filter touches)."""

    def __init__(self, app: Sphinx, doctree: nodes.document, candidate: bool) -> None:
        env = app.env
        self.app = app
        self.doctree = doctree
        self.docname = env.docname
        self.settings = rfc_config.settings(app.config)
        self.candidate = candidate
        self.source = source_path(env, self.docname)
        # the one walk over the whole document: what the collector looks for,
        # and the sections, tables and code blocks every reader of it uses
        # (its steps add, remove or move none of them: sphinx_rfc.doctree.index)
        self.found, self.index = _scan(doctree)
        payloads = self.found.payloads
        self.metas = [n for n in payloads if n["kind"] == PayloadKind.META]
        self.tables = [n for n in payloads if n["kind"] == PayloadKind.TABLE]
        self.homes = [n["payload"] for n in payloads if n["kind"] == PayloadKind.MODULE_HOME]
        # problems of directives that show data (rfc-index, rfc-module, rfc-graph)
        self.problems: list[Problem] = [
            p for n in payloads if n["kind"] == PayloadKind.PROBLEMS for p in n["payload"]]
        self.later: list[Problem] = []
        # id(record row) -> docutils row, for the rfc-record-read handlers
        self.rows: dict[int, Any] = {}
        for node in self.tables:
            self.rows.update(node["payload"].row_of)
        self.doc_title = document_title(doctree)[0]
        self.record: RfcRecord | None = None
        self.dates: git_dates.DatesFromGit | None = None
        # read_native marks what it reads and leaves spots: its page is walked again
        self.native_read = False
        self.directives_used: set[str] = set()
        self.empty_alternatives: list[int | None] = []
        self.no_headings = False

    # (set by _check_sections, read by the steps after it)
    lines: SourceLines
    memo: dict[int, str]
    bodies: list[SectionBody]
    section_lines: Mapping[str, int | None]
    text: str


# -- reading: the record, from the rfc directive or the template's layout


def _read_declaration(read: _DocumentRead) -> None:
    """The first ``rfc`` directive's record; a second one is a problem."""
    if not read.metas:
        return
    first = read.metas[0]
    declaration: RfcDeclaration = first["payload"]
    record = read.record = build_record(declaration, read.docname, read.source, read.doc_title)
    # (dates from git before the table: the page shows what the index does)
    read.dates = git_dates.fill_record(read.app, record)
    # the basic-information table is built when the page is resolved
    # (resolve/page_views): kept out of the doctree held until writing
    spot = basic_info_spot(record, read.docname)
    first.replace_self(spot)
    read.found.add_views(spot)
    read.directives_used.add("rfc")
    for extra in read.metas[1:]:
        other: RfcDeclaration = extra["payload"]
        read.problems.append(Problem(
            "duplicate-directive",
            _("a second rfc directive ({other}) in the document of {rfc_id}; "
              "only the first one counts").format(other=other.rfc_id, rfc_id=record.id),
            read.source, other.line, record.id,
        ))
        extra.parent.remove(extra)


def _read_native(read: _DocumentRead) -> None:
    """A template-native RFC's record, from its sections and tables."""
    if read.metas or not read.candidate:
        return
    read.native_read = True
    read.record, read.dates = native.read_native(
        read.app, read.doctree, read.settings, read.docname, read.source, read.doc_title,
        read.problems, row_of=read.rows, index=read.index,
    )


# -- checking one RFC's record and text (the document has a record)


def _add_tables(read: _DocumentRead, record: RfcRecord) -> None:
    """The table directives' rows into the record, with their problems."""
    for node in read.tables:
        payload: TablePayload = node["payload"]
        payload.add_to(record)
        read.directives_used.add(payload.directive)
        for problem in payload.problems:
            problem.rfc_id = record.id
        read.problems.extend(payload.problems)
        if (payload.directive == "rfc-alternatives" and not payload.records.get("alternatives")
                and not payload.problems):
            read.empty_alternatives.append(payload.line)


def _check_sections(read: _DocumentRead, record: RfcRecord) -> None:
    """Each section's state (present, empty, missing ...) and its problems."""
    doctree, settings = read.doctree, read.settings
    lines = read.lines = SourceLines(doctree)
    memo: dict[int, str] = {}
    read.memo = memo
    bodies = read.bodies = section_bodies(doctree, lines, memo, bold=_bold_rule(settings),
                                                settings=settings)
    result = section_states(
        bodies, read.directives_used, settings,
        rfc_id=record.id, source=read.source, fallback_line=record.line,
        required=_without_lead_info(template_era.required_for(record, settings), doctree),
        candidates=template_era.candidates_for(record, settings),
        page=lambda: page_shape(doctree, memo),
    )
    read.section_lines = result.lines
    read.problems.extend(bold_heading_note(
        [b for b in bodies if b.line in result.lines.values()], read.source, record.id))
    record.sections = result.states
    # a section whose only content is a table docutils could not parse
    # is not "empty": the parse error (in the log) is the cause
    held = sections_holding_unreadable_tables(read.found.messages, lines.title_line)
    read.problems.extend(p for p in result.problems
                         if not (p.subtype == "empty-section" and p.line in held))
    read.no_headings = any(p.subtype == "no-headings" for p in result.problems)
    # all text of the document: every section's body and title (the
    # document title's section is the one section_bodies may leave out;
    # a title docutils promoted to the document is its first child)
    promoted = doctree[0].astext() if isinstance(doctree.next_node(), nodes.title) else ""
    read.text = "\n".join(
        [body_text(doctree, memo), read.doc_title, promoted, *(b.title for b in bodies)])


def _check_text(read: _DocumentRead, record: RfcRecord) -> None:
    """Empty sub-sections, placeholders and the template's text left as written."""
    doctree, settings, lines = read.doctree, read.settings, read.lines
    read.problems.extend(empty_subsections(
        doctree, settings, lines, read.memo, source=read.source, rfc_id=record.id,
        section_lines=read.section_lines, index=read.index,
    ))
    read.problems.extend(placeholder_problems(
        doctree, settings, read.source, record.id, lines, read.text, read.found.diagrams,
        metadata_lines=native.preamble_lines(read.app.env, read.docname, settings)
        if read.native_read else frozenset()))
    read.problems.extend(value_problems(
        doctree, settings, read.source, record.id, lines, read.text, read.memo))


def _check_record(read: _DocumentRead, record: RfcRecord) -> None:
    """The rules over the record's own tables, and its approvals."""
    settings = read.settings
    read.problems.extend(check_record(
        record, settings, section_lines=read.section_lines,
        empty_alternatives=read.empty_alternatives,
        unreadable_tables=unreadable_table_lines(read.found.messages),
        verification_text=_verification_text(
            read.bodies, read.section_lines.get("verification"), settings.sections),
    ))
    read.problems.extend(approval_problems(record, settings))


def _read_history(read: _DocumentRead, record: RfcRecord) -> None:
    """The status history from git, and a stale review (not filtered: a
    stale review is not about what the RFC lacks)."""
    read.later.extend(history.fill_record(read.app, record, read.settings))


def _show_notices(read: _DocumentRead, record: RfcRecord) -> None:
    """The spots of the superseded notice and the status timeline."""
    read.found.views.add(_insert_notice(read.doctree, record))
    if record.history:
        read.found.views.add(_insert_timeline(read.doctree, record))


def _outside_rfc(read: _DocumentRead) -> None:
    """A document with table directives and no record: each is a problem."""
    for node in read.tables:
        payload = node["payload"]
        read.problems.extend(payload.problems)
        read.problems.append(Problem(
            "outside-rfc",
            _("{directive} is used in a document that is not an RFC").format(
                directive=payload.directive),
            read.source, payload.line, None,
        ))


# -- finishing: the features' event, the views, one filter, the store


def _drop_payloads(read: _DocumentRead) -> None:
    for node in read.found.payloads:
        if node["kind"] != PayloadKind.META:  # (meta nodes were replaced or removed above)
            node.parent.remove(node)


def _emit_record_read(read: _DocumentRead) -> None:
    if read.record is None and not read.tables:
        return
    payloads = [n["payload"] for n in read.tables]
    table_payloads, rows = ((_Payloads(payloads), _Rows(read.rows)) if devices.SHORT_REPR
                            else (payloads, read.rows))
    found = read.app.emit(RECORD_READ, read.doctree, read.record, table_payloads, rows)
    for found_by in found:
        read.later.extend(found_by or ())  # (a handler returns its problems, or None)


def _kept(read: _DocumentRead, record: RfcRecord) -> list[Problem]:
    """The document's own problems that are told: the one place they are
    filtered (the history's and the handlers' are not)."""
    kept = read.problems
    if read.no_headings:
        # a page that is no RFC's text (a redirect, a page of bold lines)
        # is told so once: not also that it has no preamble
        kept = [p for p in kept if p.subtype != "missing-preamble"]
    kept = drop_echoes(kept, read.doctree, read.lines, read.index)
    if record.status in read.settings.sections_exempt_statuses or template_era.checks_off(
            record, read.settings):
        # a withdrawn or rejected proposal is not finished: not nagged
        # for what it lacks (rfc_sections_exempt_statuses); an RFC older
        # than rfc_check_since was written to no template we check
        kept = [p for p in kept if p.subtype not in _UNFINISHED]
    return kept


def _store(read: _DocumentRead) -> None:
    """The views and references, the record and its problems stored; the
    problems reported, once."""
    record, docname = read.record, read.docname
    if read.native_read or _other_handlers(read.app):
        views, refs = _views_and_refs(read.doctree)
    else:
        views, refs = read.found.views, read.found.refs
    if record is not None and (read.metas or read.native_read):
        views |= basic_info_views(record)  # (the table itself is drawn later)
    problems = read.problems + read.later
    if record is not None:
        problems = _kept(read, record) + read.later
        for problem in problems:
            problem.rfc_id = problem.rfc_id or record.id
        record.problems = sorted(record.problems + problems, key=Problem.sort_key)
        problems = record.problems
        silenced = read.settings.suppress_warnings.get(record.id, frozenset()).union(
            record.suppress_warnings)
        mark_suppressed(problems, lambda _rfc_id: silenced)
    for problem in problems:
        problem.docname = docname
    domain = get_domain(read.app.env)
    domain.store(docname, record, read.homes, views, refs, problems)
    if read.dates is not None:
        domain.set_git_dates(docname, read.dates.found)
    # (srcdir: a problem in another file, a sidecar's, is located at it)
    report(problems, srcdir=read.app.srcdir)


#: The steps of one document: its record read ...
_READ: tuple[Callable[[_DocumentRead], None], ...] = (_read_declaration, _read_native)
#: ... checked when there is one ...
_CHECK: tuple[Callable[[_DocumentRead, RfcRecord], None], ...] = (
    _add_tables, _check_sections, _check_text, _check_record, _read_history, _show_notices)
#: ... and, record or not, handed to the features and stored.
_FINISH: tuple[Callable[[_DocumentRead], None], ...] = (
    _drop_payloads, _emit_record_read, _store)


@nogc
def on_doctree_read(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: the document's record read, checked, handed to
    the ``rfc-record-read`` handlers and stored, in the steps above."""
    env = app.env
    docname = env.docname
    settings = rfc_config.settings(app.config)
    api_pages.add_spots(app, doctree)  # (rfc_api_backlinks: spots on API pages)
    candidate = is_native_candidate(docname, settings, env.metadata.get(docname))
    if not candidate and not holds_rfc_data(env):
        # no directive, role or template of sphinx_rfc in it: nothing to walk
        unread = not_read_as_rfc(env, docname, settings)
        get_domain(env).store(docname, None, [], set(), [], unread or None)
        report(unread)
        return
    read = _DocumentRead(app, doctree, candidate)
    for step in _READ:
        step(read)
    if read.record is not None:
        for check in _CHECK:
            check(read, read.record)
    else:
        _outside_rfc(read)
    for finish in _FINISH:
        finish(read)


# Sphinx writes repr() of every event's arguments for its debug log, even
# when nothing is logged: these two say how many, not what (the payloads'
# and rows' full repr cost a third of a millisecond per RFC).


class _Payloads(list[TablePayload]):
    def __repr__(self) -> str:
        return f"<{len(self)} table payloads>"


class _Rows(dict[int, Any]):
    def __repr__(self) -> str:
        return f"<{len(self)} rows>"


def _other_handlers(app: Sphinx) -> bool:
    """Whether a handler from outside the extension listens to
    ``rfc-record-read``: it may add nodes that show other RFCs' data, so
    the document's views are looked for again after it ran (the
    extension's own handlers add none)."""
    return any(
        not getattr(listener.handler, "__module__", "").startswith("sphinx_rfc.")
        for listener in app.events.listeners.get(RECORD_READ, ())
    )


class _DocumentScan:
    """What the collector needs of a document, found in one walk: the
    ``rfc_data`` payloads, the views (``rfc_pending`` keys and the targets of
    ``rfc``-domain cross-references), the references to check, the
    Mermaid diagrams and docutils' diagnostics, each in document order."""

    def __init__(self) -> None:
        self.payloads: list[rfc_data] = []
        self.views: set[ViewKey] = set()
        self.refs: list[tuple[str, str, int | None]] = []
        self.diagrams: list[nodes.Element] = []
        self.messages: list[nodes.system_message] = []

    def add(self, node: nodes.Node, diagram: type[nodes.Element]) -> bool:
        """Note *node* if it is one of ours; whether to look inside it."""
        if isinstance(node, rfc_data):
            self.payloads.append(node)
            return False
        if isinstance(node, rfc_pending):
            self.views.add(node["view"])
        elif isinstance(node, addnodes.pending_xref):
            if node.get("refdomain") == "rfc" and _drawn_over(node):
                return False  # the render step replaces the cell's content
            if node.get("refdomain") == "rfc":
                target = str(node.get("reftarget", "")).strip()
                role = node.get("reftype")
                self.views.add(ViewKey("rfc" if role == "ref" else "module", target))
                if not node.get("rfc-quiet"):
                    self.refs.append((str(role), target, line_of(node)))
        elif isinstance(node, nodes.table):
            mark: TableMark | None = node.get(TABLE_MARK)
            if mark is not None:  # (drawn at resolve time: its links are in the mark)
                self.views.update(mark.views)
                self.views.add(READ_TABLES_VIEW)
        elif isinstance(node, diagram):
            self.diagrams.append(node)
        elif isinstance(node, nodes.system_message):
            self.messages.append(node)
        return True

    def add_views(self, tree: nodes.Element) -> None:
        """The views and references of *tree*, a subtree put in after the walk."""
        before = (len(self.payloads), len(self.diagrams), len(self.messages))
        _walk(tree, self)
        del self.payloads[before[0]:], self.diagrams[before[1]:], self.messages[before[2]:]


def _drawn_over(node: nodes.Node) -> bool:
    """Whether *node* sits in a cell whose content the render step replaces
    (an author's cross-reference there is not on the page: its view and its
    check are the drawn cell's)."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.entry):
            ops: list[CellOp] = parent.get(CELL_MARK, [])
            if any(isinstance(op, REPLACING) for op in ops):
                return True
        parent = parent.parent
    return False


def _walk(tree: nodes.Element, found: _DocumentScan) -> None:
    """Pre-order, in document order, over *tree* (itself included)."""
    from sphinxcontrib.mermaid import mermaid

    wanted = (rfc_data, rfc_pending, addnodes.pending_xref, nodes.table, mermaid,
              nodes.system_message)
    stack: list[nodes.Node] = [tree]
    while stack:
        node = stack.pop()
        # (one isinstance for the many nodes that are none of those)
        if isinstance(node, wanted) and not found.add(node, mermaid):
            continue
        if node.children:
            stack.extend(reversed(node.children))


def _without_lead_info(required: tuple[str, ...], doctree: nodes.document) -> tuple[str, ...]:
    """The required sections, less the basic information when the RFC
    gives it as a table straight under its title (read as that section:
    :func:`~sphinx_rfc.read.basic_info.lead_info_table`)."""
    if "basic-info" not in required or not doctree.get(LEAD_INFO):
        return required
    return tuple(key for key in required if key != "basic-info")


def _scan(doctree: nodes.document) -> tuple[_DocumentScan, DocIndex]:
    """:func:`_walk` of the whole document, made in the walk that indexes it."""
    from sphinxcontrib.mermaid import mermaid

    found = _DocumentScan()
    add = found.add

    def note(node: nodes.Node) -> bool:
        return add(node, mermaid)

    # (a payload and a cross-reference drawn over, not looked into, hold no
    # section, table or code block)
    index = DocIndex(doctree, (rfc_data, rfc_pending, addnodes.pending_xref, nodes.table,
                               mermaid, nodes.system_message), note)
    return found, index


def _insert_notice(doctree: nodes.document, record: RfcRecord) -> ViewKey:
    """The superseded notice goes under the document title; returns its view."""
    view = ViewKey("notice", record.id)
    notice = rfc_pending.make(view, part="notice")
    for section in doctree.findall(nodes.section):
        index = 1 if section.children and isinstance(section[0], nodes.title) else 0
        section.insert(index, notice)
        return view
    doctree.insert(0, notice)
    return view


def _insert_timeline(doctree: nodes.document, record: RfcRecord) -> ViewKey:
    """The status timeline (from git) goes after the superseded notice,
    under the document title; returns its view.  It is drawn from the
    page's own record when the page is resolved."""
    view = ViewKey("timeline", record.id)
    timeline = rfc_pending.make(view, part="timeline", docname=record.docname)
    for notice in doctree.findall(rfc_pending):
        if notice["view"] == ViewKey("notice", record.id):
            notice.parent.insert(notice.parent.index(notice) + 1, timeline)
            return view
    doctree.insert(0, timeline)
    return view


def _views_and_refs(
    doctree: nodes.document,
) -> tuple[set[ViewKey], list[tuple[str, str, int | None]]]:
    """The views and references of the whole document, walked again."""
    found = _DocumentScan()
    _walk(doctree, found)
    return found.views, found.refs


def setup(app: Sphinx) -> None:
    app.add_event(RECORD_READ)
