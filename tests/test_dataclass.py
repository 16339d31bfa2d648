"""sphinx_rfc._dataclass: the same classes as the standard decorator
makes (repr, equality, hashing, pickling, fields), with the methods made as
closures instead of compiled from source."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sphinx_rfc import _dataclass


def _twins(**options: Any) -> tuple[type, type]:
    """One class body made by the standard decorator and by ours."""

    def body() -> type:
        class Row:
            name: str
            count: int | None = None
            tags: list[str] = dataclasses.field(default_factory=list)
            note: str = dataclasses.field(default="", repr=False)
            line: int | None = dataclasses.field(default=None, compare=False)

        return Row

    return dataclasses.dataclass(**options)(body()), _dataclass.dataclass(**options)(body())


def _outcome(fn: Any, value: Any) -> Any:
    try:
        return fn(value)
    except TypeError as error:
        return str(error)


OPTIONS = [{}, {"frozen": True}, {"slots": True}, {"frozen": True, "slots": True},
           {"slots": True, "kw_only": True}]

values = st.tuples(
    st.text(max_size=8), st.none() | st.integers(),
    st.lists(st.text(max_size=4), max_size=3), st.text(max_size=6), st.none() | st.integers(),
)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "plain")
@given(a=values, b=values)
def test_same_behaviour_as_the_standard_decorator(options: dict[str, bool], a: tuple[Any, ...],
                                                  b: tuple[Any, ...]) -> None:
    standard, ours = _twins(**options)
    names = [f.name for f in dataclasses.fields(standard)]
    assert names == [f.name for f in dataclasses.fields(ours)]

    def make(cls: type, v: tuple[Any, ...]) -> Any:
        return cls(**dict(zip(names, v, strict=True)))

    sa, sb, oa, ob = make(standard, a), make(standard, b), make(ours, a), make(ours, b)
    assert repr(oa) == repr(sa)
    assert (oa == ob) == (sa == sb) and (oa != ob) == (sa != sb)
    assert oa.__eq__(sa) is NotImplemented and (oa == sa) is False
    if options.get("frozen"):
        # hashed from the compared fields (line is not), a list unhashable
        assert _outcome(hash, oa) == _outcome(hash, sa)
        with pytest.raises(dataclasses.FrozenInstanceError):
            oa.name = "x"
    else:
        assert ours.__hash__ is None and standard.__hash__ is None
        with pytest.raises(TypeError, match="unhashable"):
            hash(oa)
    assert copy.deepcopy(oa) == oa and copy.copy(oa) == oa
    assert hasattr(oa, "__dict__") is hasattr(sa, "__dict__")


def test_methods_written_in_the_class_are_kept() -> None:
    @_dataclass.dataclass(frozen=True)
    class Key:
        value: str

        def __repr__(self) -> str:
            return f"<key {self.value}>"

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Key) and other.value.lower() == self.value.lower()

        def __hash__(self) -> int:
            return hash(self.value.lower())

    assert repr(Key("A")) == "<key A>"
    assert Key("A") == Key("a") and hash(Key("A")) == hash(Key("a"))


def test_a_value_that_holds_itself() -> None:
    @_dataclass.dataclass
    class Node:
        children: list[Any]

    node = Node([])
    node.children.append(node)
    assert repr(node).endswith(".Node(children=[...])")


def test_subclass_compares_its_own_fields() -> None:
    @_dataclass.dataclass(slots=True, kw_only=True)
    class Base:
        status: str = "draft"

    @_dataclass.dataclass(slots=True)
    class Record(Base):
        id: str

    assert repr(Record("RFC-0001", status="review")).endswith(
        ".Record(status='review', id='RFC-0001')")
    assert Record("RFC-0001") != Record("RFC-0002") and Record("RFC-0001") == Record("RFC-0001")
    assert Record("RFC-0001") != Base()


def test_the_package_uses_it() -> None:
    """Every dataclass of the extension but the model's has the shared
    methods (a class made by the standard decorator compiles its own at
    import); the model's are plain standard dataclasses (issue 40)."""
    import importlib
    import pkgutil

    import sphinx_rfc

    found = 0
    for info in pkgutil.walk_packages(sphinx_rfc.__path__, "sphinx_rfc."):
        if info.name.startswith(("sphinx_rfc.cli", "sphinx_rfc.model")) or info.name.endswith(
                "__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (isinstance(value, type) and dataclasses.is_dataclass(value)
                    and value.__module__ == module.__name__):
                found += 1
                if "__eq__" in vars(value) and value.__name__ != "StoredRecord":
                    # (StoredRecord: a record read back, equal to the record)
                    assert vars(value)["__eq__"].__code__ is _dataclass._make_eq(()).__code__, value
    assert found >= 40


def test_frozen_hash_is_the_standard_one() -> None:
    def body() -> type:
        class Column:
            key: str
            aliases: tuple[str, ...] = ()
            line: int = dataclasses.field(default=0, compare=False)

        return Column

    standard = dataclasses.dataclass(frozen=True, slots=True)(body())
    ours = _dataclass.dataclass(frozen=True, slots=True)(body())
    for args in [("status", ("状态", "Status"), 3), ("", (), 0)]:
        assert hash(ours(*args)) == hash(standard(*args))
    assert hash(ours("a", (), 1)) == hash(ours("a", (), 2))
    assert {ours("a"), ours("a", (), 5)} == {ours("a")}
