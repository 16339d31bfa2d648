"""A template-native RFC's metadata fields as written, each with its line
(docs/reference/native.md): the YAML front matter of a Markdown file, the
field list before the title (docinfo) of an rST file.

Values are kept as the author wrote them; which field a name stands for and
what a value means is decided later (:mod:`sphinx_rfc.read.basic_info`,
:mod:`sphinx_rfc.read.metadata`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms import SphinxTransform

from sphinx_rfc.doctree.locations import split_source
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.spec import front_matter as front_matter_text
from sphinx_rfc.spec import yaml_text
from sphinx_rfc.spec.messages import _
from sphinx_rfc.spec.preamble import leading_list, top_line

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: Suffixes of the files MyST reads (front matter instead of docinfo).
_MARKDOWN = (".md", ".markdown", ".myst")


@dataclass
class RawField:
    """One metadata value as written, with its line."""

    name: str
    value: str | list[str]
    line: int | None
    #: The value cell of a basic-info row (None for a metadata field).
    cell: nodes.entry | None = None
    #: The file the value is written in when it is not the document (a
    #: sidecar's path, relative to the source folder, with ``/``): *line*
    #: is then that file's.
    source: str | None = None
    #: The key as its author wrote it, for a field a template's rule renamed
    #: (``creation-date``, ``Start Date`` for ``created``).
    written: str | None = None


def metadata_fields(env: BuildEnvironment, docname: str, doctree: nodes.document) -> list[RawField]:
    """The document's metadata fields, as written (front matter for
    Markdown, the field list before the title for rST)."""
    path = Path(env.doc2path(docname))
    found: list[RawField] = []
    if path.suffix.lower() in _MARKDOWN:
        data, key_lines = front_matter(path)
        for name, value in data.items():
            parsed = _yaml_value(value)
            if parsed is not None:
                found.append(RawField(name, parsed, key_lines.get(name, 1)))
        return found
    meta: dict[str, Any] = dict(env.metadata.get(docname, {}))
    meta.update(_docinfo(doctree))
    source_lines = _read_lines(path)
    for name, value in meta.items():
        if isinstance(value, (list, tuple)):
            text: str | list[str] = [str(v) for v in value]
        else:
            text = str(value)
        found.append(RawField(name, text, _field_line(source_lines, name)))
    return found


# --------------------------------------------------------------------------
# Markdown: YAML front matter


def front_matter(path: Path) -> tuple[dict[str, Any], dict[str, int]]:
    """The YAML front matter of a Markdown file and the line of each key.

    Anything unreadable gives ``({}, {})``: MyST reports broken front
    matter itself."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return {}, {}
    lines = split_source(text, path)
    end = front_matter_text.closing_line(lines)
    if end is None:
        return {}, {}
    # (a date or number YAML cannot make stays text, for its field's check;
    # a YAML syntax error: no front matter, MyST reports it)
    data = front_matter_text.load(lines[1:end])
    if data is None:
        return {}, {}
    return data, front_matter_text.key_lines(lines[1:end], first=2)


def _yaml_value(value: Any) -> str | list[str] | None:
    """A YAML value as text (a list stays a list); None for a mapping,
    which names no field value."""
    if value is None or isinstance(value, dict):
        return None
    if isinstance(value, (list, tuple)):
        return [str(_scalar(v)) for v in value if v is not None and not isinstance(v, dict)]
    return str(_scalar(value))


def _scalar(value: Any) -> Any:
    """YAML's dates and booleans written back the way the author would."""
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


# --------------------------------------------------------------------------
# reStructuredText: the docinfo field list


class FieldsDocinfoCanRead(SphinxTransform):
    """Field values that are nothing but docutils' diagnostics, written
    back as the author's text, before docutils' DocInfo transform reads
    the field list at the top of a document.

    ``:status: ::`` (a literal-block marker with no block) or
    ``:status: .. x::`` (an unknown directive) parses to a field body that
    holds only the system message docutils reported; for a bibliographic
    field name (``status``, ``date``, ``version``...) the DocInfo transform
    of docutils 0.22 then fails with an ``IndexError`` and the build stops.
    The body becomes one paragraph of its raw text (the message has
    already been reported, with its file and line), so the value is what
    was written and is checked like any other.
    """

    #: after docutils' DocTitle (320), before its DocInfo (340)
    default_priority = 335

    def apply(self, **kwargs: Any) -> None:
        index = self.document.first_child_not_matching_class(nodes.PreBibliographic)  # type: ignore[arg-type]
        if index is None or not isinstance(self.document[index], nodes.field_list):
            return
        for field in self.document[index].children:
            body = field.children[-1] if field.children else None
            if (isinstance(body, nodes.field_body) and body.children
                    and all(isinstance(c, nodes.system_message) for c in body.children)):
                raw = " ".join(body.rawsource.split())
                del body[:]
                body += nodes.paragraph(raw, raw)


class DocinfoWithoutMessages(SphinxTransform):
    """Docutils' diagnostics out of the docinfo, before Sphinx's metadata
    collector reads it into ``env.metadata``.

    A field value docutils cannot parse cleanly (``:status: `*``: a
    backquote or asterisk with no end) holds the warning's system message,
    and the collector takes the field's text with it: the message, with
    the absolute path of the source, would become a part of the value (and
    of every problem that quotes it, in ``rfcs.json``).  Each message has
    already been reported with its file and line when docutils made it;
    Sphinx drops the rest of a document's messages later (``FilterSystemMessages``,
    priority 999) and the docinfo leaves the doctree when the collector
    reads it (``doctree-read``, priority 880), so nothing else changes.
    """

    #: after docutils' DocInfo transform (340), before ``doctree-read`` (880)
    default_priority = 870

    def apply(self, **kwargs: Any) -> None:
        # (docutils puts the docinfo at the top of the document, where
        # Sphinx's collector reads it: no walk of the whole document)
        for info in self.document.children:
            if not isinstance(info, nodes.docinfo):
                continue
            for message in list(info.findall(nodes.system_message)):
                if message.parent is not None:
                    message.parent.remove(message)


def _docinfo(doctree: nodes.document) -> dict[str, Any]:
    """A docinfo still in the doctree (the metadata collector usually has
    moved it into ``env.metadata`` already)."""
    meta: dict[str, Any] = {}
    for info in doctree.findall(nodes.docinfo):
        for node in info.children:
            if isinstance(node, nodes.authors):
                meta["authors"] = [a.astext() for a in node.children]
            elif isinstance(node, nodes.field) and len(node) == 2:
                meta[node[0].astext()] = node[1].astext()
            elif isinstance(node, nodes.TextElement):
                meta[node.__class__.__name__] = node.astext()
        break
    return meta


def _read_lines(path: Path) -> list[str]:
    try:
        return split_source(path.read_text(encoding="utf-8-sig"), path)
    except (OSError, UnicodeDecodeError):
        return []


def _field_line(lines: Sequence[str], name: str) -> int | None:
    """The line of field ``:name:`` (docutils keeps no line for docinfo)."""
    pattern = re.compile(rf"^\s*:{re.escape(name)}:", re.IGNORECASE)
    for number, text in enumerate(lines, 1):
        if pattern.match(text):
            return number
    return None


def setup(app: Sphinx) -> None:
    app.add_transform(FieldsDocinfoCanRead)
    app.add_transform(DocinfoWithoutMessages)


# --------------------------------------------------------------------------
# The other places a template declares (docs/reference/templates.md, "Metadata")


def preamble_fields(path: Path) -> list[RawField]:
    """The ``Key: value`` items of the list a document starts with (a Rust
    RFC's ``- Start Date: 2014-03-11``, a MADR 2.x record's ``* Status:
    accepted``; in reStructuredText a bullet list or a field list), as
    written, each with its line."""
    markdown = path.suffix.lower() in _MARKDOWN
    return [RawField(item.key, _rst_value(item.value) if not markdown else item.value, item.line)
            for item in leading_list(_read_lines(path), markdown=markdown)]


def preamble_top(path: Path) -> tuple[int, str] | None:
    """Where a document's preamble list would start (its line, 1-based, and
    that line's text), after its front matter, comments and title; None
    when nothing follows them."""
    lines = _read_lines(path)
    i = top_line(lines, markdown=path.suffix.lower() in _MARKDOWN)
    return (i + 1, lines[i].strip()) if i < len(lines) else None


def _rst_value(text: str) -> str:
    """An rST preamble value as the Markdown one reads: a hyperlink
    reference (`` `rust-lang/rfcs#1 <https://…>`_ ``) as a Markdown link,
    a literal (````let_else````) as code."""
    value = text.strip()
    if value.startswith("`") and value.endswith(("`_", "`__")) and "<" in value:
        inner = value[1:value.rindex("`")]
        label, _lt, target = inner.rpartition("<")
        if target.endswith(">") and label.strip():
            return f"[{label.strip()}]({target[:-1].strip()})"
    if value.startswith("``") and value.endswith("``") and len(value) > 4:
        return f"`{value[2:-2]}`"
    return value


def sidecar_fields(
    path: Path, name: str, shown: str | None = None, problems: list[Problem] | None = None,
) -> tuple[list[RawField], str | None]:
    """The top-level keys of the YAML file *name* beside the document (a
    KEP's ``kep.yaml``), as written, each with its line in that file, and
    that file's path (None when there is none or it cannot be read).  Each
    field's ``source`` is the sidecar as problems name it: *shown* (the
    document's source path, relative to the source folder), its folder
    joined with *name*.  A value YAML's rules cannot make (``2023-14-05``)
    is kept as written, for its field's check; a YAML syntax error is an
    ``invalid-value`` problem at its line in the sidecar (in *problems*),
    and the keys written before it are read."""
    sidecar = path.parent / name
    where = posixpath.join(posixpath.dirname(shown), name) if shown is not None else (
        sidecar.as_posix())
    try:
        text = sidecar.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return [], None
    except (OSError, UnicodeDecodeError) as exc:
        if problems is not None:
            problems.append(Problem("invalid-value", _(
                "{name} cannot be read ({error}); its fields are not read").format(
                    name=name, error=_reason(exc)), where, None))
        return [], None
    import yaml  # type: ignore[import-untyped]

    try:
        data = yaml_text.load(text)
    except yaml.YAMLError as exc:
        if problems is not None:
            problems.append(Problem("invalid-value", _(
                "{name} is not valid YAML ({error}); only the keys before this line are "
                "read").format(name=name, error=_yaml_reason(exc)),
                where, yaml_text.error_line(exc)))
        data = yaml_text.load_before_error(text, exc)
    if not isinstance(data, dict):
        return [], None
    key_lines = front_matter_text.key_lines(text.split("\n"))
    found = []
    for key, value in data.items():
        parsed = _yaml_value(value)
        if parsed is not None:
            # (a problem of its value is reported at its line in the sidecar)
            found.append(RawField(str(key), parsed, key_lines.get(str(key)), source=where))
    return found, str(sidecar)


def _reason(exc: BaseException) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__


def _yaml_reason(exc: BaseException) -> str:
    """The YAML error's own words, without its marks (the line is the problem's)."""
    problem = getattr(exc, "problem", None)
    context = getattr(exc, "context", None)
    return " ".join(str(w) for w in (context, problem) if w) or type(exc).__name__
