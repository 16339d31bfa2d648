"""sphinx_rfc: write RFCs (design proposals) inside Sphinx documentation,
checked and cross-linked at build time.

``setup()`` calls each part's own ``setup()``, in the order the build uses
them, and does nothing else.  The architecture page of the documentation
(``docs/reference/architecture.md``) draws the pipeline and maps the modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata


def setup(app: Sphinx) -> ExtensionMetadata:
    from sphinx_rfc import config, directives, i18n
    from sphinx_rfc.features import commits, results, signatures
    from sphinx_rfc.read import (
        build_log,
        collector,
        frontmatter,
        git_dates,
        git_log,
        history,
        plantuml,
        unread,
    )
    from sphinx_rfc.resolve import (
        code_views,
        header_only_tables,
        indices,
        mermaid,
        mermaid_fallback,
        views,
        xrefs,
    )
    from sphinx_rfc.store import derived, domain
    from sphinx_rfc.write import export, feeds, index_pages, mermaid_js, static, summary

    app.setup_extension("sphinxcontrib.mermaid")
    config.setup(app)
    i18n.setup(app)
    domain.setup(app)
    xrefs.setup(app)
    build_log.setup(app)
    indices.setup(app)
    derived.setup(app)
    directives.setup(app)
    plantuml.setup(app)
    collector.setup(app)
    frontmatter.setup(app)
    git_log.setup(app)
    git_dates.setup(app)
    history.setup(app)
    unread.setup(app)
    views.setup(app)
    code_views.setup(app)
    static.setup(app)
    index_pages.setup(app)
    mermaid_js.setup(app)
    export.setup(app)
    feeds.setup(app)
    summary.setup(app)
    # subscribers of the collector's rfc-record-read event, which it declares
    signatures.setup(app)
    results.setup(app)
    commits.setup(app)
    mermaid.setup(app)
    mermaid_fallback.setup(app)
    header_only_tables.setup(app)
    return {
        "version": __version__,
        "env_version": domain.DATA_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
