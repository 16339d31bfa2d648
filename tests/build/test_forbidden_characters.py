"""Every output format fed every character its format forbids (issue 56
#8, #10, #16): characters XML 1.0 refuses (C0 controls but tab, newline
and carriage return; U+FFFE, U+FFFF) in an RFC's title and text and in
its status history's author, and file names that are no URI
(``a b#c%d?e.md``).  The Atom feeds and the graph's SVG are well-formed
XML, ``rfcs.json`` and the SARIF log are JSON whose URIs are
percent-encoded, and two modules whose names differ only by characters a
file name cannot hold get two feeds."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote
from xml.etree import ElementTree as ET

import pytest
from conftest import sphinx_build, write_project

from sphinx_rfc.cli import main

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

#: Each character XML 1.0 forbids that a source file can hold.
FORBIDDEN = [chr(c) for c in (*range(1, 9), 0x0B, 0x0C, *range(0x0E, 0x20))] + [
    "\ufffe", "\uffff"]
ATOM = "{http://www.w3.org/2005/Atom}"
CONF = ('rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n'
        'html_baseurl = "https://docs.example.com/"\n')


def git(root: Path, *args: str, author: str = "A") -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": "a@example.com",
           "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.com",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_AUTHOR_DATE": "2025-03-04T10:00:00+00:00",
           "GIT_COMMITTER_DATE": "2025-03-04T10:00:00+00:00"}
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def rfc(number: int, chars: str, module: str) -> str:
    # (YAML refuses these characters: they are in the title and the text;
    # the author and the commit author hold an escape sequence)
    return (f"---\nrfc: RFC-{number:04d}\nstatus: review\nauthors: ['王五']\n"
            f"modules: ['{module}']\n---\n\n# 标题{chars}含控制字符 (title{chars})\n\n"
            f"## 背景\n\n正文{chars}。\n")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    root = tmp_path_factory.mktemp("forbidden")
    chunks = ["".join(FORBIDDEN[i:i + 8]) for i in range(0, len(FORBIDDEN), 8)]
    files = {
        "index.md": ("# RFCs\n\n```{toctree}\n:glob:\n\nrfcs/*\ngraph\n```\n\n"
                     "```{rfc-index}\n```\n"),
        "graph.md": "# 依赖图\n\n```{rfc-graph}\n```\n",
        # (a status no one knows: a problem in a file whose name is no URI)
        "rfcs/a b#c%d?e.md": rfc(9, "\x1b[31m", "a:b").replace("review", "在评审？"),
    }
    for n, chunk in enumerate(chunks, 1):
        files[f"rfcs/{n:04d}-ctl.md"] = rfc(n, chunk, "a/b" if n == 1 else "网络")
    src = write_project(root / "docs", files, CONF)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "RFCs", author="赵六\x1b[0m")
    return src, sphinx_build(src)


def test_atom_feeds_are_well_formed(built: tuple[Path, object]) -> None:
    _src, build = built
    out = build.outdir  # type: ignore[attr-defined]
    feeds = sorted(out.glob("*.atom"))
    assert len(feeds) > 3
    titles = []
    for path in feeds:
        root = ET.parse(path).getroot()  # raises on a character XML forbids
        titles += [e.findtext(f"{ATOM}title") or "" for e in root.iter(f"{ATOM}entry")]
    assert any("标题" in t and "含控制字符" in t for t in titles)


def test_module_feeds_do_not_collide(built: tuple[Path, object]) -> None:
    _src, build = built
    out = build.outdir  # type: ignore[attr-defined]
    module_feeds = [p for p in out.glob("rfcs-module-*.atom")]
    by_module = {}
    for path in module_feeds:
        title = ET.parse(path).getroot().findtext(f"{ATOM}title") or ""
        by_module[title.rsplit(", ", 1)[-1]] = path.name
    assert {"a/b", "a:b", "网络"} <= set(by_module), by_module
    assert len({by_module["a/b"], by_module["a:b"]}) == 2
    # and each RFC page links its own module's feed
    page = (out / "rfcs" / "0001-ctl.html").read_text(encoding="utf-8")
    assert by_module["a/b"] in page and by_module["a:b"] not in page


def test_graph_svg_and_json_outputs(built: tuple[Path, object]) -> None:
    _src, build = built
    out = build.outdir  # type: ignore[attr-defined]
    page = (out / "graph.html").read_text(encoding="utf-8")
    svgs = re.findall(r"<svg\b.*?</svg>", page, re.S)
    assert svgs
    for svg in svgs:
        ET.fromstring(svg)
    data = json.loads((out / "rfcs.json").read_text(encoding="utf-8"))
    assert len(data["rfcs"]) == 5


def test_sarif_uris_are_percent_encoded(
    built: tuple[Path, object], capsys: pytest.CaptureFixture[str],
) -> None:
    src, _build = built
    capsys.readouterr()
    main(["check", str(src), "--format", "sarif", "--no-cache"])
    log = json.loads(capsys.readouterr().out)
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"]]
    assert uris
    for uri in uris:
        assert re.fullmatch(r"[A-Za-z0-9\-._~!$&'()*+,;=:@/%]+", uri), uri
    assert "docs/rfcs/a%20b%23c%25d%3Fe.md" in {u for u in uris}
    assert {unquote(u) for u in uris} >= {"docs/rfcs/a b#c%d?e.md"}


def test_the_graph_file_of_a_book_is_well_formed(built: tuple[Path, object]) -> None:
    """EPUB: the graph is an SVG file of its own (the pages' own XHTML is
    Sphinx's, which writes a heading's characters as they are)."""
    src, _build = built
    book = sphinx_build(src, "epub")
    svgs = list(book.outdir.rglob("*.svg"))
    assert svgs
    for path in svgs:
        ET.parse(path)
