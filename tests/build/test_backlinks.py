"""Pages that show other RFCs' data ("Required by", "Superseded by", the
superseded notice, link titles) stay right in incremental builds, and only
those pages are rewritten.  (``-j 2`` against ``-j 1``: see
test_build_properties.py.)"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import Build, BuildFn, write_project

CONF = "rfc_required_sections = []\n"


def rfc(rfc_id: str, title: str, **options: str) -> str:
    opts = "".join(f"   :{k}: {v}\n" for k, v in options.items())
    return f"{title}\n{'=' * len(title)}\n\n.. rfc:: {rfc_id}\n{opts}"


def required_by(app: Build, page: str) -> str | None:
    html = (app.outdir / f"{page}.html").read_text(encoding="utf-8")
    match = re.search(r"<strong>Required by</strong></p></td>\s*<td><p>(.*?)</p></td>", html, re.S)
    return re.sub(r"<[^>]+>", "", match.group(1)) if match else None


def test_required_by_follows_edits_without_clean_build(tmp_path: Path, build: BuildFn) -> None:
    src = write_project(
        tmp_path / "src",
        {
            "index.rst": "I\n=\n\n.. toctree::\n   :glob:\n\n   *\n",
            "a.rst": rfc("RFC-0001", "Alpha", status="accepted"),
            "b.rst": rfc("RFC-0002", "Beta"),
            "c.rst": rfc("RFC-0003", "Gamma"),
        },
        CONF,
    )
    app = build(src)
    assert required_by(app, "a") is None

    (src / "b.rst").write_text(rfc("RFC-0002", "Beta", requires="RFC-0001"), encoding="utf-8")
    app = build(src)
    assert required_by(app, "a") == "RFC-0002"
    # b was edited, a shows b's data; c shows nothing of b's and is not rewritten
    assert "a" in app.written and "b" in app.written and "c" not in app.written

    (src / "c.rst").write_text(rfc("RFC-0003", "Gamma", requires="RFC-0001"), encoding="utf-8")
    app = build(src)
    assert required_by(app, "a") == "RFC-0002, RFC-0003"

    (src / "b.rst").unlink()
    app = build(src)
    assert required_by(app, "a") == "RFC-0003"
    assert "a" in app.written

    (src / "c.rst").write_text(rfc("RFC-0003", "Gamma"), encoding="utf-8")
    app = build(src)
    assert required_by(app, "a") is None


def test_superseded_notice_and_titles_follow_edits(tmp_path: Path, build: BuildFn) -> None:
    src = write_project(
        tmp_path / "src",
        {
            # (the root document is rewritten on every build by Sphinx 8.1)
            "index.rst": "I\n=\n",
            "refs.rst": "Refs\n====\n\nSee :rfc:ref:`RFC-0001`.\n",
            "old.rst": rfc("RFC-0001", "Old", status="superseded"),
            "new.rst": rfc("RFC-0002", "New"),
        },
        CONF,
    )
    app = build(src)
    old = (app.outdir / "old.html").read_text(encoding="utf-8")
    assert "This RFC is superseded." in old
    assert [w[2] for w in app.rfc_warnings()] == ["rfc.inconsistent-status"]

    (src / "new.rst").write_text(rfc("RFC-0002", "New", supersedes="RFC-0001"), encoding="utf-8")
    app = build(src)
    old = (app.outdir / "old.html").read_text(encoding="utf-8")
    assert re.search(r"This RFC is superseded by <a[^>]*href=\"new.html\"", old)
    assert "old" in app.written and "refs" not in app.written

    (src / "old.rst").write_text(rfc("RFC-0001", "Older", status="superseded"), encoding="utf-8")
    app = build(src)
    refs = (app.outdir / "refs.html").read_text(encoding="utf-8")
    assert 'title="Older (Superseded)"' in refs
    # new links to old (:supersedes:), so it shows the new title too
    assert {"old", "refs", "new"} <= set(app.written)
