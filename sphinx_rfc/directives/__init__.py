"""The directives of sphinx_rfc, one module per family (the navigation
directives one module each); each family's ``setup(app)`` registers its
directives and the views they show."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def setup(app: Sphinx) -> None:
    from sphinx_rfc.directives import graph, index, module_page, rfc, stats, tables

    for family in (rfc, tables, index, module_page, graph, stats):
        family.setup(app)
