"""``sphinx-rfc template`` prints the schema in force; ``sphinx-rfc new``
scaffolds from the configured template, so that ``check`` finds nothing
but the blanks left to fill."""

from __future__ import annotations

import json
import re

import pytest
from conftest import ROOTS, write_project
from test_cli import written

from sphinx_rfc.cli import main

RST_INDEX = "RFCs\n====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n"
INDEX = "# RFCs\n\n```{toctree}\n:glob:\nrfcs/*\n```\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_template_prints_the_kep_schema(capsys):
    code, out, _ = run(capsys, "template", str(ROOTS / "test-template-kep"))
    assert code == 0
    assert "template: " in out and "kep-template.md" in out
    assert "  Proposal [proposal, required]" in out
    assert "    User Stories [user-stories, optional]" in out
    assert "test levels: (none)" in out
    assert "Goals and non-goals" not in out and "rfc-verification" not in out

    code, out, _ = run(capsys, "template", str(ROOTS / "test-template-kep"), "--format", "json")
    data = json.loads(out)
    # no table of its own: only the reviews table, read under its own heading in any project
    assert data["depth"] == 3 and data["test_levels"] == []
    assert [t["kind"] for t in data["tables"]] == ["reviews"]
    by_key = {s["key"]: s for s in data["sections"]}
    assert len([s for s in data["sections"] if s["required"]]) == 22
    assert by_key["goals"] == {
        "key": "goals", "title": "Goals", "label": "Goals", "label_zh": "Goals",
        "titles": ["Goals"], "required": True, "level": 3, "parent": "motivation",
        "heading": "Goals", "template_level": 3, "directive": None,
    }
    assert "TODO" in data["placeholders"]


def test_template_without_a_setting_prints_the_builtin_schema(capsys, tmp_path):
    src = write_project(tmp_path / "src", {"index.md": "# Home\n"})
    code, out, _ = run(capsys, "template", str(src), "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["template"] is None
    assert [s["key"] for s in data["sections"]][:2] == ["basic-info", "background"]
    assert data["test_levels"] == ["UT", "Level0"]
    dependency = next(t for t in data["tables"] if t["kind"] == "dependency")
    strength = next(c for c in dependency["columns"] if c["key"] == "strength")
    assert strength["allowed"] == ["strong", "weak", "none"]
    code, out, _ = run(capsys, "template", str(src))
    assert "Component dependencies [dependencies, required]" in out


def test_template_reports_a_bad_template(capsys, tmp_path):
    src = write_project(tmp_path / "src", {"index.md": "# Home\n", "t.md": "# T\n\ntext\n"},
                        conf='rfc_template = "t.md"\n')
    code, _out, err = run(capsys, "template", str(src))
    assert code == 2 and "t.md: no heading of level 2 to 2" in err


@pytest.mark.parametrize(("template", "extra"), [
    ("kep", "rfc_template_depth = 3\n"),
    ("madr", ""),
    ("rust-rfc", ""),
    ("hyper-parallel", ""),
    ("hyper-parallel.en", ""),
])
@pytest.mark.parametrize("documents", ['rfc_documents = ["rfcs/*"]\n', ""])
def test_new_then_check_finds_only_placeholders(capsys, tmp_path, template, extra, documents):
    """What new writes, the next read reads (issue 45 item 3): with or
    without rfc_documents (the front matter names the ID)."""
    src = write_project(tmp_path / "src", {"index.md": INDEX}, conf=(
        f'root_doc = "index"\nrfc_template = "{template}"\n{documents}'
        f"rfc_git_dates = False\n{extra}"))
    code, out, _ = run(capsys, "new", "Retry flaky uploads", "--dir", str(src / "rfcs"),
                       "--author", "Li Lei", "--module", "trainer")
    assert code == 0
    path = written(out)
    assert path.name == "0001-retry-flaky-uploads.md"
    text = path.read_text(encoding="utf-8")
    # (MADR's records are ADRs, KEP's proposals KEPs: issue 45 item 6)
    noun = {"madr": "ADR", "kep": "KEP"}.get(template, "RFC")
    assert text.startswith(f"---\nrfc: {noun}-0001\n")
    assert "\n# Retry flaky uploads\n" in text
    assert "Li Lei" in text
    code, out, _ = run(capsys, "check", str(src), "--no-cache")
    subtypes = {m.group(1) for m in re.finditer(r"\[rfc\.([\w-]+)\]", out)}
    assert subtypes == {"placeholder"}, out
    assert code == 1
    code, out, _ = run(capsys, "list", str(src))
    assert code == 0 and out.split()[0] == f"{noun}-0001", out


RST_TEMPLATE = """\
==============
RFC 标题
==============

概述
====

说明 TBD。

风险（可选）
============

.. code-block:: text

   Heading
   =======

详细设计
========

+------+------+
| 模块 | 改动 |
+======+======+
| TBD  | TBD  |
+------+------+
"""


def test_new_from_a_restructuredtext_template(capsys, tmp_path):
    src = write_project(tmp_path / "src", {
        "index.rst": "RFCs\n====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n",
        "t.rst": RST_TEMPLATE,
    }, conf='root_doc = "index"\nrfc_template = "t.rst"\n'
            'exclude_patterns += ["t.rst"]\nrfc_git_dates = False\n')
    code, out, _ = run(capsys, "template", str(src))
    assert "  风险 [风险, optional]" in out
    assert "generic (section 详细设计, line 21): 模块, 改动" in out
    code, out, _ = run(capsys, "new", "Retry uploads", "--dir", str(src / "rfcs"))
    text = written(out).read_text(encoding="utf-8")
    assert text.startswith(":rfc: RFC-0001\n:status: draft\n")
    assert "=============\nRetry uploads\n=============\n" in text
    assert "RFC 标题" not in text
    code, out, _ = run(capsys, "check", str(src), "--no-cache")
    assert {m.group(1) for m in re.finditer(r"\[rfc\.([\w-]+)\]", out)} == {"placeholder"}
    # without its required "详细设计" section, the RFC is reported
    path = next((src / "rfcs").glob("*.rst"))
    path.write_text(text.split("详细设计")[0], encoding="utf-8")
    code, out, _ = run(capsys, "check", str(src), "--no-cache")
    assert code == 1
    assert "missing section '详细设计'" in out and "placeholder" in out


@pytest.mark.parametrize(("fmt", "conf"), [
    ("md", ""), ("rst", ""), ("rst", 'extensions.remove("myst_parser")\n'),
])
def test_new_without_a_template_is_read(capsys, tmp_path, fmt, conf):
    """The built-in template (an rfc directive), in both formats: read."""
    src = write_project(tmp_path / "src", {"index.rst": RST_INDEX},
                        conf=f'root_doc = "index"\nrfc_git_dates = False\n{conf}')
    code, out, _ = run(capsys, "new", "Retry uploads", "--dir", str(src / "rfcs"),
                       *(["--format", fmt] if not conf else []))
    assert code == 0 and written(out).suffix == f".{fmt}"
    code, out, _ = run(capsys, "list", str(src))
    assert code == 0 and out.split()[0] == "RFC-0001", out


def test_a_markdown_file_that_is_no_rfc_is_said_once(capsys, tmp_path):
    """A Markdown document named as new names RFCs, or with a status in its
    front matter, that is none: one rfc.not-read warning, with why."""
    src = write_project(tmp_path / "src", {
        "index.md": INDEX,
        "rfcs/0001-ok.md": "---\nrfc: RFC-0001\nstatus: draft\n---\n# OK\n",
        "rfcs/0002-lost.md": "# Lost\n\nNo ID anywhere.\n",
        "rfcs/notes.md": "---\nstatus: proposed\n---\n# Notes\n",
        "rfcs/README.md": "# About this folder\n",
    }, conf='root_doc = "index"\nrfc_git_dates = False\n')
    code, out, _ = run(capsys, "check", str(src), "--no-cache", "--format", "json")
    found = [p for p in json.loads(out) if p["subtype"] == "not-read"]
    assert sorted((p["source"], p["line"]) for p in found) == [
        ("rfcs/0002-lost.md", 1), ("rfcs/notes.md", 1)]
    for problem in found:
        assert "not read as an RFC" in problem["message"]
        assert "rfc_documents (empty)" in problem["message"]
    code, out, _ = run(capsys, "list", str(src))
    assert code == 0
    assert out.split()[0] == "RFC-0001" and "RFC-0002" not in out
