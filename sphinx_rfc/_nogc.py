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
#: Whether :func:`resume_after_environment` froze the objects alive then.
_FROZEN: list[bool] = [False]


def pause_for_environment(app: Sphinx, config: Config) -> None:
    """``config-inited``, last: the collector off while Sphinx loads the
    pickled environment (it does so right after this event), on again at
    ``builder-inited`` (:func:`resume_after_environment`)."""
    if devices.NOGC_ENV_LOAD and gc.isenabled():
        gc.disable()
        _PAUSED[0] = True


def resume_after_environment(app: Sphinx) -> None:
    """``builder-inited``, first: the collector on again if
    :func:`pause_for_environment` turned it off, the objects alive now out
    of its reach until the build ends (``devices.FREEZE_ENV``)."""
    if _PAUSED[0]:
        _PAUSED[0] = False
        if devices.FREEZE_ENV:
            gc.freeze()
            _FROZEN[0] = True
        gc.enable()


def thaw(app: Sphinx, exception: BaseException | None) -> None:
    """``build-finished``, last: the objects :func:`resume_after_environment`
    froze back in the collector's reach (a process that runs several
    builds, a test session, frees the earlier builds' objects)."""
    if _FROZEN[0]:
        _FROZEN[0] = False
        gc.unfreeze()
