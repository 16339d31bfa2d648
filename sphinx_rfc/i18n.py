"""Message catalogs: ``_`` for text in documents (follows ``language``),
``__`` for console messages."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.locale import get_translation

if TYPE_CHECKING:
    from sphinx.application import Sphinx

CATALOG = "sphinx_rfc"
LOCALE_DIR = Path(__file__).parent / "locale"

_ = get_translation(CATALOG)
__ = get_translation(CATALOG, "console")


def setup(app: Sphinx) -> None:
    app.add_message_catalog(CATALOG, str(LOCALE_DIR))
