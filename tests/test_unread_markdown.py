"""A project whose extensions lack a Markdown parser, while Markdown RFCs
exist, gets one ``rfc.not-read`` warning that names them and says what to
add to ``conf.py`` (issue 45) -- not a silent docs with the RFCs missing."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import BuildFn

from sphinx_rfc import cli

NATIVE = """# 优化器状态卸载（offload）

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| RFC 编号 | RFC-0001 |
| 状态 | 草稿 |
"""
DIRECTIVE = """# Pipeline schedule

```{rfc} RFC-0002
:status: draft
```
"""
INDEX = """Docs
====

.. toctree::
   :glob:

   *
"""
FILES = {
    "index.rst": INDEX,
    "rfcs/0001-offload.md": NATIVE,        # named by rfc_documents
    "design/pipeline.md": DIRECTIVE,       # holds an rfc directive
    "notes/meeting.md": "# 周会纪要\n\n没有 RFC。\n",  # Markdown, not an RFC
    "drafts/0009-old.md": DIRECTIVE,       # excluded by exclude_patterns
}
# (source_suffix as Sphinx's default, written out: a build with
# myst_parser earlier in the same test process may have added ".md" to
# the default's dict itself)
CONF_NO_MYST = ('extensions = ["sphinx_rfc"]\n'
                'exclude_patterns = ["_build", "drafts"]\n'
                'source_suffix = {".rst": "restructuredtext"}\n'
                'rfc_documents = ["rfcs/*"]\n')


def _project(root: Path, conf: str) -> Path:
    for name, text in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "conf.py").write_text(conf, encoding="utf-8")
    return root


def test_markdown_rfcs_without_a_parser_get_one_warning(build: BuildFn, tmp_path: Path) -> None:
    result = build(_project(tmp_path / "src", CONF_NO_MYST))
    found = [w for w in result.rfc_warnings() if w[2] == "rfc.not-read"]
    assert len(found) == 1, result.warnings
    name, line, _subtype, message = found[0]
    assert (name, line) == ("pipeline.md", 1)  # the first of them, in path order
    assert "design/pipeline.md" in message and "rfcs/0001-offload.md" in message
    assert "meeting.md" not in message and "0009-old.md" not in message
    assert 'add "myst_parser" to extensions in conf.py' in message
    # a problem of the build: counted by the summary and in rfcs.json
    assert "sphinx_rfc: 0 RFCs, 1 problem" in result.status
    data = json.loads((result.outdir / "rfcs.json").read_text(encoding="utf-8"))
    assert [p["subtype"] for p in data["problems"]] == ["not-read"]


def test_check_reports_it_too(tmp_path: Path, capsys: object) -> None:
    src = _project(tmp_path / "src", CONF_NO_MYST)
    code = cli.main(["check", str(src), "--format", "json", "--no-cache"])
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert code == 1
    assert [p["subtype"] for p in json.loads(out)] == ["not-read"]


def test_no_warning_when_markdown_is_read(build: BuildFn, tmp_path: Path) -> None:
    conf = CONF_NO_MYST.replace('["sphinx_rfc"]', '["myst_parser", "sphinx_rfc"]')
    result = build(_project(tmp_path / "src", conf))
    assert "rfc.not-read" not in result.warnings
    assert "sphinx_rfc: 2 RFCs" in result.status  # both read now
