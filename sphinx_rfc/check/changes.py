"""What changed in an RFC's structured data between two versions of its
source file (``sphinx-rfc diff``, docs/reference/cli.md; and the
"changed after acceptance" rule, which compares the accepted version with
the one being built).

Pure text in, data out: no Sphinx, no docutils, no git.
:func:`structured_data` reads one version's text into an :class:`RfcData`:

* its **fields**, where :func:`sphinx_rfc.check.field_places.find_places`
  finds them (the one reader of declared fields, shared with ``sphinx-rfc
  status`` and the status history): the ``rfc`` directive's options (rST,
  or MyST ``:key: value`` lines or a YAML block), else, in file order, the
  MyST front matter, the rST field list before the title, the leading
  ``Key: value`` list and the basic-information table, each field under
  its key (``status``, ``authors`` …; a field no key names, under its own
  name);
* its **status** (a status key of ``rfc_statuses``): the first declared
  that is one (:func:`sphinx_rfc.check.field_places.status_texts`), as the
  history reads it;
* the **rows of its tables**, per table kind (``interface``,
  ``dependency``, ``changes``, ``levels``, ``interactions``,
  ``performance``, ``alternatives``, ``references``, ``constraints``),
  each row under its name: a parameter's name, a component, a module, a
  test level, a combination, a scenario, an option, a source, a
  constraint's type.  A directive RFC's tables are those of its table
  directives; a template-native RFC's, the tables of its sections whose
  headers name a table kind's columns.

Only that data is compared: a change of prose is no change.  (The
template marks no section as binding, so no section's text is compared.)
Cells are compared as their text with backticks and runs of spaces left
out, so re-formatting a table is no change either.

:func:`diff` compares two versions: a list of :class:`Change`, each
``(kind, key, change, old, new)``: *kind* ``status``, ``field`` or a table
kind; *key* the field's or the row's name; *change* ``added``,
``removed`` or ``changed``; *old* and *new* the value (a row: its cells by
column).

The tables are read from the text as a template is
(:func:`sphinx_rfc.spec.template.document_parts`: Markdown pipe tables,
reStructuredText grid tables), and, inside a reStructuredText table
directive, simple tables, ``list-table`` and ``csv-table`` too.  The
kind of a table and the column of each header come from the table kinds
in force (``RfcSettings.tables``), as the build matches them.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sphinx_rfc import _lazy_re
from sphinx_rfc.check.field_places import (
    PAD,
    Place,
    find_places,
    padded,
    reads_list,
    status_texts,
    value_at,
)
from sphinx_rfc.check.sections import section_keys_for_title
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.spec import front_matter
from sphinx_rfc.spec.cells import read_choice
from sphinx_rfc.spec.fields import match_field
from sphinx_rfc.spec.messages import _, clauses, translating
from sphinx_rfc.spec.table_kinds import TABLES, TableSpec, is_note_header
from sphinx_rfc.spec.template import Directive, Heading, Table, document_parts
from sphinx_rfc.spec.text import fold_header

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings

__all__ = [
    "ACCEPTED",
    "BINDING",
    "CHANGES",
    "KIND_ORDER",
    "ROW_KEYS",
    "Accepted",
    "Change",
    "RfcData",
    "changed_after_acceptance",
    "describe",
    "diff",
    "latest_accepted",
    "structured_data",
]

#: Table kind -> the column a row is named by.
ROW_KEYS: dict[str, str] = {
    "interface": "name",
    "dependency": "component",
    "changes": "module",
    "levels": "level",
    "interactions": "combination",
    "performance": "scenario",
    "alternatives": "option",
    "references": "source",
    "constraints": "type",
}
#: The kinds of a change, in the order a diff lists them.
KIND_ORDER: tuple[str, ...] = ("status", "field", *ROW_KEYS)
#: What happened to a row or a field.
CHANGES: tuple[str, ...] = ("added", "removed", "changed")
#: The statuses of an accepted RFC (``diff``'s default ``--from``: the
#: version that last entered one of them, :func:`latest_accepted`).
ACCEPTED: tuple[str, ...] = ("accepted", "implemented")
#: The table kinds an accepted RFC is held to: a change of their rows after
#: acceptance is ``changed-after-acceptance``.
BINDING: tuple[str, ...] = ("interface", "dependency", "changes")

_ID_KEYS = frozenset(fold_header(k) for k in ("rfc", "id", "rfc id", "rfc-id", "rfc_id",
                                              "rfc 编号", "编号"))
# Each pattern linear on any line (docs/reference/architecture.md, "Regular
# expressions").
_OPTION = _lazy_re.compile(r"^[ \t]*+:([^:\s][^:]*):")
_RST_DIRECTIVE = _lazy_re.compile(r"^([ \t]*+)\.\.[ \t]++((?:[\w-]|:(?!:))++)::")
_SIMPLE_BORDER = _lazy_re.compile(r"^[ \t]*+=++(?:[ \t]++=++)*+[ \t]*+$")
_EQUALS = _lazy_re.compile(r"(?<!=)=+")


@dataclass(frozen=True)
class RfcData:
    """One version of an RFC's structured data (see the module's docstring)."""

    rfc_id: str | None
    status: str | None
    #: field key (or the author's name of a field no key names) -> its text
    fields: dict[str, str] = field(default_factory=dict)
    #: table kind -> row name -> column key -> cell text
    tables: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Change:
    """One difference: a field, the status or a table row added, removed or changed."""

    kind: str
    key: str
    change: str
    old: str | dict[str, str] | None
    new: str | dict[str, str] | None

    def columns(self) -> list[str]:
        """The columns of a changed row whose cells differ."""
        if not isinstance(self.old, dict) or not isinstance(self.new, dict):
            return []
        return [c for c in dict.fromkeys((*self.old, *self.new))
                if self.old.get(c, "") != self.new.get(c, "")]

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "key": self.key, "change": self.change,
                "old": self.old, "new": self.new}


# --------------------------------------------------------------------------
# Reading


def _clean(text: str) -> str:
    """A cell's text as compared: no backticks, no emphasis marks, spaces folded."""
    return " ".join(text.replace("`", "").replace("**", "").split())


def _default_settings() -> RfcSettings:
    import types

    from sphinx_rfc.spec.settings import settings_from

    return settings_from(types.SimpleNamespace())


def structured_data(text: str, suffix: str, settings: RfcSettings | None = None) -> RfcData:
    """The structured data of one version of an RFC's source *text*
    (*suffix*: its file's, ``.md`` or ``.rst``; *settings*: the project's,
    default the built-in ones).  Never raises on what the text holds."""
    if settings is None:
        settings = _default_settings()
    text = text.removeprefix("\ufeff")
    markdown = suffix.lower() not in (".rst", ".txt")
    lines = text.splitlines()
    # (an rfc-section comment the template reader would read is no part of an RFC)
    parts = document_parts(text.replace("rfc-section", "rfc_section"), markdown=markdown)
    names = frozenset(fold_header(w) for w in settings.aliases.fields.get("status", ()))
    places = find_places(text, suffix, settings.sections, rst_list=reads_list(settings),
                         rst_tables=True, names=names)
    directive = next((p for p in places if p.kind == "directive"), None)
    located = _locate(parts, lines, markdown, settings)
    fields: dict[str, str] = {}
    rfc_id: str | None = None
    tables: dict[str, dict[str, dict[str, str]]] = {}
    for place in [directive] if directive is not None else places:
        found_id, found = _place_fields(place, lines)
        rfc_id = rfc_id or found_id
        for key, value in found.items():
            fields.setdefault(key, value)
    # the status: the first declared that is a status (as the history reads it)
    declared = [_value(t) for t in status_texts(places, text)]
    if declared:
        fields["status"] = next(
            (t for t in declared if read_choice(settings.statuses, t).value), declared[0])
    for kind, rows, name in _read_tables(located, settings, native=directive is None):
        _add_rows(tables.setdefault(kind, {}), kind, rows, name)
    status_text = fields.get("status")
    status = (str(read_choice(settings.statuses, status_text).value or status_text)
              if status_text else None)
    return RfcData(rfc_id, status, fields, {k: v for k, v in tables.items() if v})


def _field_name(key: str) -> str | None:
    """The field *key* names: ``rfc`` for the ID, a field key, else *key* itself."""
    folded = fold_header(key.replace("*", "").replace("_", " ").strip())
    if not folded:
        return None
    if folded in _ID_KEYS:
        return "rfc"
    spec = match_field(folded)
    return spec.key if spec is not None else _clean(key.replace("*", ""))


def _value(value: object) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_clean(str(v)) for v in value)
    return _clean(str(value).strip().strip("'\""))


def _options(lines: Sequence[str], start: int) -> dict[str, str]:
    """The ``:key: value`` lines from *start* on (an indented line continues one)."""
    found: dict[str, str] = {}
    last: str | None = None
    indent = 0
    for line in lines[start:]:
        match = _OPTION.match(line)
        if match:
            name = _field_name(match.group(1))
            last, indent = name, len(line) - len(line.lstrip())
            if name is not None and name not in found:
                found[name] = line[match.end():].strip()
            continue
        if last in found and line.strip() and len(line) - len(line.lstrip()) > indent:
            found[last] = f"{found[last]} {line.strip()}".strip()
            continue
        break
    return {k: _value(v) for k, v in found.items()}


def _yaml_fields(block: Sequence[str]) -> dict[str, str]:
    data = front_matter.load(block)  # (a YAML syntax error: no fields)
    if data is None:
        return {}
    found: dict[str, str] = {}
    for key, value in data.items():
        name = _field_name(str(key))
        if name is not None and value is not None and name not in found:
            found[name] = _value(value)
    return found


def _place_fields(place: Place, lines: Sequence[str]) -> tuple[str | None, dict[str, str]]:
    """The ID and the fields a place of :func:`find_places` declares, each
    under its key (a field no key names, under its own name): YAML read as
    YAML (a list's items joined), options with their continuation lines."""
    if place.kind == "table":
        found = {}
        for key, value in place.rows:
            name = _field_name(key)
            if name is not None and name not in found:
                found[name] = _value(value)
        return found.pop("rfc", None) or None, found
    if place.kind == "list":
        found = {name: _value(value_at(lines, spot)) for name, spot in place.spots.items()}
    elif place.style == "yaml":
        start = place.first + (2 if place.kind == "directive" else 1)
        found = _yaml_fields(lines[start:place.last + 1])
    else:
        found = _options(lines, place.first + (1 if place.kind == "directive" else 0))
    rfc_id = found.pop("rfc", None) or None
    if place.kind == "directive":
        rfc_id = place.rfc_id
    return rfc_id, found


def _best(headers: Sequence[str], specs: Iterable[TableSpec]) -> TableSpec | None:
    """The kind whose columns the headers name best, as the build matches a
    table: at least two of its columns and half the headers that are no
    remarks column (``sphinx_rfc.read.tables.headers_match``)."""
    best: tuple[int, int, TableSpec] | None = None
    for spec in specs:
        keys = {c.key for h in headers if (c := spec.match_header(h)) is not None}
        named = [h for h in headers if h and (spec.match_header(h) or not is_note_header(h))]
        if not keys or len(keys) < min(2, len(spec.columns)) or len(keys) * 2 < len(named):
            continue
        score = (len(keys), len(keys & set(spec.signature)))
        if best is None or score > best[:2]:
            best = (*score, spec)
    return best[2] if best else None


Rows = list[list[str]]


@dataclass
class _Located:
    """A table of the document: the keys of the section it is in, the
    table directive it is in (None: none), the interface it describes, its
    rows (the header row first)."""

    section: tuple[str, ...]
    directive: str | None
    name: str | None
    rows: Rows


def _locate(parts: Sequence[object], lines: Sequence[str], markdown: bool,
            settings: RfcSettings) -> list[_Located]:
    """Every table of the document, in order."""
    found: list[_Located] = []
    section: tuple[str, ...] = ()
    opening: Directive | None = None
    if markdown:
        for part in parts:
            if isinstance(part, Heading):
                section = tuple(section_keys_for_title(part.title, settings.sections))
            elif isinstance(part, Directive):
                opening = part
            elif isinstance(part, Table) and part.rows:
                name = None
                if part.directive is not None and opening is not None:
                    name = _argument(lines[opening.line - 1], part.directive)
                found.append(_Located(section, part.directive, name, part.rows))
        return found
    # reStructuredText: the tables of each section's lines, those of a
    # table directive's block with it
    marks = sorted(
        [(p.line, p) for p in parts if isinstance(p, Heading)]
        + [(p.line, p) for p in parts if isinstance(p, Directive) and p.name.startswith("rfc-")],
        key=lambda item: item[0],
    )
    bounds = [*(line for line, _ in marks), len(lines) + 1]
    # (before the first mark: the field list, the title)
    for (line, part), stop in zip(marks, bounds[1:], strict=True):
        if isinstance(part, Heading):
            section = tuple(section_keys_for_title(part.title, settings.sections))
            # (from after the title's underline: a run of = is no table border)
            found.extend(_Located(section, None, None, rows)
                         for rows in _rst_tables(lines[line + 1:stop - 1]))
        else:
            block = _block(lines, line - 1)
            name = _argument(lines[line - 1], part.name)
            found.extend(_Located(section, part.name, name, rows) for rows in _rst_tables(block))
            rest = lines[line + len(block):stop - 1]
            found.extend(_Located(section, None, None, rows) for rows in _rst_tables(rest))
    return found


def _read_tables(
    tables: Sequence[_Located], settings: RfcSettings, *, native: bool,
) -> Iterable[tuple[str, Rows, str | None]]:
    """(kind, rows with the header row first, interface name) of each table read."""
    for table in tables:
        if table.directive is not None:
            if not table.directive.startswith("rfc-"):
                continue
            spec = _best(table.rows[0], settings.tables_for_directive(table.directive))
        elif native and not {"basic-info", "background"} & set(table.section):
            spec = _best(table.rows[0], settings.tables)
        else:
            continue
        if spec is not None:
            yield spec.kind, table.rows, table.name


def _argument(line: str, directive: str) -> str | None:
    """A directive's argument on its first line (the interface's name)."""
    rest = line.partition(directive)[2].lstrip("}").lstrip(":").strip()
    return _clean(rest) or None


def _add_rows(into: dict[str, dict[str, str]], kind: str, rows: Rows, name: str | None) -> None:
    specs = {t.kind: t for t in TABLES}
    spec = specs.get(kind)
    headers = rows[0]
    keys: list[str] = []
    for header in headers:
        column = spec.match_header(header) if spec is not None else None
        keys.append(column.key if column is not None else (
            "notes" if is_note_header(header) else _clean(header)))
    for row in rows[1:]:
        cells = {keys[k]: _clean(cell) for k, cell in enumerate(row[:len(keys)])
                 if _clean(cell) or keys[k] in (ROW_KEYS.get(kind),)}
        if not any(cells.values()):
            continue
        key = cells.get(ROW_KEYS.get(kind, ""), "") or next(iter(cells.values()))
        if name and kind == "interface":
            key = f"{name}: {key}"
        unique, count = key, 1
        while unique in into:
            count += 1
            unique = f"{key} #{count}"
        into[unique] = cells


# --------------------------------------------------------------------------
# reStructuredText tables inside a table directive


def _block(lines: Sequence[str], start: int) -> list[str]:
    """The indented block of the directive at line *start* (0-based)."""
    indent = len(lines[start]) - len(lines[start].lstrip())
    block: list[str] = []
    for line in lines[start + 1:]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        block.append(line)
    return block


def _rst_tables(block: Sequence[str]) -> list[Rows]:
    """The grid, simple, ``list-table`` and ``csv-table`` tables of *block*."""
    found: list[Rows] = []
    index = 0
    while index < len(block):
        stripped = block[index].strip()
        if stripped.startswith("+-"):
            rows, index = _grid(block, index)
        elif _SIMPLE_BORDER.match(block[index]) and len(block[index].split()) > 1:
            rows, index = _simple(block, index)
        elif (match := _RST_DIRECTIVE.match(block[index])) and match.group(2) in (
            "list-table", "csv-table"
        ):
            sub = _sub_block(block, index)
            rows = (_list_table if match.group(2) == "list-table" else _csv_table)(sub)
            index += len(sub) + 1
        else:
            index += 1
            continue
        if len(rows) >= 2:
            found.append(rows)
    return found


def _sub_block(block: Sequence[str], start: int) -> list[str]:
    indent = len(block[start]) - len(block[start].lstrip())
    sub: list[str] = []
    for line in block[start + 1:]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        sub.append(line)
    return sub


def _grid(block: Sequence[str], index: int) -> tuple[Rows, int]:
    rows: Rows = []
    current: list[list[str]] | None = None
    while index < len(block) and block[index].strip().startswith(("+", "|")):
        text = block[index].strip()
        if text.startswith("+"):
            if current:
                rows.append([" ".join(" ".join(c).split()) for c in current])
            current = None
        else:
            cells = [c.strip() for c in text.strip("|").split("|")]
            if current is None:
                current = [[c] for c in cells]
            else:
                for k, c in enumerate(cells[: len(current)]):
                    current[k].append(c)
        index += 1
    return rows, index


def _simple(block: Sequence[str], index: int) -> tuple[Rows, int]:
    border = block[index]
    spans = [(m.start(), m.end()) for m in _EQUALS.finditer(border)]
    rows: Rows = []
    borders = 1
    index += 1
    while index < len(block) and borders < 3:
        line = block[index]
        if _SIMPLE_BORDER.match(line):
            borders += 1
        elif line.strip():
            line = padded(line)
            cells = []
            for k, (left, right) in enumerate(spans):
                end = spans[k + 1][0] if k + 1 < len(spans) else len(line)
                cells.append(line[left:max(end, right)].replace(PAD, "").strip())
            if not cells[0] and rows:  # a continuation line
                rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells, strict=True)]
            else:
                rows.append(cells)
        index += 1
    return rows, index


def _list_table(sub: Sequence[str]) -> Rows:
    rows: Rows = []
    for line in sub:
        text = line.strip()
        if text.startswith("* -"):
            rows.append([text[3:].strip()])
        elif text.startswith("- ") or text == "-":
            if rows:
                rows[-1].append(text[1:].strip())
        elif text and rows and not text.startswith(":"):
            rows[-1][-1] = f"{rows[-1][-1]} {text}".strip()
    return rows


def _csv_table(sub: Sequence[str]) -> Rows:
    header: list[str] = []
    body: list[str] = []
    for line in sub:
        match = _OPTION.match(line)
        if match and not body:
            if match.group(1) == "header":
                header = next(csv.reader([line[match.end():].strip()], skipinitialspace=True), [])
            continue
        if line.strip():
            body.append(line.strip())
    rows = [[c.strip() for c in r] for r in csv.reader(body, skipinitialspace=True)]
    return [header, *rows] if header else rows


# --------------------------------------------------------------------------
# Comparing


def diff(old: RfcData, new: RfcData) -> list[Change]:
    """What changed from *old* to *new*: the status, the fields (the status
    aside), the rows of each table kind; in :data:`KIND_ORDER`, then the
    order of the rows (removed ones where they were)."""
    changes: list[Change] = []
    if old.status != new.status:
        changes.append(Change("status", "status", _what(old.status, new.status),
                              old.status, new.status))
    old_fields = {k: v for k, v in old.fields.items() if k != "status"}
    new_fields = {k: v for k, v in new.fields.items() if k != "status"}
    changes.extend(_compare("field", old_fields, new_fields))
    for kind in (*ROW_KEYS, *sorted((set(old.tables) | set(new.tables)) - set(ROW_KEYS))):
        changes.extend(_compare(kind, old.tables.get(kind, {}), new.tables.get(kind, {})))
    return changes


def _what(old: object, new: object) -> str:
    return "added" if old is None else "removed" if new is None else "changed"


def _compare(kind: str, old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    found = []
    for key in dict.fromkeys((*new, *old)):
        before, after = old.get(key), new.get(key)
        if before != after:
            found.append(Change(kind, key, _what(before, after), before, after))
    return found


# --------------------------------------------------------------------------
# Changed after acceptance


def _kind_label(kind: str) -> str:
    labels = {
        "status": _("status"), "field": _("field"), "interface": _("interface parameter"),
        "dependency": _("dependency"), "changes": _("code change"), "levels": _("test level"),
        "interactions": _("interaction test"), "performance": _("performance test"),
        "alternatives": _("alternative"), "references": _("related work"),
        "constraints": _("constraint"),
    }
    return str(labels.get(kind, kind))


@dataclass(frozen=True)
class Accepted:
    """The version a comparison starts from: the latest acceptance, else the first."""

    #: Its index among the versions given.
    index: int
    #: ``accepted`` (its status is one of :data:`ACCEPTED`) or ``first`` (none is).
    chosen: str
    data: RfcData


def latest_accepted(
    texts: Sequence[str | None], suffix: str, settings: RfcSettings | None = None,
) -> Accepted | None:
    """Of the *texts* of an RFC's file, oldest first (None: not readable at
    that commit), the one that last accepted it: the first of the last run
    of versions whose status is accepted or implemented (an RFC amended,
    ``accepted -> review -> accepted``, starts a new run when it is accepted
    again); else the first readable one; None when none is."""
    first: Accepted | None = None
    found: Accepted | None = None
    before = False
    for index, text in enumerate(texts):
        if text is None:
            continue
        data = structured_data(text, suffix, settings)
        accepted = data.status in ACCEPTED
        if accepted and not before:
            found = Accepted(index, "accepted", data)
        before = accepted
        if first is None:
            first = Accepted(index, "first", data)
    return found or first


def describe(change: Change) -> str:
    """One change in words: ``interface parameter 'max_pending' added``,
    ``dependency 'checkpoint' changed (strength)``."""
    kind, key = _kind_label(change.kind), change.key
    if change.change == "added":
        return _("{kind} {key!r} added").format(kind=kind, key=key)
    if change.change == "removed":
        return _("{kind} {key!r} removed").format(kind=kind, key=key)
    columns = change.columns()
    if not columns:
        return _("{kind} {key!r} changed").format(kind=kind, key=key)
    return _("{kind} {key!r} changed ({columns})").format(
        kind=kind, key=key, columns=", ".join(_column_label(change.kind, c) for c in columns))


def _column_label(kind: str, key: str) -> str:
    """A column by its key (``strength``); translating (zh_CN), by its
    label in the project's language (``强依赖 / 弱依赖``)."""
    if not translating():
        return key
    spec = next((t for t in TABLES if t.kind == kind), None)
    label = next((c.label for c in spec.columns if c.key == key), None) if spec else None
    return _(label) if label else key


def changed_after_acceptance(
    changes: Sequence[Change], *, accepted: str, source: str, line: int | None,
    rfc_id: str | None = None, kinds: Sequence[str] = BINDING,
) -> Problem | None:
    """The ``changed-after-acceptance`` problem of an accepted RFC whose
    *changes* since the version accepted on *accepted* (``YYYY-MM-DD``)
    touch the rows of *kinds*; None when none does."""
    binding = [c for c in changes if c.kind in kinds]
    if not binding:
        return None
    return Problem(
        "changed-after-acceptance",
        _("changed since it was accepted on {date}: {changes}").format(
            date=accepted, changes=clauses(describe(c) for c in binding)),
        source, line, rfc_id,
    )
