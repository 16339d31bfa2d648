"""How an RFC record pickles in Sphinx's environment: its head fields, and
its body (:data:`sphinx_rfc.model.records.BODY`: sections, most tables) as
one ``bytes`` object, unpickled when a body field is first read.

This is a measured performance device (:data:`sphinx_rfc.devices.LAZY_BODY`):
the pages of a rebuild that show every RFC (the domain index pages, the
search index's objects, the cross-RFC checks) read the heads only, and the
body is two thirds of a record's objects; off, the no-change rebuild of the
benchmark's 300 RFCs executed 2.8 % more instructions (the one-RFC edit
1.7 %, where the export reads every body).  It lives here, in the store,
and not in the model: :class:`~sphinx_rfc.model.records.RfcRecord` stays a
plain standard dataclass (no ``__reduce__``, ``__getattr__`` or
``__getstate__``); the pickling is registered for it with :mod:`copyreg`,
and a record read back is a :class:`StoredRecord` until its body is read.
"""

from __future__ import annotations

import copyreg
import pickle
from dataclasses import fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from sphinx_rfc import devices
from sphinx_rfc.model.records import BODY, HEAD, RfcRecord

_head_values = attrgetter(*HEAD)
_body_values = attrgetter(*BODY)
_BODY_NAMES = frozenset(BODY)
_COMPARED = tuple(f.name for f in fields(RfcRecord) if f.compare)
_compared_values = attrgetter(*_COMPARED)
_SHOWN_FIELDS = tuple(f.name for f in fields(RfcRecord) if f.repr)


class StoredRecord(RfcRecord):
    """An :class:`~sphinx_rfc.model.records.RfcRecord` read back from the
    environment, its body still the bytes it was pickled as (``_body``)
    until one of its fields is first read.  Equal to the record it was
    pickled from, and shown as one.

    The store's class, not the model's: the lazy body is the measured
    device :data:`sphinx_rfc.devices.LAZY_BODY` (2.8 % of a no-change
    rebuild's instructions; see this module's docstring)."""

    __slots__ = ("_body",)
    _body: bytes | None

    if not TYPE_CHECKING:  # (for the type checker, every field is always set)

        def __getattr__(self, name: str) -> Any:
            # called only for a slot that is not set: a body field not read yet
            if name in _BODY_NAMES:
                body = getattr(self, "_body", None)
                if body is not None:
                    self._body = None
                    for key, value in zip(BODY, pickle.loads(body), strict=True):
                        setattr(self, key, value)
                    return getattr(self, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RfcRecord):
            return bool(_compared_values(self) == _compared_values(other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _SHOWN_FIELDS)
        return f"{RfcRecord.__qualname__}({shown})"


def _reduce_record(record: RfcRecord) -> tuple[Any, ...]:
    body = getattr(record, "_body", None) if isinstance(record, StoredRecord) else None
    if body is None:
        body = pickle.dumps(_body_values(record), protocol=pickle.HIGHEST_PROTOCOL)
    return (_restore_record, (_head_values(record), body))


def _restore_record(head: tuple[Any, ...], body: bytes) -> StoredRecord:
    record = StoredRecord.__new__(StoredRecord)
    for name, value in zip(HEAD, head, strict=True):
        setattr(record, name, value)
    record._body = body
    return record


if devices.LAZY_BODY:
    copyreg.pickle(RfcRecord, _reduce_record)
    copyreg.pickle(StoredRecord, _reduce_record)
