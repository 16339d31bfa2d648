"""A JUnit XML file never stops the build (issue 15): one the parser cannot
read — an unknown encoding included — is the documented "cannot read the
JUnit XML file" warning naming it; suites nested a thousand deep are read
(no recursion); a large file is read as a stream, in modest memory."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from conftest import sphinx_build, write_project

from sphinx_rfc.features import junit

DOC = (
    "数据加载 RFC\n"
    "============\n\n"
    ".. rfc:: RFC-0021\n"
    "   :title: 数据加载零拷贝 (zero-copy loader)\n\n"
    "验证 Verification\n"
    "-----------------\n\n"
    ".. rfc-verification::\n\n"
    "   ========  ====  ============  ==========  ====================================\n"
    "   用例级别  数量  覆盖内容      通过标准    用例\n"
    "   ========  ====  ============  ==========  ====================================\n"
    "   UT        2     loader API    全部通过    tests/test_loader.py::test_deep\n"
    "   ========  ====  ============  ==========  ====================================\n"
)
CONF = (
    'rfc_test_results = ["reports/*.xml"]\n'
    "rfc_required_sections = []\nrfc_required_test_levels = []\n"
)
BAD_ENCODING = '<?xml version="1.0" encoding="x-foo"?><testsuite/>'


def nested(depth: int) -> str:
    """*depth* suites, one in the other, the case in the innermost."""
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        + '<testsuite name="外层">' * depth
        + '<testcase classname="tests.test_loader" name="test_deep" file="tests/test_loader.py"/>'
        + "</testsuite>" * depth
    )


def test_unreadable_files_are_warnings_not_errors(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {
        "index.rst": DOC,
        "reports/encoding.xml": BAD_ENCODING,
        "reports/nested.xml": nested(1000),
    }, CONF)
    built = sphinx_build(src)  # raised "Extension error" before
    # (no line to place it at: the message names the file)
    lines = [w for w in built.warnings.splitlines() if "WARNING" in w]
    assert lines == [
        "WARNING: cannot read the JUnit XML file reports/encoding.xml: LookupError: "
        "unknown encoding: x-foo; its tests count as not run [rfc.test-missing]"
    ]
    # the case inside the thousand suites is found: the test passed
    page = (built.outdir / "index.html").read_text(encoding="utf-8")
    assert "rfc-result-passed" in page and "rfc-result-missing" not in page


def test_deep_nesting_keeps_files_and_order(tmp_path: Path) -> None:
    path = tmp_path / "deep.xml"
    path.write_text(
        '<testsuites><testsuite file="a.py">' + "<testsuite>" * 3000
        + '<testcase classname="a" name="t1"><failure message="断言失败"/></testcase>'
        + "</testsuite>" * 3000
        + '<testcase classname="b" name="t2" file="b.py"/><properties><testcase name="no"/>'
        "</properties></testsuite></testsuites>",
        encoding="utf-8",
    )
    cases = junit.parse_junit(path)
    assert [(c.classname, c.name, c.file, c.outcome, c.message) for c in cases] == [
        ("a", "t1", "a.py", "failed", "断言失败"), ("b", "t2", "b.py", "passed", "")]


def large_report(path: Path, suites: int, per_suite: int) -> None:
    """A report as pytest writes it: captured output on some cases, a
    traceback on every fiftieth."""
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n<testsuites>\n')
        for s in range(suites):
            out.write(f'<testsuite name="pytest" tests="{per_suite}">\n')
            for i in range(per_suite):
                out.write(
                    f'<testcase classname="tests.test_mod{s}.TestLoader" '
                    f'name="test_case_{i}[cpu-{i % 7}]" file="tests/test_mod{s}.py" '
                    f'line="{i}" time="0.001">'
                )
                if i % 50 == 0:
                    out.write('<failure message="AssertionError: 期望 1 实际 2">'
                              + "Traceback (most recent call last):\n" * 20 + "</failure>")
                elif i % 10 == 0:
                    out.write("<system-out>" + "captured 数据加载 output line\n" * 100
                              + "</system-out>")
                out.write("</testcase>\n")
            out.write("</testsuite>\n")
        out.write("</testsuites>\n")


def test_large_file_is_read_in_modest_memory(tmp_path: Path) -> None:
    path = tmp_path / "big.xml"
    large_report(path, 50, 1000)  # 50,000 cases, about 25 MB
    size = path.stat().st_size
    assert size > 15_000_000
    tracemalloc.start()
    try:
        results = junit.load_results(tmp_path, ["big.xml"])
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(results.cases) == 50_000 and not results.errors
    # the whole tree took several times the file's size; a stream keeps the
    # cases (no captured output, no traceback of a passed case)
    assert peak < size, (peak, size)
    assert results.lookup("tests/test_mod3.py::TestLoader::test_case_7")[0] == "passed"
    outcome, case = results.lookup("tests.test_mod3.TestLoader::test_case_50[cpu-1]")
    assert outcome == "failed" and case is not None
    assert case.message == "AssertionError: 期望 1 实际 2"
    assert all(c.message == "" for c in results.cases if c.outcome == "passed")
