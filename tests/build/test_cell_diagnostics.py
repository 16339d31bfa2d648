"""docutils' diagnostics of a cell's markup are not the cell's text (issue
15): ``*args`` in an rST table is "Inline emphasis start-string without
end-string" and a lone ``\\`` an "Unexpected possible title overline"; the
``system_message`` nodes stay in the cell, with the absolute path of the
source, and used to end up in ``rfcs.json``."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import sphinx_build, write_project

# pasted from a design doc: *args / **kwargs unescaped, "\" for an empty cell
DOC = (
    "Trainer API\n"
    "===========\n\n"
    ".. rfc:: RFC-0005\n"
    "   :title: Trainer 接口 (pasted from the design doc)\n\n"
    "接口 Interface\n"
    "--------------\n\n"
    ".. rfc-interface::\n\n"
    "   ==========  ========  ========  ========  ========================\n"
    "   参数        类型      默认值    是否必填  含义\n"
    "   ==========  ========  ========  ========  ========================\n"
    "   *args       tuple     \\         否        透传给 model 的位置参数\n"
    "   **kwargs    dict      {}        否        \\\n"
    "   ==========  ========  ========  ========  ========================\n"
)
NATIVE = (
    ":rfc: RFC-0006\n\n"
    "RFC: 数据加载零拷贝\n"
    "==================\n\n"
    "基本信息\n"
    "--------\n\n"
    "=============== ==========================================\n"
    "项目            内容\n"
    "=============== ==========================================\n"
    "作者            **李四\n"
    "状态            草稿\n"
    "=============== ==========================================\n"
)
CONF = (
    "rfc_required_sections = []\nrfc_required_test_levels = []\n"
    'rfc_documents = ["native"]\n'
)
FILES = {
    "index.rst": "Top\n===\n\n.. toctree::\n\n   trainer\n   native\n",
    "trainer.rst": DOC,
    "native.rst": NATIVE,
}


def test_cells_hold_no_diagnostics(tmp_path: Path) -> None:
    built = sphinx_build(write_project(tmp_path / "检查点 checkout", FILES, CONF))
    data = json.loads((built.outdir / "rfcs.json").read_text(encoding="utf-8"))
    by_id = {r["id"]: r for r in data["rfcs"]}
    params = by_id["RFC-0005"]["interfaces"][0]["params"]
    assert [(p["name"], p["default"], p["meaning"]) for p in params] == [
        ("*args", "", "透传给 model 的位置参数"),
        ("**kwargs", "{}", ""),
    ]
    assert by_id["RFC-0006"]["authors"] == ["**李四"]
    # the empty Meaning is reported, where it is, by the header the author wrote
    rfc = [(f, n, m) for f, n, t, m in built.rfc_warnings() if t == "rfc.incomplete-row"]
    assert ("trainer.rst", 16, "RFC-0005: rfc-interface: row '**kwargs' leaves '含义' empty") \
        in rfc
    text = json.dumps(data, ensure_ascii=False)
    assert "(WARNING/2)" not in text and "(INFO/1)" not in text and str(tmp_path) not in text


def test_export_does_not_depend_on_the_checkout(tmp_path: Path) -> None:
    exports = []
    for folder in ("a", "某个/很深的/checkout xxx TBD"):
        built = sphinx_build(write_project(tmp_path / folder, FILES, CONF))
        exports.append((built.outdir / "rfcs.json").read_bytes())
        # no placeholder found in a diagnostic's path either
        assert [w for w in built.rfc_warnings() if w[2] == "rfc.placeholder"] == []
    assert exports[0] == exports[1]
