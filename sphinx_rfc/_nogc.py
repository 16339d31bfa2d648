"""Pausing Python's cyclic garbage collector while the extension builds
many objects that outlive the call: the nodes of a table directive, of a
page's views (an ``rfc-index`` of 1,000 rows), the records of a document.

The collector starts a collection every few hundred new container objects.
Each one promotes the young objects that are still alive towards the
oldest generation, and only a full collection (which walks the whole
environment) frees them once they are garbage.  A page's nodes live until
the page is written, so a collection in the middle of building them
promotes them all; collected after the page, they would have died young.
Paused, the objects of one call are seen by one collection when it
returns.  Measured (table-dense, one-RFC edit at N = 1,000): two fewer
full collections, about 0.8 s of 6 s.

Mercurial pauses its collector the same way (``util.nogc``) around code
that builds many container objects.  The pause ends when the call ends,
an exception included, and a collector that was already off stays off.

Sphinx's loading of the pickled environment is paused the same way
(:func:`pause_for_environment`, :func:`resume_after_environment`): the
unpickled environment is all long-lived objects, and a full collection in
the middle of it walks them all (``devices.NOGC_ENV_LOAD``).  When the
collector is on again, what is alive then is frozen (``gc.freeze``) until
the build ends (:func:`thaw`): the environment lives for the whole build,
and each full collection of a rebuild walked it again
(``devices.FREEZE_ENV``).

From ``builder-inited`` to ``build-finished`` the survivors of each full
collection are frozen the same way, at the next document's start
(:func:`freeze_between_documents`, ``devices.FREEZE_SURVIVORS``).  What
is alive after a full collection of a build is mostly what lives until
the pages are written: the environment Sphinx fills, the doctrees it
keeps in memory for a serial build's writing, the records.  Each full
collection walked them all again, more of them after every document
read: in a full build of 200 table-dense RFCs, 12 full collections
walked 68,000 to 1,354,000 objects each, about a fifth of the build's
CPU time.  Frozen, each walks what was made since the one before.  What
is frozen and dies before the build ends (a doctree once its page is
written) is freed when the build ends, not before; the full builds' peak
memory was measured lower than without the device (the KEPs: 464 MB
against 474).
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from sphinx_rfc import devices

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

P = ParamSpec("P")
R = TypeVar("R")


def nogc(func: Callable[P, R]) -> Callable[P, R]:
    """*func* with the cyclic garbage collector paused while it runs."""
    if not devices.NOGC:
        return func

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        if not gc.isenabled():
            return func(*args, **kwargs)
        gc.disable()
        try:
            return func(*args, **kwargs)
        finally:
            gc.enable()

    return wrapper


#: Whether :func:`pause_for_environment` turned the collector off (the
#: process's one build being set up: a build is never set up in parallel).
_PAUSED: list[bool] = [False]
#: The generation a full collection collects (CPython 3.11-3.13 have three).
_OLDEST = 2
#: Whether objects were frozen for this build (:func:`resume_after_environment`,
#: :func:`freeze_between_documents`).
_FROZEN: list[bool] = [False]
#: Whether a full collection ran since the last freeze.
_SURVIVED: list[bool] = [False]


def _note_full_collection(phase: str, info: dict[str, int]) -> None:
    """A ``gc.callbacks`` entry while a build runs: a full collection
    ended (``devices.FREEZE_SURVIVORS``); its survivors are frozen at the
    next document's start (:func:`freeze_between_documents`)."""
    if phase == "stop" and info["generation"] == _OLDEST:
        _SURVIVED[0] = True


def freeze_between_documents(app: Sphinx, *args: object) -> None:
    """``source-read`` and ``doctree-resolved``, first: when a full
    collection ran since the last freeze, what is alive now frozen.

    Not when the collection ends: it fell inside a document's reading,
    and that document's parse (markdown-it's tokens and tree, MyST's
    renderer: some 6,000 objects a KEP) was alive then and dies when the
    document is read; frozen, it was kept until the build ended (29 MB of
    the KEPs' 430).  Between two documents it is garbage: one more full
    collection, which walks only what was made since the last freeze,
    frees it, and what is left is frozen."""
    if _SURVIVED[0]:
        gc.collect()
        gc.freeze()
        _FROZEN[0] = True
        _SURVIVED[0] = False


def _end_freezing() -> None:
    """Nothing frozen and no callback left from a build: the end of a
    build, or the start of the next one in a process whose earlier build
    never reached ``build-finished`` (its set-up failed)."""
    while _note_full_collection in gc.callbacks:
        gc.callbacks.remove(_note_full_collection)
    _SURVIVED[0] = False
    if _FROZEN[0]:
        _FROZEN[0] = False
        gc.unfreeze()


def pause_for_environment(app: Sphinx, config: Config) -> None:
    """``config-inited``, last: the collector off while Sphinx loads the
    pickled environment (it does so right after this event), on again at
    ``builder-inited`` (:func:`resume_after_environment`)."""
    _end_freezing()
    if devices.NOGC_ENV_LOAD and gc.isenabled():
        gc.disable()
        _PAUSED[0] = True


def resume_after_environment(app: Sphinx) -> None:
    """``builder-inited``, first: the collector on again if
    :func:`pause_for_environment` turned it off, the objects alive now out
    of its reach until the build ends (``devices.FREEZE_ENV``), and the
    survivors of each full collection from now on too
    (``devices.FREEZE_SURVIVORS``)."""
    if _PAUSED[0]:
        _PAUSED[0] = False
        if devices.FREEZE_ENV:
            gc.freeze()
            _FROZEN[0] = True
        gc.enable()
    if devices.FREEZE_SURVIVORS and _note_full_collection not in gc.callbacks:
        gc.callbacks.append(_note_full_collection)


def thaw(app: Sphinx, exception: BaseException | None) -> None:
    """``build-finished``, last: the objects frozen for the build back in
    the collector's reach, and no more freezing (a process that runs
    several builds, a test session, frees the earlier builds' objects)."""
    _end_freezing()
