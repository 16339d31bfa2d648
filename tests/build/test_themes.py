"""HTML works with the default theme and with furo, pydata-sphinx-theme and
sphinx-rtd-theme (docs/reference/output.md): the project builds with no warning but
its own RFC problems, the stylesheet is linked and shipped, and the styled
elements are there.  A theme that is not installed is skipped."""

from __future__ import annotations

import importlib.util
import re

import pytest
from conftest import BuildFn, parse_warnings

from sphinx_rfc.write.static import STATIC_DIR

THEMES = {
    "alabaster": "alabaster",
    "furo": "furo",
    "pydata_sphinx_theme": "pydata_sphinx_theme",
    "sphinx_rtd_theme": "sphinx_rtd_theme",
}
CSS = (STATIC_DIR / "sphinx_rfc.css").read_text(encoding="utf-8")


@pytest.mark.parametrize("theme", list(THEMES))
def test_theme(theme: str, build: BuildFn) -> None:
    if importlib.util.find_spec(THEMES[theme]) is None:
        pytest.skip(f"theme {theme} is not installed")
    # (an override: SphinxTestApp replaces a default "alabaster" by "basic")
    result = build("builders", confoverrides={"html_theme": theme})
    others = [w for w in parse_warnings(result.warnings) if not w[2].startswith("rfc.")]
    assert others == [] and "WARNING: conf" not in result.warnings, result.warnings
    assert result.app.builder.theme.name == theme  # type: ignore[attr-defined]
    assert len(result.rfc_warnings()) == 7
    page = (result.outdir / "rfcs" / "0001-sharding.html").read_text(encoding="utf-8")
    assert re.search(r'<link[^>]+href="[./]*_static/sphinx_rfc\.css', page)
    assert (result.outdir / "_static" / "sphinx_rfc.css").read_text(encoding="utf-8") == CSS
    assert "rfc-badge rfc-status rfc-status-implemented" in page
    overview = (result.outdir / "overview.html").read_text(encoding="utf-8")
    assert "sphinx_rfc.js" in overview and "rfc-table-index" in overview


def test_css_covers_dark_modes_and_wide_tables() -> None:
    # the themes' own dark-mode switches, and the system preference for furo's "auto"
    assert 'body[data-theme="dark"]' in CSS  # furo
    assert 'html[data-theme="dark"]' in CSS  # pydata-sphinx-theme
    assert "prefers-color-scheme: dark" in CSS and 'body[data-theme="auto"]' in CSS
    # theme variables with fallbacks
    assert re.search(r"var\(--color-[\w-]+, var\(--pst-color-[\w-]+, [^)]+\)", CSS)
    # wide tables scroll instead of breaking the layout
    block = re.search(r"table\.rfc-table \{(.*?)\}", CSS, re.S)
    assert block and "overflow-x: auto" in block.group(1) and "max-width: 100%" in block.group(1)
    # every status has a badge style, light and dark
    for status in ("draft", "review", "accepted", "implemented", "rejected", "withdrawn",
                   "superseded"):
        assert f".rfc-status-{status} " in CSS
        assert CSS.count(f"--rfc-{status}-fg:") == 3
