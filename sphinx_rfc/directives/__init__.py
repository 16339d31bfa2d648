"""Directives of sphinx_rfc, one module per family; each family module has
a ``setup(app)`` that registers its directives."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: Directive families registered by :func:`setup_directives` (the ``rfc``
#: directive itself is registered by the package's ``setup``).
FAMILIES: tuple[str, ...] = ("tables", "navigation")


def setup_directives(app: Sphinx) -> None:
    for family in FAMILIES:
        importlib.import_module(f"sphinx_rfc.directives.{family}").setup(app)
