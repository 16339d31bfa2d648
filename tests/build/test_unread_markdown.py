"""A project whose extensions lack a Markdown parser, while Markdown RFCs
exist, gets one ``rfc.not-read`` warning that names them and says what to
add to ``conf.py`` (issue 45) -- not a silent docs with the RFCs missing.

Each build runs in a process of its own, as ``sphinx-build`` does: in the
test process an earlier project's ``myst_parser`` leaves ``.md`` in
Sphinx's default ``source_suffix`` (a dict shared by every configuration),
and a project without MyST would then seem to read Markdown."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import BuildFn, parse_warnings

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


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True,
                          timeout=300, check=False)


def _build(src: Path) -> tuple[str, str, Path]:
    out = src / "_build" / "html"
    done = _run("sphinx", "-b", "html", str(src), str(out))
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr, out


def test_markdown_rfcs_without_a_parser_get_one_warning(tmp_path: Path) -> None:
    status, warnings, out = _build(_project(tmp_path / "src", CONF_NO_MYST))
    found = [w for w in parse_warnings(warnings) if w[2] == "rfc.not-read"]
    assert len(found) == 1, warnings
    name, line, _subtype, message = found[0]
    assert (name, line) == ("pipeline.md", 1)  # the first of them, in path order
    assert "design/pipeline.md" in message and "rfcs/0001-offload.md" in message
    assert "meeting.md" not in message and "0009-old.md" not in message
    assert 'add "myst_parser" to extensions in conf.py' in message
    # a problem of the build: counted by the summary and in rfcs.json
    assert "sphinx_rfc: 0 RFCs, 1 problem\n" in status  # (ngettext: one problem)
    data = json.loads((out / "rfcs.json").read_text(encoding="utf-8"))
    assert [p["subtype"] for p in data["problems"]] == ["not-read"]


def test_check_reports_it_too(tmp_path: Path) -> None:
    src = _project(tmp_path / "src", CONF_NO_MYST)
    done = _run("sphinx_rfc.cli", "check", str(src), "--format", "json", "--no-cache")
    assert done.returncode == 1, done.stderr
    assert [p["subtype"] for p in json.loads(done.stdout)] == ["not-read"]


def test_no_warning_when_markdown_is_read(tmp_path: Path) -> None:
    conf = CONF_NO_MYST.replace('["sphinx_rfc"]', '["myst_parser", "sphinx_rfc"]')
    status, warnings, _out = _build(_project(tmp_path / "src", conf))
    assert "rfc.not-read" not in warnings
    assert "sphinx_rfc: 2 RFCs" in status  # both read now


def test_a_read_with_myst_leaves_no_md_suffix_behind(build: BuildFn, tmp_path: Path) -> None:
    """MyST adds ``.md`` to Sphinx's one default ``source_suffix``
    dictionary; after the CLI read a MyST project, a project without MyST
    in the same process still does not read ``.md`` (it warns once)."""
    conf = CONF_NO_MYST.replace('["sphinx_rfc"]', '["myst_parser", "sphinx_rfc"]')
    assert cli.main(["check", str(_project(tmp_path / "myst", conf)), "--no-cache"]) == 1
    result = build(_project(tmp_path / "src", CONF_NO_MYST))
    assert [w[2] for w in result.rfc_warnings()] == ["rfc.not-read"], result.warnings
