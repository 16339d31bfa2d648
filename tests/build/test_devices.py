"""The performance devices (``sphinx_rfc.devices``, issue 40 item 3): the
output is the same with each switched off, and the model's classes are
plain standard dataclasses."""

from __future__ import annotations

import dataclasses
import inspect
import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BuildFn, page_body

from sphinx_rfc import devices
from sphinx_rfc.model import history, problems, records, relations

ROOTS = Path(__file__).parents[1] / "roots"
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
    assert records.heads_equal(again, record)


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
    # sorted: under -j the workers' warnings come in the order they finish
    return "\n".join(sorted(run.stderr.replace(str(src), "<src>").splitlines()))


def _outputs(out: Path) -> dict[str, str]:
    pages = {}
    for page in sorted((out / "html").rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        pages[page.relative_to(out).as_posix()] = page_body(text) if "role=\"main\"" in text else text
    pages["rfcs.json"] = (out / "html" / "rfcs.json").read_text(encoding="utf-8")
    return pages


@pytest.mark.slow
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
    assert len(results["on"]) == 4
    for on, off in zip(results["on"], results["off"], strict=True):
        assert on == off


#: Pages added to the test project for the devices of the Mermaid
#: adaptation: a diagram, one that zooms, an index page (late views).
DIAGRAM_PAGES = {
    "flow.md": "# 训练流程 flow\n\n```{mermaid}\ngraph LR\n  load --> train --> save\n```\n",
    "zoomed.md": ("# Zoomed 放大\n\n```{mermaid}\n:zoom:\n\nsequenceDiagram\n"
                  "  trainer->>ckpt: save(step=100)\n```\n"),
    "all.rst": "All RFCs\n========\n\n.. rfc-index::\n\n.. rfc-stats::\n",
}


def _switch_project(root: Path) -> Path:
    shutil.copytree(ROOTS / "test-export", root)
    for name, text in DIAGRAM_PAGES.items():
        (root / name).write_text(text, encoding="utf-8")
    index = root / "index.rst"
    index.write_text(index.read_text(encoding="utf-8") + "\n.. toctree::\n\n   flow\n   zoomed\n   all\n",
                     encoding="utf-8")
    return root


#: sphinxcontrib-mermaid's zoom ids, new random ones in every build.
ZOOM_ID = re.compile(r"id-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _whole_pages(out: Path) -> dict[str, str]:
    """Every page whole (the scripts in its head too; zoom ids made one)
    and rfcs.json."""
    pages = {page.relative_to(out / "html").as_posix():
             ZOOM_ID.sub("id-zoom", page.read_text(encoding="utf-8"))
             for page in sorted((out / "html").rglob("*.html"))}
    pages["rfcs.json"] = (out / "html" / "rfcs.json").read_text(encoding="utf-8")
    return pages


def _switch_builds(tmp: Path, off: list[str]) -> tuple[str, str, dict[str, str]]:
    """A full build, then an edit's rebuild, with *off* switched off: their
    warnings and the pages."""
    src = _switch_project(tmp / "src")
    out = tmp / "out"
    full = _build(src, out, off)
    page = src / "rfcs" / "0002-sharding.md"
    page.write_text(page.read_text(encoding="utf-8").replace(
        ":requires: RFC-0001, RFC-0099", ":requires: RFC-0099"), encoding="utf-8")
    edited = _build(src, out, off)
    return full, edited, _whole_pages(out)


@pytest.fixture(scope="module")
def all_on(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, dict[str, str]]:
    return _switch_builds(tmp_path_factory.mktemp("all-on"), [])


@pytest.mark.slow
@pytest.mark.parametrize("switch", SWITCHES)
def test_each_switch_alone_changes_no_output(
    tmp_path: Path, switch: str, all_on: tuple[str, str, dict[str, str]]
) -> None:
    """Each device switched off alone: the same warnings, the same pages
    (whole: a Mermaid page's scripts are in its head), the same rfcs.json,
    after a full build and after an edit."""
    full, edited, pages = _switch_builds(tmp_path, [switch])
    assert "flow.html" in pages and "zoomed.html" in pages and "all.html" in pages
    assert "mermaid" in pages["flow.html"] and "data-zoom-id" in pages["zoomed.html"]
    assert (full, edited) == all_on[:2]
    assert pages.keys() == all_on[2].keys()
    assert [name for name, text in pages.items() if text != all_on[2][name]] == [], switch


def test_a_record_read_back_keeps_its_body_as_bytes_until_read() -> None:
    from sphinx_rfc.store.pickling import StoredRecord

    record = records.RfcRecord(
        id="RFC-0012", title="梯度累积 without extra all-reduce", docname="rfcs/rfc-0012",
        source="rfcs/rfc-0012.md", line=1, anchor="rfc-0012", status="review",
        modules=["optimizer"], sections={"background": "见 issue #2094"},
        constraints=[records.Constraint("性能", "step time +2% at most")],
    )
    blob = pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL)
    again = pickle.loads(blob)
    assert isinstance(again, StoredRecord) and isinstance(again, records.RfcRecord)
    unread = again._body
    assert unread is not None and again.id == "RFC-0012" and again.modules == ["optimizer"]
    # pickled again before its body is read: the same bytes
    assert pickle.dumps(again, protocol=pickle.HIGHEST_PROTOCOL) == blob
    assert again._body is unread
    # the first body field read unpickles them all
    assert again.constraints == [records.Constraint("性能", "step time +2% at most")]
    assert again._body is None
    assert [getattr(again, n) for n in records.BODY] == [getattr(record, n) for n in records.BODY]
    assert again == record and record == again
    assert not again != record  # noqa: SIM202
    assert repr(again) == repr(record)
    with pytest.raises(AttributeError, match="no attribute 'signature'"):
        again.signature  # noqa: B018


@pytest.mark.parametrize("root", ["export", "native-corpus", "results"])
def test_rebuilds_leave_record_bodies_unread(build: BuildFn, root: str) -> None:
    """The pages that show every RFC read the records' heads only: after a
    rebuild with nothing changed, and after one where another page
    changed, no body has been unpickled; rfcs.json is the same bytes."""
    from sphinx_rfc.store.domain import get_domain

    first = build(root)
    export = (first.outdir / "rfcs.json").read_bytes()
    again = build(first.srcdir)
    assert again.read == []
    stored = get_domain(again.env).rfcs
    assert stored and all(getattr(r, "_body", None) is not None for r in stored.values())
    assert (again.outdir / "rfcs.json").read_bytes() == export
    index = first.srcdir / "index.rst"
    if not index.exists():
        index = first.srcdir / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\n\nOne more line, 多一行.\n",
                     encoding="utf-8")
    edited = build(first.srcdir)
    assert edited.read == ["index"]
    stored = get_domain(edited.env).rfcs
    assert stored and all(getattr(r, "_body", None) is not None for r in stored.values())
    assert (edited.outdir / "rfcs.json").read_bytes() == export
