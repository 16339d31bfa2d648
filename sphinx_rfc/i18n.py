"""Message catalogs: ``_`` for text in documents (follows ``language``),
``__`` for console messages.

Imported, it installs Sphinx's translator of the catalog into
:mod:`sphinx_rfc.spec.messages`, where the pure core (``spec/``,
``model/``, ``check/``) takes its ``_``, ``ngettext`` and ``translating``
without importing Sphinx."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.locale import get_translation

from sphinx_rfc.spec import messages
from sphinx_rfc.spec.messages import local_words

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["CATALOG", "LOCALE_DIR", "_", "__", "local_words", "ngettext", "setup", "speak",
           "translating", "translations_kept"]

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
    """The catalog for the project's ``language``: text in documents, and
    console messages too (Sphinx's own follow the system's locale; this
    extension's speak the project's language, as its warnings do)."""
    from sphinx import locale

    app.add_message_catalog(CATALOG, str(LOCALE_DIR))
    locale.translators.pop(("console", CATALOG), None)  # (an earlier app's language)
    locale.init([str(LOCALE_DIR)], app.config.language, CATALOG, "console")


def speak(language: str | None) -> None:
    """Messages in *language* from now on, for a command that reads a
    project's ``conf.py`` but starts no Sphinx application (``status``,
    ``diff``, ``template``, ``import``): :mod:`sphinx_rfc.cli` puts the
    translations back as they were when the command ends."""
    from sphinx import locale

    for namespace in ("general", "console"):
        locale.translators.pop((namespace, CATALOG), None)
        locale.init([str(LOCALE_DIR)], language, CATALOG, namespace)


@contextmanager
def translations_kept() -> Iterator[None]:
    """The translations as they were before the block, after it (a command
    run in-process, by a test or an editor, leaves no language behind)."""
    from sphinx import locale

    saved = dict(locale.translators)
    try:
        yield
    finally:
        locale.translators.clear()
        locale.translators.update(saved)


def translating() -> bool:
    """Whether messages are being translated (the project's ``language``
    has a catalog: ``zh_CN``); then a message lists only the words of
    that language (docs/reference/warnings.md)."""
    import gettext

    from sphinx.locale import translators

    found = translators.get(("general", CATALOG))
    return found is not None and type(found) is not gettext.NullTranslations


messages.install(_, ngettext, translating)
