"""One reader of an RFC file's declared fields (sphinx_rfc.check.field_places):
the status history (read/history.status_in_text), ``sphinx-rfc status``
(its scan, and the place it edits) and ``sphinx-rfc diff`` (check/changes
.structured_data) read the same status from the same text, and diff the
same fields, whatever way the file declares them."""

from __future__ import annotations

from pathlib import Path

import pytest
from declared_fields import FILES

from sphinx_rfc.check.changes import structured_data
from sphinx_rfc.check.field_places import find_places, status_texts
from sphinx_rfc.cli.status_edit import StatusEditError, set_status
from sphinx_rfc.cli.status_scan import scan
from sphinx_rfc.read.history import status_in_text
from sphinx_rfc.spec.cells import read_choice
from sphinx_rfc.spec.vocabulary import STATUSES

CASES = sorted(FILES)


def folded(text: str | None) -> str | None:
    if text is None:
        return None
    value = read_choice(STATUSES, text.strip("*")).value
    return value if isinstance(value, str) else None


def test_the_cases_cover_every_kind_of_place() -> None:
    kinds = {(p.kind, p.style) for _name, text, _status, _fields in FILES.values()
             for p in find_places(text, "." + _name.rpartition(".")[2], rst_tables=True)}
    assert kinds >= {("directive", "option"), ("directive", "yaml"), ("front-matter", "yaml"),
                     ("field-list", "option"), ("table", "row"), ("list", "item"),
                     ("table", "grid")}


@pytest.mark.parametrize("case", CASES)
def test_history_diff_and_status_read_the_same_status(case: str, tmp_path: Path) -> None:
    name, text, status, fields = FILES[case]
    suffix = "." + name.rpartition(".")[2]
    # the history
    assert status_in_text(text, STATUSES, suffix=suffix) == status
    # diff
    data = structured_data(text, suffix)
    assert data.status == status
    assert {k: data.fields.get(k) for k in fields} == fields
    # the reader itself: the status declared where it finds it
    assert [folded(t) for t in status_texts(find_places(text, suffix, rst_tables=True), text)][
        :1] == [status]
    # sphinx-rfc status: its scan of the folder (rST tables are not its places)
    (tmp_path / name).write_text(text, encoding="utf-8")
    found = scan(tmp_path, documents=["*"], id_format="RFC-{:04d}")
    assert len(found) == 1
    if "grid" not in case:
        assert folded(found[0].status) == status


@pytest.mark.parametrize("case", CASES)
def test_an_edited_status_is_read_back_by_all(case: str) -> None:
    name, text, _status, fields = FILES[case]
    suffix = "." + name.rpartition(".")[2]
    if "grid" in case:  # (sphinx-rfc status edits no rST table)
        with pytest.raises(StatusEditError):
            set_status(text, suffix, "withdrawn", None)
        return
    edited = set_status(text, suffix, "withdrawn", None)
    assert edited != text
    assert status_in_text(edited, STATUSES, suffix=suffix) == "withdrawn"
    data = structured_data(edited, suffix)
    assert data.status == "withdrawn"
    assert {k: data.fields.get(k) for k in fields} == fields


#: An rST simple table whose Chinese keys are lined up as they show (two
#: columns a character), as docutils reads simple tables.
CJK_SIMPLE = """零拷贝加载
==========

基本信息
--------

========  ============
项目      内容
========  ============
状态      评审中
作者      王五
模块      checkpoint
========  ============
"""


def test_a_simple_table_lined_up_by_width_is_read_whole() -> None:
    assert status_in_text(CJK_SIMPLE, STATUSES, (), ".rst") == "review"
    data = structured_data(CJK_SIMPLE, ".rst")
    assert data.status == "review"
    assert data.fields == {"status": "评审中", "authors": "王五", "modules": "checkpoint"}
    tables = [p for p in find_places(CJK_SIMPLE, ".rst", rst_tables=True) if p.kind == "table"]
    assert len(tables) == 1
    assert tables[0].rows == [("状态", "评审中"), ("作者", "王五"), ("模块", "checkpoint")]
