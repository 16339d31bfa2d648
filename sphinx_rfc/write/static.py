"""The package's CSS and JavaScript, copied into ``_static`` of HTML builds."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sphinx_rfc._atomic import clean_leftovers, copy_file

if TYPE_CHECKING:
    from sphinx.application import Sphinx

STATIC_DIR = Path(__file__).parent.parent / "static"


def copy_static_files(app: Sphinx) -> None:
    """Copy the package's CSS and JS into ``_static`` (no page of its own).

    Done here rather than by adding to ``html_static_path``: changing a
    config value at start-up makes the next build see a changed
    configuration and rewrite every page (Sphinx < 9).  Done at
    ``builder-inited``, before any page is written: Sphinx links the CSS
    with its checksum (``sphinx_rfc.css?v=...``) only when it finds the
    file in the output folder as it writes the page (copied after the
    pages, at ``html-collect-pages`` as before, the first build's pages had
    none and the next build's had one), and the epub builder lists the
    files of its output in its manifest after the pages are written.
    """
    if app.builder.format != "html":
        return
    target = Path(app.outdir) / "_static"
    target.mkdir(parents=True, exist_ok=True)
    clean_leftovers(target)
    for path in sorted(STATIC_DIR.iterdir()):
        if path.suffix in {".css", ".js"}:
            copy_file(path, target / path.name)  # (whole or not at all)


def setup(app: Sphinx) -> None:
    app.add_css_file("sphinx_rfc.css")
