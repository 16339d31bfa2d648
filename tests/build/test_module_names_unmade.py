"""The module names ``resolve/code_views.on_env_updated`` compares API
links for, taken without making the relations snapshot (a no-change
rebuild makes none): the same names, in the same order, as the
snapshot's, with a duplicate ID, an undeclared module touched only by
the change table and a module page for a module nobody declares."""

from __future__ import annotations

from pathlib import Path

from conftest import copy_root, sphinx_build

from sphinx_rfc.resolve.code_views import module_names
from sphinx_rfc.store.domain import get_domain

DUPLICATE = """# 通信重叠 second draft (same ID by mistake)

```{rfc} RFC-0003
:status: draft
:type: performance
:authors: Li Si
:modules: zeta-io, comm
:created: 2026-02-11
```
"""

CHANGED_ONLY = """# Mixed precision 混合精度

```{rfc} RFC-0004
:status: draft
:type: feature
:authors: Zhao Liu
:modules: trainer
:created: 2026-02-12
```

## 方案设计 Design

Cast in the kernels; the trainer only flips a flag.

```{rfc-changes}
| 模块 | 改动内容 | 是否影响已有行为 |
|---|---|---|
| `amp-kernels` | new fp8 cast kernels (about 300 lines) | 否 |
```
"""

HOME = """# Pipeline stage docs

```{rfc-module} alpha-pipeline
```
"""


def test_names_without_the_snapshot_match_the_snapshot(tmp_path: Path) -> None:
    root = copy_root("api-code", tmp_path / "p")
    (root / "rfcs" / "RFC-0005-dup.md").write_text(DUPLICATE, encoding="utf-8")
    (root / "rfcs" / "RFC-0004-amp.md").write_text(CHANGED_ONLY, encoding="utf-8")
    (root / "pipeline.md").write_text(HOME, encoding="utf-8")
    done = sphinx_build(root)
    domain = get_domain(done.env)
    domain.__dict__.pop("_snapshot", None)
    unmade = module_names(domain)
    assert "_snapshot" not in domain.__dict__
    made = domain.snapshot().module_names()
    assert unmade == made
    # the cases the names are made of are all there
    assert made[:3] == ["trainer", "comm", "ckpt"]
    assert "alpha-pipeline" in made  # a module page alone
    assert "amp-kernels" in made  # the change table alone
    assert "zeta-io" not in made  # only the second document of RFC-0003 names it
    # with the snapshot made, it is what gives the names
    assert module_names(domain) == made
