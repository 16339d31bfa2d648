"""The sphinxcontrib-mermaid adaptation behind a version check
(write/mermaid_js): applied under the versions it was written against
(2.1.0 on the oldest-Sphinx tox leg, the newest 2.x on the others: the
same tests run under each), left out under any other, where pages get upstream's script
unchanged and a project that set ``rfc_mermaid_js`` is told once."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from conftest import sphinx_build, write_project

from sphinx_rfc.write import mermaid_js

FILES = {
    "index.md": "# 首页\n\n```{mermaid}\nflowchart LR\n  训练 --> 检查点\n```\n",
    "vendor/mermaid.min.js": "globalThis.mermaid = {};\n",
}
LOCAL = 'rfc_mermaid_js = "vendor/mermaid.min.js"\nexclude_patterns = ["_build", "vendor"]\n'


def _handlers(build: object) -> list[object]:
    listeners = build.app.events.listeners.get("html-page-context", [])  # type: ignore[attr-defined]
    return [listener.handler for listener in listeners]


@pytest.mark.parametrize(("text", "numbers"), [
    ("2.1.1", (2, 1, 1)), ("1.0.0", (1, 0, 0)), ("2.0.0rc1", (2, 0, 0)), ("3", (3,)),
    ("dev", None),
])
def test_version_read_as_numbers(
    monkeypatch: pytest.MonkeyPatch, text: str, numbers: tuple[int, ...] | None
) -> None:
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "version", lambda name: text)
    assert mermaid_js.upstream_version() == numbers


def test_known_majors_only() -> None:
    assert mermaid_js.adapts((2, 1)) and mermaid_js.adapts((2, 1, 1)) and mermaid_js.adapts((2, 9))
    assert not mermaid_js.adapts((3, 0)) and not mermaid_js.adapts((2, 0, 3))
    assert not mermaid_js.adapts((1, 2, 3))
    assert not mermaid_js.adapts(None)


def test_the_installed_version_is_one_adapted(tmp_path: Path) -> None:
    """Each tox leg installs a supported sphinxcontrib-mermaid: the wrapper
    replaces upstream's handler, the local file is pointed at, no warning."""
    import sphinxcontrib.mermaid as upstream

    assert mermaid_js.adapts(mermaid_js.upstream_version())
    result = sphinx_build(write_project(tmp_path / "src", FILES, LOCAL))
    handlers = _handlers(result)
    assert upstream.install_js not in handlers
    assert [h for h in handlers if isinstance(h, partial) and h.func is mermaid_js.install_js]
    page = (result.outdir / "index.html").read_text(encoding="utf-8")
    assert "_static/mermaid.min.js" in page and "cdn.jsdelivr.net" not in page
    assert "mermaid-script" not in result.warnings, result.warnings


def test_an_unknown_version_is_left_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sphinxcontrib.mermaid as upstream

    monkeypatch.setattr(mermaid_js, "upstream_version", lambda: (3, 0, 0))
    template = getattr(upstream, "Template", None)
    result = sphinx_build(write_project(tmp_path / "src", FILES, LOCAL))
    assert upstream.install_js in _handlers(result)  # upstream's own handler, untouched
    assert getattr(upstream, "Template", None) is template
    page = (result.outdir / "index.html").read_text(encoding="utf-8")
    assert "import mermaid from" in page  # upstream's script, as upstream writes it
    warned = [line for line in result.warnings.splitlines() if "[rfc.mermaid-script]" in line]
    assert len(warned) == 1 and "sphinxcontrib-mermaid 3.0.0" in warned[0], result.warnings

    plain = sphinx_build(write_project(tmp_path / "plain", {"index.md": FILES["index.md"]}))
    assert "WARNING" not in plain.warnings  # nothing to tell a project without rfc_mermaid_js
