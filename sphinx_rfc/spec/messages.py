"""The messages of the pure core (``spec/``, ``model/``, ``check/``),
translated by whatever translator is installed, without importing Sphinx.

:mod:`sphinx_rfc.i18n` installs Sphinx's translators here when it is
imported (by the extension's ``setup()`` and by the command line, before
any build), so a message made by a check comes out in the project's
``language`` as one made anywhere else.  Until then (a check run alone),
a message is its English text: ``_`` gives it back, ``ngettext`` picks the
form by ``n == 1``, and nothing is translating.

Each function looks the translator up when it is called, never at import:
a message is translated when it is made, in the build that makes it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _not_translating() -> bool:
    return False


@dataclass
class _Translator:
    gettext: Callable[[str], str] = _english
    ngettext: Callable[[str, str, int], str] = _english_plural
    translating: Callable[[], bool] = _not_translating


_installed = _Translator()


def install(
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    translating: Callable[[], bool],
) -> None:
    """Route :func:`_`, :func:`ngettext` and :func:`translating` to these
    (:mod:`sphinx_rfc.i18n`: Sphinx's translator of the ``sphinx_rfc``
    catalog)."""
    _installed.gettext = gettext
    _installed.ngettext = ngettext
    _installed.translating = translating


def _(message: str) -> str:
    """*message* in the document's language, as a plain ``str`` (Sphinx's
    translator gives a lazy proxy until a catalog is loaded: no ``str`` to
    ``isinstance``, ``join`` or compare)."""
    return str(_installed.gettext(message))


def N_(message: str) -> str:  # noqa: N802 (gettext_noop's usual name)
    """*message* as it is, marked for the catalog: a label kept as data
    (a module-level table), translated by ``_()`` where it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of *singular* / *plural* for *n*, in the document's
    language (``1 problem``, ``2 problems``)."""
    return _installed.ngettext(singular, plural, n)


def clauses(parts: Iterable[str]) -> str:
    """Clauses of one sentence, joined as its language joins them
    (``a; b``, ``甲；乙``)."""
    return _("; ").join(parts)


def items(parts: Iterable[str]) -> str:
    """Counted items of one list, joined as its language joins them
    (``2 accepted, 1 draft``, ``已接受 2，草稿 1``)."""
    return _(", ").join(parts)


def series(parts: Iterable[str]) -> str:
    """Names listed in a sentence (statuses, columns, settings, IDs),
    joined as its language lists them (``draft, review``; ``草稿、评审中``)."""
    # Translators: how a sentence lists two names; only the characters
    # between {first} and {second} are used, as the separator of any list.
    separator = _("{first}, {second}").format(first="", second="")
    return separator.join(parts)


def translating() -> bool:
    """Whether messages are being translated (the project's ``language``
    has a catalog: ``zh_CN``); then a message lists only the words of
    that language (docs/reference/warnings.md)."""
    return _installed.translating()


def local_words(words: Sequence[str]) -> list[str]:
    """*words* a message offers, in the project's language: when
    translating (zh_CN), the non-ASCII ones; else the ASCII ones (all of
    them when none is)."""
    chinese = translating()
    chosen = [w for w in words if w.isascii() != chinese]
    return chosen or list(words)
