"""Message catalogs: ``_`` for text in documents (follows ``language``),
``__`` for console messages."""

from __future__ import annotations

from pathlib import Path

from sphinx.locale import get_translation

CATALOG = "sphinx_rfc"
LOCALE_DIR = Path(__file__).parent / "locale"

_ = get_translation(CATALOG)
__ = get_translation(CATALOG, "console")
