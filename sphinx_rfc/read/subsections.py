"""Template sub-sections (docs/reference/sections.md, "Sub-sections"): the
headings one level below a section of the template (``3.1 目标``,
``3.2 非目标``, ``6.3 方案取舍``, ``9.1 用例分层``) are checked like
sections.  An RFC's sub-section whose title is one of them, with nothing
under it or only a placeholder, is one ``empty-section`` warning naming
it; a sub-section the template marks optional (``（可选）``), and the
author's own sub-sections, are not checked.

One problem, one warning: the placeholders of an empty section or
sub-section are not reported again, nor are the empty sub-sections of a
section reported empty as a whole (:func:`drop_echoes`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from docutils import nodes

from sphinx_rfc.check.sections import body_state, section_keys_for_title
from sphinx_rfc.doctree.index import DocIndex
from sphinx_rfc.doctree.locations import SourceLines
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import EMPTY
from sphinx_rfc.read.sections import body_text
from sphinx_rfc.spec.folding import fold_key
from sphinx_rfc.spec.memo import ByIdentity
from sphinx_rfc.spec.menus import template_asks, without_guidance
from sphinx_rfc.spec.template import clean_heading, default_schema, rst_headings, strip_optional

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings
    from sphinx_rfc.spec.template import TemplateSchema


def _headings(text: str) -> list[tuple[int, str, int]]:
    """(level, title, line) of each Markdown ATX heading outside code fences."""
    found = []
    fence = ""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            marker = stripped[:3]
            fence = "" if fence == marker else (fence or marker)
            continue
        if fence or not stripped.startswith("#"):
            continue
        level = len(stripped) - len(stripped.lstrip("#"))
        title = stripped[level:].strip()
        if title and line[:1] == "#":
            found.append((level, title, number))
    return found


def template_subsections(template: TemplateSchema) -> dict[str, dict[str, str]]:
    """Section key -> {folded sub-section title: the title as the template
    writes it}, the optional ones left out (Markdown and reStructuredText
    templates)."""
    headings = _headings(template.text) if template.markdown else rst_headings(template.text)
    keys = {s.line: s.key for s in template.sections if s.parent is None}
    found: dict[str, dict[str, str]] = {}
    current: str | None = None
    for level, title, line in headings:
        level += template.shift if level > 1 or line in keys else 0
        if level <= template.depth:
            current = keys.get(line) if level == template.depth else None
        elif level == template.depth + 1 and current is not None:
            plain, optional = strip_optional(title)
            if not optional:
                found.setdefault(current, {})[fold_key(clean_heading(plain))] = title
    return found


#: What a sub-section may hold besides content: its title, text and the
#: nodes no reader sees.
_TEXT_ONLY = frozenset({
    "title", "paragraph", "comment", "system_message", "target", "substitution_definition",
    "section",
})


def _holds_more_than_text(section: nodes.section) -> bool:
    """A table, diagram, code block, image, list … is content even when
    its text is empty or a placeholder (a Mermaid flowchart)."""
    for node in section.findall(nodes.Element, include_self=False):
        if isinstance(node, nodes.Body) and node.tagname not in _TEXT_ONLY:
            return True
    return False


_SUBSECTIONS: ByIdentity[dict[str, dict[str, str]]] = ByIdentity(64)


def subsections_of(settings: RfcSettings) -> dict[str, dict[str, str]]:
    """:func:`template_subsections` of the template in force (the built-in
    one without ``rfc_template``), once per settings object."""
    return _SUBSECTIONS.get(settings, None, lambda: template_subsections(
        settings.template if settings.template is not None else default_schema()))


def empty_subsections(
    doctree: nodes.document, settings: RfcSettings, lines: SourceLines,
    memo: dict[int, str], *, source: str, rfc_id: str,
    section_lines: Mapping[str, int | None] | None = None, index: DocIndex | None = None,
) -> list[Problem]:
    """An ``empty-section`` for each empty template sub-section of the RFC.
    *section_lines*: each section's title line as the section check chose
    it (a misspelt heading, `3. 目票和非目标`, is its section too); *index*:
    the document's, when the caller has it."""
    known = subsections_of(settings)
    if not known:
        return []
    # (a sub-section holding the template's guidance only is empty too)
    guidance = template_asks(settings.template).guidance
    problems: list[Problem] = []
    for section, heading in (index or DocIndex(doctree)).titled():
        keys = section_keys_for_title(heading.astext(), settings.sections)
        if not keys and section_lines:
            line = lines.title_line(heading)
            keys = [k for k, at in section_lines.items() if line is not None and at == line]
        subs = known.get(keys[0]) if keys else None
        if not subs or body_state(body_text(section, memo), settings.placeholders,
                                  needs_reason=settings.na_needs_reason) == EMPTY:
            continue  # (an empty section is one warning, not one per sub-section)
        for child in section.children:
            if not isinstance(child, nodes.section) or not isinstance(child[0], nodes.title):
                continue
            title = child[0].astext()
            if fold_key(clean_heading(title)) not in subs:
                continue
            if (body_state(without_guidance(body_text(child, memo), guidance),
                           settings.placeholders, needs_reason=settings.na_needs_reason) == EMPTY
                    and not _holds_more_than_text(child)):
                problems.append(Problem(
                    "empty-section",
                    _("sub-section {title!r} of {section!r} has no content").format(
                        title=" ".join(title.split()), section=" ".join(
                            section[0].astext().split())),
                    source, lines.title_line(child[0]), rfc_id,
                ))
    return problems


def drop_echoes(
    problems: Sequence[Problem], doctree: nodes.document, lines: SourceLines,
    index: DocIndex | None = None,
) -> list[Problem]:
    """*problems* without the echoes of an ``empty-section``: the
    placeholders inside that (sub-)section (one cause, one warning).
    *index*: the document's, when the caller has it."""
    empty = {p.line for p in problems if p.subtype == "empty-section" and p.line}
    if not empty:
        return list(problems)
    index = index or DocIndex(doctree)
    titled = [(s, line) for s, heading in index.titled()
              if (line := lines.title_line(heading)) is not None]
    spans: list[tuple[int, int]] = []
    for section, start in titled:
        if start not in empty:
            continue
        inner = {id(s) for s in index.inside(section)}
        after = [line for s, line in titled if line > start and id(s) not in inner]
        spans.append((start, min(after) if after else 1 << 62))
    kept: list[Problem] = []
    for problem in problems:
        line = problem.line
        inside = line is not None and any(a < line < b for a, b in spans)
        if inside and problem.subtype == "placeholder":
            continue
        kept.append(problem)
    return kept
