"""Config values that used to pass validation and fail later, or be ignored
without a word (issue 15): URL templates with more than one replacement
field, extra fields named like a built-in field or not as a name, and the
default ID pattern matching digits of any script."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import sphinx_build, write_project
from sphinx.errors import ConfigError
from sphinx.testing.util import SphinxTestApp

DOC = (
    "Offload\n=======\n\n"
    ".. rfc:: RFC-0009\n"
    "   :title: 优化器卸载\n"
    "   :issues: #284, !31\n"
)


@pytest.mark.parametrize("name", ["rfc_issue_url", "rfc_pr_url"])
@pytest.mark.parametrize(("value", "why"), [
    ("https://x/{}/{}", "exactly one {} and no other replacement field"),
    ("https://x/{name}/{}", "exactly one {} and no other replacement field"),
    ("https://x/{0}/{}", "exactly one {} and no other replacement field"),
    ("https://x/{}?q={", "a valid format string with one {} (Single '{' encountered"),
    ("https://x/{{}}", "exactly one {} and no other replacement field"),
    ("https://x/{}{!r}", "exactly one {} and no other replacement field"),
])
def test_url_templates_are_checked_at_config_time(
    tmp_path: Path, name: str, value: str, why: str
) -> None:
    src = write_project(tmp_path / "src", {"index.rst": DOC}, f"{name} = {value!r}\n")
    with pytest.raises(ConfigError) as raised:
        SphinxTestApp("html", srcdir=src)  # the build failed late, naming no setting
    message = str(raised.value)
    assert message.startswith(f"sphinx_rfc: config value {name!r} must be None or ")
    assert why in message and message.endswith(f"; got {value!r}")


def test_good_url_templates_still_link(tmp_path: Path) -> None:
    conf = ('rfc_issue_url = "https://gitee.com/团队/repo/issues/{}?from={{rfc}}"\n'
            'rfc_pr_url = "https://gitee.com/团队/repo/pulls/{}"\n'
            "rfc_required_sections = []\nrfc_required_test_levels = []\n")
    built = sphinx_build(write_project(tmp_path / "src", {"index.rst": DOC}, conf))
    page = (built.outdir / "index.html").read_text(encoding="utf-8")
    assert 'href="https://gitee.com/团队/repo/issues/284?from={rfc}"' in page
    assert 'href="https://gitee.com/团队/repo/pulls/31"' in page


@pytest.mark.parametrize(("key", "builtin"), [
    ("status", "status"), ("Title", "title"), ("作者", "authors"), ("modules", "modules"),
    ("issues", "issues"), ("created", "created"), ("updated", "updated"),
    ("supersedes", "supersedes"), ("requires", "requires"), ("type", "type"),
    ("rfc", "rfc"), ("id", "rfc"), ("编号", "rfc"),
])
def test_extra_field_named_like_a_builtin_one(tmp_path: Path, key: str, builtin: str) -> None:
    value = {"backends": ["PT", "MS"], key: []}
    src = write_project(tmp_path / "src", {"index.rst": DOC}, f"rfc_extra_fields = {value!r}\n")
    with pytest.raises(ConfigError) as raised:
        SphinxTestApp("html", srcdir=src)
    assert str(raised.value) == (
        "sphinx_rfc: config value 'rfc_extra_fields' must be a dict field name -> list of "
        f"allowed values other than the built-in fields ({key!r} is the built-in field "
        f"{builtin!r}); got {value!r}"
    )


@pytest.mark.parametrize("key", ["review board", "owner:team", "a.b", "后端 (PT)", "x/y"])
def test_extra_field_that_is_no_name(tmp_path: Path, key: str) -> None:
    value = {key: ["是", "否"]}
    src = write_project(tmp_path / "src", {"index.rst": DOC}, f"rfc_extra_fields = {value!r}\n")
    with pytest.raises(ConfigError) as raised:
        SphinxTestApp("html", srcdir=src)
    assert str(raised.value) == (
        "sphinx_rfc: config value 'rfc_extra_fields' must be a dict field name -> list of "
        f"allowed values, each name made of letters, digits, '_' and '-' ({key!r} is not); "
        f"got {value!r}"
    )


def test_extra_field_names_that_are_accepted(tmp_path: Path) -> None:
    doc = DOC + "   :后端: PT\n   :review-board: 张三\n   :ci_job: nightly-2\n"
    conf = ('rfc_extra_fields = {"后端": ["PT", "MS"], "review-board": [], "ci_job": []}\n'
            "rfc_required_sections = []\nrfc_required_test_levels = []\n")
    built = sphinx_build(write_project(tmp_path / "src", {"index.rst": doc}, conf))
    assert built.rfc_warnings() == []
    data = json.loads((built.outdir / "rfcs.json").read_text(encoding="utf-8"))
    assert data["rfcs"][0]["extra"] == {
        "后端": ["PT"], "review-board": ["张三"], "ci_job": ["nightly-2"]}


def test_default_id_pattern_takes_ascii_digits_only(tmp_path: Path) -> None:
    files = {
        "index.rst": "Top\n===\n\n.. toctree::\n\n   a\n   b\n",
        "a.rst": "A\n=\n\n.. rfc:: RFC-123\n   :title: 阿拉伯-印度数字 pasted\n",
        # Arabic-Indic digits, as a right-to-left editor pastes them
        "b.rst": "B\n=\n\n.. rfc:: RFC-\u0661\u0662\u0663\n   :title: same number?\n",
    }
    conf = "rfc_required_sections = []\nrfc_required_test_levels = []\n"
    built = sphinx_build(write_project(tmp_path / "src", files, conf))
    found = [(f, t, m) for f, _n, t, m in built.rfc_warnings()]
    assert [(f, t) for f, t, _m in found] == [("b.rst", "rfc.invalid-value")]
    assert "RFC-\u0661\u0662\u0663" in found[0][2] and "^RFC-[0-9]+$" in found[0][2]


# --------------------------------------------------------------------------
# Issue 56: aliases that take a built-in word, URL templates of any scheme


@pytest.mark.parametrize(("aliases", "words"), [
    ({"status": {"draft": ["accepted"]}}, ["'accepted' already names the status 'accepted'"]),
    ({"status": {"draft": ["已接受"]}}, ["'已接受' already names the status 'accepted'"]),
    ({"status": {"review": ["Implemented"]}}, ["already names the status 'implemented'"]),
    ({"type": {"feature": ["performance"]}}, ["already names the type 'performance'"]),
    ({"status": {"draft": ["待定"], "review": ["待定"]}},
     ["'待定' is given to both 'draft' and 'review'"]),
])
def test_an_alias_cannot_take_a_word_of_another_value(
    tmp_path: Path, aliases: dict, words: list[str],
) -> None:
    conf = f"rfc_aliases = {{'values': {aliases!r}}}\n"
    src = write_project(tmp_path / "src", {"index.rst": DOC}, conf)
    with pytest.raises(ConfigError) as raised:
        SphinxTestApp("html", srcdir=src)
    message = str(raised.value)
    assert "rfc_aliases" in message and all(w in message for w in words), message


def test_an_alias_that_adds_a_word_still_reads(tmp_path: Path) -> None:
    conf = ("rfc_aliases = {'values': {'status': {'draft': ['起草中', 'Draft']}}}\n"
            "rfc_required_sections = []\nrfc_required_test_levels = []\n")
    doc = DOC + "   :status: 起草中\n"
    built = sphinx_build(write_project(tmp_path / "src", {"index.rst": doc}, conf))
    data = json.loads((built.outdir / "rfcs.json").read_text(encoding="utf-8"))
    assert [r["status"] for r in data["rfcs"]] == ["draft"]


@pytest.mark.parametrize("name", ["rfc_issue_url", "rfc_pr_url"])
@pytest.mark.parametrize("value", [
    "javascript:alert({})", "JavaScript:alert({})", " javascript:void({})",
    "data:text/html,<script>{}</script>", "vbscript:msgbox({})", "file:///etc/{}",
    "java\tscript:alert({})", "{}", "{}/issues",
])
def test_url_templates_of_another_scheme_are_config_errors(
    tmp_path: Path, name: str, value: str,
) -> None:
    src = write_project(tmp_path / "src", {"index.rst": DOC}, f"{name} = {value!r}\n")
    with pytest.raises(ConfigError) as raised:
        SphinxTestApp("html", srcdir=src)
    message = str(raised.value)
    assert message.startswith(f"sphinx_rfc: config value {name!r} must be None or ")
    assert "http" in message, message


def test_url_templates_on_the_same_site_are_kept(tmp_path: Path) -> None:
    conf = ('rfc_issue_url = "../tracker/issue-{}.html"\n'
            'rfc_pr_url = "//git.example.com/pulls/{}"\n'
            "rfc_required_sections = []\nrfc_required_test_levels = []\n")
    built = sphinx_build(write_project(tmp_path / "src", {"index.rst": DOC}, conf))
    page = (built.outdir / "index.html").read_text(encoding="utf-8")
    assert 'href="../tracker/issue-284.html"' in page
    assert 'href="//git.example.com/pulls/31"' in page


@pytest.mark.parametrize("nested", ["[" * 100_000 + "]" * 100_000,
                                    '{"a":' * 50_000 + "1" + "}" * 50_000])
def test_deeply_nested_json_in_a_template_comment_is_a_config_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], nested: str,
) -> None:
    """Issue 56 #12: a RecursionError is no message."""
    from sphinx_rfc.cli import main

    template = "<!-- rfc-aliases: " + nested + " -->\n# 标题\n\n## 背景\n\n写背景。\n"
    src = write_project(tmp_path / "src", {"index.rst": DOC, "template.md": template},
                        'rfc_template = "template.md"\n')
    with pytest.raises(ConfigError) as raised:
        SphinxTestApp("html", srcdir=src)
    message = str(raised.value)
    assert "template.md" in message and "nested too deeply" in message, message[:300]
    capsys.readouterr()
    assert main(["template", str(src)]) == 2
    _out, err = capsys.readouterr()
    assert "nested too deeply" in err and "Traceback" not in err and len(err.splitlines()) == 1
