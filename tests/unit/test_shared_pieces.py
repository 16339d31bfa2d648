"""Pieces several places share (issue #40, item 6): the base of the table
row records, the ``rfc_aliases`` check of the nested ``columns`` and
``values`` mappings, the command line's error for a failed file operation.
Each must say exactly what the separate copies said before."""

from __future__ import annotations

import dataclasses
import errno
import json

import pytest

from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.model import records
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.spec.aliases import AliasError, parse_aliases
from sphinx_rfc.spec.sections import SECTIONS
from sphinx_rfc.spec.subtypes import qualified
from sphinx_rfc.spec.table_kinds import TABLES
from sphinx_rfc.spec.vocabulary import AFFECTS, STATUSES, STRENGTHS, TYPES, YES_NO
from sphinx_rfc.write import export

# --------------------------------------------------------------------------
# TableRow

#: Every record class of a table row, with its columns in rfcs.json's order.
ROWS = {
    records.Param: ("name", "type", "default", "required", "meaning", "range", "errors"),
    records.Dependency: ("component", "strength", "status", "fallback", "rfc", "module"),
    records.TestLevel: ("level", "count", "coverage", "criteria", "tests", "result"),
    records.Interaction: ("combination", "verified", "criteria", "tests", "result"),
    records.PerformanceCheck: ("scenario", "baseline", "feature", "metric", "conclusion"),
    records.Change: ("module", "change", "affects"),
    records.Alternative: ("option", "pros", "cons", "chosen", "reason"),
    records.Reference: ("source", "approach", "limits", "impact"),
    records.Constraint: ("type", "content"),
    records.Review: ("reviewer", "verdict", "date", "comment"),
}


def test_every_row_class_has_the_one_base() -> None:
    found = [
        cls for cls in vars(records).values()
        if isinstance(cls, type) and dataclasses.is_dataclass(cls)
        and cls not in (records.TableRow, records.RfcRecord)  # (the record: no row)
        and {"extra", "notes", "line"} <= {f.name for f in dataclasses.fields(cls)}
    ]
    assert found
    for cls in found:
        assert issubclass(cls, records.TableRow), cls
        assert cls in ROWS, cls
    assert set(found) == set(ROWS)


@pytest.mark.parametrize("cls", list(ROWS), ids=lambda c: c.__name__)
def test_row_fields_keep_their_order(cls: type[records.TableRow]) -> None:
    # rfcs.json's keys: the columns as declared, then extra, notes, line
    assert records.row_field_names(cls) == (*ROWS[cls], "extra", "notes", "line")


def test_rows_keep_slots_and_positional_columns() -> None:
    dep = records.Dependency("RFC-0007 分布式 checkpoint", "strong", line=12,
                             notes={"strength": "组合场景"})
    assert (dep.component, dep.strength, dep.line) == ("RFC-0007 分布式 checkpoint", "strong", 12)
    with pytest.raises(AttributeError):
        dep.whatever = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        records.Constraint("性能", "step time +2% at most", {}, {}, 3)  # type: ignore[misc]


def test_not_a_row_keeps_its_declared_order() -> None:
    # (written out: the fields read back with dataclasses.fields, as
    # row_field_names does, would compare the function with itself)
    assert records.row_field_names(records.ImplCommit) == (
        "commit", "date", "author", "subject", "modules")


def test_exported_row_keys_in_the_old_order() -> None:
    dep = records.Dependency("ckpt 模块 (optimizer 状态)", "weak", status="已合入",
                             fallback="关掉 offload", module="checkpoint",
                             extra={"Owner": "韩梅梅"}, notes={"strength": "组合场景"}, line=40)
    data = export._row(dep, ("line", "module"))
    assert list(data) == ["component", "strength", "status", "fallback", "rfc", "extra", "notes"]
    plain = export._row(records.Constraint("兼容性", "keep the v1 API"))
    assert json.dumps(plain) == '{"type": "\\u517c\\u5bb9\\u6027", "content": "keep the v1 API", "extra": {}}'


# --------------------------------------------------------------------------
# rfc_aliases: columns and values

NAMES = {"sections": SECTIONS, "tables": TABLES,
         "vocabularies": (STATUSES, TYPES, YES_NO, STRENGTHS, AFFECTS)}


@pytest.mark.parametrize(("value", "message"), [
    ({"columns": {"dependency": {"strenght": ["力度"]}}},
     "rfc_aliases['columns']['dependency']: unknown key 'strenght'; "
     "valid keys: component, strength, status, fallback"),
    ({"columns": {"dependancy": {}}},
     "rfc_aliases['columns']: unknown key 'dependancy'; valid keys: interface, dependency, "
     "levels, interactions, performance, changes, alternatives, references, constraints, "
     "reviews"),
    ({"columns": {"dependency": "x"}}, "rfc_aliases['columns']['dependency'] must be a dict; got 'x'"),
    ({"columns": ["a"]}, "rfc_aliases['columns'] must be a dict; got ['a']"),
    ({"values": {"strength": {"stronk": ["强"]}}},
     "rfc_aliases['values']['strength']: unknown key 'stronk'; valid keys: strong, weak, none"),
    ({"values": {"strenghts": {}}},
     "rfc_aliases['values']: unknown key 'strenghts'; valid keys: status, type, yes/no, "
     "strength, affects"),
    ({"values": {"strength": {"strong": [""]}}},
     "rfc_aliases['values']['strength']['strong'] must be a list of non-empty strings; got ['']"),
])
def test_nested_alias_messages(value: object, message: str) -> None:
    with pytest.raises(AliasError) as caught:
        parse_aliases(value, **NAMES)
    assert str(caught.value) == message


def test_nested_aliases_read() -> None:
    found = parse_aliases({"columns": {"dependency": {"strength": ["力度", "依赖程度"]}},
                           "values": {"strength": {"strong": "强依赖"}}}, **NAMES)
    assert found.columns == {"dependency": {"strength": ("力度", "依赖程度")}}
    assert found.values == {"strength": {"strong": ("强依赖",)}}


# --------------------------------------------------------------------------
# One qualified subtype; the CLI's error for an OSError


def test_problem_names_its_subtype_as_subtypes_does() -> None:
    problem = Problem("placeholder", "TBD left in 背景", "rfcs/0003.md", 9)
    assert problem.qualified_subtype == qualified("placeholder") == "rfc.placeholder"


def test_cli_error_from_os_error() -> None:
    exc = NotADirectoryError(errno.ENOTDIR, "Not a directory", "out")
    error = CliError.from_os_error("write", "out/rfcs.json", exc)
    assert (str(error), error.code) == (
        "sphinx-rfc: cannot write out/rfcs.json: out: Not a directory", 2)
    same = PermissionError(errno.EACCES, "Permission denied", "rfcs/new.md")
    assert str(CliError.from_os_error("write", "rfcs/new.md", same)) == (
        "sphinx-rfc: cannot write rfcs/new.md: Permission denied")
