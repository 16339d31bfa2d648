"""A basic-information table written straight under the title, with no
``## 1. 基本信息`` heading of its own (an issue pasted without it): read as
the basic information — status, type, modules — and that section is not
reported missing; a two-column table there that is no list of fields
(figures, say) is left alone."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import sphinx_build, write_project

CONF = 'rfc_documents = ["rfcs/*"]\n'

PASTED = """\
# RFC-0411：trainer 支持梯度检查点 (gradient checkpointing)

| 项目 | 内容 |
|---|---|
| 作者 | 孙七 |
| 状态 | 评审中 |
| 类型 | 性能优化 |
| 相关模块 | trainer, model |

## 2. 背景

长序列训练显存不够，activation 占了大头。
"""

FIGURES = """\
# RFC-0412：通信压缩

| 指标 | 数值 |
|---|---|
| 带宽节省 | 约 40% |
| 精度损失 | < 0.1% |

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 状态 | 草稿 |
| 相关模块 | distributed |

## 2. 背景

跨机带宽是瓶颈。
"""


def _rfcs(outdir: Path) -> dict[str, dict[str, object]]:
    data = json.loads((outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def test_a_table_under_the_title_is_the_basic_information(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {
        "index.md": "# 设计\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0411-grad-ckpt.md": PASTED, "rfcs/0412-compress.md": FIGURES,
    }, CONF)
    build = sphinx_build(src)
    rfcs = _rfcs(build.outdir)
    pasted = rfcs["RFC-0411"]
    assert (pasted["status"], pasted["type"], pasted["modules"]) == (
        "review", "performance", ["trainer", "model"])
    assert pasted["authors"] == ["孙七"]
    figures = rfcs["RFC-0412"]
    assert (figures["status"], figures["modules"]) == ("draft", ["distributed"])
    missing = [(w[0].rsplit("/", 1)[-1], w[3]) for w in build.rfc_warnings()
               if w[2] == "rfc.missing-section"]
    assert missing, build.warnings  # (the other sections are missing, and said so)
    assert not [m for m in missing if "基本信息" in m[1]], missing
    page = (build.outdir / "rfcs" / "0411-grad-ckpt.html").read_text(encoding="utf-8")
    assert page.count("孙七") == 1  # the author's table, marked: no second table
    figures_page = (build.outdir / "rfcs" / "0412-compress.html").read_text(encoding="utf-8")
    assert "约 40%" in figures_page


PLAIN_LINE = """\
Fused LayerNorm 性能优化设计文档

| 项目 | 内容 |
|---|---|
| 作者 | 钱八（qianba） |
| 提交时间 | 2025-03-02 |
| 状态 | 草稿 |

# 1 背景与意义

LayerNorm 反向在 hidden=8192 时只有带宽峰值的 45% 左右。

# 2 方案

两个 kernel 合成一个，Welford 求均值方差。
"""

GLUED_MARK = """\
#optimizer.FusedAdamW 设计文档

| 项目 | 内容 |
|---|---|
| 作者 | 冯九 |
| 状态 | 评审中 |

# 一、概述

optimizer step 占单步 12%。
"""

ABOVE_HEADINGS = """\
| 项目 | 内容 |
|---|---|
| 作者 | 陈十 |
| 状态 | 已接受 |

# 一、概述

## 1、相关背景

checkpoint 存一次要 90 s。

# 二、设计思路

先拷到 host 再后台写。
"""

SENTENCE_FIRST = """\
本文档描述 pipeline 调度从 1F1B 换成 interleaved 的原因、做法和验证方式，供评审用。

| 项目 | 内容 |
|---|---|
| 作者 | 褚十一 |
| 状态 | 草稿 |

# 1 背景

bubble 太大。
"""


def test_a_document_with_no_title_heading(tmp_path: Path) -> None:
    """Its title written as a plain first line (or a `#` glued to it) above
    the basic-information table, or no title at all and the table above
    the first heading: the table is read, the line is the title; a first
    line that is a sentence is no title."""
    src = write_project(tmp_path / "src", {
        "index.md": "# 设计\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0421-layernorm.md": PLAIN_LINE, "rfcs/0422-adamw.md": GLUED_MARK,
        "rfcs/0423-ckpt.md": ABOVE_HEADINGS, "rfcs/0424-pp.md": SENTENCE_FIRST,
    }, CONF)
    build = sphinx_build(src)
    rfcs = _rfcs(build.outdir)
    read = {key: (r["title"], r["authors"], r["status"]) for key, r in rfcs.items()}
    assert read["RFC-0421"] == ("Fused LayerNorm 性能优化设计文档", ["钱八（qianba）"], "draft")
    assert rfcs["RFC-0421"]["created"] == "2025-03-02"
    assert read["RFC-0422"] == ("optimizer.FusedAdamW 设计文档", ["冯九"], "review")
    assert read["RFC-0423"][1:] == (["陈十"], "accepted")
    assert read["RFC-0424"][1:] == (["褚十一"], "draft")
    assert not read["RFC-0424"][0].startswith("本文档描述")
    # its first heading is its first section, not a title
    missing = [w[3] for w in build.rfc_warnings()
               if w[0].endswith("0421-layernorm.md") and w[2] == "rfc.missing-section"]
    assert missing and not [m for m in missing if "Background" in m], missing
    # the page's title (toctree, browser tab) is the record's
    page = (build.outdir / "rfcs" / "0421-layernorm.html").read_text(encoding="utf-8")
    assert "<title>Fused LayerNorm 性能优化设计文档" in page
