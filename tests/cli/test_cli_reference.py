"""The reference of the lifecycle commands (docs/reference/cli.md): the
transition table on the page is the one ``sphinx-rfc status`` applies, the
annotation form is what ``check --format github`` prints, and the pages
that show how to install say a line that works before any release."""

from __future__ import annotations

from pathlib import Path

from test_docs import DOCS, ROOT, _page, docs_build, out, rows  # noqa: F401 (fixtures)

from sphinx_rfc.spec import lifecycle

#: The lifecycle on the page, written by hand: each status and what may
#: follow it (the page is made from the code's table, so this is what
#: says the table is right): forward one step, an accepted RFC back to
#: review (an amendment), withdrawn or rejected from anywhere, superseded
#: when another RFC supersedes it.
LIFECYCLE: dict[str, list[str]] = {
    "draft": ["review", "withdrawn", "rejected", "superseded"],
    "review": ["accepted", "draft", "withdrawn", "rejected", "superseded"],
    "accepted": ["implemented", "review", "withdrawn", "rejected", "superseded"],
    "implemented": ["withdrawn", "rejected", "superseded"],
    "rejected": ["withdrawn", "superseded"],
    "withdrawn": ["rejected", "superseded"],
    "superseded": ["withdrawn", "rejected"],
}


def test_lifecycle_table_is_the_code_s(out: Path) -> None:  # noqa: F811
    found = rows(out, "reference/cli.html", "rfcdoc-lifecycle")
    assert {r[0].text: r[1].literals for r in found} == LIFECYCLE
    assert [r[0].text for r in found] == list(LIFECYCLE)
    # and what ``sphinx-rfc status`` applies (of an RFC another supersedes)
    assert {s: lifecycle.allowed_next(s, superseded=True) for s in LIFECYCLE} == LIFECYCLE


def test_annotation_form_is_on_the_page(out: Path) -> None:  # noqa: F811
    page = _page(out, "reference/cli.html")
    path = Path("docs", "rfcs", "0042-offload.md").as_posix()
    assert f"::warning file={path},line=12,title=rfc.placeholder::RFC-0042: " in page


def test_install_lines_work_before_a_release() -> None:
    """``pip install sphinx-rfc`` needs a published release; next to it the
    pages give the install from the repository (or a checkout)."""
    for page in ("tutorial.md", "howto/ci.md"):
        text = (DOCS / page).read_text(encoding="utf-8")
        assert "pip install sphinx-rfc" in text
        assert 'pip install "git+' in text, page
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'pip install "git+' in readme


def test_one_synopsis_per_command(out: Path) -> None:  # noqa: F811
    """Issue 45 item 4: the reference shows each command's usage once, and
    ``status`` takes its source folder as the other commands do: optional."""
    import html
    import re

    page = html.unescape(re.sub(r"<[^>]+>", "", _page(out, "reference/cli.html")))
    from sphinx_rfc.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    names = list(sub.choices)  # type: ignore[union-attr]
    assert len(names) == 9
    for name in names:
        assert len(re.findall(rf"sphinx-rfc {name} \[-h\]", page)) == 1, name
    status_usage = page.split("sphinx-rfc status [-h]", 1)[1].split("\n\n", 1)[0]
    assert "[sourcedir] rfc_id status" in " ".join(status_usage.split())
