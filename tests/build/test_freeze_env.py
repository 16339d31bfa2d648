"""The objects alive when the garbage collector is on again after Sphinx
loaded the environment are frozen for the build and thawed at its end
(``devices.FREEZE_ENV``): a rebuild collects without walking the loaded
environment, and a process that runs several builds (this test session)
gets them back."""

from __future__ import annotations

import gc
from pathlib import Path

from conftest import sphinx_build, write_project

# conf.py's own handler notes how many objects are frozen while the build
# resolves its pages (after builder-inited, before build-finished)
CONF = '''rfc_documents = ["rfcs/*"]
rfc_required_sections = []
rfc_git_dates = False


def _note_frozen(app, env):
    import gc
    from pathlib import Path
    with (Path(app.srcdir) / "frozen.txt").open("a", encoding="utf-8") as out:
        out.write(f"{gc.get_freeze_count()}\\n")


def setup(app):
    app.connect("env-updated", _note_frozen)
'''

RFC = """# RFC-0021：梯度检查点按层开关

```{rfc} RFC-0021
:status: review
:type: performance
:authors: 孙悦
:modules: trainer
:created: 2026-04-01
```

## 背景

显存不够时整网开 recompute 太慢（吞吐掉 30% 左右）。
"""


def test_a_rebuild_freezes_the_loaded_environment_and_thaws_it(tmp_path: Path) -> None:
    docs = write_project(tmp_path / "docs", {
        "index.md": "# 设计\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0021-layer-recompute.md": RFC,
    }, CONF)
    before = gc.get_freeze_count()
    first = sphinx_build(docs)
    assert not first.rfc_warnings(), first.warnings
    second = sphinx_build(docs)  # nothing changed: the environment is loaded
    assert not second.rfc_warnings(), second.warnings
    counts = [int(n) for n in (docs / "frozen.txt").read_text(encoding="utf-8").split()]
    assert len(counts) == 2
    assert all(n > before for n in counts), counts  # frozen while the build runs
    assert gc.get_freeze_count() == before  # and thawed when it ends
