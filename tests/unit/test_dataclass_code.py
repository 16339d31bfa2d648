"""The dataclasses' generated methods compiled once per project
(``sphinx_rfc._dataclass_code``): the same code as ``dataclasses`` makes,
read back by the next import, and nothing kept from a file that is not one."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from sphinx_rfc import _dataclass_code

SOURCE = '''
from __future__ import annotations
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Spot:
    """a cell's place"""
    row: int
    column: int = 0
    notes: tuple[str, ...] = ()

@dataclass(slots=True, kw_only=True)
class Entry:
    title: str
    tags: list[str] = field(default_factory=list)
    weight: float = 1.5
'''


def _module(path: Path, name: str) -> ModuleType:
    path.write_text(SOURCE, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module


def _methods(module: ModuleType) -> dict[str, object]:
    found = {}
    for cls in (module.Spot, module.Entry):
        for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__"):
            method = vars(cls).get(name)
            code = getattr(getattr(method, "__wrapped__", method), "__code__", None)
            if code is not None:
                found[f"{cls.__name__}.{name}"] = code
    return found


def test_the_classes_are_the_ones_dataclasses_makes(tmp_path: Path) -> None:
    plain = _module(tmp_path / "plain.py", "dc_probe_plain")
    with _dataclass_code.kept_code(tmp_path / "doctrees"):
        first = _module(tmp_path / "first.py", "dc_probe_first")
    assert "exec" not in vars(dataclasses)  # the hook is gone after the block
    kept = tmp_path / "doctrees" / _dataclass_code.FILENAME
    assert kept.is_file()
    with _dataclass_code.kept_code(tmp_path / "doctrees"):
        second = _module(tmp_path / "second.py", "dc_probe_second")
    expected = _methods(plain)
    assert len(expected) >= 6
    for module in (first, second):
        got = _methods(module)
        assert got.keys() == expected.keys()
        for name, code in expected.items():
            assert got[name] == code, name
        spot = module.Spot(1, 2)
        assert (spot, repr(spot), hash(spot)) == (
            module.Spot(1, 2), "Spot(row=1, column=2, notes=())", hash(plain.Spot(1, 2)))
        try:
            spot.row = 3  # type: ignore[misc]
        except dataclasses.FrozenInstanceError:
            pass
        else:
            raise AssertionError("not frozen")
        entry = module.Entry(title="x")
        assert repr(entry) == "Entry(title='x', tags=[], weight=1.5)"
        assert entry.tags is not module.Entry(title="x").tags


def test_the_second_import_reads_the_code_back(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with _dataclass_code.kept_code(tmp_path):
        _module(tmp_path / "first.py", "dc_probe_a")
    compiled: list[str] = []
    real = compile

    def counting(source: object, *args: object, **kwargs: object) -> object:
        compiled.append(str(source)[:40])
        return real(source, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.compile", counting)
    with _dataclass_code.kept_code(tmp_path):
        _module(tmp_path / "second.py", "dc_probe_b")
    monkeypatch.undo()
    assert not [c for c in compiled if c.startswith("def __create_fn__")], compiled


def test_a_file_that_is_not_one_is_compiled_past(tmp_path: Path) -> None:
    kept = tmp_path / _dataclass_code.FILENAME
    for junk in (b"", b"not marshal at all", _dataclass_code._HEADER + b"\x00garbage",
                 b"\x00\x00\x00\x00" + b"x" * 20):
        kept.write_bytes(junk)
        with _dataclass_code.kept_code(tmp_path):
            module = _module(tmp_path / "m.py", "dc_probe_junk")
        assert repr(module.Spot(1)) == "Spot(row=1, column=0, notes=())"
        assert kept.read_bytes().startswith(_dataclass_code._HEADER)  # written again


def test_none_is_dataclasses_as_always(tmp_path: Path) -> None:
    with _dataclass_code.kept_code(None):
        assert "exec" not in vars(dataclasses)
        module = _module(tmp_path / "m.py", "dc_probe_none")
    assert module.Spot(1) == module.Spot(1)
    assert not list(tmp_path.glob("*.marshal"))
