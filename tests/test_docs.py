"""The documentation builds clean with ``-W -n`` (the README's command), its
reference tables are generated from the code's own data, and the warnings
page shows what the command really prints."""

from __future__ import annotations

import html
import re
import sys
from io import StringIO
from pathlib import Path

import pytest
from conftest import ANSI

from sphinx_rfc import cli, config
from sphinx_rfc.directives import navigation
from sphinx_rfc.spec import subtypes
from sphinx_rfc.spec.fields import FIELDS
from sphinx_rfc.spec.sections import SECTIONS
from sphinx_rfc.spec.table_kinds import TABLES
from sphinx_rfc.spec.vocabulary import AFFECTS, STATUSES, STRENGTHS, TYPES, YES_NO

DOCS = Path(__file__).parents[1] / "docs"
BROKEN = DOCS / "_samples" / "broken"


@pytest.fixture(scope="module")
def docs_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """One HTML build of docs/, nitpicky, as ``sphinx-build -W -n`` runs it."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    out = tmp_path_factory.mktemp("docs")
    status, warning = StringIO(), StringIO()
    with patch_docutils(DOCS), docutils_namespace():
        app = Sphinx(str(DOCS), str(DOCS), str(out / "html"), str(out / "doctrees"), "html",
                     confoverrides={"nitpicky": True}, status=status, warning=warning,
                     freshenv=True)
        app.build()
    sys.path[:] = [p for p in sys.path if not p.endswith("_ext")]
    return out / "html", ANSI.sub("", status.getvalue()), ANSI.sub("", warning.getvalue())


def _page(out: Path, name: str) -> str:
    return html.unescape((out / name).read_text(encoding="utf-8"))


def _text(out: Path, name: str) -> str:
    """The page's text, tags dropped (literals with spaces are split in spans)."""
    return html.unescape(re.sub(r"<[^>]+>", "", (out / name).read_text(encoding="utf-8")))


def test_docs_build_without_any_warning(docs_build: tuple[Path, str, str]) -> None:
    _out, status, warnings = docs_build
    assert warnings == ""
    assert "sphinx_rfc: 6 RFCs, 0 problems" in status


def test_example_rfcs_in_both_languages_and_styles(docs_build: tuple[Path, str, str]) -> None:
    import json

    out, _status, _warnings = docs_build
    data = json.loads((out / "rfcs.json").read_text(encoding="utf-8"))
    sources = {r["id"]: r["source"] for r in data["rfcs"]}
    assert sources["RFC-0002"].endswith(".rst") and sources["RFC-0003"].endswith(".md")
    assert sources["RFC-0006"].startswith("examples/native/")  # template-native
    assert all(r["problems"] == [] for r in data["rfcs"])
    assert set(data["modules"]) == {"model", "distributed", "checkpoint", "optimizer", "trainer"}
    assert all(m["docname"] for m in data["modules"].values())  # every module has a page
    index = _page(out, "examples/index.html")
    assert "rfc-table-index" in index and "bf16 混合精度训练" in index
    assert "flowchart" in _page(out, "examples/graph.html")


def test_reference_is_generated_from_the_code(docs_build: tuple[Path, str, str]) -> None:
    out, _status, _warnings = docs_build
    tables = _text(out, "reference/table-directives.html")
    for spec in TABLES:
        for column in spec.columns:
            for alias in column.aliases:
                assert alias in tables, (spec.kind, alias)
    for vocab in (STRENGTHS, AFFECTS, YES_NO):
        for choice in vocab.choices:
            assert choice.label in tables
    directive = _text(out, "reference/rfc-directive.html")
    for vocab in (STATUSES, TYPES):
        for choice in vocab.choices:
            assert all(alias in directive for alias in choice.aliases)
    for section in SECTIONS:
        assert all(title in directive for title in section.titles)
    for field in FIELDS:
        assert f":{field.key}:" in directive
    conf = _text(out, "reference/config.html")
    for name in config.CONFIG_VALUES:
        assert name in conf
    warnings = _page(out, "reference/warnings.html")
    for name in subtypes.SUBTYPES:
        assert f'id="warning-{name}"' in warnings and f"rfc.{name}" in warnings
    nav = _text(out, "reference/navigation.html")
    assert all(value in nav for value in (*navigation.SORTS, *navigation.INDEX_COLUMNS))


def test_warnings_page_shows_the_real_output(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["check", str(BROKEN)])
    printed = capsys.readouterr().out
    expected = (BROKEN / "check-output.txt").read_text(encoding="utf-8")
    assert code == 1
    assert printed == expected, (
        "docs/_samples/broken/check-output.txt is stale: regenerate it with "
        "`sphinx-rfc check docs/_samples/broken > docs/_samples/broken/check-output.txt`"
    )
    # the sample shows many kinds of problems
    kinds = {line.split("[")[1].split("]")[0] for line in printed.splitlines() if "[rfc." in line}
    assert len(kinds) >= 8
