"""One channel for problems: a problem of no document — a file of
``rfc_test_results`` that cannot be read — is stored like every other
problem, so it reaches the build log, ``sphinx-rfc check``, ``rfcs.json`` and
the summary line alike, and ``suppress_warnings`` silences it everywhere
the log is followed (by Sphinx's own test)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import sphinx_build, write_project

from sphinx_rfc.cli import main
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.report import visible
from sphinx_rfc.write.export import SCHEMA_PATH

DOC = (
    "T\n=\n\n.. rfc:: RFC-0001\n\nVerification\n------------\n\n.. rfc-verification::\n\n"
    "   =====  =====  ========  =============  ======\n"
    "   Level  Count  Coverage  Pass criteria  Tests\n"
    "   =====  =====  ========  =============  ======\n"
    "   UT     1      API       all pass       test_a\n"
    "   =====  =====  ========  =============  ======\n"
)
GOOD = '<testsuite><testcase classname="t" name="test_a"/></testsuite>'
CONF = 'rfc_test_results = ["*.xml"]\nrfc_required_sections = []\nrfc_required_test_levels = []\n'
SUMMARY = re.compile(r"sphinx_rfc: (\d+) RFCs?, (\d+) problems?\b")
MESSAGE = "cannot read the JUnit XML file bad.xml: ParseError: "


def project(root: Path, conf: str = "") -> Path:
    """One RFC whose test passes (good.xml), and a result file that is not
    XML (bad.xml, line 1): exactly one problem, of no document."""
    return write_project(
        root, {"index.rst": DOC, "good.xml": GOOD, "bad.xml": "<testsuite><oops"}, CONF + conf
    )


def problems_counted(status: str) -> int:
    match = SUMMARY.search(status)
    assert match, status
    return int(match.group(2))


def check_json(capsys: pytest.CaptureFixture[str], src: Path, *extra: str) -> list[dict[str, Any]]:
    main(["check", str(src), "--format", "json", *extra])
    out, _err = capsys.readouterr()
    return list(json.loads(out))


EXPECTED = {"subtype": "test-missing", "source": "bad.xml", "line": 1}


def test_in_log_check_export_and_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = project(tmp_path / "src")
    built = sphinx_build(src)
    # the log: text, subtype and location as before (the file, at its line)
    [warning] = built.rfc_warnings()
    assert warning[:3] == ("bad.xml", 1, "rfc.test-missing")
    assert warning[3].startswith(MESSAGE) and warning[3].endswith("; its tests count as not run")
    assert f"{src / 'bad.xml'}:1: WARNING: {MESSAGE}" in built.warnings
    # the summary line counts it
    assert problems_counted(built.status) == 1
    # rfcs.json: a top-level "problems" (it belongs to no RFC), valid
    data = json.loads((built.outdir / "rfcs.json").read_text("utf-8"))
    [exported] = data["problems"]
    assert {k: exported[k] for k in EXPECTED} == EXPECTED
    assert exported["message"] == warning[3]
    assert data["rfcs"][0]["problems"] == []
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(data, json.loads(SCHEMA_PATH.read_text("utf-8")))
    # sphinx-rfc check, fresh and from its kept environment (nothing re-read)
    for extra in (("--no-cache",), (), ()):
        [checked] = check_json(capsys, src, *extra)
        assert checked == {**exported, "rfc": None}
    main(["check", str(src), "--no-cache"])
    out, _err = capsys.readouterr()
    assert out.splitlines()[0].startswith(f"bad.xml:1: [rfc.test-missing] {MESSAGE}")
    assert problems_counted(out) == 1


def test_survives_incremental_and_parallel_builds(tmp_path: Path) -> None:
    # an RFC that lists no tests: no document depends on the result files
    src = write_project(
        tmp_path / "src", {"index.rst": "T\n=\n\n.. rfc:: RFC-0001\n", "bad.xml": "<oops"},
        CONF,
    )
    sphinx_build(src)
    # nothing changed: nothing read, the problem is still there
    again = sphinx_build(src)
    assert again.written == []
    assert [w[:3] for w in again.rfc_warnings()] == [("bad.xml", 1, "rfc.test-missing")]
    assert problems_counted(again.status) == 1
    # the file fixed: no document is read again, yet the problem is gone
    # and rfcs.json is written again, without the key
    (src / "bad.xml").write_text(GOOD, "utf-8")
    fixed = sphinx_build(src)
    assert fixed.written == []
    assert fixed.rfc_warnings() == []
    assert problems_counted(fixed.status) == 0
    assert "problems" not in json.loads((fixed.outdir / "rfcs.json").read_text("utf-8"))
    # rfc_test_results dropped from conf.py: no problem either
    (src / "bad.xml").write_text("<oops", "utf-8")
    assert problems_counted(sphinx_build(src).status) == 1
    conf = src / "conf.py"
    conf.write_text(conf.read_text("utf-8").replace('rfc_test_results = ["*.xml"]', ""), "utf-8")
    assert problems_counted(sphinx_build(src).status) == 0
    # -j: stored by the main process before the workers fork
    parallel = sphinx_build(project(tmp_path / "par"), parallel=2)
    assert [w[:3] for w in parallel.rfc_warnings()] == [("bad.xml", 1, "rfc.test-missing")]
    assert json.loads((parallel.outdir / "rfcs.json").read_text("utf-8"))["problems"][0][
        "source"] == "bad.xml"


@pytest.mark.parametrize("suppressed", ["rfc.test-missing", "rfc.*", "rfc"])
def test_suppressed_everywhere_the_log_is_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], suppressed: str
) -> None:
    src = project(tmp_path / "src", f'suppress_warnings = ["toc.not_included", {suppressed!r}]\n')
    built = sphinx_build(src)
    assert built.rfc_warnings() == []
    assert problems_counted(built.status) == 0
    assert check_json(capsys, src, "--no-cache") == []
    # still a fact of the project: rfcs.json keeps it, as it keeps every
    # suppressed RFC problem
    assert json.loads((built.outdir / "rfcs.json").read_text("utf-8"))["problems"]


def test_visible_is_sphinx_own_test() -> None:
    problems = [Problem("test-missing", "m", "a.xml", 1), Problem("placeholder", "m", "a.rst", 2)]
    assert visible(problems, ()) == problems
    assert visible(problems, ["rfc.placeholder"]) == problems[:1]
    assert visible(problems, {"rfc.*"}) == [] == visible(problems, ["rfc"])
    assert visible(problems, ["ref.*", "rfc.test"]) == problems
