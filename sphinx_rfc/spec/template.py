"""A template document read as the schema of its RFCs
(docs/reference/templates.md).

:func:`parse_template` turns the text of a Markdown or reStructuredText
template into a :class:`TemplateSchema`: its sections (every heading from
level 2 down to the chosen depth; level 1 is the document title), the
table kinds its tables are, the test levels of its verification-levels
table, the fields of its basic-information table and the placeholders it
uses.  Pure text in, data out, no Sphinx: the headings, tables, directives
and comments are read by markdown-it-py and docutils' parser
(:mod:`sphinx_rfc.spec.template_parts`); a document that cannot be a schema
raises :class:`TemplateError` with the line to change.

A heading may carry what its title alone cannot say in a comment right
below it (ignored by renderers)::

    ## 6. 方案设计
    <!-- rfc-section: key=design label="Design" aliases="设计方案; Proposal" -->

(in reStructuredText: ``.. rfc-section: key=design ...``).  Its fields:
``key`` (the section's key; default: a slug of the title), ``label`` (the
English name messages use), ``aliases`` (other titles that name it,
``;``-separated) and ``directive`` (the directive that makes it present).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec import front_matter
from sphinx_rfc.spec.blanks import blank_spans
from sphinx_rfc.spec.fields import FIELDS, match_field
from sphinx_rfc.spec.messages import _, series
from sphinx_rfc.spec.own_text import (
    NO_OWN_TEXT,
    OwnTexts,
    is_record_table,
    learn_notes,
    learn_title,
    learn_values,
)
from sphinx_rfc.spec.preamble import MetadataRule, RuleError, parse_rule, parse_since
from sphinx_rfc.spec.table_kinds import TABLES, ColumnSpec, TableSpec, is_note_header
from sphinx_rfc.spec.template_parts import Comment, TooDeepError, markdown_parts, rst_parts
from sphinx_rfc.spec.template_parts import Directive as _Directive
from sphinx_rfc.spec.template_parts import Heading as _Heading
from sphinx_rfc.spec.template_parts import Table as _Table
from sphinx_rfc.spec.text import RUN_START, fold, fold_header, markup_text

#: Placeholder texts a template may use; those found in it join ``rfc_placeholders``.
KNOWN_PLACEHOLDERS: tuple[str, ...] = ("xxx", "[FILL]", "[待测]", "待补充", "TBD", "TODO")
#: In ``rfc_placeholders``: every blank of the style (``{name}``, ``[name]``),
#: not the text itself; a template writing its blanks so adds it
#: (:func:`sphinx_rfc.spec.blanks.blank_spans`).
BRACE_STYLE = "{…}"
BRACKET_STYLE = "[…]"

# Each pattern linear on any line (docs/reference/architecture.md, "Regular
# expressions").
#: What marks a heading (or a test level) optional.
_OPTIONAL = _lazy_re.compile(
    RUN_START + r"\s*(?:[(（\[【]\s*(?:optional|可选|选填|非必填)\s*[)）\]】])\s*", re.IGNORECASE
)
#: A heading's numbering: ``（一）``, ``(2)``, ``第三章``, ``1.1``, ``1、``,
#: ``一、``, ``三）`` (as :mod:`sphinx_rfc.check.sections` strips it).
_NUMBERING = _lazy_re.compile(
    r"""^\s*(?:
        [(（]\s*(?:\d+|[一二三四五六七八九十〇零]+)\s*[)）]
      | 第\s*(?:\d+|[一二三四五六七八九十〇零百]+)\s*[章节部分篇][、.．:：]?
      | \d+(?:[.．]\d+)*(?:[.、．)）]|(?=\s)|$)
      | [一二三四五六七八九十〇零]+\s*[、.．)）]
    )\s*""",
    re.VERBOSE,
)
_FENCE = _lazy_re.compile(r"^ {0,3}(`{3,}|~{3,}|:{3,})\s*(\{([\w:-]+)\})?")
_ANNOTATION = _lazy_re.compile(r"rfc-section\s*:\s*(.*)", re.DOTALL)
_BRACES = _lazy_re.compile(r"(?<![{`\w])\{([^{}`\n]{2,80})\}(?![}`])")
#: A one-word blank: ``{justification}``, ``{describe_it}``.
_WORD_BLANK = _lazy_re.compile(r"[A-Za-z][A-Za-z_-]*")
_CHOICES = _lazy_re.compile(r"(?<!\s)\s+/\s+")


class TemplateError(ValueError):
    """A template that cannot be a schema: what to change, and where."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


@dataclass(frozen=True)
class SectionSpec:
    """What the checks know of one section of the template: its key, its
    labels, the titles that name it and the directive that makes it present
    (:meth:`TemplateSection.spec`; the built-in ones:
    :data:`sphinx_rfc.spec.sections.SECTIONS`)."""

    key: str
    label: str
    label_zh: str
    titles: tuple[str, ...]
    directive: str | None = None
    #: Its heading level in the template (2: a top-level section; 0: not known,
    #: a section of ``rfc_sections`` the template lacks).
    level: int = 2
    #: An optional section the template itself leaves blank (``# 名词解释``
    #: with nothing under it): an RFC that leaves it so is not warned.
    blank: bool = False
    #: The template marks it optional (``(Optional)``, ``（可选）``,
    #: ``optional=yes``): left blank or answered N/A, it is not warned.
    optional: bool = False


@dataclass(frozen=True)
class TemplateSection:
    key: str
    #: The heading's title, numbering and optional marker dropped.
    title: str
    level: int
    #: The key of the enclosing section (None at level 2).
    parent: str | None
    optional: bool
    line: int
    aliases: tuple[str, ...] = ()
    label: str | None = None
    label_zh: str | None = None
    directive: str | None = None
    #: When the section joined the template (``2017-07-12`` or ``RFC-2000``):
    #: an RFC from before it need not have it (docs/reference/templates.md).
    since: str | None = None
    #: Nothing is written under it in the template (a Markdown template).
    blank: bool = False
    #: Its heading as the template writes it (numbering and marker kept),
    #: and that heading's own level (one less than *level* in a template
    #: whose sections are headings of its title's level).
    heading: str = ""
    written: int = 0

    def spec(self) -> SectionSpec:
        """The section as the checks see it: named by the template's title."""
        titles = tuple(dict.fromkeys((self.title, *self.aliases)))
        return SectionSpec(
            self.key, self.label or self.title, self.label_zh or self.title, titles,
            self.directive, self.level, blank=self.blank and self.optional,
            optional=self.optional,
        )


@dataclass(frozen=True)
class TemplateColumn:
    header: str
    #: The built-in column key, when the table is of a known kind.
    key: str | None
    #: The values the template offers (``强 / 弱 / 不涉及``), or ().
    allowed: tuple[str, ...] = ()


@dataclass(frozen=True)
class TemplateTable:
    #: The key of the section it is in (None: before the first section).
    section: str | None
    line: int
    columns: tuple[TemplateColumn, ...]
    rows: tuple[tuple[str, ...], ...]
    #: The built-in kind it is (``dependency``, ``levels`` …), or None: a generic table.
    kind: str | None = None


@dataclass(frozen=True)
class TemplateField:
    name: str
    #: The built-in field key, or None: an extra field.
    key: str | None
    allowed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Era:
    """One entry of a template's history (``rfc_template`` as a list): from
    when it was in force, its name, and the sections it required."""

    #: ``YYYY-MM-DD`` or an ID; None: from the start.
    since: str | None
    name: str
    required: tuple[str, ...]
    #: Every section of its template, in the template's order (a section
    #: is placed among those of its own template).
    sections: tuple[str, ...] = ()
    #: Globs of the documents written to it whenever they were written
    #: (docnames, as ``rfc_documents``); empty: the template of its time.
    documents: tuple[str, ...] = ()


@dataclass(frozen=True)
class TemplateSchema:
    #: Where it was read from (shown in messages and by ``sphinx-rfc template``).
    path: str
    digest: str
    depth: int
    title: str
    sections: tuple[TemplateSection, ...]
    tables: tuple[TemplateTable, ...]
    #: The table kinds its tables are, each with its section's key.
    kinds: tuple[TableSpec, ...]
    test_levels: tuple[str, ...]
    optional_test_levels: tuple[str, ...]
    fields: tuple[TemplateField, ...]
    placeholders: tuple[str, ...]
    markdown: bool = True
    text: str = field(default="", repr=False, compare=False)
    #: How its documents carry their metadata (an ``rfc-metadata`` comment),
    #: or None: front matter and the basic-information table.
    metadata: MetadataRule | None = None
    #: The templates in force over time, oldest first (``rfc_template`` as a
    #: list); () for one template.
    history: tuple[Era, ...] = ()
    #: The levels added to its own headings' (1: its sections are headings
    #: of its title's level, read one level down; else 0).
    shift: int = 0
    #: What its ``rfc-not-applicable`` comment says: whether a section
    #: answered ``N/A`` / ``不涉及`` must give a reason (None: not said).
    na_needs_reason: bool | None = None
    #: Its own text a document writes over (its title, the cells of its
    #: record table that say what to write): a document keeping one gets
    #: ``rfc.placeholder`` (:mod:`sphinx_rfc.spec.own_text`).
    own: OwnTexts = NO_OWN_TEXT

    @property
    def section_specs(self) -> tuple[SectionSpec, ...]:
        return tuple(s.spec() for s in self.sections)

    @property
    def required_sections(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.sections if not s.optional)

    @property
    def generic_tables(self) -> tuple[TemplateTable, ...]:
        """The tables of a section that are of no built-in kind (the
        basic-information table and the background's type table aside)."""
        return tuple(t for t in self.tables if t.kind is None and t.section is not None
                     and t.section not in ("basic-info", "background"))

    @property
    def extra_fields(self) -> dict[str, tuple[str, ...]]:
        return {f.name: f.allowed for f in self.fields if f.key is None}


# --------------------------------------------------------------------------
# Text helpers


def strip_optional(title: str) -> tuple[str, bool]:
    """*title* without its optional marker, and whether it had one."""
    text, count = _OPTIONAL.subn(" ", title)
    return " ".join(text.split()), bool(count)


def clean_heading(title: str) -> str:
    """A heading's title as the schema names it: no numbering, no marker,
    no Markdown emphasis or code marks."""
    title, _optional = strip_optional(title)
    title = re.sub(r"[*_`]+", "", title)
    title = _NUMBERING.sub("", title, count=1)
    return " ".join(title.split()).strip(" :：")


def slug(title: str) -> str:
    """A section key made from a title: folded, words joined by ``-``
    (letters of any script kept)."""
    words = re.findall(r"\w+", fold(title))
    return "-".join(words)


def choices(cell: str) -> tuple[str, ...]:
    """The values a template cell offers (``是 / 否``), or ()."""
    text = cell.replace("`", "").strip()
    if not _CHOICES.search(text):
        return ()
    parts = [p.strip() for p in _CHOICES.split(text)]
    if len(parts) < 2 or any(not p or len(p) > 30 for p in parts):
        return ()
    return tuple(parts)


_FIELD = _lazy_re.compile(r'\s*([^\s=]+)(=)?(?:"([^"]*)"|(\S*))')


_SECTION_FIELDS = ("key", "label", "label_zh", "aliases", "directive", "since", "optional")
#: The values of an ``rfc-section`` comment's ``optional`` field.
_YES_NO = {"yes": True, "true": True, "no": False, "false": False}


def _annotation(
    text: str, line: int, names: Sequence[str] = _SECTION_FIELDS, what: str = "rfc-section",
) -> dict[str, str]:
    """The fields of an ``rfc-section`` comment (or of another *what*,
    whose fields are *names*): ``name=value`` or ``name="a value"``."""
    values: dict[str, str] = {}
    rest = text.strip().removesuffix("-->").strip()
    while rest:
        m = _FIELD.match(rest)
        if m is None or not m.group(2):
            raise TemplateError(_(
                'cannot read the {what} comment at {text!r}; write name=value or name="a value"'
            ).format(what=what, text=rest), line)
        name = m.group(1)
        if name not in names:
            raise TemplateError(_("unknown {what} field {name!r}; use {fields}").format(
                what=what, name=name, fields=series(f"{n}=" for n in names)), line)
        values[name] = m.group(3) if m.group(3) is not None else m.group(4)
        rest = rest[m.end():].strip()
    return values


# --------------------------------------------------------------------------
# The document's parts, in order


@dataclass
class _Note:
    """An ``rfc-section`` annotation."""

    line: int
    values: dict[str, str]


_Part = _Heading | _Table | _Note | _Directive


class _TooDeepTemplateError(TemplateError):
    """A reStructuredText text nested deeper than docutils reads."""


def _front_matter_end(lines: Sequence[str]) -> int:
    """The number of lines of a Markdown front matter (0: none)."""
    end = front_matter.closing_line(lines)
    return 0 if end is None else end + 1


def _read_parts(text: str, markdown: bool) -> tuple[list[_Part], list[Comment]]:
    """The parts of *text* (:mod:`sphinx_rfc.spec.template_parts`), its
    ``rfc-section`` comments read as notes; and all its comments."""
    if markdown:
        lines = text.splitlines()
        offset = _front_matter_end(lines)
        found = markdown_parts("\n".join(lines[offset:]), offset)
    else:
        try:
            found = rst_parts(text)
        except TooDeepError as exc:
            raise _TooDeepTemplateError(str(exc)) from None
    parts: list[_Part] = []
    comments: list[Comment] = []
    for part in found:
        if isinstance(part, Comment):
            comments.append(part)
            note = _ANNOTATION.match(part.text.strip())
            if note:
                parts.append(_Note(part.line, _annotation(note.group(1), part.line)))
        else:
            parts.append(part)
    return parts, comments


def rst_headings(text: str) -> list[tuple[int, str, int]]:
    """(level, title, line) of each heading of a reStructuredText template,
    its levels counted as :func:`parse_template` counts them (the order in
    which the adornment styles first appear)."""
    return [(p.level, p.title, p.line) for p in rst_parts(text) if isinstance(p, _Heading)]


# --------------------------------------------------------------------------
# The schema


_INDEX: dict[str, dict[str, ColumnSpec]] = {}


def _column(spec: TableSpec, header: str) -> ColumnSpec | None:
    """The column of *spec* that *header* names (``TableSpec.match_header``
    without hashing the spec at each call)."""
    builtin = any(spec is t for t in TABLES)
    index = _INDEX.get(spec.kind) if builtin else None
    if index is None:
        index = {}
        for col in spec.columns:
            for alias in col.aliases:
                index.setdefault(fold_header(alias), col)
        if builtin:
            _INDEX[spec.kind] = index
    return index.get(fold_header(header))


def _match_kind(
    headers: Sequence[str], directive: str | None, kinds: Sequence[TableSpec] = TABLES
) -> TableSpec | None:
    """The built-in kind whose columns the *headers* are (every header one of
    its columns, every required column there); the one with most columns.
    A remarks column (``备注``, ``Notes``) the kind lacks is allowed: a row's
    note, as in an RFC's own tables."""
    best: tuple[int, TableSpec] | None = None
    for spec in kinds:
        if directive is not None and directive.startswith("rfc-") and spec.directive != directive:
            continue
        cols = [c for h in headers
                if (c := _column(spec, h)) is not None or not is_note_header(h)]
        if any(c is None for c in cols):
            continue
        keys = {c.key for c in cols if c is not None}
        needed = {c.key for c in spec.columns if c.required in ("yes", "column")}
        if not needed <= keys:
            continue
        if best is None or len(keys) > best[0]:
            best = (len(keys), spec)
    return best[1] if best else None


#: The template documents shipped in the package (``rfc_template`` names them).
TEMPLATE_FOLDER = Path(__file__).parent.parent / "templates"
#: The built-in template: the sections every project has with no
#: ``rfc_template`` (:data:`sphinx_rfc.spec.sections.SECTIONS`).
DEFAULT_TEMPLATE = TEMPLATE_FOLDER / "hyper-parallel.zh_CN.md"


@cache
def default_schema() -> TemplateSchema:
    """The schema of the built-in template document (read once)."""
    text = DEFAULT_TEMPLATE.read_text(encoding="utf-8")
    return parse_template(text, DEFAULT_TEMPLATE.name, builtin=False)


def _builtin_key(title: str, builtin: bool) -> str | None:
    """``basic-info`` for a heading the built-in template gives that key: the
    reader looks for the basic-information table there."""
    if not builtin:
        return None
    spec = next(s for s in default_schema().section_specs if s.key == "basic-info")
    if fold(clean_heading(title)) in {fold(t) for t in spec.titles}:
        return "basic-info"
    return None


def _sections_beside_title(parts: list[_Part]) -> list[_Part]:
    """A template whose sections are headings of its title's level (``#
    标题``, then ``# 一、概述`` with ``## 1、相关背景`` under it): every
    heading after the title one level down, so that its top-level sections
    are of level 2 as in any template (``rfc_template_depth`` still counts
    the template's own levels: its ``##`` sub-sections are read at the
    default 2); any other template as it is."""
    headings = [p for p in parts if isinstance(p, _Heading)]
    if sum(1 for h in headings if h.level == 1) < 2:
        return parts
    title = next(h for h in headings if h.level == 1)
    return [replace(p, level=p.level + 1) if isinstance(p, _Heading) and p is not title else p
            for p in parts]


def _optional(value: str, line: int) -> bool:
    answer = _YES_NO.get(value.strip().lower())
    if answer is None:
        raise TemplateError(_("rfc-section optional={value!r}: write optional=yes or "
                              "optional=no").format(value=value), line)
    return answer


def _trailing_unnumbered_optional(
    sections: list[TemplateSection], parts: Sequence[_Part], said: set[str],
) -> list[TemplateSection]:
    """In a template whose top-level sections are numbered (most of them,
    three or more), the unnumbered ones after the last numbered one (``#
    名词解释``, ``# 附件及参考资料``: the appendices) are optional, with
    what is under them; unless an ``rfc-section`` comment says
    ``optional=no`` (*said*: the keys whose comment says either)."""
    raw = {p.line: p.title for p in parts if isinstance(p, _Heading)}
    top = [s for s in sections if s.parent is None]
    numbered = [bool(_NUMBERING.match(raw.get(s.line, ""))) for s in top]
    if len(top) < 3 or sum(numbered) < 3 or sum(numbered) * 2 < len(top) or numbered[-1]:
        return sections
    last = max(k for k, n in enumerate(numbered) if n)
    trailing = {s.key for k, s in enumerate(top) if k > last and s.key not in said}
    out = []
    for section in sections:
        if section.key not in said and (section.key in trailing or section.parent in trailing):
            trailing.add(section.key)
            section = replace(section, optional=True)
        out.append(section)
    return out


def _without_comments(text: str) -> str:
    """*text* without its HTML comments (one left open runs to the end)."""
    kept = []
    at = 0
    while (start := text.find("<!--", at)) >= 0:
        kept.append(text[at:start])
        end = text.find("-->", start + 4)
        at = len(text) if end < 0 else end + 3
    kept.append(text[at:])
    return "".join(kept)


def _blank_sections(
    sections: list[TemplateSection], parts: Sequence[_Part], text: str,
) -> list[TemplateSection]:
    """Each section marked ``blank`` when no line of text (a heading, an
    HTML comment and blank lines aside) stands between its heading and the
    next heading of its level or above."""
    lines = text.splitlines()
    headings = [(p.line, p.level) for p in parts if isinstance(p, _Heading)]
    out = []
    for section in sections:
        after = [line for line, level in headings
                 if line > section.line and level <= section.level]
        end = min(after, default=len(lines) + 1)
        others = {line for line, _level in headings}
        body = "\n".join(lines[k - 1] for k in range(section.line + 1, end)
                         if k not in others and k <= len(lines))
        out.append(replace(section, blank=not _without_comments(body).strip()))
    return out


class _Outline:
    """The sections of a template as its parts come, in order: headings,
    their ``rfc-section`` notes, the ``rfc`` directives and the tables
    under each."""

    def __init__(self, depth: int, builtin: bool, shift: int = 0) -> None:
        self.depth = depth
        self.builtin = builtin
        #: 1 when the template's sections are headings of its title's level
        #: (each read one level down: :func:`_sections_beside_title`)
        self.shift = shift
        #: the sections whose rfc-section comment says whether they are optional
        self.said_optional: set[str] = set()
        self.sections: list[TemplateSection] = []
        self.stack: list[TemplateSection] = []
        self.title = ""
        self.current: TemplateSection | None = None
        self.tables: list[_Table] = []
        self.table_owner: list[str | None] = []
        self.directives: dict[str, str] = {}
        self.pending_heading = False

    def add(self, part: _Part) -> None:
        if isinstance(part, _Heading):
            self.pending_heading = False
            self.heading(part)
        elif isinstance(part, _Note):
            self.note(part)
        elif isinstance(part, _Directive):
            self.pending_heading = False
            if self.current is not None and part.name.startswith("rfc"):
                self.directives.setdefault(self.current.key, part.name)
        else:
            self.pending_heading = False
            self.tables.append(part)
            self.table_owner.append(self.current.key if self.current is not None else None)

    def heading(self, part: _Heading) -> None:
        stack = self.stack
        if part.level == 1 and not self.title:
            self.title = part.title
            return
        if part.level < 2 or part.level > self.depth:
            return
        name = clean_heading(part.title)
        _title, optional = strip_optional(part.title)
        if not name:
            raise TemplateError(_("a heading without a title"), part.line)
        while stack and stack[-1].level >= part.level:
            stack.pop()
        if _BRACES.search(part.title):
            # an example heading ("### {title of option 1}"): no section,
            # and what follows belongs to the section above
            self.current = stack[-1] if stack else None
            return
        parent = stack[-1].key if stack else None
        # under an optional section, a section is needed only with it
        optional = optional or any(s.optional for s in stack)
        key = _builtin_key(part.title, self.builtin) or slug(name)
        section = TemplateSection(key, name, part.level, parent, optional, part.line,
                                  heading=part.title, written=part.level - self.shift)
        self.sections.append(section)
        stack.append(section)
        self.current = section
        self.pending_heading = True

    def note(self, part: _Note) -> None:
        """An ``rfc-section`` comment: what it says of the heading just read."""
        current = self.current
        if not self.pending_heading or current is None:
            raise TemplateError(
                _("an rfc-section comment must come right after the heading it describes"),
                part.line,
            )
        v = part.values
        aliases = tuple(a.strip() for a in v.get("aliases", "").split(";") if a.strip())
        updated = replace(
            current, key=v.get("key") or current.key, aliases=aliases,
            label=v.get("label") or None, label_zh=v.get("label_zh") or None,
            directive=v.get("directive") or current.directive,
            since=_since(v.get("since"), part.line) or current.since,
        )
        if "optional" in v:
            updated = replace(updated, optional=_optional(v["optional"], part.line))
            self.said_optional.add(updated.key)
        self.sections[-1] = updated
        self.stack[-1] = updated
        self.current = updated
        self.pending_heading = False


def _unique_keys(sections: list[TemplateSection], depth: int) -> list[TemplateSection]:
    """*sections*, when there are some and no two share a key; raises
    :class:`TemplateError` otherwise."""
    if not sections:
        raise TemplateError(_(
            "no heading of level 2 to {depth} (level 1 is the document's title); give each "
            "section a level-2 heading or raise rfc_template_depth").format(depth=depth))
    by_key: dict[str, TemplateSection] = {}
    for section in sections:
        other = by_key.get(section.key)
        if other is not None:
            raise TemplateError(_(
                "two sections have the key {key!r}: {first!r} (line {line}) and {second!r}; "
                "rename one heading or give one another key in an rfc-section comment "
                "(key=...)").format(key=section.key, first=other.title, line=other.line,
                                    second=section.title), section.line)
        by_key[section.key] = section
    return sections


def _with_directives(sections: list[TemplateSection],
                     directives: Mapping[str, str]) -> list[TemplateSection]:
    """Each section with the ``rfc`` directive its text uses, unless its
    note names one."""
    return [
        s if s.directive or s.key not in directives else replace(s, directive=directives[s.key])
        for s in sections
    ]


def parse_template(
    text: str, path: str, *, depth: int = 2, markdown: bool = True, builtin: bool = True,
    kinds: Sequence[TableSpec] = TABLES,
) -> TemplateSchema:
    """The schema of the template *text* (read from *path*); raises
    :class:`TemplateError`.  *builtin*: a heading the built-in template calls
    the basic information gets its key (off for the built-in template
    itself, whose comments give every key).  *kinds*: the table kinds a
    table may be (the built-in ones, with a team's column words:
    ``rfc_aliases``)."""
    if depth < 2:
        raise TemplateError(_(
            "rfc_template_depth is {depth}; it must be 2 or more (level 1 is the document's "
            "title, sections start at level 2)").format(depth=depth))
    parts, comments = _read_parts(text, markdown)
    beside = _sections_beside_title(parts)
    shift = 0 if beside is parts else 1
    parts = beside
    # (rfc_template_depth counts the template's own heading levels: a
    # template read one level down keeps its `##` sub-sections at 2)
    depth += shift
    outline = _Outline(depth, builtin, shift)
    for part in parts:
        outline.add(part)
    sections = _with_directives(_unique_keys(outline.sections, depth), outline.directives)
    sections = _trailing_unnumbered_optional(sections, parts, outline.said_optional)
    if markdown:
        sections = _blank_sections(sections, parts, text)
    tables, table_owner, title = outline.tables, outline.table_owner, outline.title

    read_tables, found_kinds, levels, optional_levels, fields = _tables(
        tables, table_owner, kinds, _column_marks(comments, parts, tables))
    placeholders = _placeholders(text, markdown)
    own = _own_texts(clean_heading(title) if title else "", sections, read_tables)
    if markdown and own.titles:
        own = own | OwnTexts(notes=learn_notes(own.titles, _lead_paragraphs(
            text, min((s.line for s in sections), default=0))))
    metadata = _metadata_rule(comments)
    na_needs_reason = _not_applicable_rule(comments)
    return TemplateSchema(
        path=path,
        digest=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        depth=depth,
        title=clean_heading(title) if title else "",
        sections=tuple(sections),
        tables=read_tables,
        kinds=found_kinds,
        test_levels=levels,
        optional_test_levels=optional_levels,
        fields=fields,
        placeholders=placeholders,
        markdown=markdown,
        text=text,
        metadata=metadata,
        shift=shift,
        na_needs_reason=na_needs_reason,
        own=own,
    )


def _own_texts(
    title: str, sections: Sequence[TemplateSection], tables: Sequence[TemplateTable],
) -> OwnTexts:
    """What the template writes that a document must write over: its title
    (not one of its sections), and the cells of its record table (the
    basic-information table, or a two-column key | value table before its
    first section) that tell what to write; a two-column table's header row
    is one of its rows (``API名称 | 新增API名称``)."""
    own = OwnTexts(learn_title(title, (t for s in sections for t in (s.title, *s.aliases))))
    for table in tables:
        headers = tuple(c.header for c in table.columns)
        rows = [headers, *table.rows] if len(headers) == 2 else list(table.rows)
        if table.kind == "basic-info" or (
                table.section is None and len(headers) == 2 and is_record_table(
                    [r[0] for r in rows if r])):
            own = own | learn_values(rows)
    return own


def _lead_paragraphs(text: str, end: int) -> list[str]:
    """The plain paragraphs of Markdown *text* before line *end* (1-based;
    the first section's heading): no heading, table, quote, fence, HTML
    or comment line; a paragraph's lines joined."""
    paragraphs: list[list[str]] = [[]]
    fenced = False
    lines = text.splitlines()
    for line in lines[_front_matter_end(lines):max(end - 1, 0)]:
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
        if fenced or not stripped or stripped.startswith(("```", "~~~", "#", "|", ">", "<")):
            paragraphs.append([])
            continue
        paragraphs[-1].append(stripped)
    return [" ".join(p) for p in paragraphs if p]


def _since(value: str | None, line: int) -> str | None:
    if not value:
        return None
    if parse_since(value) is None:
        raise TemplateError(_(
            "rfc-section since={value!r}: give a date (YYYY-MM-DD) or an ID (RFC-2000)").format(
                value=value), line)
    return value


_RULE_FIELDS = ("from", "fields", "title", "status", "required")


def _metadata_rule(comments: Sequence[Comment]) -> MetadataRule | None:
    """The template's first ``rfc-metadata`` comment (Markdown ``<!--
    rfc-metadata: … -->``, rST ``.. rfc-metadata: …`` with its indented
    lines), or None."""
    for comment in comments:
        text = comment.text.strip()
        if not text.startswith("rfc-metadata:"):
            continue
        text = " ".join(text[len("rfc-metadata:"):].splitlines())
        values = _annotation(text, comment.line, _RULE_FIELDS, "rfc-metadata")
        try:
            return parse_rule(values)
        except RuleError as exc:
            raise TemplateError(str(exc), comment.line) from None
    return None


def _not_applicable_rule(comments: Sequence[Comment]) -> bool | None:
    """The template's ``rfc-not-applicable: reason=yes|no`` comment: whether
    a section answered by a not-applicable marker alone is empty (yes) or
    answered (no); None when the template has none."""
    for comment in comments:
        text = comment.text.strip()
        if not text.startswith("rfc-not-applicable:"):
            continue
        text = " ".join(text[len("rfc-not-applicable:"):].splitlines())
        values = _annotation(text, comment.line, ("reason",), "rfc-not-applicable")
        value = values.get("reason", "").strip().lower()
        if value not in ("yes", "no"):
            raise TemplateError(_(
                "rfc-not-applicable reason={value!r}: write reason=yes (a marker needs a "
                "reason) or reason=no (the marker alone is an answer)").format(value=value),
                comment.line)
        return value == "yes"
    return None


def _tables(
    tables: Sequence[_Table], owners: Sequence[str | None], known: Sequence[TableSpec] = TABLES,
    marks: dict[int, dict[str, bool]] | None = None,
) -> tuple[
    tuple[TemplateTable, ...], tuple[TableSpec, ...], tuple[str, ...], tuple[str, ...],
    tuple[TemplateField, ...],
]:
    read: list[TemplateTable] = []
    kinds: dict[tuple[str, str | None], TableSpec] = {}
    levels: list[str] = []
    optional_levels: list[str] = []
    fields: list[TemplateField] = []
    for number, (table, owner) in enumerate(zip(tables, owners, strict=True)):
        if not table.rows:
            continue
        table = replace(table, rows=[[_shown(c) for c in r] for r in table.rows])
        marked = (marks or {}).get(number, {})
        headers = table.rows[0]
        body = [r for r in table.rows[1:] if any(c.strip() for c in r)]
        if owner == "basic-info" and len(headers) in (2, 3):
            fields.extend(_fields(table.rows))
            read.append(TemplateTable(
                owner, table.line, tuple(TemplateColumn(h, None) for h in headers),
                tuple(tuple(r) for r in body), "basic-info",
            ))
            continue
        spec = _match_kind(headers, table.directive, known)
        columns = []
        for k, header in enumerate(headers):
            col = _column(spec, header) if spec else None
            offered = _offered([r[k] for r in body if k < len(r)],
                               marked.get(fold_header(header)))
            if col is not None and col.vocabulary is not None:
                offered = tuple(col.vocabulary.keys())
            columns.append(TemplateColumn(header, col.key if col else None, offered))
        read.append(TemplateTable(
            owner, table.line, tuple(columns), tuple(tuple(r) for r in body),
            spec.kind if spec else None,
        ))
        if spec is None:
            continue
        kinds.setdefault((spec.kind, owner), replace(spec, section=owner or spec.section))
        if spec.kind == "levels":
            at = next(k for k, h in enumerate(headers) if _column(spec, h) is spec.column("level"))
            for row in body:
                if at < len(row) and row[at].strip():
                    name, optional = strip_optional(row[at].replace("`", ""))
                    (optional_levels if optional else levels).append(name)
    order = {spec.kind: k for k, spec in enumerate(TABLES)}
    ordered = sorted(kinds.values(), key=lambda s: order[s.kind])
    return (tuple(read), tuple(ordered), tuple(dict.fromkeys(levels)),
            tuple(dict.fromkeys(optional_levels)), tuple(fields))


# A template's rows are examples; a column is closed when the template says
# so (docs/reference/templates.md, "Closed columns")

_TABLE_NOTE = _lazy_re.compile(r"rfc-table\s*:\s*(.*)", re.DOTALL)


def _shown(cell: str) -> str:
    """A template cell without the HTML an editor pasted into it
    (``提交作者<input class="rowselector">``: ``提交作者``), as the build reads
    an RFC's cells (:func:`sphinx_rfc.spec.text.markup_text`)."""
    if "<" not in cell and "&" not in cell:
        return cell
    return " ".join(markup_text(cell, known_only=True).split())


def _blank(cell: str) -> bool:
    """A template cell that is a blank to fill (``[FILL]``, ``xxx``,
    ``{name}``) or a dash: no value of its column."""
    text = cell.replace("`", "").strip()
    if text in ("", "-", "—") or text.casefold() in {p.casefold() for p in KNOWN_PLACEHOLDERS}:
        return True
    return any((a, b) == (0, len(text)) for style in "{[" for a, b in blank_spans(text, style))


def _offered(cells: Sequence[str], closed: bool | None) -> tuple[str, ...]:
    """The values a column accepts: none (any) when it is open.  A column
    whose every filled cell offers choices (``高 / 中 / 低``) accepts those
    choices; a closed column with cells that are values accepts them as
    written (``ST / 冒烟`` too).
    *closed*: what the template's ``rfc-table`` comment says; None: closed
    when every filled cell offers choices."""
    filled = [c.replace("`", "").strip() for c in cells if not _blank(c)]
    menus = [choices(c) for c in filled]
    if closed is None:
        closed = bool(filled) and all(menus)
    if not closed:
        return ()
    if all(menus):
        return tuple(dict.fromkeys(v for m in menus for v in m))
    return tuple(dict.fromkeys(filled))


def _column_marks(
    comments: Sequence[Comment], parts: Sequence[_Part], tables: Sequence[_Table],
) -> dict[int, dict[str, bool]]:
    """Each ``rfc-table`` comment's columns (``closed="等级; 结果"``,
    ``open="项目"``): table number -> folded header -> closed.  The comment
    comes right before its table, with no heading between."""
    found: dict[int, dict[str, bool]] = {}
    headings = [p.line for p in parts if isinstance(p, _Heading)]
    for comment in comments:
        note = _TABLE_NOTE.match(comment.text.strip())
        if note is None:
            continue
        values = _annotation(" ".join(note.group(1).splitlines()), comment.line,
                             ("closed", "open"), "rfc-table")
        after = [(t.line, k) for k, t in enumerate(tables) if t.line > comment.line]
        number = min(after)[1] if after else None
        if number is None or any(comment.line < h < tables[number].line for h in headings):
            raise TemplateError(
                _("an rfc-table comment must come right before the table it describes"),
                comment.line)
        headers = {fold_header(h): h for h in tables[number].rows[0]} if tables[number].rows else {}
        marks = found.setdefault(number, {})
        for name, closed in (("closed", True), ("open", False)):
            for header in (h.strip() for h in values.get(name, "").split(";")):
                if not header:
                    continue
                if fold_header(header) not in headers:
                    raise TemplateError(_(
                        "rfc-table {name}={header!r}: the table has no such column; its "
                        "columns: {columns}").format(
                            name=name, header=header, columns=series(headers.values())),
                        comment.line)
                marks[fold_header(header)] = closed
    return found


def _fields(rows: Sequence[Sequence[str]]) -> list[TemplateField]:
    found: list[TemplateField] = []
    first = rows[0]
    # a header row such as 项目 | 内容 is no field
    start = 1 if first and match_field(first[0]) is None and fold_header(first[0]) in (
        "项目", "字段", "field", "item", "key", "name"
    ) else 0
    for row in rows[start:]:
        if not row or not row[0].strip():
            continue
        name, _optional = strip_optional(row[0].replace("*", "").strip())
        spec = match_field(name)
        if spec is None and fold_header(name) in ("rfc", "id", "rfc id", "编号"):
            continue
        allowed = choices(row[1]) if len(row) > 1 else ()
        found.append(TemplateField(name, spec.key if spec else None,
                                   () if spec else allowed))
    return found


def _placeholders(text: str, markdown: bool) -> tuple[str, ...]:
    """The known placeholder texts the template uses, and in Markdown its
    ``{…}`` blanks (MADR's ``{title}``) outside code."""
    found = [p for p in KNOWN_PLACEHOLDERS if (p.casefold() in text.casefold())]
    if markdown:
        prose: list[str] = []
        fence = False
        for line in text.splitlines():
            if _FENCE.match(line):
                fence = not fence
                continue
            if not fence:
                # (a code span left as "``": a role before it is no blank)
                prose.append(re.sub(r"`[^`]*`", "``", line))
        joined = "\n".join(prose)
        braces = False
        for m in _BRACES.finditer(joined):
            inner = m.group(1).strip()
            # a one-word blank ({justification}) too (a MyST role, {doc}`x`, is
            # followed by its code span: no match)
            if " " in inner or not inner.isascii() or _WORD_BLANK.fullmatch(inner):
                found.append(m.group(0))
                braces = True
        # the styles it writes its blanks in: any blank of that style is one
        if braces:
            found.append(BRACE_STYLE)
        if any(joined[a:b] not in KNOWN_PLACEHOLDERS for a, b in blank_spans(joined, "[")):
            found.append(BRACKET_STYLE)
    return tuple(dict.fromkeys(found))


FIELD_KEYS: tuple[str, ...] = tuple(f.key for f in FIELDS)


# --------------------------------------------------------------------------
# The parts of any document (an RFC's: sphinx_rfc.check.changes)

#: A heading, a table or a directive of a document, as :func:`document_parts` gives them.
Heading = _Heading
Table = _Table
Directive = _Directive


def document_parts(text: str, *, markdown: bool) -> list[_Heading | _Table | _Note | _Directive]:
    """The headings, tables (pipe tables in Markdown, in a directive's fence
    too; grid and simple tables in reStructuredText) and directives of
    *text*, in order, read as a template is; a Markdown front matter
    skipped.  Lines are 1-based lines of *text*.  A reStructuredText text
    nested too deeply to be read (which Sphinx cannot build either) has no
    parts."""
    try:
        return _read_parts(text, markdown)[0]
    except _TooDeepTemplateError:
        return []
