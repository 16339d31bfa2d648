"""Message catalogs: ``_`` for text in documents (follows ``language``),
``__`` for console messages.

Imported, it installs Sphinx's translator of the catalog into
:mod:`sphinx_rfc.spec.messages`, where the pure core (``spec/``,
``model/``, ``check/``) takes its ``_``, ``ngettext`` and ``translating``
without importing Sphinx."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.locale import get_translation

from sphinx_rfc.spec import messages
from sphinx_rfc.spec.messages import local_words

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["CATALOG", "LOCALE_DIR", "_", "__", "local_words", "ngettext", "setup", "translating"]

CATALOG = "sphinx_rfc"
LOCALE_DIR = Path(__file__).parent / "locale"

_ = get_translation(CATALOG)
__ = get_translation(CATALOG, "console")


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of *singular* / *plural* for *n*, in the document's
    language (``1 problem``, ``2 problems``); Sphinx's ``_`` has no plural
    forms."""
    from sphinx.locale import get_translator, is_translator_registered

    if not is_translator_registered(CATALOG):
        return singular if n == 1 else plural
    return get_translator(CATALOG).ngettext(singular, plural, n)


def setup(app: Sphinx) -> None:
    app.add_message_catalog(CATALOG, str(LOCALE_DIR))


def translating() -> bool:
    """Whether messages are being translated (the project's ``language``
    has a catalog: ``zh_CN``); then a message lists only the words of
    that language (docs/reference/warnings.md)."""
    import gettext

    from sphinx.locale import translators

    found = translators.get(("general", CATALOG))
    return found is not None and type(found) is not gettext.NullTranslations


messages.install(_, ngettext, translating)
