"""The performance devices (``sphinx_rfc.devices``, issue 40 item 3): the
output is the same with each switched off, and the model's classes are
plain standard dataclasses."""

from __future__ import annotations

import dataclasses
import inspect
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import page_body

from sphinx_rfc import devices
from sphinx_rfc.model import history, problems, records, relations

ROOTS = Path(__file__).parent / "roots"
PACKAGE_PARENT = Path(devices.__file__).parent.parent

#: Sphinx with some of the switches off (comma-separated in argv[1]),
#: set before the extension is imported, as benchmarks/devices.py does.
WRAPPER = (
    "import sys; import sphinx_rfc.devices as d; "
    "[setattr(d, n, False) for n in sys.argv[1].split(',') if n]; "
    "from sphinx.cmd.build import main; sys.exit(main(sys.argv[2:]))"
)

SWITCHES = [name for name, value in vars(devices).items()
            if name.isupper() and isinstance(value, bool)]


def _model_classes() -> list[type]:
    found = []
    for module in (records, history, problems, relations):
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and dataclasses.is_dataclass(cls):
                found.append(cls)
    return found


def test_every_switch_is_on_and_said_what_it_buys() -> None:
    assert SWITCHES
    source = Path(devices.__file__).read_text(encoding="utf-8")
    for name in SWITCHES:
        assert getattr(devices, name) is True
        # a comment block right above each switch
        before = source.split(f"\n{name} = ", 1)[0].rstrip().splitlines()
        assert before[-1].startswith("#:"), name
    readme = (PACKAGE_PARENT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    for name in SWITCHES:
        assert f"`{name}`" in readme, name


def test_model_classes_are_plain_slotted_dataclasses() -> None:
    classes = _model_classes()
    assert len(classes) >= 15
    for cls in classes:
        assert "__slots__" in cls.__dict__, cls
        for method in ("__reduce__", "__reduce_ex__", "__getattr__", "__getstate__",
                       "__setstate__"):
            # (slotted standard dataclasses of Python < 3.11 made the two
            # state methods; those are the standard library's, not ours)
            own = cls.__dict__.get(method)
            assert own is None or own.__module__ == "dataclasses", (cls, method)
        # the standard decorator's methods, compiled for the class
        assert cls.__repr__.__module__ != "sphinx_rfc._dataclass", cls


def test_a_record_pickles_whole() -> None:
    record = records.RfcRecord(
        id="RFC-0007", title="断点续训 checkpoint resume", status="review",
        docname="rfcs/0007", source="rfcs/0007.md", line=1, anchor="rfc-0007",
        sections={"background": records.PRESENT},
        interfaces=[records.Interface(name="save(path)", params=[
            records.Param(name="path", type="str", meaning="保存路径")])],
        history=[history.HistoryEntry("draft", "2026-11-02", "ab" * 20, "Li Lei")],
    )
    again = pickle.loads(pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == record
    assert again.interfaces[0].params[0].meaning == "保存路径"
    assert records.same_head(again, record)


def _build(src: Path, out: Path, off: list[str], *args: str) -> str:
    run = subprocess.run(
        [sys.executable, "-c", WRAPPER, ",".join(off), "-q", "-b", "html", *args,
         str(src), str(out / "html"), "-d", str(out / "doctrees")],
        capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(
            p for p in (str(PACKAGE_PARENT), os.environ.get("PYTHONPATH", "")) if p)},
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return run.stderr.replace(str(src), "<src>")


def _outputs(out: Path) -> dict[str, str]:
    pages = {}
    for page in sorted((out / "html").rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        pages[page.relative_to(out).as_posix()] = page_body(text) if "role=\"main\"" in text else text
    pages["rfcs.json"] = (out / "html" / "rfcs.json").read_text(encoding="utf-8")
    return pages


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_output_is_the_same_with_every_device_off(tmp_path: Path, jobs: str) -> None:
    results = {}
    for label, off in (("on", []), ("off", SWITCHES)):
        src = tmp_path / label / "src"
        shutil.copytree(ROOTS / "test-export", src)
        out = tmp_path / label / "out"
        full = _build(src, out, off, "-j", jobs)
        again = _build(src, out, off, "-j", jobs)  # nothing changed
        page = src / "rfcs" / "0002-sharding.md"
        page.write_text(page.read_text(encoding="utf-8").replace(
            ":requires: RFC-0001, RFC-0099", ":requires: RFC-0099"), encoding="utf-8")
        edited = _build(src, out, off, "-j", jobs)
        results[label] = (full, again, edited, _outputs(out))
    assert results["on"][3]
    assert results["on"] == results["off"]
