"""An ``rfc`` directive's YAML option block with flow sequences
(``authors: [Alice, 赵六]``): MyST hands each value over as its text, and
the list is read as the list the author wrote, not as one author named
``[Alice, 赵六]`` and one module named ``[checkpoint, model]``."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import sphinx_build, write_project

from sphinx_rfc.read.metadata import as_list, flow_sequence

RFC = """# RFC-0007: 检查点 YAML 选项（草稿）

```{rfc} RFC-0007
---
status: draft
authors: ["Alice Wang", '赵六']
modules: [checkpoint, model]
requires: [RFC-0001, RFC-0002]
reviewers: [待补充]
---
```

## 背景

分布式检查点要按 module 保存。
"""

OTHER = """# RFC-{n:04d}: 依赖 {n}

```{{rfc}} RFC-{n:04d}
:status: accepted
:authors: 王五
:modules: trainer
```
"""


def test_flow_sequences_are_lists(tmp_path: Path) -> None:
    src = write_project(tmp_path / "p", {
        "index.md": "# RFCs\n\n```{toctree}\nrfcs/0007\nrfcs/0001\nrfcs/0002\n```\n",
        "rfcs/0007.md": RFC,
        "rfcs/0001.md": OTHER.format(n=1),
        "rfcs/0002.md": OTHER.format(n=2),
    }, conf="rfc_required_sections = []\nrfc_required_test_levels = []\n"
             'rfc_modules = {"checkpoint": "Saving", "model": "Model", "trainer": "Trainer"}\n')
    built = sphinx_build(src)
    data = json.loads((built.app.outdir / "rfcs.json").read_text("utf-8"))
    rfc = next(r for r in data["rfcs"] if r["id"] == "RFC-0007")
    assert rfc["authors"] == ["Alice Wang", "赵六"]
    assert rfc["modules"] == ["checkpoint", "model"]
    assert rfc["requires"] == ["RFC-0001", "RFC-0002"]
    # one bracketed item is the template's blank: reported, kept as written
    assert rfc["reviewers"] == ["[待补充]"]
    warnings = built.rfc_warnings()
    assert [w[2] for w in warnings] == ["rfc.placeholder"], warnings


def test_what_is_no_flow_sequence() -> None:
    assert flow_sequence("[a, b]") == ["a", "b"]
    assert flow_sequence(' ["x", \'y\'] ') == ["x", "y"]
    for text in ("[FILL]", "[作者]", "a, b", "test_pair[a,b]", "[a] [b]", "[]", "[ , ]"):
        assert flow_sequence(text) is None, text
    # a parametrized test id still stays one item
    assert as_list("test_pair[a,b], test_other") == ["test_pair[a,b]", "test_other"]
