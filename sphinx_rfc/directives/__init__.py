"""The directives of sphinx_rfc, one module per family (the navigation
directives one module each); each family's ``setup(app)`` registers its
directives and the views they show."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: The family modules, in the order :func:`setup` sets them up.  The
#: benchmark generator (benchmarks/generate.py) sets each up on a recorder
#: to learn which directives exist; without this name it writes every
#: directive as plain text.
FAMILIES: tuple[str, ...] = ("rfc", "tables", "index", "module_page", "graph")


def setup(app: Sphinx) -> None:
    # imported by name (not through FAMILIES) so that the import graph the
    # architecture test checks sees them; the two lists are kept in step
    from sphinx_rfc.directives import graph, index, module_page, rfc, tables

    for family in (rfc, tables, index, module_page, graph):
        family.setup(app)
