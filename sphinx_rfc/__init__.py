"""sphinx_rfc: write RFCs (design proposals) inside Sphinx documentation,
checked and cross-linked at build time.

``setup()`` wires the parts together and does nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata


def setup(app: Sphinx) -> ExtensionMetadata:
    from sphinx_rfc import (
        collect,
        config,
        domain,
        i18n,
        native,
        output,
        results,
        signatures,
        views,
    )
    from sphinx_rfc.directives import rfc as rfc_directive
    from sphinx_rfc.directives import setup_directives

    app.setup_extension("sphinxcontrib.mermaid")
    config.setup(app)
    app.add_message_catalog(i18n.CATALOG, str(i18n.LOCALE_DIR))
    domain.setup(app)
    app.add_directive("rfc", rfc_directive.RfcDirective)
    setup_directives(app)
    app.add_post_transform(views.ResolvePending)
    app.connect("doctree-read", collect.on_doctree_read)
    app.connect("env-updated", views.on_env_updated)
    app.connect("warn-missing-reference", domain.on_missing_reference)
    output.setup(app)
    signatures.setup(app)
    results.setup(app)
    native.setup(app)
    return {
        "version": __version__,
        "env_version": domain.DATA_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
