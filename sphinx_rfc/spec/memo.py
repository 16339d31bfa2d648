"""Values computed from a spec or settings object, kept by its identity.

Specs and settings are frozen dataclasses: hashing one hashes every field
(a table kind's columns and all their aliases), so a cache keyed by the
object itself costs as much as the work it saves.  These caches key on
``id()`` and keep the object beside its value, so that the id cannot be
reused by another object while the value is kept."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from sphinx_rfc import devices

_Value = TypeVar("_Value")


class ByIdentity(Generic[_Value]):
    """``compute(owner, key)`` for an *owner* object and a *key*, computed
    once; emptied when it holds *size* values."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: dict[tuple[int, Hashable], tuple[object, _Value]] = {}

    def get(self, owner: object, key: Hashable,
            compute: Callable[[], _Value]) -> _Value:
        if not devices.ID_MEMO:
            return compute()
        slot = (id(owner), key)
        hit = self._values.get(slot)
        if hit is None or hit[0] is not owner:
            if len(self._values) >= self.size:
                self._values.clear()
            hit = self._values[slot] = (owner, compute())
        return hit[1]
