"""Basic-information values left as the template's placeholder (root
``placeholder-fields``: RFCs pasted from the forge's issue form before
every blank was filled):

- a value that is nothing but a placeholder (``xxx``, ``TBD``, ``待补充``)
  gets that one warning, ``rfc.placeholder`` at its line, not also an
  invalid status, type, date or ID;
- the status so left is still shown as written and marked invalid (the
  page's badge, the index's "invalid status" group, ``rfcs.json``);
- a placeholder among a field's items (``optimizer, xxx``) is warned and is
  not read as a module: no module ``xxx`` in the modules index, no feed.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import BuildFn


@pytest.fixture
def built(shared_build: BuildFn) -> dict[str, Any]:
    app = shared_build("placeholder-fields")
    return {"app": app, "warnings": app.rfc_warnings(),
            "rfcs": app.rfcs()}


def test_a_placeholder_value_is_warned_once_as_a_placeholder(built: dict[str, Any]) -> None:
    found = sorted((w[0].rsplit("/", 1)[-1], w[1], w[2]) for w in built["warnings"])
    assert found == [
        ("0012-async-ckpt.md", 8, "rfc.placeholder"),   # 状态 | xxx
        ("0012-async-ckpt.md", 9, "rfc.placeholder"),   # 类型 | TBD
        ("0012-async-ckpt.md", 10, "rfc.placeholder"),  # 创建日期 | 待补充
        ("0012-async-ckpt.md", 11, "rfc.placeholder"),  # 依赖 | xxx
        ("0013-zero-offload.md", 11, "rfc.placeholder"),  # optimizer, xxx
    ]
    status = next(w for w in built["warnings"] if w[1] == 8)
    assert "'状态'" in status[3] and "'xxx'" in status[3]


def test_the_status_left_as_a_placeholder_is_shown_as_written(built: dict[str, Any]) -> None:
    rfc = built["rfcs"]["RFC-0012"]
    assert (rfc["status"], rfc["invalid_status"]) == ("draft", "xxx")
    assert (rfc["type"], rfc["created"], rfc["requires"]) == (None, None, [])
    outdir = built["app"].outdir
    page = (outdir / "rfcs" / "0012-async-ckpt.html").read_text(encoding="utf-8")
    badge = re.search(r'<span class="([^"]*rfc-status[^"]*)">([^<]*)</span>', page)
    assert badge is not None
    assert "rfc-badge-invalid" in badge.group(1)
    assert badge.group(2).startswith("xxx")
    index = (outdir / "all.html").read_text(encoding="utf-8")
    assert "无效状态" in index


@pytest.mark.parametrize("rfc", ["RFC-0012", "RFC-0013"])
def test_the_filled_values_beside_are_read(built: dict[str, Any], rfc: str) -> None:
    expected = {
        "RFC-0012": {"modules": ["checkpoint"], "status": "draft"},
        "RFC-0013": {"modules": ["optimizer"], "status": "review", "type": "performance",
                     "created": "2025-03-02"},
    }[rfc]
    got = built["rfcs"][rfc]
    assert {key: got[key] for key in expected} == expected


def test_a_placeholder_among_the_modules_is_no_module(built: dict[str, Any]) -> None:
    outdir = built["app"].outdir
    modules = (outdir / "rfc-modules.html").read_text(encoding="utf-8")
    assert "optimizer" in modules and "checkpoint" in modules
    assert "xxx" not in modules
    feeds = sorted(p.name for p in outdir.glob("rfcs-module-*.atom"))
    assert feeds == ["rfcs-module-checkpoint.atom", "rfcs-module-optimizer.atom"]
