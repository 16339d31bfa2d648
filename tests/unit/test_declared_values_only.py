"""``check/field_places.same_but_declared_values``: the shortcut of
``changed-after-acceptance`` — two versions of an RFC that differ only on
the lines declaring its fields (the status moved on, ``updated`` added)
need no comparison of their tables; any other line changed does."""

from __future__ import annotations

import pytest

from sphinx_rfc.check.field_places import same_but_declared_values

MYST = """# RFC-0042: 优化器状态卸载

```{{rfc}} RFC-0042
:status: {status}
:modules: optimizer
{extra}```

## 对外接口

| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |
|---|---|---|---|---|
| `offload` | `bool` | `False` | 否 | {meaning} |
"""

NATIVE = """# 存储层压缩

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 状态 | {status} |
| 相关模块 | storage |

## 2. 依赖

| 依赖组件 | 强依赖 / 弱依赖 | 当前状态 | 未 ready 时本期能力 |
|---|---|---|---|
| zstd | {strength} | ready | 不压缩 |
"""

RST = """Quota limits
============

.. rfc:: RFC-0003
   :status: {status}
   :modules: storage

.. rfc-dependency::

   ===========  ========  =========
   依赖组件      强依赖/弱依赖  当前状态
   ===========  ========  =========
   quota-svc    {strength}      ready
   ===========  ========  =========
"""


def myst(status: str = "accepted", extra: str = "", meaning: str = "是否卸载") -> str:
    return MYST.format(status=status, extra=extra, meaning=meaning)


@pytest.mark.parametrize(("old", "new", "suffix", "same"), [
    (myst(), myst(), ".md", True),
    (myst(), myst("implemented"), ".md", True),
    (myst(), myst("implemented", ":updated: 2026-11-30\n"), ".md", True),
    (myst(), myst(meaning="是否卸载到 CPU"), ".md", False),
    (myst(), myst("implemented", meaning="x"), ".md", False),
    (NATIVE.format(status="已接受", strength="强"), NATIVE.format(status="已实现", strength="强"),
     ".md", True),
    (NATIVE.format(status="已接受", strength="强"), NATIVE.format(status="已接受", strength="弱"),
     ".md", False),
    (RST.format(status="accepted", strength="强"), RST.format(status="implemented", strength="强"),
     ".rst", True),
    (RST.format(status="accepted", strength="强"), RST.format(status="accepted", strength="弱"),
     ".rst", False),
])
def test_only_declared_values_moved(old: str, new: str, suffix: str, same: bool) -> None:
    assert same_but_declared_values(old, new, suffix) is same
