"""``sphinx_rfc._nogc.nogc``: the collector is paused inside, and always
as it was after (an exception too; a collector the caller turned off stays
off)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from conftest import BuildFn

from sphinx_rfc._nogc import nogc
from sphinx_rfc.store.domain import get_domain


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
    assert len(get_domain(built.env).rfcs) == 3
