"""A table read as a table kind (:class:`ReadTable`: its columns, rows and
cells), and its rows -> validated records (``Param``, ``Dependency``,
``TestLevel``, ...), one per non-empty row (docs/reference/table-directives.md).

Cells are validated by what their column holds (an enumeration, yes/no, a
count, a list); what is wrong becomes a
:class:`~sphinx_rfc.model.problems.Problem`, never an exception.  Each
table kind has one small row builder in :data:`RECORD_KINDS`: adding a kind
is adding an entry there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sphinx_rfc.check.placeholders import find_placeholders, is_placeholder
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import (
    Alternative,
    Change,
    Constraint,
    Dependency,
    Interaction,
    Param,
    PerformanceCheck,
    Reference,
    Review,
    TestLevel,
)
from sphinx_rfc.spec.cells import (
    CellValue,
    module_cell,
    module_name,
    read_choice,
    read_count,
    read_date,
    read_level,
)
from sphinx_rfc.spec.messages import series
from sphinx_rfc.spec.table_kinds import COUNT, LEVEL, LIST, YESNO
from sphinx_rfc.spec.text import fold, fold_header, module_name_problem, split_list
from sphinx_rfc.spec.vocabulary import YES_NO

if TYPE_CHECKING:
    from docutils import nodes

    from sphinx_rfc.spec.settings import RfcSettings
    from sphinx_rfc.spec.subtypes import Subtype
    from sphinx_rfc.spec.table_kinds import ColumnSpec, TableSpec


# --------------------------------------------------------------------------
# A table read against a table kind's column specs


@dataclass
class ReadCell:
    """One cell of a body row, under one header column."""

    #: The column this cell is in (None for an unknown column).
    column: ColumnSpec | None
    #: The author's header text of that column (plain).
    header: str
    #: The cell node; None when the row is shorter than the header.
    entry: nodes.entry | None
    #: Plain text: backticks and surrounding whitespace dropped.
    text: str
    line: int | None


@dataclass
class ReadRow:
    """One body row, its cells in the author's column order."""

    row: nodes.row
    line: int | None
    cells: list[ReadCell]

    def cell(self, key: str) -> ReadCell | None:
        for cell in self.cells:
            if cell.column is not None and cell.column.key == key:
                return cell
        return None

    def text(self, key: str) -> str:
        cell = self.cell(key)
        return cell.text if cell is not None else ""

    def line_of(self, key: str) -> int | None:
        cell = self.cell(key)
        return cell.line if cell is not None and cell.line else self.line

    def is_empty(self) -> bool:
        return not any(cell.text for cell in self.cells)


@dataclass
class ReadTable:
    """A table read against one :class:`TableSpec`."""

    table: nodes.table
    spec: TableSpec
    #: The author's header texts, in the author's column order.
    headers: list[str]
    #: The column of each header (None: unknown), same order.
    columns: list[ColumnSpec | None]
    #: The header cells (None where a span left no cell), same order.
    header_entries: list[nodes.entry | None]
    #: The header row; ``header_in_body`` when it is the first body row.
    header_row: nodes.row | None
    header_in_body: bool
    #: Body rows, empty rows included (see :meth:`ReadRow.is_empty`).
    rows: list[ReadRow]
    line: int | None
    source: str
    #: What messages start with: the directive's name by default.
    prefix: str = ""
    problems: list[Problem] = field(default_factory=list)
    _column_keys: tuple[int, frozenset[str]] | None = field(
        default=None, init=False, repr=False, compare=False)

    @property
    def kind(self) -> str:
        return self.spec.kind

    def data_rows(self) -> list[ReadRow]:
        return [row for row in self.rows if not row.is_empty()]

    def has_column(self, key: str) -> bool:
        # (asked for every column of every row: the keys are kept, and
        # computed again when a column was added since)
        known = self._column_keys
        if known is None or known[0] != len(self.columns):
            known = self._column_keys = (
                len(self.columns), frozenset(c.key for c in self.columns if c is not None))
        return key in known[1]


@dataclass
class RowValues:
    """Validated values of one row, by column key (enum cells as keys)."""

    texts: dict[str, str] = field(default_factory=dict)
    yesno: dict[str, bool | None] = field(default_factory=dict)
    enums: dict[str, str] = field(default_factory=dict)
    count: int | None = None
    lists: dict[str, list[str]] = field(default_factory=dict)
    #: Level cells: the level without its qualifier (``UT`` of ``UT / order``).
    levels: dict[str, str] = field(default_factory=dict)
    #: Cells of columns the kind does not know, by the author's header.
    extra: dict[str, str] = field(default_factory=dict)
    #: Column key -> the words written beside its value
    #: (:func:`sphinx_rfc.spec.cells.read_choice`, ``read_count``, ``read_level``).
    notes: dict[str, str] = field(default_factory=dict)


@dataclass
class RowInput:
    """What a row builder gets: one non-empty row, validated."""

    table: ReadTable
    cells: ReadRow
    values: RowValues
    #: Labels of the required columns the row leaves empty.
    missing: list[str]
    settings: RfcSettings
    #: Where the builder's problems go.
    problems: list[Problem]
    #: Folded parameter name -> line of its first row, shared by the rows
    #: of one table (to report a name given twice).
    first_rows: dict[str, int | None]

    @property
    def line(self) -> int | None:
        return self.cells.line

    def text(self, key: str) -> str:
        return self.values.texts.get(key, "")

    def report(self, subtype: Subtype, message: str, line: int | None) -> None:
        self.problems.append(Problem(
            subtype, _("{prefix}: {message}").format(prefix=self.table.prefix, message=message),
            self.table.source, line,
        ))


# --------------------------------------------------------------------------
# One row builder per table kind


def _parameter(row: RowInput) -> Param:
    name = row.text("name")
    required = row.values.yesno.get("required")
    if (required is False and row.table.has_column("default") and not row.text("default")
            and "Default" not in row.missing):
        row.report(
            "incomplete-row",
            _("parameter {name!r} is not required, so it must have a default").format(name=name),
            row.cells.line_of("default"),
        )
    if name:
        key = fold(name)
        if key in row.first_rows:
            row.report(
                "duplicate-row",
                _("parameter {name!r} appears twice in the table (first at line {line})").format(
                    name=name, line=row.first_rows[key]
                ),
                row.line,
            )
        else:
            row.first_rows[key] = row.line
    return Param(
        name=name, type=row.text("type"), default=row.text("default"), required=required,
        meaning=row.text("meaning"), range=row.text("range"), errors=row.text("errors"),
        extra=row.values.extra, notes=row.values.notes, line=row.line,
    )


def _dependency(row: RowInput) -> Dependency:
    component = row.text("component")
    settings = row.settings
    rfc = component if component and settings.id_pattern.match(component) else None
    return Dependency(
        component=component, strength=row.values.enums.get("strength", ""),
        status=row.text("status"), fallback=row.text("fallback"), rfc=rfc,
        module=None if rfc else module_name(component, settings.modules),
        extra=row.values.extra, notes=row.values.notes, line=row.line,
    )


def _test_level(row: RowInput) -> TestLevel:
    return TestLevel(
        level=row.values.levels.get("level", row.text("level")), count=row.values.count,
        coverage=row.text("coverage"),
        criteria=row.text("criteria"), tests=row.values.lists.get("tests", []),
        extra=row.values.extra, notes=row.values.notes, line=row.line,
    )


def _interaction(row: RowInput) -> Interaction:
    return Interaction(
        combination=row.text("combination"), verified=row.values.yesno.get("verified"),
        criteria=row.text("criteria"), tests=row.values.lists.get("tests", []),
        extra=row.values.extra, notes=row.values.notes, line=row.line,
    )


def _performance(row: RowInput) -> PerformanceCheck:
    return PerformanceCheck(
        scenario=row.text("scenario"), baseline=row.text("baseline"),
        feature=row.text("feature"), metric=row.text("metric"),
        conclusion=row.text("conclusion"), extra=row.values.extra, notes=row.values.notes,
        line=row.line,
    )


def _change(row: RowInput) -> Change:
    module = row.text("module")
    settings = row.settings
    cell = module_cell(module, settings.modules, settings.module_paths) if module else None
    if cell is not None:
        # a path: the module it belongs to (or none), the path kept as the note
        module = str(cell.value or "")
        row.values.notes["module"] = cell.note
    elif module and (why := row.settings.unknown_module(module)):
        row.report("unknown-module", why, row.cells.line_of("module"))
    elif module and (why := module_name_problem(module)):
        row.report("invalid-value", why, row.cells.line_of("module"))
    return Change(
        module=module, change=row.text("change"), affects=row.values.enums.get("affects", ""),
        extra=row.values.extra, notes=row.values.notes, line=row.line,
    )


def _alternative(row: RowInput) -> Alternative:
    return Alternative(
        option=row.text("option"), pros=row.text("pros"), cons=row.text("cons"),
        chosen=row.values.yesno.get("chosen"), reason=row.text("reason"),
        extra=row.values.extra, notes=row.values.notes, line=row.line,
    )


def _reference(row: RowInput) -> Reference:
    return Reference(
        source=row.text("source"), approach=row.text("approach"), limits=row.text("limits"),
        impact=row.text("impact"), extra=row.values.extra, notes=row.values.notes,
        line=row.line,
    )


def _constraint(row: RowInput) -> Constraint:
    return Constraint(
        type=row.text("type"), content=row.text("content"), extra=row.values.extra,
        notes=row.values.notes, line=row.line,
    )


def _review(row: RowInput) -> Review:
    """A reviews row: the verdict's key (or the words written, when they
    are no verdict: reported by the cell check), the date as YYYY-MM-DD (an
    unreadable one reported and kept in the comment)."""
    verdict = row.values.enums.get("verdict") or row.text("verdict")
    comment = row.text("comment")
    written = row.text("date")
    date = read_date(written) if written else None
    if written and date is None and not is_placeholder(written, row.settings.placeholders):
        row.problems.append(Problem(
            "invalid-value",
            _("{prefix}: column {column!r}{row}: invalid date {text!r}; expected YYYY-MM-DD "
              "(2026-03-05, 2026/3/5, 2026年3月5日); it is kept in the comment").format(
                prefix=row.table.prefix, column=_header_written(
                    row.table, next(c for c in row.table.spec.columns if c.key == "date")),
                row=_row_name(row.table, row.cells), text=written),
            row.table.source, row.cells.line_of("date") or row.line,
        ))
        comment = f"{comment} ({written})" if comment else written
    return Review(
        reviewer=row.text("reviewer"), verdict=verdict, date=date or "", comment=comment,
        extra=row.values.extra, notes=row.values.notes, line=row.line,
    )


@dataclass(frozen=True)
class RecordKind:
    """How the rows of one table kind become records."""

    #: Key of :attr:`~sphinx_rfc.model.records.TablePayload.records`.
    payload_key: str
    build: Callable[[RowInput], Any]


#: TableSpec.kind -> its records.  An interface table's records are
#: ``Param``; the reader gathers them into one ``Interface``.
RECORD_KINDS: dict[str, RecordKind] = {
    "interface": RecordKind("interfaces", _parameter),
    "dependency": RecordKind("dependencies", _dependency),
    "levels": RecordKind("levels", _test_level),
    "interactions": RecordKind("interactions", _interaction),
    "performance": RecordKind("performance", _performance),
    "changes": RecordKind("changes", _change),
    "alternatives": RecordKind("alternatives", _alternative),
    "references": RecordKind("references", _reference),
    "constraints": RecordKind("constraints", _constraint),
    "reviews": RecordKind("reviews", _review),
}


# --------------------------------------------------------------------------
# Rows to records


def row_records(
    read: ReadTable, settings: RfcSettings
) -> tuple[list[tuple[Any, ReadRow]], list[Problem]]:
    """Each non-empty row's record with the row it was read from, and the
    cell problems: ``incomplete-row``, ``invalid-value``, ``duplicate-row``,
    ``unknown-module``."""
    problems: list[Problem] = []
    records: list[tuple[Any, ReadRow]] = []
    kind = RECORD_KINDS.get(read.spec.kind)
    first_rows: dict[str, int | None] = {}
    levels = _own_levels(settings) if read.spec.kind == "levels" else frozenset()
    for row in read.data_rows():
        values = _validate_row(read, row, problems, settings.placeholders, levels)
        missing = _required_missing(read, row, values)
        if missing:
            problems.append(Problem(
                "incomplete-row",
                _("{prefix}: {row} leaves {columns} empty").format(
                    prefix=read.prefix, row=_row_label(read, row),
                    columns=series(repr(m) for m in missing),
                ),
                read.source, row.line,
            ))
        if kind is not None:
            built = kind.build(RowInput(read, row, values, missing, settings, problems, first_rows))
            records.append((built, row))
    return records, problems


def table_records(read: ReadTable, settings: RfcSettings) -> tuple[list[Any], list[Problem]]:
    """The records of a read table (one per non-empty row) and the cell
    problems (see :func:`row_records`).  For an interface table the records
    are ``Param``."""
    records, problems = row_records(read, settings)
    return [record for record, _row in records], problems


def _own_levels(settings: RfcSettings) -> frozenset[str]:
    """The test levels the project names (the template's rows, required or
    not), folded: a cell that is one of them is that level as written,
    never a level and a qualifier (``ST / 冒烟`` is no ``ST`` noted ``冒烟``)."""
    template = settings.template
    optional = template.optional_test_levels if template is not None else ()
    return frozenset(fold_header(level) for level in (*settings.required_test_levels, *optional))


def _validate_row(
    read: ReadTable, row: ReadRow, problems: list[Problem], placeholders: Sequence[str] = (),
    levels: frozenset[str] = frozenset(),
) -> RowValues:
    directive = read.prefix
    values = RowValues()
    for cell in row.cells:
        column = cell.column
        if column is None:
            if cell.text and cell.header:
                values.extra.setdefault(cell.header, cell.text)
            continue
        values.texts[column.key] = cell.text
        # a placeholder is reported as such, not also as an invalid value
        if not cell.text or (holds_placeholder(cell.text, placeholders)
                             and is_placeholder(cell.text, placeholders)):
            continue
        if column.kind == YESNO or column.vocabulary is not None:
            vocabulary = column.vocabulary or YES_NO
            read_value = read_choice(vocabulary, cell.text)
            key = read_value.value
            if not isinstance(key, str):
                # a menu left unchosen (强 / 弱) is a blank to fill, not a wrong value
                if read_value.several:
                    why = _("{text!r} offers several choices; pick one of").format(text=cell.text)
                else:
                    why = _("invalid value {text!r}; expected one of").format(text=cell.text)
                problems.append(Problem(
                    "placeholder" if read_value.several else "invalid-value",
                    _("{prefix}: column {column!r}{row}: {why} {choices}").format(
                        prefix=directive, column=_header_written(read, column), row=_row_name(read, row), why=why,
                        choices=vocabulary.choice_names(),
                    ),
                    read.source, cell.line or row.line,
                ))
                continue
            if column.kind == YESNO:
                if key != "conditional":  # (a condition is neither: the note keeps it)
                    values.yesno[column.key] = key == "yes"
            else:
                values.enums[column.key] = key
            if read_value.note:
                values.notes[column.key] = read_value.note
        elif column.kind == COUNT:
            counted = read_count(cell.text)
            if isinstance(counted.value, int):
                values.count = counted.value
                if counted.note:
                    values.notes[column.key] = counted.note
            else:
                problems.append(Problem(
                    "invalid-value",
                    _("{prefix}: invalid count {text!r}{row}; expected a whole number >= 0").format(
                        prefix=directive, text=cell.text, row=_row_name(read, row),
                    ),
                    read.source, cell.line or row.line,
                ))
        elif column.kind == LEVEL:
            level = (CellValue(cell.text) if fold_header(cell.text) in levels
                     else read_level(cell.text))
            values.levels[column.key] = str(level.value)
            if level.note:
                values.notes[column.key] = level.note
        elif column.kind == LIST:
            values.lists[column.key] = split_list(cell.text)
    return values


def holds_placeholder(text: str, placeholders: Sequence[str]) -> bool:
    """Whether *text* holds one of *placeholders*
    (:func:`~sphinx_rfc.check.placeholders.find_placeholders`), kept per
    text: a cell's text is asked when its row is read and again by the
    value checks, and many cells of a project read alike."""
    key = placeholders if isinstance(placeholders, tuple) else tuple(placeholders)
    return _holds_placeholder(text, key)


@lru_cache(maxsize=4096)
def _holds_placeholder(text: str, placeholders: tuple[str, ...]) -> bool:
    return bool(find_placeholders(text, placeholders))


def _row_name(read: ReadTable, row: ReadRow) -> str:
    """`` of row 'name'`` (the row's first column), or nothing."""
    name = row.text(read.spec.columns[0].key)
    return _(" of row {name!r}").format(name=name) if name else ""


def _row_label(read: ReadTable, row: ReadRow) -> str:
    name = row.text(read.spec.columns[0].key)
    return _("row {name!r}").format(name=name) if name else _("a row")


def _required_missing(read: ReadTable, row: ReadRow, values: RowValues) -> list[str]:
    """Labels of the required columns this row leaves empty."""
    missing = []
    for column in read.spec.columns:
        if not read.has_column(column.key) or row.text(column.key):
            continue
        flag = {"when-chosen": "chosen", "when-verified": "verified"}.get(column.required)
        if column.required == "yes" or (flag and values.yesno.get(flag)):
            missing.append(_header_written(read, column))
    return missing


def _header_written(read: ReadTable, column: ColumnSpec) -> str:
    """The header the author gave *column* in this table (``是否必填``),
    else its label in the project's language."""
    found = (h for h, c in zip(read.headers, read.columns, strict=False)
             if c is not None and c.key == column.key)
    return next(found, None) or str(_(column.label))
