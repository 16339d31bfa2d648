"""Values computed from every RFC, kept from one build to the next while
the RFC data has not changed.

A rebuild writes the domain index pages and the search index's objects
and reports the cross-RFC problems whether or not a document was read:
each is made from every record (at 1,000 RFCs, 0.5 G instructions of a
no-change rebuild whose plain Sphinx twin executes 5.6 G).  They depend only on the stored
data, the settings, the builder and the code, so a build keeps them in
``<doctreedir>/sphinx-rfc-derived.pickle`` under

- the domain's *data token*, a random value the domain draws again after
  each build that changed what its stored data shows to other pages (a
  document stored, merged or removed whose record's head, module homes,
  views, references or problems differ from before, or any document read
  again after a change of the configuration:
  :meth:`sphinx_rfc.store.domain.RfcDomain.settle_data_change`) and that is
  pickled with the environment;
- the settings (``repr`` of :class:`sphinx_rfc.config.RfcSettings`), the
  language, Sphinx's and docutils' versions and a digest of this
  package's files;
- and, per value, what else it depends on (the builder's name, the page).

A value whose key differs is made again, and only the values made or used
by the last build are kept.  A file that is missing, unreadable or of
another key is an empty cache; one that cannot be written only makes the
next build slower.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar
from weakref import WeakKeyDictionary

import docutils
import sphinx

from sphinx_rfc import config as rfc_config
from sphinx_rfc import devices
from sphinx_rfc._atomic import clean_leftovers, open_atomic

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment


class _Domain(Protocol):
    """What this module needs of the ``rfc`` domain
    (:class:`sphinx_rfc.store.domain.RfcDomain`, which uses it)."""

    @property
    def env(self) -> BuildEnvironment: ...

    @property
    def data(self) -> dict[str, Any]: ...

T = TypeVar("T")

FILENAME = "sphinx-rfc-derived.pickle"
_FORMAT = 2
_PACKAGE = Path(__file__).resolve().parent.parent


@functools.cache
def _code_stamp() -> str:
    """A digest of the package's files (their bytes, not their times: a
    package installed again, as CI does on every run, keeps the cache)."""
    digest = hashlib.blake2b(digest_size=16)
    for folder, dirs, files in os.walk(_PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".html", ".mo", ".json", ".md")):
                path = os.path.join(folder, name)
                digest.update(os.path.relpath(path, _PACKAGE).encode() + b"\0")
                with open(path, "rb") as stream:
                    digest.update(stream.read())
    return digest.hexdigest()


class _KeptValues:
    """The cache of one build: what the file held under the current key,
    and what this build made or used."""

    def __init__(self, path: Path, key: tuple[Any, ...]) -> None:
        self.path = path
        self.key = key
        self.old: dict[Hashable, Any] | None = None  # read on first use
        self.kept: dict[Hashable, Any] = {}
        self.changed = False

    def _load(self) -> dict[Hashable, Any]:
        try:
            with self.path.open("rb") as stream:
                if pickle.load(stream) != self.key:
                    return {}  # (the values of another key are not read)
                values = pickle.load(stream)
        except Exception:  # missing, unreadable, of older code: empty
            return {}
        return values if isinstance(values, dict) else {}

    def get(self, name: Hashable, make: Callable[[], T]) -> T:
        if name in self.kept:
            return self.kept[name]  # type: ignore[no-any-return]
        if self.old is None:
            self.old = self._load()
        if name in self.old:
            value = self.old[name]
        else:
            value = make()
            self.changed = True
        self.kept[name] = value
        return value  # type: ignore[no-any-return]

    def save(self) -> None:
        if not self.changed:
            return  # every value used came from the file, which keeps them
        # (with the values of the file this build did not ask for: a build
        # that writes no page, as Sphinx 8's when nothing is out of date,
        # asks only for the cross-RFC problems, and the index pages made
        # before are still good for the next one under this key)
        values = {**(self.old or {}), **self.kept}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            clean_leftovers(self.path.parent)
            with open_atomic(self.path) as stream:
                pickle.dump(self.key, stream, protocol=pickle.HIGHEST_PROTOCOL)
                pickle.dump(values, stream, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # (a full disk, an unpicklable value): no cache
            pass


_kept: WeakKeyDictionary[BuildEnvironment, _KeptValues] = WeakKeyDictionary()


def _kept_values(domain: _Domain) -> _KeptValues | None:
    token = domain.data.get("token")
    if not token:
        return None
    env = domain.env
    kept = _kept.get(env)
    if kept is None or kept.key[1] != token:
        key = (
            _FORMAT,
            token,
            repr(rfc_config.settings(env.config)),
            env.config.language,
            sphinx.__version__,
            docutils.__version__,
            _code_stamp(),
        )
        kept = _kept[env] = _KeptValues(Path(env.doctreedir) / FILENAME, key)
    return kept


def kept_or_made(domain: _Domain, name: Hashable, make: Callable[[], T]) -> T:
    """*make()*, or the value it gave under the same *name* in a build
    whose RFC data, settings and code were these."""
    if not devices.DERIVED_CACHE:
        return make()
    kept = _kept_values(domain)
    return make() if kept is None else kept.get(name, make)


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    kept = _kept.pop(app.env, None)
    if kept is not None and exception is None:
        kept.save()
