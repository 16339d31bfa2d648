"""``dataclasses.dataclass``, with ``__repr__``, ``__eq__`` and ``__hash__``
made as closures instead of compiled from source for every class.

The standard decorator writes each method of each class as Python source
and compiles it.  For the 70 classes of the extension that is most of what
importing it costs, and every build pays for the import, a rebuild with
nothing to do included (about 0.08 G instructions of the 0.35 G the import
took, on a no-change rebuild of 1,000 RFCs whose plain Sphinx twin costs
5.6 G).  ``__init__`` (and a frozen class's ``__setattr__`` and
``__delattr__``) are still the standard decorator's.

The methods made here behave as the generated ones:

- ``__repr__``: ``ClassName(field=value!r, ...)`` over the fields with
  ``repr=True``, ``...`` for a value that contains itself;
- ``__eq__``: ``NotImplemented`` unless both objects are of the very same
  class, then the tuples of their fields with ``compare=True`` compared;
- ``__hash__``: ``None`` (unhashable) for a class that is not frozen, the
  hash of that tuple (fields with ``hash=None`` or ``True`` and
  ``compare=True``) for a frozen one; a ``__hash__``, ``__eq__`` or
  ``__repr__`` written in the class body is kept.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

from sphinx_rfc import devices

_T = TypeVar("_T")


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return lambda obj: ()


def _make_repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:  # noqa: N807
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _make_eq(names: tuple[str, ...]) -> Callable[[Any, object], Any]:
    get = _values(names)

    def __eq__(self: Any, other: object) -> Any:  # noqa: N807
        if other.__class__ is self.__class__:
            return get(self) == get(other)
        return NotImplemented

    return __eq__


def _make_hash(names: tuple[str, ...]) -> Callable[[Any], int]:
    get = _values(names)

    def __hash__(self: Any) -> int:  # noqa: N807
        return hash(get(self))

    return __hash__


def _finish(made: type[_T], own: dict[str, Any], frozen: bool) -> type[_T]:
    fields = dataclasses.fields(made)  # type: ignore[arg-type]
    if "__repr__" not in own:
        made.__repr__ = _make_repr(tuple(f.name for f in fields if f.repr))  # type: ignore[method-assign,assignment]
    if "__eq__" not in own:
        made.__eq__ = _make_eq(tuple(f.name for f in fields if f.compare))  # type: ignore[method-assign,assignment]
        if "__hash__" not in own:
            if frozen:
                hashed = tuple(f.name for f in fields
                               if f.compare and (f.hash is None or f.hash))
                made.__hash__ = _make_hash(hashed)  # type: ignore[method-assign,assignment]
            else:
                made.__hash__ = None  # type: ignore[assignment]
    for name in ("__repr__", "__eq__", "__hash__"):
        method = made.__dict__.get(name)
        if method is not None and name not in own:
            method.__qualname__ = f"{made.__qualname__}.{name}"
    return made


@overload
def dataclass(cls: type[_T], /) -> type[_T]: ...


@overload
def dataclass(
    *, frozen: bool = False, slots: bool = False, kw_only: bool = False
) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(field_specifiers=(dataclasses.field,))
def dataclass(
    cls: type[_T] | None = None, /, *, frozen: bool = False, slots: bool = False,
    kw_only: bool = False,
) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """``dataclasses.dataclass(cls, frozen=..., slots=..., kw_only=...)``
    with shared ``__repr__``, ``__eq__`` and ``__hash__`` (see the module)."""

    def wrap(cls: type[_T]) -> type[_T]:
        if not devices.DATACLASS_CLOSURES:
            return dataclasses.dataclass(cls, frozen=frozen, slots=slots, kw_only=kw_only)
        own = dict(cls.__dict__)
        made = dataclasses.dataclass(
            cls, repr=False, eq=False, frozen=frozen, slots=slots, kw_only=kw_only
        )
        return _finish(made, own, frozen)

    return wrap if cls is None else wrap(cls)
