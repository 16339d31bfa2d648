"""Only ``http``, ``https`` and ``mailto`` URLs in ``:issues:`` become links
(issue 15): ``javascript:`` (and ``data:``, ``vbscript:``, ``file:``, …)
would run in the reader's browser, so they are shown as text.  ``#N`` /
``!N`` still link through ``rfc_issue_url`` / ``rfc_pr_url``."""

from __future__ import annotations

import html
import re
from urllib.parse import unquote

import pytest
from conftest import sphinx_build, write_project

JS = "javascript://%0Aalert(document.domain)"

DIRECTIVE_RST = (
    "离线检查点 RFC\n"
    "==============\n\n"
    ".. rfc:: RFC-0031\n"
    "   :title: 离线检查点 (offline checkpoint)\n"
    "   :authors: 王五 <wangwu@example.com>\n"
    f"   :issues: {JS}, #12, !7, #\u00b2, https://gitlab.example.com/ml/ckpt/-/issues/3,"
    " mailto:ckpt-team@example.com, file:///C:/Users/me/secret.txt,"
    " JavaScript:alert(2), ftp://files.example.com/spec.pdf\n"
)
DIRECTIVE_MD = (
    "# 训练恢复 RFC\n\n"
    "```{rfc} RFC-0032\n"
    "---\n"
    "title: Resume training\n"
    f'issues: "{JS}"\n'
    "---\n"
    "```\n"
)
# a template-native RFC: the basic-information table of an rST file, where
# docutils itself turns javascript:… into a link
NATIVE_RST = (
    ":rfc: RFC-0033\n\n"
    "RFC: 数据加载零拷贝\n"
    "==================\n\n"
    "基本信息\n"
    "--------\n\n"
    "=============== ==========================================\n"
    "项目            内容\n"
    "=============== ==========================================\n"
    "作者            Ada <ada@example.com>\n"
    f"相关 issue / PR {JS}\n"
    "状态            草稿\n"
    "=============== ==========================================\n"
)
CONF = (
    "rfc_required_sections = []\nrfc_required_test_levels = []\n"
    'rfc_documents = ["native*"]\n'
    'rfc_issue_url = "https://gitlab.example.com/ml/ckpt/-/issues/{}"\n'
    'rfc_pr_url = "https://gitlab.example.com/ml/ckpt/-/merge_requests/{}"\n'
)


def _hrefs(page: str) -> list[str]:
    # (mail addresses are cloaked as entities and %-escapes in hrefs)
    return [unquote(html.unescape(h))
            for h in re.findall(r'<a class="reference external" href="([^"]*)"', page)]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    src = write_project(tmp_path_factory.mktemp("links") / "src", {
        "index.rst": "Top\n===\n\n.. toctree::\n\n   a\n   b\n   native\n",
        "a.rst": DIRECTIVE_RST, "b.md": DIRECTIVE_MD, "native.rst": NATIVE_RST,
    }, CONF)
    return sphinx_build(src)


def test_only_web_and_mail_addresses_are_linked(built) -> None:  # type: ignore[no-untyped-def]
    page = (built.outdir / "a.html").read_text(encoding="utf-8")
    assert _hrefs(page) == [
        "mailto:wangwu@example.com",
        "https://gitlab.example.com/ml/ckpt/-/issues/12",
        "https://gitlab.example.com/ml/ckpt/-/merge_requests/7",
        "https://gitlab.example.com/ml/ckpt/-/issues/3",
        "mailto:ckpt-team@example.com",
    ]
    for text in (JS, "#\u00b2", "file:///C:/Users/me/secret.txt", "JavaScript:alert(2)",
                 "ftp://files.example.com/spec.pdf"):
        assert text in page  # shown, as text
    assert 'href="javascript' not in page.lower() and 'href="file' not in page


def test_markdown_directive_option(built) -> None:  # type: ignore[no-untyped-def]
    page = (built.outdir / "b.html").read_text(encoding="utf-8")
    assert JS in page and "javascript:" not in "".join(_hrefs(page)).lower()


def test_native_basic_information_cell(built) -> None:  # type: ignore[no-untyped-def]
    page = (built.outdir / "native.html").read_text(encoding="utf-8")
    assert 'href="javascript' not in page.lower()
    assert JS in page
    assert "mailto:ada@example.com" in _hrefs(page)


@pytest.mark.parametrize(("url", "safe"), [
    ("https://example.com/a", True), ("HTTP://example.com", True),
    ("mailto:a@example.com", True), ("page.html#x", True), ("#frag", True),
    ("../rfcs/x.html", True),
    ("javascript:alert(1)", False), (" javascript:alert(1)", False),
    ("java\tscript:alert(1)", False), ("JaVaScRiPt:alert(1)", False),
    ("\x01javascript:alert(1)", False), ("data:text/html,x", False),
    ("vbscript:x", False), ("file:///etc/passwd", False), ("ftp://x/y", False),
])
def test_safe_url(url: str, safe: bool) -> None:
    from sphinx_rfc.render.elements import safe_url

    assert safe_url(url) is safe
