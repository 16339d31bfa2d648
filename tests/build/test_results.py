"""Verification results (docs/howto/verification-results.md): JUnit XML files named by
``rfc_test_results`` give each verification row that lists tests a result
(rendered, exported), ``rfc.test-failed`` / ``rfc.test-missing`` warnings,
and incremental builds follow changes of the result files."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOTS, Build, BuildFn, write_project

from sphinx_rfc.features import junit, results
from sphinx_rfc.model.records import TestLevel as Level
from sphinx_rfc.write.export import SCHEMA_PATH

ROOT = ROOTS / "test-results"


def line(name: str, text: str) -> int:
    for number, content in enumerate((ROOT / name).read_text("utf-8").splitlines(), 1):
        if text in content:
            return number
    raise AssertionError(f"{text!r} not in {name}")


@pytest.fixture
def built(shared_build: BuildFn) -> Build:
    return shared_build("results")


LEVEL0 = line("offload.rst", "* - Level0")
FSDP = line("offload.rst", "* - FSDP")
CRASH = line("crash.md", "test_crash")
NATIVE = line("native/0004-native.md", "test_nvme")

EXPECTED_WARNINGS = [
    ("offload.rst", LEVEL0, "rfc.test-failed",
     ("'tests.test_offload.TestMode::test_nvme'", "test level 'Level0'",
      "AssertionError: assert 2 == 3", "reports/pytest.xml")),
    ("offload.rst", LEVEL0, "rfc.test-missing",
     ("'tests/test_offload.py::test_gone'", "test level 'Level0'", "reports/*.xml")),
    ("offload.rst", FSDP, "rfc.test-failed",
     ("'TestFSDPResume'", "interaction 'FSDP'", "go/report.xml")),
    ("crash.md", CRASH, "rfc.test-failed",
     ("'tests/unit/tests/test_offload.py::test_crash'", "fixture 'gpu' not found")),
    # a template-native RFC (no directive): the same
    ("0004-native.md", NATIVE, "rfc.test-failed",
     ("'tests.test_offload.TestMode::test_nvme'", "test level 'UT'")),
]

RESULTS: dict[str, dict[str, Any]] = {
    "UT": {"passed": 4, "failed": 0, "skipped": 0, "missing": 0, "tests": {
        "tests/test_offload.py::test_enable": "passed",
        "tests/test_offload.py::TestMode::test_cpu": "passed",
        "test_param": "passed",  # both parametrized cases
        "tests/test_offload.py::test_pair[a,b]": "passed",  # a comma inside [...]
    }},
    "Level0": {"passed": 0, "failed": 1, "skipped": 1, "missing": 1, "tests": {
        "tests.test_offload.TestMode::test_nvme": "failed",
        "test_windows": "skipped",
        "tests/test_offload.py::test_gone": "missing",
    }},
    "Level1": None,
    "FSDP": {"passed": 1, "failed": 1, "skipped": 0, "missing": 0, "tests": {
        "fsdp::TestFSDPOffload": "passed", "TestFSDPResume": "failed",
    }},
    "checkpoint": {"passed": 2, "failed": 0, "skipped": 0, "missing": 0, "tests": {
        "com.example.CkptTest#testSave": "passed", "com.example.CkptTest::testLoad": "passed",
    }},
    "PP": None,
}


def test_warnings(built: Build) -> None:
    found = [w for w in built.rfc_warnings() if w[2].startswith("rfc.test-")]
    assert sorted((f, n, t) for f, n, t, _ in found) == sorted(
        (f, n, t) for f, n, t, _ in EXPECTED_WARNINGS
    )
    for name, lineno, subtype, fragments in EXPECTED_WARNINGS:
        messages = [m for f, n, t, m in found if (f, n, t) == (name, lineno, subtype)]
        assert any(all(fr in m for fr in fragments) for m in messages), messages
    assert [w for w in built.rfc_warnings() if not w[2].startswith("rfc.test-")] == []


def exported(outdir: Path) -> dict[str, dict[str, Any]]:
    data = json.loads((outdir / "rfcs.json").read_text("utf-8"))
    rows: dict[str, dict[str, Any]] = {}
    for rfc in data["rfcs"]:
        for level in rfc["verification"]["levels"]:
            rows[f"{rfc['id']} {level['level']}"] = level
        for inter in rfc["verification"]["interactions"]:
            rows[f"{rfc['id']} {inter['combination']}"] = inter
    return rows


def test_exported_results(built: Build) -> None:
    rows = exported(built.outdir)
    for key, expected in RESULTS.items():
        assert rows[f"RFC-0001 {key}"]["result"] == expected, key
    assert rows["RFC-0002 UT"]["result"] == {
        "passed": 1, "failed": 1, "skipped": 0, "missing": 0,
        "tests": {
            # longer and shorter paths than the report's node ids
            "tests/unit/tests/test_offload.py::test_crash": "failed",
            "test_offload.py::test_enable": "passed",
        },
    }
    assert rows["RFC-0003 UT"]["result"] is None
    assert rows["RFC-0004 UT"]["result"] == {
        "passed": 1, "failed": 1, "skipped": 0, "missing": 0,
        "tests": {"test_enable": "passed", "tests.test_offload.TestMode::test_nvme": "failed"},
    }
    data = json.loads((built.outdir / "rfcs.json").read_text("utf-8"))
    problems = {r["id"]: sorted(p["subtype"] for p in r["problems"]) for r in data["rfcs"]}
    assert problems == {
        "RFC-0001": ["test-failed", "test-failed", "test-missing"],
        "RFC-0002": ["test-failed"],
        "RFC-0003": [],
        "RFC-0004": ["test-failed"],
    }


def test_exported_json_validates(built: Build) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA_PATH.read_text("utf-8"))
    jsonschema.validate(json.loads((built.outdir / "rfcs.json").read_text("utf-8")), schema)


def _cells(html: str, kind: str) -> list[tuple[list[tuple[str, str]], str]]:
    """Per body row of the first ``rfc-table-<kind>`` table: [(test id,
    badge)] of its tests cell and the text of its result cell."""
    table = re.search(rf'<table class="[^"]*rfc-table-{kind}[^"]*">(.*?)</table>', html, re.S)
    assert table is not None
    body = table.group(1).split("<tbody>", 1)[1]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        tests = re.search(r'<td class="rfc-col-tests">(.*?)</td>', row, re.S)
        badges = re.findall(
            r'<span class="pre">([^<]*)</span></code> '
            r'<span class="rfc-badge rfc-result rfc-result-(\w+)">([^<]*)</span>',
            tests.group(1) if tests else "",
        )
        result = re.search(r'<td class="rfc-col-result">(.*?)</td>', row, re.S)
        text = re.sub(r"<[^>]+>", "", result.group(1)).strip() if result else None
        rows.append(([(i, f"{o}:{label}") for i, o, label in badges], text or ""))
    return rows


def test_rendered_rows(built: Build) -> None:
    html = (built.outdir / "offload.html").read_text("utf-8")
    assert '<th class="head rfc-col-result"><p>Result</p></th>' in html
    levels = _cells(html, "levels")
    assert levels[0] == ([
        ("tests/test_offload.py::test_enable", "passed:passed"),
        ("tests/test_offload.py::TestMode::test_cpu", "passed:passed"),
        ("test_param", "passed:passed"),
        ("tests/test_offload.py::test_pair[a,b]", "passed:passed"),
    ], "4 passed")
    assert levels[1] == ([
        ("tests.test_offload.TestMode::test_nvme", "failed:failed"),
        ("test_windows", "skipped:skipped"),
        ("tests/test_offload.py::test_gone", "missing:not run"),
    ], "1 failed, 1 skipped, 1 not run")
    assert levels[2] == ([], "")  # no tests listed: no result
    assert 'class="rfc-result-summary rfc-result-failed"' in html
    interactions = _cells(html, "interactions")
    assert interactions[0] == ([("fsdp::TestFSDPOffload", "passed:passed"),
                                ("TestFSDPResume", "failed:failed")], "1 passed, 1 failed")
    assert interactions[2] == ([], "")
    native = (built.outdir / "native" / "0004-native.html").read_text("utf-8")
    assert _cells(native, "levels") == [([
        ("test_enable", "passed:passed"),
        ("tests.test_offload.TestMode::test_nvme", "failed:failed"),
    ], "1 passed, 1 failed")]
    # a table whose rows list no tests gets no result column
    plain = (built.outdir / "plain.html").read_text("utf-8")
    assert "rfc-col-result" not in plain and "rfc-result" not in plain


def test_other_builders(build: BuildFn) -> None:
    text = build("results", "text")
    out = (text.outdir / "offload.txt").read_text("utf-8")
    assert "Result" in out and "not run" in out and "1 failed, 1 skipped," in out
    gettext = build("results", "gettext")
    pots = "".join(p.read_text("utf-8") for p in gettext.outdir.glob("*.pot"))
    assert "not run" not in pots and "test_nvme" not in pots


def _summary(outdir: Path, row: int, kind: str = "levels") -> str:
    return _cells((outdir / "offload.html").read_text("utf-8"), kind)[row][1]


def test_incremental_builds_follow_result_files(build: BuildFn) -> None:
    first = build("results")
    src = first.srcdir
    assert _summary(first.outdir, 1) == "1 failed, 1 skipped, 1 not run"

    # a changed file: the RFCs showing results are re-read, the others not
    report = src / "reports" / "pytest.xml"
    text = report.read_text("utf-8")
    fixed = re.sub(r'(name="test_nvme"[^>]*)>\s*<failure.*?</failure>\s*</testcase>',
                   r"\1 />", text, flags=re.S)
    assert fixed != text
    report.write_text(fixed, "utf-8")
    second = build(src)
    assert {"offload", "crash", "native/0004-native"} <= set(second.written)
    native = (second.outdir / "native" / "0004-native.html").read_text("utf-8")
    assert "1 passed, 1 failed" not in native and "2 passed" in native
    assert "plain" not in second.written
    assert _summary(second.outdir, 1) == "1 passed, 1 skipped, 1 not run"
    assert not [w for w in second.rfc_warnings() if "test_nvme" in w[3]]
    assert exported(second.outdir)["RFC-0001 Level0"]["result"]["tests"][
        "tests.test_offload.TestMode::test_nvme"] == "passed"

    # a new file under the patterns
    extra = src / "reports" / "late.xml"
    extra.write_text(
        '<testsuite name="late"><testcase classname="tests.test_offload" name="test_gone" '
        'file="tests/test_offload.py"/></testsuite>', "utf-8",
    )
    third = build(src)
    assert "offload" in third.written and "plain" not in third.written
    assert _summary(third.outdir, 1) == "2 passed, 1 skipped"
    assert not [w for w in third.rfc_warnings() if w[2] == "rfc.test-missing"]

    # a removed file: its tests are not run any more
    (src / "go" / "report.xml").unlink()
    fourth = build(src)
    assert "offload" in fourth.written
    assert _summary(fourth.outdir, 0, "interactions") == "2 not run"
    assert {w[3].split("'")[1] for w in fourth.rfc_warnings() if w[2] == "rfc.test-missing"} == {
        "fsdp::TestFSDPOffload", "TestFSDPResume"}

    # nothing changed: nothing re-read, nothing rewritten
    fifth = build(src)
    assert fifth.written == []


def test_unreadable_file_and_no_match(tmp_path: Path, build: BuildFn) -> None:
    doc = (
        "T\n=\n\n.. rfc:: RFC-0001\n\nVerification\n------------\n\n.. rfc-verification::\n\n"
        "   =====  =====  ========  =============  ======\n"
        "   Level  Count  Coverage  Pass criteria  Tests\n"
        "   =====  =====  ========  =============  ======\n"
        "   UT     1      API       all pass       test_a\n"
        "   =====  =====  ========  =============  ======\n"
    )
    src = write_project(tmp_path / "src", {"index.rst": doc, "bad.xml": "<testsuite><oops"},
                        'rfc_test_results = ["*.xml", "none/*.xml"]\n'
                        "rfc_required_sections = []\nrfc_required_test_levels = []\n")
    result = build(src)
    warnings = result.rfc_warnings()
    assert [(f, n, t) for f, n, t, _m in warnings if f == "bad.xml"] == [
        ("bad.xml", 1, "rfc.test-missing")]
    assert [(f, n, t) for f, n, t, _m in warnings if f == "index.rst"] == [
        ("index.rst", 14, "rfc.test-missing")]
    assert "ParseError" in next(m for f, _n, _t, m in warnings if f == "bad.xml")

    # without rfc_test_results: no result, no warning, no column
    src2 = write_project(tmp_path / "src2", {"index.rst": doc},
                         "rfc_required_sections = []\nrfc_required_test_levels = []\n")
    plain = build(src2)
    assert plain.rfc_warnings() == []
    assert exported(plain.outdir)["RFC-0001 UT"]["result"] is None
    assert "rfc-col-result" not in (plain.outdir / "index.html").read_text("utf-8")


# --------------------------------------------------------------------------
# Reading and matching, without Sphinx


def _results(*files: tuple[str, str], tmp_path: Path) -> junit.TestResults:
    for name, text in files:
        (tmp_path / name).write_text(text, "utf-8")
    return junit.load_results(tmp_path, [name for name, _ in files])


def test_matching_rules(tmp_path: Path) -> None:
    found = _results(("a.xml", """<testsuites><testsuite name="s">
        <testsuite name="nested">
          <testcase classname="pkg.tests.test_m.TestC" name="test_x[1-2]"/>
          <testcase classname="pkg.tests.test_m.TestC" name="test_x[3-4]"><failure/></testcase>
          <testcase classname="pkg.tests.test_m" name="test_y"><skipped/></testcase>
          <testcase classname="pkg.tests.test_m" name="test_y"/>
        </testsuite></testsuite></testsuites>"""),
        ("b.xml", """<testsuite name="ctest">
          <testcase name="smoke" classname="smoke" status="run"/>
          <testcase name="gpu" classname="gpu" status="notrun"/>
          <testcase name="flaky" classname="flaky" status="fail"/>
        </testsuite>"""), tmp_path=tmp_path)
    lookup = {tid: found.lookup(tid)[0] for tid in [
        "pkg/tests/test_m.py::TestC::test_x[1-2]",  # node id
        "tests/test_m.py::TestC::test_x[1-2]",  # fewer folders than the report
        "src/pkg/tests/test_m.py::TestC::test_x[1-2]",  # more folders
        "pkg.tests.test_m.TestC::test_x",  # all parametrizations: one failed
        "pkg/tests/test_m.py::TestC",  # a whole class
        "pkg.tests.test_m",  # a whole module, by dotted name
        "pkg.tests.test_m::test_y",  # skipped once, passed once
        "test_y", "smoke", "gpu", "flaky::flaky", "test_z", "pkg/tests/test_m.py::test_z",
    ]}
    assert lookup == {
        "pkg/tests/test_m.py::TestC::test_x[1-2]": "passed",
        "tests/test_m.py::TestC::test_x[1-2]": "passed",
        "src/pkg/tests/test_m.py::TestC::test_x[1-2]": "passed",
        "pkg.tests.test_m.TestC::test_x": "failed",
        "pkg/tests/test_m.py::TestC": "failed",
        "pkg.tests.test_m": "failed",
        "pkg.tests.test_m::test_y": "passed",
        "test_y": "passed", "smoke": "passed", "gpu": "skipped", "flaky::flaky": "failed",
        "test_z": "missing", "pkg/tests/test_m.py::test_z": "missing",
    }


def test_row_result_counts_each_id_once(tmp_path: Path) -> None:
    found = _results(("a.xml", '<testsuite><testcase classname="c" name="t"/></testsuite>'),
                     tmp_path=tmp_path)
    row = Level("UT", tests=["t", "c::t", "t", "u"])
    result, _ = results.row_result(row, found)
    assert result == {"passed": 2, "failed": 0, "skipped": 0, "missing": 1,
                      "tests": {"t": "passed", "c::t": "passed", "u": "missing"}}
