"""Build-level output: static files, the summary line, ``rfcs.json``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.util import logging
from sphinx.util.fileutil import copy_asset_file

from sphinx_rfc.domain import get_domain
from sphinx_rfc.model import Problem

if TYPE_CHECKING:
    from sphinx.application import Sphinx

logger = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "static"


def visible_problems(app: Sphinx) -> list[Problem]:
    """Every RFC problem of the project, less the kinds ``suppress_warnings``
    silences (``rfc``, ``rfc.*`` or ``rfc.<subtype>``)."""
    suppressed = set(app.config.suppress_warnings or ())
    if "rfc" in suppressed or "rfc.*" in suppressed:
        return []
    return [p for p in get_domain(app.env).problems() if f"rfc.{p.subtype}" not in suppressed]


def summary_line(app: Sphinx, problems: Sequence[Problem] | None = None) -> str:
    """``sphinx_rfc: N RFCs, M problems (counts per status)``; *problems*
    defaults to the project's problems that are not silenced, so the line
    counts what the build warned about."""
    records = list(get_domain(app.env).rfcs.values())
    if problems is None:
        problems = visible_problems(app)
    counts = Counter(r.status for r in records)
    per_status = ", ".join(f"{counts[s]} {s}" for s in sorted(counts))
    line = f"sphinx_rfc: {len(records)} RFCs, {len(problems)} problems"
    return f"{line} ({per_status})" if per_status else line


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None:
        return
    logger.info(summary_line(app))


def copy_static_files(app: Sphinx, exception: BaseException | None) -> None:
    """Copy the package's CSS and JS into ``_static``.

    Done here rather than by adding to ``html_static_path``: changing a
    config value at start-up makes the next build see a changed
    configuration and rewrite every page (Sphinx < 9).
    """
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "_static"
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(STATIC_DIR.iterdir()):
        if path.suffix in {".css", ".js"}:
            copy_asset_file(path, target, force=True)


def setup(app: Sphinx) -> None:
    from sphinx_rfc import export

    app.add_css_file("sphinx_rfc.css")
    app.connect("build-finished", copy_static_files)
    app.connect("build-finished", export.on_build_finished)
    app.connect("build-finished", on_build_finished)
