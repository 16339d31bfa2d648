"""Everything a user reads is in the project's language (issue 54, item 4).

A Chinese team's project (``language = "zh_CN"``) with the usual mistakes
is built and every command of docs/reference/cli.md is run on it; every
warning subtype of docs/reference/warnings.md comes out.  What the user
reads — the build's warnings and summary line, each command's output,
SARIF rule texts, Atom feeds, ``rfc-stats`` and the labels and badges of
the pages — may hold no English word outside what the author wrote or
types: quoted names, IDs, paths, URLs, config and option names, subtypes
(:func:`language_surface.foreign_words`).  The same for an English team's
project and Chinese words.

Each surface is one test, and a failing one lists every offending line at
once.  A surface not clean yet is in :data:`NOT_YET` with the count of its
lines: an ``xfail(strict=True)``, so that it fails as soon as it is clean
(remove it then) and the count is checked, so that it never grows.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from conftest import page_body, sphinx_build, write_project
from forge_server import FakeForge
from language_surface import (
    BUILD_DAY,
    Surface,
    en_project,
    foreign_words,
    other_templates,
    zh_project,
)

from sphinx_rfc import cli
from sphinx_rfc.spec.subtypes import SUBTYPES
from sphinx_rfc.write import mermaid_js

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

#: The surfaces, as docs/reference/cli.md and issue 54 name them.
SURFACES = (
    "build", "summary", "check", "sarif", "list", "status", "diff", "new", "import",
    "export", "sync", "template", "feeds", "stats", "pages",
)

#: surface -> lines with foreign words still, per language: not clean yet.
NOT_YET: dict[tuple[str, str], int] = {}


class _Terminal(io.StringIO):
    """Standard output that says it is a terminal (``list`` prints its
    header row only there)."""

    def isatty(self) -> bool:
        return True


def run_cli(*args: str, tty: bool = False) -> tuple[int, str, str]:
    out: io.StringIO = _Terminal() if tty else io.StringIO()
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(args))
        except SystemExit as exc:  # a usage error
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


_TAGS = re.compile(r"<(style|script)\b.*?</\1>|<[^>]+>", re.S)


def page_text(html: str) -> str:
    """The text of a page's body, a line per block."""
    body = page_body(html)
    body = re.sub(r"</(p|div|th|td|li|h\d|dt|dd|tr|span|strong|a|title)>", "\n", body)
    return unescape(_TAGS.sub(" ", body))


def source_words(folder: Path) -> set[str]:
    """Every word the author wrote in the project's sources (a page shows
    the author's text beside the extension's labels)."""
    words: set[str] = set()
    for path in folder.rglob("*"):
        if path.suffix in {".md", ".rst", ".py", ".json"} and "_build" not in path.parts:
            text = path.read_text(encoding="utf-8")
            words |= set(re.findall(r"[A-Za-z]{2,}|[\u3400-\u9fff]+", text))
    return words


def template_labels(text: str) -> str:
    """``sphinx-rfc template`` without its lists of the words an author may
    write (every title, header and value, in both languages by design:
    docs/reference/cli.md): a line's list after its ``key:`` (``键：``,
    the items separated by ``, `` or ``、``)
    goes, and each ``(also: …)`` (``（其他写法：…）``)."""
    text = re.sub(r"\s*(?:\(also: |（其他写法：)[^\n]*[)）]$", "", text, flags=re.M)
    text = re.sub(r"^(\s*(?:headers|words|表头|写法)[:：]).*$", r"\1", text, flags=re.M)
    return re.sub(r"^(\s*[^:：\n]+[:：])\s*[^\n]*[,、][^\n]*$", r"\1", text, flags=re.M)


def template_structure(text: str) -> str:
    """A Markdown document's headings and the header rows of its tables,
    outside code fences."""
    lines = text.splitlines()
    found, fenced = [], False
    for number, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
            continue
        following = lines[number + 1] if number + 1 < len(lines) else ""
        if not fenced and (line.startswith("#") or (
                line.startswith("|") and following.startswith("|-"))):
            found.append(line)
    assert found, text
    return "\n".join(found)


def _messages(text: str) -> str:
    """The messages of a build log's ``rfc`` warnings, without the location
    and the ``[rfc.subtype]`` that follow Sphinx's format."""
    found = re.findall(r"WARNING: (.*?) \[rfc\.[\w-]+\]$", text, re.M)
    return "\n".join(found)


#: What each language's team writes where the commands need words.
WORDS: dict[str, dict[str, Any]] = {
    "zh_CN": {
        "mermaid": "# 首页\n\n```{mermaid}\nflowchart LR\n  训练 --> 检查点\n```\n",
        "new": "FP8 GEMM 通信重叠", "done": "已实现", "withdrawn": "已撤回",
        "unknown": "挂起",
        "issue": ("[RFC] 日志按模块分级", "### 背景\n\n日志太多，看不到关键信息。\n\n"
                  "### 方案\n\n按模块设置级别。\n", "周九"),
    },
    "en": {
        "mermaid": "# Home\n\n```{mermaid}\nflowchart LR\n  train --> checkpoint\n```\n",
        "new": "FP8 GEMM overlap", "done": "implemented", "withdrawn": "withdrawn",
        "unknown": "parked",
        "issue": ("[RFC] Log levels per module", "### Background\n\nToo many logs to see what "
                  "matters.\n\n### Design\n\nA level per module.\n", "Jiu Zhou"),
    },
}


def collect(language: str, root: Path, monkeypatch: pytest.MonkeyPatch) -> Surface:
    """Build the project of *language* under *root*, run every command on
    it, and return what the user read."""
    words = WORDS[language]
    monkeypatch.setenv("SOURCE_DATE_EPOCH", BUILD_DAY)
    docs = (zh_project if language == "zh_CN" else en_project)(root / "repo")
    # (the project's names; HEAD, a revision the user types)
    author = frozenset({"checkpoint", "trainer", "loader", "data", "UT", "Level0", "HEAD"})
    surface = Surface(language, author)

    # -- the build, its summary line, feeds, stats and pages
    built = sphinx_build(docs)
    surface.subtypes |= set(re.findall(r"\[rfc\.([\w-]+)\]", built.warnings))
    surface.add("build", _messages(built.warnings))
    surface.add("summary", "\n".join(
        line for line in built.status.splitlines() if line.startswith("sphinx_rfc")))
    for other in other_templates(root, language):
        extra = sphinx_build(other)
        surface.subtypes |= set(re.findall(r"\[rfc\.([\w-]+)\]", extra.warnings))
        surface.add("build", _messages(extra.warnings))
    mermaid = write_project(root / "mermaid", {
        "index.md": words["mermaid"], "vendor/mermaid.min.js": "globalThis.mermaid = {};\n",
    }, f'language = "{language}"\nrfc_mermaid_js = "vendor/mermaid.min.js"\n'
       'exclude_patterns = ["_build", "vendor"]\n')
    with monkeypatch.context() as patch:
        # a sphinxcontrib-mermaid this package was not written against
        patch.setattr(mermaid_js, "upstream_version", lambda: (3, 0, 0))
        extra = sphinx_build(mermaid)
    surface.subtypes |= set(re.findall(r"\[rfc\.([\w-]+)\]", extra.warnings))
    surface.add("build", _messages(extra.warnings))

    for feed in sorted(built.outdir.glob("*.atom")):
        text = feed.read_text(encoding="utf-8")
        surface.add("feeds", "\n".join(unescape(t) for t in re.findall(
            r"<(?:title|summary)[^>]*>([^<]*)</(?:title|summary)>", text)))
    surface.add("stats", page_text((built.outdir / "stats.html").read_text(encoding="utf-8")))
    surface.own = frozenset(source_words(docs))
    for page in [*sorted(built.outdir.glob("rfcs/*.html")), built.outdir / "list.html",
                 built.outdir / "api" / "offload.html", built.outdir / "rfc-modules.html"]:
        surface.add("pages", "\n".join(f"{page.name}: {line.strip()}" for line in page_text(
            page.read_text(encoding="utf-8")).splitlines() if line.strip()))

    # -- the commands
    _code, out, err = run_cli("check", str(docs), "--no-cache")
    surface.add("check", re.sub(r"^\S+:\d*: \[[\w.-]+\] ", "", out, flags=re.M) + err)
    _code, out, _err = run_cli("check", str(docs), "--format", "sarif")
    log = json.loads(out)
    driver = log["runs"][0]["tool"]["driver"]
    for rule in driver["rules"]:
        for key in ("shortDescription", "fullDescription"):
            if key in rule:
                surface.add("sarif", rule[key]["text"])
    _code, out, err = run_cli("list", str(docs), tty=True)
    # (the titles are the author's)
    surface.add("list", re.sub(r"^(\S+\s+\S+\s+).*$", r"\1", out, flags=re.M) + err)
    _code, out, err = run_cli("status", str(docs), "RFC-0003", "accepted")
    surface.add("status", out + err)
    _code, out, err = run_cli("status", str(docs), "RFC-0004", words["done"])
    surface.add("status", out + err)
    code, out, err = run_cli("status", str(docs), "RFC-0003", words["withdrawn"])
    assert code == 0, out + err
    surface.add("status", out + err)
    _code, out, err = run_cli("diff", str(docs), "RFC-0001")
    surface.add("diff", out + err)
    # every RFC of a range, as a pull request's check runs it
    for form in ("text", "markdown", "github"):
        _code, out, err = run_cli("diff", str(docs), "--from", "HEAD~1", "--format", form)
        # (a GitHub annotation's own syntax: ::notice file=…,line=…,title=…::)
        surface.add("diff", re.sub(r"^::notice [^:]*::", "", out, flags=re.M) + err)
    _code, out, err = run_cli("template", str(docs))
    surface.add("template", template_labels(out) + err)
    _code, out, err = run_cli("export", str(docs), "-o", str(root / "rfcs.json"))
    surface.add("export", out + err)
    _code, out, err = run_cli("new", words["new"], "--dir", str(docs / "rfcs"))
    surface.add("new", out + err)
    # the file new wrote: the bundled template's headings and table headers
    # (its guidance and examples — code, diagrams, ``xxx`` — are the template's
    # text, as an author's own template's would be)
    written = Path(out.split(": ", 1)[1].strip()) if ": " in out else None
    assert written is not None and written.exists(), out + err
    surface.add("new", template_structure(
        written.read_text(encoding="utf-8").replace(words["new"], " ")))
    # a project on its own template (MADR): new copies it
    madr = root / "madr"
    _code, out, err = run_cli("new", words["new"], "--dir", str(madr / "decisions"))
    surface.add("new", out + err)
    issues = root / "issues.json"
    title, body, name = words["issue"]
    issues.write_text(json.dumps([{
        "number": 321, "title": title, "body": body,
        "author": {"login": "zhou9", "name": name}, "createdAt": "2025-05-02T08:00:00Z",
        "updatedAt": "2025-05-03T08:00:00Z", "state": "OPEN", "labels": [{"name": "RFC"}],
        "url": "https://github.com/acme/trainer/issues/321",
    }], ensure_ascii=False), encoding="utf-8")
    _code, out, err = run_cli("import", str(issues), "--dir", str(docs / "rfcs"))
    surface.add("import", out + err)
    # an issue whose number a file written here already holds: nothing written
    clash = root / "clash.json"
    clash.write_text(json.dumps([{
        "number": 4, "title": title, "body": body, "author": {"login": "zhou9"},
        "createdAt": "2025-05-04T08:00:00Z", "state": "OPEN",
        "url": "https://github.com/acme/trainer/issues/4",
    }], ensure_ascii=False), encoding="utf-8")
    code, out, err = run_cli("import", str(clash), "--dir", str(docs / "rfcs"))
    assert code == 1 and "0004-data-prefetch.md" in err, (code, out, err)
    surface.add("import", out + err)
    # the refusals a user meets most: an unknown status or RFC, an ID in use,
    # an issue file that is no JSON
    for where, args in (
            ("list", ("list", str(docs), "--status", words["unknown"])),
            ("status", ("status", str(docs), "RFC-0099", words["done"])),
            ("status", ("status", str(docs), "RFC-0001", words["unknown"])),
            ("diff", ("diff", str(docs), "RFC-0099")),
            ("diff", ("diff", str(docs), "RFC-0001", "--from", "no-such-rev")),
            ("new", ("new", words["new"], "--dir", str(docs / "rfcs"), "--id", "RFC-0001")),
            ("new", ("new", words["new"], "--dir", str(docs / "rfcs"), "--id", "0001")),
            ("import", ("import", str(docs / "index.md"), "--dir", str(docs / "rfcs"),
                        "--number", "7")),
    ):
        code, out, err = run_cli(*args)
        assert code != 0 and err, (args, code, out, err)
        surface.add(where, out + err)
    broken = root / "broken.json"
    broken.write_text('{"number": 5, "title": ', encoding="utf-8")
    code, out, err = run_cli("import", str(broken), "--dir", str(docs / "rfcs"))
    assert code == 1, (code, out, err)
    surface.add("import", out + err)
    with FakeForge("github") as forge:
        forge.add("321", labels=["RFC"])
        _code, out, err = run_cli("sync", str(docs), "--api-url", forge.api)
        surface.add("sync", out + err)
        # the issue closed on the forge while its RFC is a draft: a change planned
        forge.add("321", state="closed", labels=["RFC"])
        _code, out, err = run_cli("sync", str(docs), "--api-url", forge.api)
        assert "321" in out, out + err
        surface.add("sync", out + err)
    return surface


@pytest.fixture(scope="module")
def zh(tmp_path_factory: pytest.TempPathFactory) -> Surface:
    with pytest.MonkeyPatch.context() as monkeypatch:
        return collect("zh_CN", tmp_path_factory.mktemp("zh"), monkeypatch)


@pytest.fixture(scope="module")
def en(tmp_path_factory: pytest.TempPathFactory) -> Surface:
    with pytest.MonkeyPatch.context() as monkeypatch:
        return collect("en", tmp_path_factory.mktemp("en"), monkeypatch)


@pytest.mark.parametrize("language", ["zh_CN", "en"])
def test_every_subtype_and_command_is_on_the_surface(
        request: pytest.FixtureRequest, language: str) -> None:
    surface: Surface = request.getfixturevalue("zh" if language == "zh_CN" else "en")
    assert sorted(set(SUBTYPES) - surface.subtypes) == []
    shown = {where for where, _text in surface.texts}
    assert sorted(set(SURFACES) - shown) == []


class NotYetInLanguageError(Exception):
    """A surface of :data:`NOT_YET` still shows foreign words (no more
    lines than counted there)."""


def _params(language: str) -> list[Any]:
    return [pytest.param(where, marks=pytest.mark.xfail(
        strict=True, raises=NotYetInLanguageError,
        reason=f"{NOT_YET[(where, language)]} lines not in {language} yet"))
        if (where, language) in NOT_YET else where for where in SURFACES]


def _check(surface: Surface, where: str) -> None:
    found = surface.offenders().get(where, [])
    if (where, surface.language) in NOT_YET:
        # more lines than counted: a real failure, not the expected one
        assert len(found) <= NOT_YET[(where, surface.language)], "\n".join(found)
        if found:
            raise NotYetInLanguageError("\n".join(found))
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("where", _params("zh_CN"))
def test_zh_cn_surface_has_no_english(zh: Surface, where: str) -> None:
    _check(zh, where)


@pytest.mark.parametrize("where", _params("en"))
def test_en_surface_has_no_chinese(en: Surface, where: str) -> None:
    _check(en, where)


@pytest.mark.parametrize(("text", "words"), [
    ("RFC-0004: 模块 'data' 不在 rfc_modules 中", []),
    ("RFC-0004: module 'data' is not in rfc_modules", ["module", "is", "not", "in"]),
    ("docs/rfcs/0001-x.md: RFC-0001 review -> accepted", ["review", "accepted"]),
    ("运行 sphinx-rfc check --no-cache；见 https://example.com/a b", []),
    ("[rfc.placeholder] 「6. 方案设计」：UT 缺少 `enable_xxx`", []),
])
def test_foreign_words(text: str, words: list[str]) -> None:
    assert foreign_words(text, "zh_CN") == words


def test_names_in_the_author_s_words(zh: Surface) -> None:
    """Item 2: a table's columns by the headers the author wrote, a field
    by the key the author wrote, statuses and verdicts by the team's words."""
    lines = [text for _where, text in zh.texts]
    assert "RFC-0004: rfc-interface：行 'mode' 的 '是否必填'、'含义' 为空" in lines
    assert "RFC-0004: 字段 '作者' 中残留占位符 'xxx'" in lines
    refusal = next(t for w, t in zh.texts if w == "status" and "RFC-0003" in t)
    assert "“通过”或“有条件通过”" in refusal and "没有批准不能改为已接受" in refusal
    assert [t.split()[1] for w, t in zh.texts if w == "list"][:4] == ["状态", "已接受", "已接受",
                                                                      "评审中"]
    assert any(w == "feeds" and t.startswith("RFC-0001 已接受：") for w, t in zh.texts)


def test_foreign_words_in_english() -> None:
    assert foreign_words("missing section '背景' (Background)", "en") == []
    assert foreign_words("missing section 背景 (Background)", "en") == ["背景"]
