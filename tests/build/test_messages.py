"""Messages that lead to the fix (issue 17, items 7 and 10): PlantUML shown
as one code block; a table docutils cannot parse reported as the cause; a
Markdown row with a wrong number of cells; one placeholder warning per
template row; Chinese messages under ``language = "zh_CN"``; and
``sphinx-rfc check`` listing what ``sphinx-build -W`` fails on."""

from __future__ import annotations

import json
import subprocess
import sys
from html import unescape
from pathlib import Path

import docutils
import pytest
from conftest import BuildFn, write_project

from sphinx_rfc.cli import main

CONF = 'rfc_required_sections = []\nrfc_documents = ["native-*"]\n'

# a directive RFC in MyST: the dependency table was pasted with one cell
# too many in one row and one too few in another; the levels table still
# holds the template's xxx
DEPS_MD = """\
# 检查点异步保存 (async checkpoint)

```{rfc} RFC-0031
:title: 检查点异步保存
:status: draft
```

## 组件依赖

```{rfc-dependency}
| 组件 | 依赖强度 | 当前状态 |
|---|---|---|
| FSDP | 强 | 已支持 | 需要 2.1 以上 |
| TP / PP | xxx | xxx |
| optimizer | 弱 |
```

## 验证设计

```{rfc-verification}
| 测试级别 | 用例数 | 覆盖范围 | 通过标准 |
|---|---|---|---|
| UT | 12 | save / load | 全部通过 |
| Level0 | 3 | 单机 8 卡 | loss 与同步保存一致 |
| Level1 | TBD | 多机 | TBD |
```
"""

# an rST RFC whose levels table lost its right border when it was edited
BROKEN_RST = """\
Optimizer offload
=================

.. rfc:: RFC-0032
   :title: Optimizer state offload to host memory
   :status: draft

Verification design
-------------------

.. rfc-verification::

   +-----------+--------+
   | Level     | Count  |
   +===========+========+
   | UT        | 4      |
   +-----------+----+
"""

# a template-native RFC with a sequence diagram pasted without a fence
NATIVE_MD = """\
---
rfc: RFC-0033
---

# RFC: 梯度累积与流水线并行的时序

## 6. 方案设计

### 6.3 时序参考

下面是从设计文档里直接粘过来的时序图：

@startuml
Trainer -> Pipeline: step(batch)
Pipeline --> Trainer: "loss"

- stage 0 先做 forward
@enduml

之后的说明文字。

```plantuml
@startuml
A --> B : "ok"
@enduml
```
"""

NATIVE_RST = """\
:rfc: RFC-0034

RFC: Pipeline schedule
======================

6. Design
---------

Pasted from the wiki:

@startuml
Stage0 -> Stage1: activations
Stage1 --> Stage0: "grads"
@enduml

Text after the diagram.

.. code-block:: plantuml

   @startuml
   X --> Y
   @enduml
"""


def _files(**extra: str) -> dict[str, str]:
    files = {"index.rst": "Top\n===\n\n.. toctree::\n   :glob:\n\n   *\n"}
    files.update(extra)
    return files


def test_markdown_rows_and_placeholder_rows(build: BuildFn) -> None:
    built = build(_files(**{"ckpt.md": DEPS_MD}), conf=CONF)
    warnings = [(f, n, t, m) for f, n, t, m in built.rfc_warnings()]
    counts = [w for w in warnings if w[2] == "rfc.cell-count"]
    assert counts == [
        ("ckpt.md", 13, "rfc.cell-count", "RFC-0031: rfc-dependency: row 'FSDP' has 4 cells, "
         "its header 3; the cells after the last column are dropped"),
        ("ckpt.md", 15, "rfc.cell-count", "RFC-0031: rfc-dependency: row 'optimizer' has 2 "
         "cells, its header 3; the cells it lacks are empty"),
    ]
    # the template row: one placeholder warning naming both columns, and
    # the xxx strength is not also an invalid value
    on_row = [w for w in warnings if w[1] == 14]
    assert on_row == [("ckpt.md", 14, "rfc.placeholder",
                       "RFC-0031: placeholder 'xxx' left in the table cells of the columns "
                       "'Strength', 'Current status'")]
    level1 = [w for w in warnings if w[1] == 25]
    assert [w[2] for w in level1] == ["rfc.placeholder"]
    assert "'Count', 'Pass criteria'" in level1[0][3]
    data = json.loads((built.outdir / "rfcs.json").read_text(encoding="utf-8"))
    problems = data["rfcs"][0]["problems"]
    assert [p["line"] for p in problems if p["subtype"] == "cell-count"] == [13, 15]
    # the extra cell is still what Markdown shows: not in the table
    assert "需要 2.1 以上" not in (built.outdir / "ckpt.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(("line", "cells"), [
    ("| FSDP | 强 | 已合入 |", 3),
    ("FSDP | 强 | 已合入", 3),
    ("| a || c |", 3),              # an empty cell between two pipes
    ("|  |", 1),
    ("", 0),
    (r"| a \| b | c |", 2),        # an escaped pipe is text
    (r"| a \\| b | c |", 3),      # an escaped backslash, then a real pipe
    (r"| `x\|y` | z |", 2),
])
def test_pipe_cells_counts_as_markdown_it_splits(line: str, cells: int) -> None:
    from sphinx_rfc.doctree.tables import pipe_cells

    assert pipe_cells(line) == cells


# docutils 0.22 reports a malformed grid table at its last line, with the
# reason; docutils 0.21 (beside the oldest Sphinx) at its first, without it
_NEW_DOCUTILS = docutils.__version_info__[:2] >= (0, 22)
_REASON = " Right border not aligned or missing." if _NEW_DOCUTILS else ""


def _table_line(first: int, last: int) -> int:
    return last if _NEW_DOCUTILS else first


def test_malformed_table_is_the_cause(build: BuildFn) -> None:
    built = build(_files(**{"offload.rst": BROKEN_RST}), conf=CONF)
    subtypes = {t for _f, _n, t, _m in built.rfc_warnings()}
    assert "rfc.no-table" not in subtypes and "rfc.missing-test-level" not in subtypes
    assert f"offload.rst:{_table_line(13, 17)}: ERROR: Malformed table." in built.warnings


def test_malformed_table_in_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = write_project(tmp_path / "docs", _files(**{"offload.rst": BROKEN_RST}), CONF)
    code = main(["check", str(project), "--no-cache"])
    out = capsys.readouterr().out
    assert code == 1
    assert (f"offload.rst:{_table_line(13, 17)}: [docutils] RFC-0032: Malformed table."
            f"{_REASON}") in out
    assert "no-table" not in out and "missing-test-level" not in out


@pytest.mark.parametrize("name,text", [("native-seq.md", NATIVE_MD),
                                       ("native-pipe.rst", NATIVE_RST)])
def test_plantuml_is_one_code_block(build: BuildFn, name: str, text: str) -> None:
    built = build(_files(**{name: text}), conf=CONF)
    assert "lexer name" not in built.warnings
    html = (built.outdir / name.replace(".md", ".html").replace(".rst", ".html")).read_text(
        encoding="utf-8")
    blocks = html.count('class="rfc-plantuml highlight-text')
    assert blocks == 2
    # the text as written: no dash for -->, straight quotes, the list line kept
    assert "&#64;startuml" not in html and "–&gt;" not in html
    assert "--&gt;" in html
    if name.endswith(".md"):
        # (Pygments escapes a straight quote as &quot; up to 2.20, not since 2.21)
        assert "- stage 0 先做 forward" in html and '"loss"' in unescape(html)
        assert "<p>之后的说明文字。</p>" in html
    else:
        assert '"grads"' in unescape(html) and "<p>Text after the diagram.</p>" in html


def test_plantuml_outside_rfc_documents_is_left_alone(build: BuildFn) -> None:
    page = "Notes\n=====\n\n@startuml\nA --> B\n@enduml\n"
    built = build(_files(**{"notes.rst": page}), conf=CONF)
    assert "rfc-plantuml" not in (built.outdir / "notes.html").read_text(encoding="utf-8")


def test_plantuml_node_when_the_extension_is_enabled(build: BuildFn, tmp_path: Path) -> None:
    """sphinxcontrib-plantuml is not installed here: a stand-in module of
    that name, with its node class, shows the node is made."""
    fake = tmp_path / "fake" / "sphinxcontrib"
    fake.mkdir(parents=True)
    (fake / "plantuml.py").write_text(
        "from docutils import nodes\n\n"
        "class plantuml(nodes.General, nodes.Element):\n    pass\n\n"
        "def _visit(self, node):\n"
        "    self.body.append('<p class=\"drawn\">' + self.encode(node['uml']) + '</p>')\n"
        "    raise nodes.SkipNode\n\n"
        "def setup(app):\n"
        "    app.add_node(plantuml, html=(_visit, None))\n"
        "    return {'parallel_read_safe': True}\n",
        encoding="utf-8",
    )
    conf = (CONF + f"import sys\nsys.path.insert(0, {str(tmp_path / 'fake')!r})\n"
            "extensions.append('sphinxcontrib.plantuml')\n")
    try:
        built = build(_files(**{"native-seq.md": NATIVE_MD}), conf=conf)
    finally:
        sys.modules.pop("sphinxcontrib.plantuml", None)
        sys.path[:] = [p for p in sys.path if p != str(tmp_path / "fake")]
    html = (built.outdir / "native-seq.html").read_text(encoding="utf-8")
    assert html.count('<p class="drawn">') == 2
    assert "Pipeline --&gt; Trainer" in html


ZH_CONF = CONF + 'language = "zh_CN"\nrfc_required_test_levels = ["UT", "Level0"]\n'
ZH_DOC = """\
# 混合精度训练

```{rfc} RFC-0035
:title: 混合精度训练
:status: draft
:requires: RFC-0099
```

## 验证设计

```{rfc-verification}
| 测试级别 | 用例数 | 覆盖范围 | 通过标准 |
|---|---|---|---|
| UT | 5 | 精度切换 | 全部通过 |
```
"""


def test_chinese_messages(build: BuildFn) -> None:
    built = build(_files(**{"amp.md": ZH_DOC}), conf=ZH_CONF)
    messages = {t: m for _f, _n, t, m in built.rfc_warnings()}
    assert messages["rfc.unknown-rfc"] == "RFC-0035: :requires: 指向 RFC-0099，但没有 RFC 声明该 ID"
    assert messages["rfc.missing-test-level"] == \
        "RFC-0035: 验证计划缺少必需的测试级别 'Level0'"
    data = json.loads((built.outdir / "rfcs.json").read_text(encoding="utf-8"))
    exported = {p["subtype"]: p["message"] for p in data["rfcs"][0]["problems"]}
    assert exported["missing-test-level"] == "验证计划缺少必需的测试级别 'Level0'"


def test_chinese_messages_in_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = ZH_DOC.replace("| UT | 5 | 精度切换 | 全部通过 |", "| UT | xxx | 精度切换 | xxx |")
    project = write_project(tmp_path / "docs", _files(**{"amp.md": doc}), ZH_CONF)
    code = main(["check", str(project), "--no-cache"])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    # one warning for the row, its columns named as the page shows them
    assert out[:-1] == [
        "amp.md:3: [rfc.unknown-rfc] RFC-0035: :requires: 指向 RFC-0099，但没有 RFC 声明该 ID",
        "amp.md:14: [rfc.missing-test-level] RFC-0035: 验证计划缺少必需的测试级别 'Level0'",
        "amp.md:14: [rfc.placeholder] RFC-0035: 表格的 '数量', '通过标准' 列单元格中残留占位符 'xxx'",
    ]
    assert out[-1] == "sphinx_rfc：1 个 RFC，3 个问题（草稿 1）"


def test_english_messages_stay(build: BuildFn) -> None:
    built = build(_files(**{"amp.md": ZH_DOC}),
                  conf=ZH_CONF.replace('language = "zh_CN"\n', ""))
    messages = {t: m for _f, _n, t, m in built.rfc_warnings()}
    assert messages["rfc.unknown-rfc"] == \
        "RFC-0035: :requires: names RFC-0099, which no RFC declares"
    assert messages["rfc.missing-test-level"] == \
        "RFC-0035: required test level 'Level0' is missing from the verification plan"


MYST_COMMENT = """\
# 数据加载 zero-copy

```{rfc} RFC-0036
:title: 数据加载零拷贝
:status: draft
:issues: #301
```

正文。
"""


def test_check_agrees_with_sphinx_build_w(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    project = write_project(tmp_path / "docs", _files(**{"load.md": MYST_COMMENT}), CONF)
    strict = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(project),
         str(tmp_path / "html")], capture_output=True, text=True,
    )
    assert strict.returncode != 0 and "myst.directive_comments" in strict.stderr
    for fmt in ("text", "json", "github"):
        # twice: the second run reads nothing again (kept environment)
        for _run in range(2):
            code = main(["check", str(project), "--format", fmt])
            out = capsys.readouterr().out
            assert code == 1
            if fmt == "text":
                assert out.startswith("load.md:6: [myst.directive_comments] RFC-0036: 'rfc': "
                                      "Directive options has # comments")
            elif fmt == "json":
                entry = json.loads(out)[0]
                assert (entry["type"], entry["subtype"], entry["line"], entry["rfc"]) == (
                    "myst", "directive_comments", 6, "RFC-0036")
            else:
                assert out.startswith("::warning file=") and out.count("::warning") == 1
                assert ("load.md,line=6,title=myst.directive_comments::RFC-0036: 'rfc': "
                        "Directive options") in out


NATIVE_BROKEN = """\
:rfc: RFC-0037

RFC: 激活值重计算
==================

9. 验证设计
-----------

9.1 测试级别
~~~~~~~~~~~~

+----------+--------+
| 测试级别 | 用例数 |
+==========+========+
| UT       | 6      |
+----------+---+
"""


def test_malformed_table_in_a_template_native_rfc(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = _files(**{"native-recompute.rst": NATIVE_BROKEN})
    project = write_project(tmp_path / "docs", files,
                            CONF + 'rfc_required_test_levels = ["UT"]\n')
    code = main(["check", str(project), "--no-cache"])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[:-1] == [f"native-recompute.rst:{_table_line(12, 16)}: [docutils] RFC-0037: "
                        f"Malformed table.{_REASON}"]
