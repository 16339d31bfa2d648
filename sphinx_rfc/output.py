"""Build-level output: static files, the summary line, ``rfcs.json``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.util import logging

from sphinx_rfc.domain import get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx

logger = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "static"


def summary_line(app: Sphinx) -> str:
    domain = get_domain(app.env)
    records = list(domain.rfcs.values())
    problems = domain.problems()
    counts = Counter(r.status for r in records)
    per_status = ", ".join(f"{counts[s]} {s}" for s in sorted(counts))
    line = f"sphinx_rfc: {len(records)} RFCs, {len(problems)} problems"
    return f"{line} ({per_status})" if per_status else line


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None:
        return
    logger.info(summary_line(app))


def on_builder_inited(app: Sphinx) -> None:
    if app.builder.format == "html":
        static = str(STATIC_DIR)
        if static not in app.config.html_static_path:
            app.config.html_static_path.append(static)
        app.add_css_file("sphinx_rfc.css")


def setup(app: Sphinx) -> None:
    from sphinx_rfc import export

    app.connect("builder-inited", on_builder_inited)
    app.connect("build-finished", export.on_build_finished)
    app.connect("build-finished", on_build_finished)
