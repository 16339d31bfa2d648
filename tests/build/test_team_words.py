"""A team's own words (issue 42): folding, ``rfc_aliases``, near misses,
template sub-sections, one warning per cause, messages wholly in the
project's language.

The root ``team-words`` is a zh_CN project written the way a new team
writes: ``负责人`` for authors, ``依赖程度`` for strength, ``必须`` for strong,
``测试与验收`` for the verification section (all four through
``rfc_aliases``); ``相关issue`` with no space, ``状态：`` with a colon,
``强/弱依赖`` beside a ``说明`` column, full-width ``Ｔｙｐｅ`` and ``ＲＦＣ``,
headers with extra spaces, English headers in upper and lower case.
RFC-0101 and RFC-0103 are clean; RFC-0102 holds one of each near miss.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOTS, BuildFn, copy_root, parse_warnings, write_project
from hypothesis import given, settings
from hypothesis import strategies as st
from sphinx.errors import ConfigError

from sphinx_rfc.cli import main
from sphinx_rfc.spec.fields import FIELDS, match_field
from sphinx_rfc.spec.folding import nearest, one_edit_apart
from sphinx_rfc.spec.table_kinds import TABLES
from sphinx_rfc.spec.vocabulary import AFFECTS, STATUSES, STRENGTHS, TYPES, YES_NO

ROOT = ROOTS / "test-team-words"
CLEAN = ("0101-loader-cache.md", "0103-trainer-hooks.md")
NEAR = "0102-ckpt-merge.md"


def line_of(name: str, text: str, root: Path = ROOT) -> int:
    """The line of the first line of ``rfcs/<name>`` that holds *text*."""
    lines = (root / "rfcs" / name).read_text(encoding="utf-8").splitlines()
    found = [n for n, line in enumerate(lines, 1) if text in line]
    assert found, (name, text)
    return found[0]


#: Every warning of the root: (file, line, subtype), one per cause.
EXPECTED = {
    (NEAR, line_of(NEAR, "| 相关模快 |"), "rfc.near-miss"),
    (NEAR, line_of(NEAR, "## 2. 背景"), "rfc.empty-section"),  # its 待补充 not again
    (NEAR, line_of(NEAR, "### 3.2 非目标"), "rfc.empty-section"),
    (NEAR, line_of(NEAR, "| 接口名称 |"), "rfc.unknown-column"),  # taken for 参数名称
    (NEAR, line_of(NEAR, "| 接口名称 |"), "rfc.missing-column"),  # 是否必填
    (NEAR, line_of(NEAR, "### 6.3 方案取舍"), "rfc.empty-section"),  # its 待补充 not again
    (NEAR, line_of(NEAR, "| 依赖组件 | 依赖强弱度 |"), "rfc.near-miss"),
    # (`| 风险 | 应对 |` under 8. 约束与兼容性: a key | text table in the
    # constraints section is that kind in the team's words, no near miss)
}


def _sphinx_w(project: Path, out: Path) -> tuple[int, list[tuple[str, int | None, str, str]]]:
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         str(project), str(out)],
        capture_output=True, text=True, timeout=600,
    )
    return done.returncode, parse_warnings(done.stderr)


@pytest.fixture(scope="module")
def strict_build(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    project = copy_root("team-words", tmp_path_factory.mktemp("team-words") / "src")
    code, warnings = _sphinx_w(project, project / "_build" / "html")
    return {"project": project, "code": code, "warnings": warnings}


def test_exact_warnings_with_w(strict_build: dict[str, Any]) -> None:
    warnings = strict_build["warnings"]
    assert strict_build["code"] != 0  # -W: the warnings fail the build
    assert {(w[0], w[1], w[2]) for w in warnings} == EXPECTED
    # one warning per cause: no two alike
    assert len(warnings) == len(EXPECTED)


def test_messages_wholly_chinese(strict_build: dict[str, Any]) -> None:
    """zh_CN: no English word in a warning except what the author wrote
    (quoted headings and headers, IDs)."""
    messages = [w[3] for w in strict_build["warnings"]]
    assert len(messages) == len(EXPECTED)
    assert messages
    for message in messages:
        rest = re.sub(r"'[^']*'|「[^」]*」|RFC-\d+", "", message)
        assert not re.search(r"[A-Za-z]", rest), message
    near = [m for m in messages if "依赖强弱度" in m]
    assert near == ["RFC-0102: 「7. 组件依赖」中的表格未被读取：其表头不构成组件依赖表——"
                    "'依赖强弱度' 是否应为 '依赖强度'？"]
    # a template-native RFC is told about its own heading, not rfc-interface
    assert any(m.startswith("RFC-0102: 「5. 对外接口」：参数表") for m in messages)
    assert not any("rfc-" in m for m in messages)


def test_check_gives_the_build_s_warnings(strict_build: dict[str, Any],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(strict_build["project"]), "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)
    assert found
    assert {(Path(p["source"]).name, p["line"], f"{p.get('type', 'rfc')}.{p['subtype']}")
            for p in found} == {(w[0], w[1], w[2]) for w in strict_build["warnings"]}
    assert sorted(f"{p['rfc']}: {p['message']}" for p in found) == sorted(
        w[3] for w in strict_build["warnings"])


def test_team_words_are_read(shared_build: BuildFn) -> None:
    app = shared_build("team-words")
    data = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))
    rfcs = {r["id"]: r for r in data["rfcs"]}
    clean, english = rfcs["RFC-0101"], rfcs["RFC-0103"]
    # 负责人 (rfc_aliases fields), 相关issue (folded), 状态： (trailing colon)
    assert (clean["authors"], clean["issues"], clean["status"], clean["type"]) == (
        ["王五"], ["#12"], "review", "feature")
    # 强/弱依赖 (folded), 说明 kept as a note, 必须 (rfc_aliases values)
    assert clean["dependencies"] == [{
        "component": "trainer", "strength": "strong", "status": "", "fallback": "",
        "rfc": None, "extra": {"说明": "训练循环调用"}}]
    # "  参数名称  ", Ｔｙｐｅ, 是否必填： (spaces, full width, colon)
    assert [(p["name"], p["type"], p["required"]) for p in clean["interfaces"][0]["params"]] == [
        ("cache_dir", "str", False)]
    # 测试与验收 (rfc_aliases sections)
    assert clean["sections"]["verification"] == "present"
    assert [lv["level"] for lv in clean["verification"]["levels"]] == ["UT", "Level0"]
    # English: Owner, "Related  Issues", PARAMETER, Default:, 依赖程度 (rfc_aliases columns)
    assert (english["authors"], english["issues"]) == (["Ann Lee"], ["#31"])
    assert [p["name"] for p in english["interfaces"][0]["params"]] == ["hooks"]
    assert [(d["component"], d["strength"]) for d in english["dependencies"]] == [
        ("loader", "weak")]
    assert rfcs["RFC-0102"]["extra"] == {"相关模快": "checkpoint"}  # kept, and reported


# --------------------------------------------------------------------------
# One cause, one warning, over the fixture set


def _headings(path: Path) -> list[int]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [n for n, line in enumerate(lines, 1) if line.startswith("#")]


@pytest.mark.parametrize("root", ["team-words", "native-corpus", "checks-md"])
def test_one_warning_per_cause(shared_build: BuildFn, root: str) -> None:
    """No warning twice; no placeholder inside a section reported empty;
    no table with a did-you-mean and a missing-column for the same column."""
    app = shared_build(root)
    warnings = app.rfc_warnings()
    assert warnings
    counted = Counter(warnings)
    assert [w for w, n in counted.items() if n > 1] == []
    for file, line, subtype, _message in warnings:
        if subtype != "rfc.empty-section" or line is None:
            continue
        path = next(app.srcdir.rglob(file))
        after = [h for h in _headings(path) if h > line]
        end = after[0] if after else 1 << 30
        assert not [w for w in warnings if w[0] == file and w[2] == "rfc.placeholder"
                    and w[1] is not None and line < w[1] < end], (file, line)
    by_table: dict[tuple[str, int | None], list[str]] = {}
    for file, line, subtype, message in warnings:
        if subtype in ("rfc.missing-column", "rfc.unknown-column"):
            by_table.setdefault((file, line), []).append(message)
    for messages in by_table.values():  # may be empty: a root with no column warning
        meant = {m.rsplit("（", 1)[-1].rsplit("(", 1)[-1].rstrip("）)?？")
                 for m in messages if "did you mean" in m or "是否指" in m}
        missing = [m for m in messages if "missing" in m or "缺少" in m]
        for label in meant:  # may be empty: a table with no misspelt header
            assert not [m for m in missing if f"'{label}'" in m], messages


# --------------------------------------------------------------------------
# Nothing dropped silently: a header word deleted from each table


def _tables(text: str) -> list[tuple[int, int]]:
    """(header line index, last row index) of each pipe table (0-based)."""
    lines = text.splitlines()
    found = []
    k = 0
    while k < len(lines) - 1:
        if lines[k].startswith("|") and lines[k + 1].startswith("|---"):
            end = k + 1
            while end + 1 < len(lines) and lines[end + 1].startswith("|"):
                end += 1
            found.append((k, end))
            k = end
        k += 1
    return found


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_header_word_deleted_is_never_silent(build: BuildFn, tmp_path: Path, seed: int) -> None:
    """Every table of the fixture but the basic-information ones (key and
    value rows: a key deleted is a field gone, reported by the checks of
    that field) and the author's own (no header of a known column: no
    data of a kind to lose) loses one header word, chosen at random; each
    gets a warning on one of its lines."""
    project = copy_root("team-words", tmp_path / f"src-{seed}")
    pick = random.Random(seed)
    spans: list[tuple[str, int, int, str]] = []
    for path in sorted((project / "rfcs").glob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for head, last in _tables("\n".join(lines)):
            cells = lines[head].strip().strip("|").split("|")
            if cells[0].strip() in ("项目", "Item") or not any(
                    spec.match_header(c.strip()) for c in cells for spec in TABLES):
                continue
            k = pick.randrange(len(cells))
            deleted = cells[k].strip()
            cells[k] = " "
            lines[head] = "|" + "|".join(cells) + "|"
            spans.append((path.name, head + 1, last + 1, deleted))
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert len(spans) >= 19
    warnings = build(project).rfc_warnings()
    silent = [s for s in spans
              if not any(w[0] == s[0] and w[1] is not None and s[1] <= w[1] <= s[2]
                         for w in warnings)]
    assert silent == []


# --------------------------------------------------------------------------
# Folding: spacing, width, separator and case variants read the same


_SEPARATORS = ("/", "／", "、", "|", ",", " / ", "／ ")


def _full_width(c: str) -> str:
    return chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c


@st.composite
def variant(draw: st.DrawFn, word: str) -> str:
    """*word* with random spaces, widths, separators and case, and maybe a
    trailing colon."""
    out = []
    for c in word:
        if c == "/" or (c == " " and draw(st.booleans())):
            out.append(draw(st.sampled_from(_SEPARATORS)) if c == "/" else " ")
            continue
        if c.isascii() and c.isalpha():
            c = c.upper() if draw(st.booleans()) else c.lower()
        if draw(st.integers(0, 3)) == 0:
            c = _full_width(c)
        out.append(c)
        if draw(st.integers(0, 4)) == 0:
            out.append(draw(st.sampled_from([" ", "\u3000", "  "])))
    text = "".join(out)
    pad = draw(st.sampled_from(["", " ", "\u3000"]))
    colon = draw(st.sampled_from(["", ":", "：", " ："]))
    return pad + text + colon + pad


HEADERS = [(spec, col, alias) for spec in TABLES for col in spec.columns for alias in col.aliases]
FIELD_WORDS = [(f, word) for f in FIELDS for word in (f.key, *f.aliases)]
VALUES = [(v, c, name) for v in (STATUSES, TYPES, YES_NO, STRENGTHS, AFFECTS)
          for c in v.choices for name in c.all_names()]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_header_variants_read_as_the_header(data: st.DataObject) -> None:
    spec, _column, alias = data.draw(st.sampled_from(HEADERS))
    assert spec.match_header(alias) is not None
    text = data.draw(variant(alias))
    assert spec.match_header(text) is spec.match_header(alias), (alias, text)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_field_variants_read_as_the_field(data: st.DataObject) -> None:
    _field, word = data.draw(st.sampled_from(FIELD_WORDS))
    text = data.draw(variant(word))
    assert match_field(text) is match_field(word) is not None, (word, text)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_value_variants_read_as_the_value(data: st.DataObject) -> None:
    vocabulary, _choice, name = data.draw(st.sampled_from(VALUES))
    text = data.draw(variant(name))
    assert vocabulary.lookup(text) == vocabulary.lookup(name) is not None, (name, text)


def test_the_issue_s_spellings_are_one_header() -> None:
    dependency = next(t for t in TABLES if t.kind == "dependency")
    spellings = ["强/弱依赖", "强依赖/弱依赖", "强弱依赖", "强依赖 / 弱依赖", "强依赖／弱依赖", "强依赖、弱依赖"]
    assert {getattr(dependency.match_header(s), "key", None) for s in spellings} == {"strength"}
    assert match_field("相关issue") is match_field("相关 issue") is not None


# --------------------------------------------------------------------------
# rfc_aliases: checked, in a template too, rfc_template_strict


@pytest.mark.parametrize(("aliases", "named"), [
    ({"colums": {}}, "unknown key 'colums'; valid keys: sections, columns, fields, values"),
    ({"columns": {"dependency": {"strenght": ["x"]}}},
     "unknown key 'strenght'; valid keys: component, strength, status, fallback"),
    ({"values": {"strength": {"hard": ["x"]}}}, "unknown key 'hard'; valid keys: strong, weak"),
    ({"fields": {"owner": ["x"]}}, "unknown key 'owner'; valid keys: title, status"),
    ({"sections": {"verification": [""]}}, "must be a list of non-empty strings"),
])
def test_unknown_alias_keys_are_config_errors(build: BuildFn, aliases: dict[str, Any],
                                              named: str) -> None:
    with pytest.raises(ConfigError) as caught:
        build({"index.md": "# Home\n"}, conf=f"rfc_aliases = {aliases!r}\n")
    assert "rfc_aliases" in str(caught.value) and named in str(caught.value)


_TEMPLATE = """\
# RFC：标题
{comment}
## 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | xxx |

## 组件依赖

| 依赖组件 | 依赖程度 |
|---|---|
| xxx | 强 |
"""

_RFC = """\
# RFC-0007：依赖

## 基本信息

| 项目 | 内容 |
|---|---|
| {owner} | 钱七 |

## 组件依赖

| 依赖组件 | {strength} |
|---|---|
| loader | 强 |
"""


def _template_project(root: Path, *, comment: str, strict: bool, owner: str,
                      strength: str) -> Path:
    conf = ('rfc_documents = ["rfcs/*"]\nrfc_template = "template.md"\nrfc_git_dates = False\n'
            f"rfc_template_strict = {strict}\n")
    return write_project(root, {
        "index.md": "# Home\n",
        "template.md": _TEMPLATE.format(comment=comment),
        "rfcs/0007-deps.md": _RFC.format(owner=owner, strength=strength),
    }, conf)


def test_template_aliases_and_strict(build: BuildFn, tmp_path: Path) -> None:
    comment = ('<!-- rfc-aliases: {"fields": {"authors": ["负责人"]},\n'
               '  "columns": {"dependency": {"strength": ["依赖程度"]}}} -->\n')
    # the template's comment gives 负责人 and 依赖程度 (which makes its table a
    # dependency table); the built-in 强依赖 / 弱依赖 still works
    app = build(_template_project(tmp_path / "a", comment=comment, strict=False,
                                  owner="负责人", strength="强依赖 / 弱依赖"))
    record = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))["rfcs"][0]
    assert record["authors"] == ["钱七"]
    assert [d["strength"] for d in record["dependencies"]] == ["strong"]
    assert not [w for w in app.rfc_warnings() if "column" in w[2]]
    # strict: only the template's header (and rfc_aliases's) names the column
    app = build(_template_project(tmp_path / "b", comment=comment, strict=True,
                                  owner="作者", strength="强依赖 / 弱依赖"))
    assert [w[2] for w in app.rfc_warnings()] == ["rfc.near-miss"]
    app = build(_template_project(tmp_path / "c", comment=comment, strict=True,
                                  owner="作者", strength="依赖程度"))
    record = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))["rfcs"][0]
    assert [d["strength"] for d in record["dependencies"]] == ["strong"]


def test_bad_template_aliases_name_the_template(build: BuildFn, tmp_path: Path) -> None:
    project = _template_project(tmp_path / "a", comment="<!-- rfc-aliases: {fields -->\n",
                                strict=False, owner="作者", strength="依赖程度")
    with pytest.raises(ConfigError) as caught:
        build(project)
    assert "template.md" in str(caught.value) and "rfc-aliases comment is no JSON" in str(
        caught.value)


# --------------------------------------------------------------------------
# sphinx-rfc template lists every word


def test_template_command_lists_every_word(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["template", str(ROOT), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    verification = next(s for s in data["sections"] if s["key"] == "verification")
    assert {"测试与验收", "验证设计", "Verification"} <= set(verification["titles"])
    dependency = next(t for t in data["tables"] if t["kind"] == "dependency")
    strength = next(c for c in dependency["columns"] if c["key"] == "strength")
    assert {"依赖程度", "强依赖 / 弱依赖", "strength"} <= set(strength["headers"])
    assert {"必须", "强", "strong"} <= set(strength["values"]["strong"])
    authors = next(f for f in data["fields"] if f["key"] == "authors")
    assert {"负责人", "作者", "author"} <= set(authors["words"])
    assert {"必须", "强依赖"} <= set(data["values"]["strength"]["strong"])
    assert data["sub_sections"]["goals"] == ["3.1 目标", "3.2 非目标"]
    assert "说明" in data["note_headers"]
    assert main(["template", str(ROOT)]) == 0
    text = capsys.readouterr().out
    assert "依赖程度" in text and "负责人" in text and "3.2 非目标" in text


@pytest.mark.parametrize(("a", "b", "apart"), [
    ("相关模快", "相关模块", True), ("相关模块", "相关模块", False), ("相关模", "相关模块", True),
    ("相关模块x", "相关模块", True), ("相关快模", "相关模块", False), ("abc", "abcde", False),
    ("", "a", True), ("ab", "ba", False),
])
def test_one_edit_apart(a: str, b: str, apart: bool) -> None:
    assert one_edit_apart(a, b) is apart and one_edit_apart(b, a) is apart


def test_short_keys_are_no_near_misses() -> None:
    known = {"标题": "标题", "date": "date", "相关模块": "相关模块", "created": "created"}
    assert [nearest(w, known) for w in ("标签", "data", "相关模快", "creatd")] == [
        None, None, "相关模块", "created"]


# --------------------------------------------------------------------------
# rfc_template_strict narrows all four: sections, columns, fields, values

STRICT = ROOTS / "test-team-words-strict"


def _strict_records(app: Any) -> dict[str, dict[str, Any]]:
    data = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def test_strict_template_accepts_only_its_own_words(build: BuildFn) -> None:
    app = build("team-words-strict")
    records = _strict_records(app)
    # the template's words and those its rfc-aliases comment declares
    clean = records["RFC-0201"]
    assert (clean["authors"], clean["status"]) == (["王五"], "review")  # 负责人, 评审中
    assert [(d["component"], d["strength"]) for d in clean["dependencies"]] == [
        ("trainer", "strong"), ("loader", "weak")]  # 必须 (declared), 弱 (the template's)
    assert clean["sections"]["verification"] == "present"  # 上线检查 (declared)
    assert not [w for w in app.rfc_warnings() if w[0] == "0201-loader-prefetch.md"]
    # the built-in words: no longer a field, a section, a column or a value
    built_in = records["RFC-0202"]
    assert built_in["authors"] == ["赵六"] and built_in["extra"] == {"Author": "赵六"}
    assert built_in["sections"]["verification"] == "missing"  # 验证设计
    name = "0202-trainer-ckpt.md"
    assert {(w[0], w[1], w[2]) for w in app.rfc_warnings()} == {
        (name, 1, "rfc.missing-section"),
        (name, line_of(name, "| 状态 | 讨论中 |", STRICT), "rfc.invalid-value"),
        (name, line_of(name, "| 依赖组件 | 依赖强度 |", STRICT), "rfc.near-miss"),
        (name, line_of(name, "| trainer | hard |", STRICT), "rfc.invalid-value"),
    }
    hard = next(w[3] for w in app.rfc_warnings() if "'hard'" in w[3])
    assert "列 '强依赖 / 弱依赖'" in hard  # (the column's label, translated)
    status = next(w[3] for w in app.rfc_warnings() if "讨论中" in w[3])
    # the statuses by the team's words: 评审中 (no English key beside it)
    assert "评审中" in status and "review" not in status and "讨论中" not in status.split("；", 1)[1]


def test_strict_check_gives_the_build_s_warnings(build: BuildFn, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    app = build("team-words-strict")
    project = copy_root("team-words-strict", tmp_path / "check")
    assert main(["check", str(project), "--format", "json", "--no-cache"]) == 1
    found = json.loads(capsys.readouterr().out)
    assert found
    assert {(Path(p["source"]).name, p["line"], f"rfc.{p['subtype']}") for p in found} == {
        (w[0], w[1], w[2]) for w in app.rfc_warnings()}


def test_without_strict_the_built_in_words_still_work(build: BuildFn) -> None:
    app = build("team-words-strict", confoverrides={"rfc_template_strict": False})
    built_in = _strict_records(app)["RFC-0202"]
    assert built_in["status"] == "review"  # 讨论中
    assert built_in["sections"]["verification"] == "present"  # 验证设计 (key=verification)
    assert [(d["component"], d["strength"]) for d in built_in["dependencies"]] == [
        ("loader", "strong"), ("trainer", "strong")]  # 依赖强度, hard
    assert "Author" not in built_in.get("extra", {})  # Author is authors: a second row
    assert [w[2] for w in app.rfc_warnings()] == ["rfc.duplicate-row"]


# --------------------------------------------------------------------------
# Sub-sections of a reStructuredText template

_RST_TEMPLATE = """\
================
RFC：一句话标题
================

1. 背景
=======

为什么要做这件事。

2. 目标
=======

2.1 要做的
----------

写清楚要做什么。

2.2 不做的
----------

写清楚不做什么。

2.3 以后再说（可选）
--------------------

3. 方案
=======

怎么做。
"""

_RST_RFC = """\
RFC-0001：训练预热 warmup 调度
==============================

1. 背景
-------

现在 warmup 是写死的，team 里大家都改过一遍。

2. 目标
-------

2.1 要做的
~~~~~~~~~~

把 warmup 做成可配置的 scheduler。

2.2 不做的
~~~~~~~~~~

{not_goals}

2.3 以后再说
~~~~~~~~~~~~

3. 方案 design
--------------

加一个 ``WarmupScheduler``。
"""


@pytest.mark.parametrize(("not_goals", "empty"), [("", True), ("TBD", True),
                                                 ("不改 lr 的衰减部分。", False)])
def test_rst_template_sub_sections(build: BuildFn, tmp_path: Path, not_goals: str,
                                   empty: bool) -> None:
    from sphinx_rfc.config import load_template
    from sphinx_rfc.read.subsections import template_subsections

    project = write_project(tmp_path / "src", {
        "index.rst": "首页\n====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n",
        "team-template.rst": _RST_TEMPLATE,
        "rfcs/0001-warmup.rst": _RST_RFC.format(not_goals=not_goals),
    }, 'source_suffix = {".rst": "restructuredtext"}\nlanguage = "zh_CN"\n'
       'rfc_template = "team-template.rst"\nrfc_documents = ["rfcs/*"]\n'
       'rfc_git_dates = False\nexclude_patterns = ["_build", "team-template.rst"]\n')
    subs = template_subsections(load_template("team-template.rst", project, 2))
    assert [list(v.values()) for v in subs.values()] == [["2.1 要做的", "2.2 不做的"]]
    app = build(project)
    found = [(w[1], w[2], w[3]) for w in app.rfc_warnings()]
    line = line_of("0001-warmup.rst", "2.2 不做的", project)
    if empty:  # (the optional 2.3 is not checked; a placeholder is not reported again)
        assert found == [(line, "rfc.empty-section",
                          "RFC-0001: 章节 '2. 目标' 的子章节 '2.2 不做的' 没有内容")]
    else:
        assert found == []


# --------------------------------------------------------------------------
# "did you mean" names a word of the project's language


_NEAR_RFC = """\
# RFC-0009：{title}

## 组件依赖

| 依赖组件 | {header} |
|---|---|
| loader | 强 |
"""


@pytest.mark.parametrize(("language", "header", "meant"), [
    ("en", "Strenght", "'Strength' for 'Strenght'"),
    ("en", "依赖强弱度", "'Strength' for '依赖强弱度'"),
    ("zh_CN", "依赖强弱度", "'依赖强度' 是否应为"),
    ("zh_CN", "Strenght", "'Strenght' 是否应为 '强依赖 / 弱依赖'"),
])
def test_near_miss_names_a_word_of_the_project_s_language(
    build: BuildFn, tmp_path: Path, language: str, header: str, meant: str
) -> None:
    project = write_project(tmp_path / "src", {
        "index.md": "# Home\n\n```{toctree}\n:glob:\nrfcs/*\n```\n",
        "rfcs/0009-deps.md": _NEAR_RFC.format(title="deps", header=header),
    }, f'language = "{language}"\nrfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'
       'rfc_required_sections = []\nsource_suffix = {".md": "markdown"}\n')
    app = build(project)
    near = [w[3] for w in app.rfc_warnings() if w[2] == "rfc.near-miss"]
    assert len(near) == 1, app.warnings
    if language == "en":
        assert f"did you mean {meant}?" in near[0], near[0]
        assert "(strength)" not in near[0]
    else:
        assert meant.replace(" 是否应为", "") in near[0].replace(" 是否应为", ""), near[0]
        assert not re.search(r"[A-Za-z]", re.sub(r"'[^']*'|RFC-\d+", "", near[0])), near[0]


@pytest.mark.parametrize(("language", "header", "meant"), [
    ("en", "参数名字", "did you mean 'Parameter'?"),
    ("en", "Typ", "did you mean 'Type'?"),
    ("zh_CN", "参数名字", "是否指 '参数名'（入参 / 配置项）？"),
    ("zh_CN", "Typ", "是否指 '类型'？"),
])
def test_unknown_column_names_a_word_of_the_project_s_language(
    build: BuildFn, tmp_path: Path, language: str, header: str, meant: str
) -> None:
    rfc = ("# Knobs\n\n```{rfc} RFC-0001\n:status: draft\n:authors: A\n```\n\n"
           "```{rfc-interface} knobs\n"
           f"| {header} | Type | Default | Required | Meaning |\n"
           "|---|---|---|---|---|\n| `depth` | int | 2 | no | how deep |\n```\n")
    if header == "Typ":
        rfc = rfc.replace("| Typ | Type |", "| Parameter | Typ |")
    app = build({"index.md": "# Home\n\n```{toctree}\nrfc\n```\n", "rfc.md": rfc},
                conf=f'language = "{language}"\nrfc_required_sections = []\n'
                     'rfc_git_dates = False\nsource_suffix = {".md": "markdown"}\n')
    unknown = [w[3] for w in app.rfc_warnings() if w[2] == "rfc.unknown-column"]
    assert len(unknown) == 1, app.warnings
    assert meant in unknown[0], unknown[0]
