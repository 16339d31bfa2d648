"""The rows of a read table -> validated records (``Param``, ``Dependency``,
``TestLevel``, ...), one per non-empty row (docs/reference/table-directives.md).

Cells are validated by what their column holds (an enumeration, yes/no, a
count, a list); what is wrong becomes a
:class:`~sphinx_rfc.model.problems.Problem`, never an exception.  Each
table kind has one small row builder in :data:`RECORD_KINDS`: adding a kind
is adding an entry there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sphinx_rfc.doctree.tables import ReadRow, ReadTable
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import (
    Alternative,
    Change,
    Constraint,
    Dependency,
    Interaction,
    Param,
    Reference,
    TestLevel,
)
from sphinx_rfc.render.tables import module_name
from sphinx_rfc.spec.table_kinds import COUNT, LIST, YESNO
from sphinx_rfc.spec.text import fold, module_name_problem, split_list
from sphinx_rfc.spec.vocabulary import YES_NO, Vocabulary

if TYPE_CHECKING:
    from sphinx_rfc.config import RfcSettings
    from sphinx_rfc.spec.subtypes import Subtype


@dataclass
class RowValues:
    """Validated values of one row, by column key (enum cells as keys)."""

    texts: dict[str, str] = field(default_factory=dict)
    yesno: dict[str, bool | None] = field(default_factory=dict)
    enums: dict[str, str] = field(default_factory=dict)
    count: int | None = None
    lists: dict[str, list[str]] = field(default_factory=dict)
    #: Cells of columns the kind does not know, by the author's header.
    extra: dict[str, str] = field(default_factory=dict)


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
            subtype, f"{self.table.prefix}: {message}", self.table.source, line,
        ))


# --------------------------------------------------------------------------
# One row builder per table kind


def _parameter(row: RowInput) -> Param:
    name = row.text("name")
    required = row.values.yesno.get("required")
    if (required is False and row.table.has_column("default") and not row.text("default")
            and "Default" not in row.missing):
        row.report(
            "incomplete-row", f"parameter {name!r} is not required, so it must have a default",
            row.cells.line_of("default"),
        )
    if name:
        key = fold(name)
        if key in row.first_rows:
            row.report(
                "duplicate-row",
                f"parameter {name!r} appears twice in the table "
                f"(first at line {row.first_rows[key]})",
                row.line,
            )
        else:
            row.first_rows[key] = row.line
    return Param(
        name=name, type=row.text("type"), default=row.text("default"), required=required,
        meaning=row.text("meaning"), range=row.text("range"), errors=row.text("errors"),
        extra=row.values.extra, line=row.line,
    )


def _dependency(row: RowInput) -> Dependency:
    component = row.text("component")
    settings = row.settings
    rfc = component if component and settings.id_pattern.match(component) else None
    return Dependency(
        component=component, strength=row.values.enums.get("strength", ""),
        status=row.text("status"), fallback=row.text("fallback"), rfc=rfc,
        module=None if rfc else module_name(component, settings),
        extra=row.values.extra, line=row.line,
    )


def _test_level(row: RowInput) -> TestLevel:
    return TestLevel(
        level=row.text("level"), count=row.values.count, coverage=row.text("coverage"),
        criteria=row.text("criteria"), tests=row.values.lists.get("tests", []),
        extra=row.values.extra, line=row.line,
    )


def _interaction(row: RowInput) -> Interaction:
    return Interaction(
        combination=row.text("combination"), verified=row.values.yesno.get("verified"),
        criteria=row.text("criteria"), tests=row.values.lists.get("tests", []),
        extra=row.values.extra, line=row.line,
    )


def _change(row: RowInput) -> Change:
    module = row.text("module")
    if module and (why := row.settings.unknown_module(module)):
        row.report("unknown-module", why, row.cells.line_of("module"))
    elif module and (why := module_name_problem(module)):
        row.report("invalid-value", why, row.cells.line_of("module"))
    return Change(
        module=module, change=row.text("change"), affects=row.values.enums.get("affects", ""),
        extra=row.values.extra, line=row.line,
    )


def _alternative(row: RowInput) -> Alternative:
    return Alternative(
        option=row.text("option"), pros=row.text("pros"), cons=row.text("cons"),
        chosen=row.values.yesno.get("chosen"), reason=row.text("reason"),
        extra=row.values.extra, line=row.line,
    )


def _reference(row: RowInput) -> Reference:
    return Reference(
        source=row.text("source"), approach=row.text("approach"), limits=row.text("limits"),
        impact=row.text("impact"), extra=row.values.extra, line=row.line,
    )


def _constraint(row: RowInput) -> Constraint:
    return Constraint(
        type=row.text("type"), content=row.text("content"), extra=row.values.extra,
        line=row.line,
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
    "changes": RecordKind("changes", _change),
    "alternatives": RecordKind("alternatives", _alternative),
    "references": RecordKind("references", _reference),
    "constraints": RecordKind("constraints", _constraint),
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
    for row in read.data_rows():
        values = _validate_row(read, row, problems)
        missing = _required_missing(read, row, values)
        if missing:
            problems.append(Problem(
                "incomplete-row",
                f"{read.prefix}: {_row_label(read, row)} leaves "
                f"{', '.join(repr(m) for m in missing)} empty",
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


def _validate_row(read: ReadTable, row: ReadRow, problems: list[Problem]) -> RowValues:
    directive = read.prefix
    values = RowValues()
    for cell in row.cells:
        column = cell.column
        if column is None:
            if cell.text and cell.header:
                values.extra.setdefault(cell.header, cell.text)
            continue
        values.texts[column.key] = cell.text
        if not cell.text:
            continue
        if column.kind == YESNO or column.vocabulary is not None:
            vocabulary = column.vocabulary or YES_NO
            key = vocabulary.lookup(cell.text)
            if key is None:
                offered = split_list(cell.text)
                if len(offered) > 1 and all(vocabulary.lookup(o) for o in offered):
                    why = f"{cell.text!r} offers several choices; pick one of"
                else:
                    why = f"invalid value {cell.text!r}; expected one of"
                problems.append(Problem(
                    "invalid-value",
                    f"{directive}: column {column.label!r}{_row_name(read, row)}: {why} "
                    f"{_choice_names(vocabulary)}",
                    read.source, cell.line or row.line,
                ))
            elif column.kind == YESNO:
                values.yesno[column.key] = key == "yes"
            else:
                values.enums[column.key] = key
        elif column.kind == COUNT:
            number = fold(cell.text)
            if number.isdecimal() and number.isascii():
                values.count = int(number)
            else:
                problems.append(Problem(
                    "invalid-value",
                    f"{directive}: invalid count {cell.text!r}{_row_name(read, row)}; "
                    "expected a whole number >= 0",
                    read.source, cell.line or row.line,
                ))
        elif column.kind == LIST:
            values.lists[column.key] = split_list(cell.text)
    return values


def _choice_names(vocabulary: Vocabulary) -> str:
    """``strong (强), weak (弱), none (不涉及)``."""
    names = []
    for choice in vocabulary.choices:
        local = next((a for a in choice.aliases if not a.isascii()), None)
        names.append(f"{choice.key} ({local})" if local else choice.key)
    return ", ".join(names)


def _row_name(read: ReadTable, row: ReadRow) -> str:
    """`` of row 'name'`` (the row's first column), or nothing."""
    name = row.text(read.spec.columns[0].key)
    return f" of row {name!r}" if name else ""


def _row_label(read: ReadTable, row: ReadRow) -> str:
    name = row.text(read.spec.columns[0].key)
    return f"row {name!r}" if name else "a row"


def _required_missing(read: ReadTable, row: ReadRow, values: RowValues) -> list[str]:
    """Labels of the required columns this row leaves empty."""
    missing = []
    for column in read.spec.columns:
        if not read.has_column(column.key) or row.text(column.key):
            continue
        flag = {"when-chosen": "chosen", "when-verified": "verified"}.get(column.required)
        if column.required == "yes" or (flag and values.yesno.get(flag)):
            missing.append(column.label)
    return missing
