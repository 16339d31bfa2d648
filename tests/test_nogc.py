"""``sphinx_rfc._nogc.nogc``: the collector is paused inside, and always
as it was after (an exception too; a collector the caller turned off stays
off).  The domain's packed tables round-trip through the environment's
pickle and through ``copy``."""

from __future__ import annotations

import copy
import gc
import pickle
import pickletools
from collections.abc import Iterator

import pytest
from conftest import BuildFn

from sphinx_rfc._nogc import nogc
from sphinx_rfc.resolve.domain import PACKED, Packed, get_domain, unpack


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


@nogc
def _state(fail: bool = False) -> bool:
    if fail:
        raise ValueError("inside")
    return gc.isenabled()


@pytest.mark.usefixtures("collector_on")
def test_paused_inside_and_back_after() -> None:
    assert _state() is False
    assert gc.isenabled()
    with pytest.raises(ValueError, match="inside"):
        _state(fail=True)
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_on")
def test_a_collector_turned_off_stays_off() -> None:
    gc.disable()
    try:
        assert _state() is False
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.usefixtures("collector_on")
def test_a_build_leaves_the_collector_on(build: BuildFn) -> None:
    built = build("export")
    assert gc.isenabled()
    domain = get_domain(built.env)
    for key in PACKED:
        assert type(domain.data[key]) is Packed
    assert len(domain.rfcs) == 3


def test_packed_tables_round_trip(build: BuildFn) -> None:
    built = build("export")
    data = get_domain(built.env).data
    raw = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    # one bytes object per packed table: its records are not objects of
    # the environment's pickle until the domain unpacks them
    again = pickle.loads(raw)
    for key in PACKED:
        assert set(again[key].data) == set(data[key])
        for docname, blob in again[key].data.items():
            assert isinstance(blob, bytes)
            assert pickle.loads(blob) == data[key][docname]
    blobs = dict(again["rfcs"].data)
    assert unpack(again) is again and type(again["rfcs"]) is Packed
    assert again["rfcs"] == data["rfcs"]
    # written back: an unchanged value as the very bytes it was read from,
    # a replaced one pickled anew
    first, second = sorted(again["rfcs"])[:2]
    again["rfcs"][second] = copy.deepcopy(again["rfcs"][second])
    parts = again["rfcs"].__reduce__()[1][0]
    assert parts[first] is blobs[first]
    assert parts[second] is not blobs[second]
    assert pickle.loads(parts[second]) == data["rfcs"][second]
    rebuilt = build(built.srcdir)  # the environment written above, read again
    domain = get_domain(rebuilt.env)
    assert rebuilt.read == []
    assert type(domain.data["rfcs"]) is Packed
    assert {d: r.id for d, r in domain.rfcs.items()} == {d: r.id for d, r in data["rfcs"].items()}
    deep = copy.deepcopy(data["rfcs"])
    assert type(deep) is Packed and deep == data["rfcs"] and deep is not data["rfcs"]
    assert type(copy.copy(data["views"])) is Packed


def _rows() -> list[type]:
    """The record classes that pickle by position (every dataclass of
    sphinx_rfc.model.records but the RFC record, pickled as its head and
    body, and its basic information, whose fields are keyword-only)."""
    import dataclasses

    from sphinx_rfc.model import records

    found = [
        cls for cls in vars(records).values()
        if isinstance(cls, type) and dataclasses.is_dataclass(cls)
        and cls.__module__ == records.__name__
        and "_pickled_by_position" in getattr(vars(cls).get("__reduce__"), "__qualname__", "")
    ]
    return sorted(found, key=lambda cls: cls.__name__)


def test_rows_pickle_by_position() -> None:
    import dataclasses

    from sphinx_rfc.model import records

    rows = _rows()
    assert {cls.__name__ for cls in rows} >= {
        "Param", "Dependency", "TestLevel", "Interaction", "Change", "Alternative",
        "Reference", "Constraint", "PerformanceCheck", "GenericTable", "Interface",
        "Verification", "ModuleHome",
    }
    assert records.RfcRecord not in rows  # (pickled as head and body)
    for cls in rows:
        fields = dataclasses.fields(cls)
        # a value of its own in every field, none the default
        values = {f.name: [f"值 {i}"] for i, f in enumerate(fields)}
        row = cls(**values)
        blob = pickle.dumps(row, protocol=pickle.HIGHEST_PROTOCOL)
        again = pickle.loads(blob)
        assert type(again) is cls and again == row
        assert [getattr(again, f.name) for f in fields] == list(values.values())
        # by position: the pickle names no field (a slotted object pickled
        # the default way carries a dict of its slots' names)
        strings = {arg for _op, arg, _pos in pickletools.genops(blob) if isinstance(arg, str)}
        assert not strings & {f.name for f in fields}, cls
        assert copy.deepcopy(row) == row and copy.copy(row) == row


def test_record_body_is_unpickled_on_first_use() -> None:
    from sphinx_rfc.model.records import BODY, Constraint, RfcRecord, Verification

    record = RfcRecord(
        id="RFC-0007", title="梯度累积 without extra all-reduce", docname="rfcs/rfc-0007",
        source="rfcs/rfc-0007.md", line=1, anchor="rfc-0007", status="review",
        modules=["optimizer"], sections={"background": "见 issue #2094"},
        constraints=[Constraint("性能", "step time +2% at most")],
        verification=Verification(),
    )
    blob = pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL)
    again = pickle.loads(blob)
    unread = again._body
    assert unread is not None and again.id == "RFC-0007" and again.modules == ["optimizer"]
    # pickled again before its body is read: the same body bytes
    assert pickle.dumps(again, protocol=pickle.HIGHEST_PROTOCOL) == blob
    assert copy.deepcopy(again) == record and again._body is unread
    # the first body field read unpickles them all
    assert again.constraints == [Constraint("性能", "step time +2% at most")]
    assert again._body is None
    assert [getattr(again, name) for name in BODY] == [getattr(record, name) for name in BODY]
    assert again == record and repr(again) == repr(record)
    with pytest.raises(AttributeError, match="no attribute 'signature'"):
        again.signature  # noqa: B018


@pytest.mark.parametrize("root", ["export", "native-corpus", "results"])
def test_rebuilds_leave_record_bodies_unread(build: BuildFn, root: str) -> None:
    """The pages that show every RFC read the records' heads only: after a
    rebuild with nothing changed, and after a rebuild where one other page
    changed, no body has been unpickled; rfcs.json is the same bytes."""
    first = build(root)
    export = (first.outdir / "rfcs.json").read_bytes()
    again = build(first.srcdir)
    assert again.read == []
    records = get_domain(again.env).rfcs
    assert records and all(r._body is not None for r in records.values())
    assert (again.outdir / "rfcs.json").read_bytes() == export
    index = first.srcdir / "index.rst"
    if not index.exists():
        index = first.srcdir / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\n\nOne more line.\n", encoding="utf-8")
    edited = build(first.srcdir)
    assert edited.read == ["index"]
    records = get_domain(edited.env).rfcs
    assert all(r._body is not None for r in records.values())
    assert (edited.outdir / "rfcs.json").read_bytes() == export
