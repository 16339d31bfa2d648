"""The read step: after a document is parsed (``doctree-read``), turn what
its directives recorded — or, for a template-native RFC, what its sections
and tables say — into one :class:`~sphinx_rfc.model.RfcRecord`, check it,
store it in the domain and report its problems."""

from __future__ import annotations

import fnmatch
import re
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging

from sphinx_rfc import checks
from sphinx_rfc import config as rfc_config
from sphinx_rfc.directives.rfc import RfcDeclaration
from sphinx_rfc.domain import get_domain, source_path
from sphinx_rfc.model import ModuleHome, Problem, RfcRecord, TablePayload
from sphinx_rfc.nodes import is_generated, rfc_data, rfc_pending
from sphinx_rfc.render import basic_info_table

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

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


def _body_text(section: nodes.section) -> str:
    parts: list[str] = []
    for child in section.children[1:] if section.children and isinstance(section[0], nodes.title) else section.children:
        if isinstance(child, nodes.section):
            parts.append(_body_text(child))
        elif not isinstance(child, _SKIPPED):
            parts.append(child.astext())
    return "\n".join(p for p in parts if p.strip())


def section_bodies(doctree: nodes.document) -> list[checks.SectionBody]:
    """Every section of the document except its title section."""
    top = [c for c in doctree.children if isinstance(c, nodes.section)]
    skip = top[0] if len(top) == 1 else None
    bodies = []
    for section in doctree.findall(nodes.section):
        if section is skip or not section.children or not isinstance(section[0], nodes.title):
            continue
        title = section[0]
        bodies.append(checks.SectionBody(title.astext(), _line_of(title), _body_text(section)))
    return bodies


def _line_of(node: nodes.Node) -> int | None:
    current: nodes.Node | None = node
    while current is not None:
        if current.line:
            return current.line
        current = current.parent
    return None


def _where(node: nodes.Node) -> str:
    if isinstance(node, nodes.literal_block):
        return "code block"
    if isinstance(node, nodes.title):
        return "title"
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.entry):
            return "table cell"
        parent = parent.parent
    return "paragraph"


def placeholder_problems(
    doctree: nodes.document, settings: RfcSettings, source: str, rfc_id: str
) -> list[Problem]:
    """One problem per paragraph, cell, title or code block with placeholders."""
    problems = []
    for node in doctree.findall(nodes.Element):
        code = node.get("code") if node.tagname == "mermaid" else None
        if isinstance(node, nodes.TextElement) and not isinstance(node, _SKIPPED):
            if isinstance(node.parent, nodes.TextElement):
                continue
            text = node.astext()
        elif isinstance(code, str):
            text = code
        else:
            continue
        found = checks.find_placeholders(text, settings.placeholders)
        if found and not is_generated(node):
            where = "code block" if code is not None else _where(node)
            problems.append(checks.placeholder_problem(found, where, source, _line_of(node), rfc_id))
    return problems


# --------------------------------------------------------------------------
# The collector


def build_record(
    declaration: RfcDeclaration, docname: str, source: str, doc_title: str
) -> RfcRecord:
    meta = declaration.meta
    return RfcRecord(
        id=declaration.rfc_id,
        title=meta.title or clean_title(doc_title) or declaration.rfc_id,
        docname=docname,
        source=source,
        line=declaration.line,
        anchor=declaration.anchor,
        status=meta.status,
        type=meta.type,
        authors=meta.authors,
        modules=meta.modules,
        issues=meta.issues,
        created=meta.created,
        updated=meta.updated,
        supersedes=meta.supersedes,
        requires=meta.requires,
        extra=meta.extra,
        problems=list(declaration.problems),
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
    problems: list[Problem] = []

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
        for node in tables:
            payload: TablePayload = node["payload"]
            payload.add_to(record)
            directives_used.add(payload.directive)
            for problem in payload.problems:
                problem.rfc_id = record.id
            problems.extend(payload.problems)
        result = checks.section_states(
            section_bodies(doctree), directives_used, settings,
            rfc_id=record.id, source=source, fallback_line=record.line,
        )
        record.sections = result.states
        problems.extend(result.problems)
        problems.extend(placeholder_problems(doctree, settings, source, record.id))
        problems.extend(checks.check_record(record, settings))
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

    for node in list(doctree.findall(rfc_data)):
        node.parent.remove(node)

    views, refs = _views_and_refs(doctree)
    if record is not None:
        record.problems = sorted(record.problems + problems, key=Problem.sort_key)
        problems = record.problems
    for problem in problems:
        problem.docname = docname
    get_domain(env).store(docname, record, homes, views, refs)
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


def report(problems: list[Problem], env: BuildEnvironment | None = None) -> None:
    """Log problems as warnings of type ``rfc``."""
    for problem in problems:
        prefix = f"{problem.rfc_id}: " if problem.rfc_id else ""
        location = (problem.docname, problem.line) if problem.docname else (
            f"{problem.source}:{problem.line}" if problem.line else problem.source
        )
        logger.warning(
            prefix + problem.message, location=location, type="rfc", subtype=problem.subtype
        )
