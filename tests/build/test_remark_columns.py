"""A remarks column (备注 / Notes / Remarks) in any table is kept as data
with no ``unknown-column`` warning; other unknown headers still warn."""

from __future__ import annotations

import json

from conftest import BuildFn

CONF = 'rfc_required_sections = []\nrfc_documents = ["rfcs/*"]\n'

NATIVE_ZH = """\
# 【需求】梯度裁剪支持按参数组配置

## 5. 对外接口

| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 | 备注 |
| --- | --- | --- | --- | --- | --- |
| `clip_per_group` | bool | `False` | 否 | 按参数组裁剪 | 0.7 版本起提供 |

## 7. 组件依赖

| 依赖组件 | 强依赖 / 弱依赖 | 当前状态 | 附注 |
| --- | --- | --- | --- |
| FSDP | 弱 | 已支持 | 需要分片后的范数聚合 |
"""

DIRECTIVE_EN = """\
Per-group gradient clipping
===========================

.. rfc:: RFC-0412
   :status: draft

Design
------

.. rfc-changes::

   .. list-table::
      :header-rows: 1

      * - Module
        - Change
        - Affects existing behaviour
        - Remarks
      * - optimizer
        - group-aware clip
        - no
        - reviewed by the optimizer owners
      * - trainer
        - pass the option through
        - no
        - Owner: trainer team

.. rfc-constraints::

   ===========  ============  ==========
   Type         Content       Reviewer
   ===========  ============  ==========
   Unsupported  MS backend    Li
   ===========  ============  ==========
"""


def test_remark_columns_are_data_not_warnings(build: BuildFn) -> None:
    result = build({"index.rst": ".. toctree::\n   :glob:\n\n   rfcs/*\n",
                    "rfcs/0411-clip.md": NATIVE_ZH, "rfcs/0412-clip.rst": DIRECTIVE_EN},
                   conf=CONF + 'language = "zh_CN"\n')
    warnings = result.rfc_warnings()
    # the 'Reviewer' column is no remarks column: still reported, at its file
    assert len(warnings) == 1, warnings
    source, line, subtype, message = warnings[0]
    assert (source, line, subtype) == ("0412-clip.rst", 31, "rfc.unknown-column")
    assert "'Reviewer'" in message
    data = json.loads((result.outdir / "rfcs.json").read_text(encoding="utf-8"))
    by_id = {r["id"]: r for r in data["rfcs"]}
    (param,) = by_id["RFC-0411"]["interfaces"][0]["params"]
    assert param["extra"] == {"备注": "0.7 版本起提供"}
    assert by_id["RFC-0411"]["dependencies"][0]["extra"] == {"附注": "需要分片后的范数聚合"}
    changes = by_id["RFC-0412"]["changes"]
    assert [c["extra"] for c in changes] == [
        {"Remarks": "reviewed by the optimizer owners"}, {"Remarks": "Owner: trainer team"},
    ]
    page = (result.outdir / "rfcs" / "0411-clip.html").read_text(encoding="utf-8")
    assert "0.7 版本起提供" in page and "需要分片后的范数聚合" in page
