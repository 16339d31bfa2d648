"""The directives of sphinx_rfc, one module per family."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def setup(app: Sphinx) -> None:
    from sphinx_rfc.directives import navigation, rfc, tables

    rfc.setup(app)
    tables.setup(app)
    navigation.setup(app)
