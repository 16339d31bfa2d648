"""An RFC's status history from git (``rfc_history``), the stale-review rule
(``rfc_review_days``), the Atom feeds and ``rfc-stats``: a repository made
here with set commit dates (draft → review → accepted …), built whole,
with ``-j 2`` and incrementally after a new commit."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import Build, sphinx_build, write_project
from test_git_dates_build import git

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

#: 2025-06-01T00:00:00Z: the build's date (SOURCE_DATE_EPOCH)
BUILD_DAY = "1748736000"

CONF = (
    'rfc_documents = ["rfcs/native-*"]\n'
    "rfc_required_sections = []\n"
    'rfc_modules = ["storage", "网络"]\n'
    "rfc_review_days = 30\n"
    'html_baseurl = "https://docs.example.com/"\n'
    "html_sidebars = {'**': []}\n"
)

INDEX = (
    "# 设计文档 RFCs\n\n```{toctree}\n:glob:\n\nrfcs/*\nlist\nstats\n```\n"
)
LIST = "# 全部 RFC\n\n```{rfc-index}\n:columns: id, title, status\n```\n"
STATS = "# Dashboard 看板\n\n```{rfc-stats}\n```\n\n## 仅 storage\n\n```{rfc-stats}\n:module: storage\n```\n"


def native(status: str, extra: str = "") -> str:
    """A template-native RFC, Chinese basic-information table."""
    return (
        "# 存储层压缩 (storage compression)\n\n## 1. 基本信息\n\n"
        "| 项目 | 内容 |\n|---|---|\n"
        f"| 状态 | {status} |\n| 类型 | 性能优化 |\n| 涉及模块 | storage |\n\n"
        f"## 2. 背景\n\n为什么要压缩: disks fill up.{extra}\n"
    )


def directive(status: str, extra: str = "") -> str:
    """A MyST directive RFC with its status as an option."""
    return (
        "# Retry policy for 网络 calls\n\n"
        f"```{{rfc}} RFC-0002\n:status: {status}\n:type: feature\n:modules: 网络\n```\n\n"
        f"Some words about retries.{extra}\n"
    )


def rst_rfc(status: str) -> str:
    return (
        "Quota limits\n============\n\n"
        f".. rfc:: RFC-0003\n   :status: {status}\n   :type: enhancement\n"
        "   :modules: storage\n\nQuotas per tenant.\n"
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """docs/ with a history:

    - RFC-0001 (native, 状态 row): 草稿 01-06, 评审中 02-03, typo fix 02-10
      (same status), 已接受 03-04;
    - RFC-0002 (MyST ``:status:``): draft 01-20, review 04-01 (61 days
      before the build's date: stale);
    - RFC-0003 (rST): review 05-20 (12 days: not stale).
    """
    root = tmp_path / "repo"
    docs = write_project(root / "docs", {
        "index.md": INDEX, "list.md": LIST, "stats.md": STATS,
        "rfcs/native-0001.md": native("草稿"),
    }, CONF + 'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n')
    (root / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "RFC-0001 first draft", date="2025-01-06T09:00:00+08:00")

    def commit(name: str, text: str, message: str, date: str) -> None:
        (docs / name).write_text(text, encoding="utf-8")
        git(root, "add", ".")
        git(root, "commit", "-q", "-m", message, date=date)

    commit("rfcs/0002-retry.md", directive("draft"), "retry: draft", "2025-01-20T10:00:00+00:00")
    commit("rfcs/native-0001.md", native("评审中（周会）"), "0001 to review",
           "2025-02-03T10:00:00+00:00")
    commit("rfcs/native-0001.md", native("评审中（周会）", "\n\nTypo fixed."), "typo",
           "2025-02-10T10:00:00+00:00")
    commit("rfcs/native-0001.md", native("已接受"), "0001 accepted", "2025-03-04T10:00:00+00:00")
    commit("rfcs/0002-retry.md", directive("review"), "retry: review", "2025-04-01T10:00:00+00:00")
    commit("rfcs/0003-quota.rst", rst_rfc("review"), "quota", "2025-05-20T10:00:00+00:00")
    return docs


@pytest.fixture(autouse=True)
def build_day(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", BUILD_DAY)


def exported(build: Build) -> dict[str, dict[str, object]]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def steps(build: Build, rfc_id: str) -> list[tuple[object, object, object]]:
    history = exported(build)[rfc_id].get("history", [])
    assert isinstance(history, list)
    return [(h["status"], h["date"], h["author"]) for h in history]


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_history_in_export_page_and_index(repo: Path) -> None:
    build = sphinx_build(repo)
    assert steps(build, "RFC-0001") == [
        ("draft", "2025-01-06", "A"), ("review", "2025-02-03", "A"), ("accepted", "2025-03-04", "A"),
    ]
    assert steps(build, "RFC-0002") == [("draft", "2025-01-20", "A"), ("review", "2025-04-01", "A")]
    assert steps(build, "RFC-0003") == [("review", "2025-05-20", "A")]
    commits = [h["commit"] for h in exported(build)["RFC-0001"]["history"]]  # type: ignore[union-attr]
    assert len(set(commits)) == 3 and all(len(c) == 40 for c in commits)
    # the page's timeline
    page = (build.outdir / "rfcs" / "native-0001.html").read_text(encoding="utf-8")
    assert 'class="rfc-timeline' in page
    line = text_of(page.split('class="rfc-timeline', 1)[1].split("</div>", 1)[0])
    assert "Draft 2025-01-06" in line and "Review 2025-02-03" in line
    assert "Accepted 2025-03-04" in line
    assert line.index("Draft") < line.index("Review") < line.index("Accepted")
    # the index: days in the current status, to the build's date
    listing = text_of((build.outdir / "list.html").read_text(encoding="utf-8"))
    assert "Accepted · 89 days" in listing
    assert "Review · 61 days" in listing
    assert "Review · 12 days" in listing


def test_stale_review_where_due_and_nowhere_else(repo: Path) -> None:
    build = sphinx_build(repo)
    stale = [w for w in build.rfc_warnings() if w[2] == "rfc.stale-review"]
    assert len(stale) == 1
    assert stale[0][0].endswith("0002-retry.md")
    assert "61 days" in stale[0][3] and "2025-04-01" in stale[0][3]
    # off by default
    quiet = sphinx_build(repo, confoverrides={"rfc_review_days": None}, freshenv=True)
    assert [w for w in quiet.rfc_warnings() if w[2] == "rfc.stale-review"] == []


def test_no_history_off_untracked_and_shallow(repo: Path) -> None:
    off = sphinx_build(repo, confoverrides={"rfc_history": False}, freshenv=True)
    assert "history" not in exported(off)["RFC-0001"]
    assert 'class="rfc-timeline' not in (off.outdir / "rfcs" / "native-0001.html").read_text(
        encoding="utf-8")
    (repo / "rfcs" / "0004-new.md").write_text(
        "# 新的\n\n```{rfc} RFC-0004\n:status: review\n```\n", encoding="utf-8")
    build = sphinx_build(repo, freshenv=True)
    assert "history" not in exported(build)["RFC-0004"]
    assert [w for w in build.rfc_warnings() if w[2] != "rfc.stale-review"] == []


def test_parallel_and_incremental_after_a_new_commit(repo: Path) -> None:
    first = sphinx_build(repo, parallel=2)
    serial = sphinx_build(repo, freshenv=True)
    assert (first.outdir / "rfcs.json").read_bytes() == (serial.outdir / "rfcs.json").read_bytes()
    assert steps(first, "RFC-0003") == [("review", "2025-05-20", "A")]
    # a new commit changes no file's time: the RFC is read again all the same
    path = repo / "rfcs" / "0003-quota.rst"
    path.write_text(rst_rfc("accepted"), encoding="utf-8")
    edited = sphinx_build(repo, parallel=2)
    assert steps(edited, "RFC-0003") == [("review", "2025-05-20", "A")]  # not committed yet
    git(repo.parent, "commit", "-q", "-am", "quota accepted", date="2025-05-28T10:00:00+00:00")
    committed = sphinx_build(repo, parallel=2)
    assert steps(committed, "RFC-0003") == [
        ("review", "2025-05-20", "A"), ("accepted", "2025-05-28", "A")]
    assert "rfcs/0003-quota" in committed.read
    assert "rfcs/native-0001" not in committed.read
    page = (committed.outdir / "rfcs" / "0003-quota.html").read_text(encoding="utf-8")
    assert "Accepted 2025-05-28" in text_of(page)
    listing = text_of((committed.outdir / "list.html").read_text(encoding="utf-8"))
    assert "Accepted · 4 days" in listing


def test_a_new_day_rewrites_the_days_in_status(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index's days in the current status are the build's date's: a
    rebuild the next days, with no file changed, writes the index again
    with the new counts (it held the old ones: nothing had changed)."""
    first = sphinx_build(repo)
    assert "Review · 12 days" in text_of((first.outdir / "list.html").read_text("utf-8"))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(int(BUILD_DAY) + 3 * 86400))
    later = sphinx_build(repo)
    listing = text_of((later.outdir / "list.html").read_text(encoding="utf-8"))
    assert "Accepted · 92 days" in listing
    assert "Review · 64 days" in listing
    assert "Review · 15 days" in listing
    # the RFC that is not stale is not read again for it
    assert "rfcs/0003-quota" not in later.read
    # the same day again: nothing to write again, the counts hold
    again = sphinx_build(repo)
    assert "Review · 15 days" in text_of((again.outdir / "list.html").read_text("utf-8"))


ATOM = "{http://www.w3.org/2005/Atom}"


def feed(build: Build, name: str) -> list[tuple[str, str, str]]:
    """``(title, updated, link)`` of each entry of the feed *name* (valid XML)."""
    root = ET.parse(build.outdir / name).getroot()
    assert root.tag == f"{ATOM}feed"
    assert root.findtext(f"{ATOM}id") and root.findtext(f"{ATOM}updated")
    entries = root.findall(f"{ATOM}entry")
    for entry in entries:  # may be empty: the callers check the entries
        assert (entry.findtext(f"{ATOM}id") or "").startswith("urn:uuid:")
        assert entry.find(f"{ATOM}author/{ATOM}name") is not None
    return [(e.findtext(f"{ATOM}title") or "", e.findtext(f"{ATOM}updated") or "",
             e.find(f"{ATOM}link").get("href", ""))  # type: ignore[union-attr]
            for e in entries]


def test_feeds(repo: Path) -> None:
    build = sphinx_build(repo)
    everything = feed(build, "rfcs.atom")
    assert [t for t, _u, _l in everything] == [
        "RFC-0003 new, review: Quota limits",
        "RFC-0002 review: Retry policy for 网络 calls",
        "RFC-0001 accepted: 存储层压缩 (storage compression)",
        "RFC-0001 review: 存储层压缩 (storage compression)",
        "RFC-0002 new, draft: Retry policy for 网络 calls",
        "RFC-0001 new, draft: 存储层压缩 (storage compression)",
    ]
    assert everything[0][1] == "2025-05-20T00:00:00Z"
    assert everything[2][2] == "https://docs.example.com/rfcs/native-0001.html"
    accepted = feed(build, "rfcs-status-accepted.atom")
    assert [t for t, _u, _l in accepted] == ["RFC-0001 accepted: 存储层压缩 (storage compression)"]
    assert len(feed(build, "rfcs-status-review.atom")) == 3
    assert feed(build, "rfcs-status-rejected.atom") == []
    network = feed(build, "rfcs-module-网络.atom")
    assert [t for t, _u, _l in network] == [
        "RFC-0002 review: Retry policy for 网络 calls",
        "RFC-0002 new, draft: Retry policy for 网络 calls",
    ]
    assert len(feed(build, "rfcs-module-storage.atom")) == 4
    # stable ids: a second build from scratch gives the same bytes
    again = sphinx_build(repo, freshenv=True)
    assert (again.outdir / "rfcs.atom").read_bytes() == (build.outdir / "rfcs.atom").read_bytes()
    # the index page and the RFC pages link them
    alternate = re.compile(r'<link rel="alternate" type="application/atom\+xml"[^>]*href="([^"]+)"')
    listing = (build.outdir / "list.html").read_text(encoding="utf-8")
    assert alternate.findall(listing) == ["rfcs.atom"]
    page = (build.outdir / "rfcs" / "native-0001.html").read_text(encoding="utf-8")
    assert alternate.findall(page) == [
        "../rfcs.atom", "../rfcs-status-accepted.atom", "../rfcs-module-storage.atom"]
    # no feed for other builders
    text = sphinx_build(repo, "text")
    assert not (text.outdir / "rfcs.atom").exists()


BOX = '<div class="rfc-stats docutils container">'


def bars(svg: str) -> dict[tuple[str, str], int]:
    found = re.findall(
        r'<rect class="rfc-stats-bar" data-(?:status|type)="([^"]*)" '
        r'data-(?:module|part)="([^"]*)" data-count="(\d+)"', svg)
    return {(a, b): int(n) for a, b, n in found}


def test_stats_chart_counts(repo: Path) -> None:
    build = sphinx_build(repo)
    page = (build.outdir / "stats.html").read_text(encoding="utf-8")
    first, storage = page.split(BOX)[1:]
    assert "<script" not in first
    svgs = re.findall(r"<svg.*?</svg>", first, re.S)
    assert len(svgs) == 3
    for svg in svgs:
        ET.fromstring(svg)  # well-formed
    # over time: after 2025-05-20 one accepted, two in review
    points = re.findall(r'data-status="(\w+)" data-date="([\d-]+)" data-count="(\d+)"', svgs[0])
    assert points
    last = {s: int(n) for s, d, n in points if d == "2025-05-20"}
    assert last == {"draft": 0, "review": 2, "accepted": 1}
    first_day = {s: int(n) for s, d, n in points if d == "2025-01-06"}
    assert first_day == {"draft": 1, "review": 0, "accepted": 0}
    assert bars(svgs[1]) == {("accepted", "storage"): 1, ("review", "storage"): 1,
                             ("review", "网络"): 1}
    assert bars(svgs[2]) == {("performance", ""): 1, ("feature", ""): 1, ("enhancement", ""): 1}
    assert "Median time from draft to accepted: 57 days (over 1 RFCs)." in text_of(first)
    # :module: storage keeps RFC-0001 and RFC-0003
    storage_svgs = re.findall(r"<svg.*?</svg>", storage, re.S)
    assert bars(storage_svgs[1]) == {("accepted", "storage"): 1, ("review", "storage"): 1}
    # text builder: tables of the same numbers
    text = sphinx_build(repo, "text")
    out = (text.outdir / "stats.txt").read_text(encoding="utf-8")
    assert "2025-05-20" in out and "No module" not in out
    assert build.rfc_warnings() == [w for w in build.rfc_warnings() if w[2] == "rfc.stale-review"]


def test_stats_without_history(tmp_path: Path) -> None:
    docs = write_project(tmp_path / "plain", {
        "index.md": INDEX, "list.md": LIST, "stats.md": STATS,
        "rfcs/native-0001.md": native("已接受"), "rfcs/0002-retry.md": directive("review"),
    }, CONF + 'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n')
    build = sphinx_build(docs)
    page = (build.outdir / "stats.html").read_text(encoding="utf-8")
    assert "No status history from git" in page
    svgs = re.findall(r"<svg.*?</svg>", page.split(BOX)[1], re.S)
    assert len(svgs) == 2
    assert bars(svgs[0]) == {("accepted", "storage"): 1, ("review", "网络"): 1}
    assert build.rfc_warnings() == []
    assert not feed(build, "rfcs.atom")


@pytest.mark.parametrize(("text", "suffix", "expected"), [
    ("---\nrfc: RFC-0009\nstatus: 评审中\n---\n# 标题\n", ".md", "review"),
    ("# T\n\n```{rfc} RFC-0009\n:status: Accepted\n```\n", ".md", "accepted"),
    ("# T\n\n```{rfc} RFC-0009\n---\nstatus: implemented\n---\n```\n", ".md", "implemented"),
    ("T\n=\n\n.. rfc:: RFC-0009\n   :type: feature\n   :status: withdrawn\n", ".rst", "withdrawn"),
    (":rfc: RFC-0009\n:状态: 草稿\n\nT\n=\n", ".rst", "draft"),
    ("# T\n\n## 基本信息\n\n| Field | Value |\n|---|---|\n| **Status** | Review (周五过会) |\n",
     ".md", "review"),
    ("T\n=\n\n基本信息\n--------\n\n.. list-table::\n\n   * - 当前状态\n     - 已通过\n", ".rst",
     "accepted"),
    # a dependency table's status column is no basic-information row
    ("# T\n\n| 组件 | 状态 |\n|---|---|\n| data | 已接受 |\n", ".md", None),
    ("# T\n\n| 状态 | TBD |\n|---|---|\n", ".md", None),
    ("", ".md", None),
])
def test_status_in_text(text: str, suffix: str, expected: str | None) -> None:
    from sphinx_rfc.read.history import status_in_text
    from sphinx_rfc.spec.vocabulary import STATUSES

    assert status_in_text(text, STATUSES, suffix=suffix) == expected


def test_a_new_commit_reads_the_texts_of_its_files_only(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sphinx_rfc.read import git_log

    asked: list[list[tuple[str, str]]] = []
    real = git_log.read_blobs

    def counting(top: object, wanted: object) -> object:
        keys = list(wanted)  # type: ignore[call-overload]
        asked.append(keys)
        return real(top, keys)  # type: ignore[arg-type]

    monkeypatch.setattr(git_log, "read_blobs", counting)
    sphinx_build(repo)
    # every RFC file at every commit (7): not index.md, list.md, stats.md (3)
    assert len(asked) == 1 and len(asked[0]) == 7
    assert {p.rsplit("/", 1)[1] for _sha, p in asked[0]} == {
        "native-0001.md", "0002-retry.md", "0003-quota.rst"}
    path = repo / "rfcs" / "0002-retry.md"
    path.write_text(directive("accepted"), encoding="utf-8")
    git(repo.parent, "commit", "-q", "-am", "retry accepted", date="2025-05-30T10:00:00+00:00")
    build = sphinx_build(repo)
    assert [[p for _sha, p in keys] for keys in asked[1:]] == [["docs/rfcs/0002-retry.md"]]
    assert steps(build, "RFC-0002")[-1] == ("accepted", "2025-05-30", "A")
    assert [w for w in build.rfc_warnings() if w[2] == "rfc.stale-review"] == []


def test_only_rfc_documents_history_is_read(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long unrelated history under the source folder (a CHANGELOG edited
    at every release, a page deleted since, a data file) is not read: only
    the versions of the documents that are RFCs."""
    from sphinx_rfc.read import git_log

    top = repo.parent
    for release in range(1, 26):
        log = "# 更新日志 Changelog\n\n" + "".join(
            f"## v0.{n}.0\n\n- 修复了若干问题 (fixes), status: accepted\n\n"
            for n in range(release, 0, -1))
        (repo / "CHANGELOG.md").write_text(log, encoding="utf-8")
        (repo / "notes.md").write_text(f"# 周会记录\n\n第 {release} 次。\n", encoding="utf-8")
        git(top, "add", ".")
        git(top, "commit", "-q", "-m", f"release 0.{release}", date="2025-05-21T10:00:00+00:00")
    git(top, "rm", "-q", "docs/notes.md")
    git(top, "commit", "-q", "-m", "notes moved to the wiki", date="2025-05-22T10:00:00+00:00")
    asked: list[tuple[str, str]] = []
    real = git_log.read_blobs

    def counting(where: object, wanted: object) -> object:
        keys = list(wanted)  # type: ignore[call-overload]
        asked.extend(keys)
        return real(where, keys)  # type: ignore[arg-type]

    monkeypatch.setattr(git_log, "read_blobs", counting)
    build = sphinx_build(repo)
    assert asked
    assert sorted({p.rsplit("/", 1)[1] for _sha, p in asked}) == [
        "0002-retry.md", "0003-quota.rst", "native-0001.md"]
    assert len(asked) == 7
    assert [s for s, _d, _a in steps(build, "RFC-0001")] == ["draft", "review", "accepted"]
    # a page that becomes an RFC later gets its whole history
    (repo / "rfcs" / "0004-cache.md").write_text(directive("draft").replace(
        "RFC-0002", "RFC-0004"), encoding="utf-8")
    git(top, "add", ".")
    git(top, "commit", "-q", "-m", "cache: draft", date="2025-05-23T10:00:00+00:00")
    build = sphinx_build(repo)
    assert steps(build, "RFC-0004") == [("draft", "2025-05-23", "A")]
    assert "CHANGELOG.md" not in {p.rsplit("/", 1)[1] for _sha, p in asked}


def test_shallow_clone_has_no_history(repo: Path) -> None:
    """A shallow clone's history is its few fetched commits: none is shown
    rather than a wrong one; the one accepted RFC is warned that it cannot
    be checked against its acceptance (test_shallow_clone.py)."""
    import subprocess

    top = repo.parent
    oldest = subprocess.run(["git", "rev-list", "--max-parents=0", "HEAD"], cwd=top,
                            capture_output=True, text=True, check=True).stdout.strip()
    (top / ".git" / "shallow").write_text(oldest + "\n", encoding="utf-8")
    build = sphinx_build(repo)
    assert exported(build)
    assert all("history" not in r for r in exported(build).values())
    assert [(w[0], w[2]) for w in build.rfc_warnings()] == [
        ("native-0001.md", "rfc.changed-after-acceptance")]
    assert feed(build, "rfcs.atom") == []


def test_status_field_named_by_rfc_aliases() -> None:
    from sphinx_rfc.read.history import status_in_text
    from sphinx_rfc.spec.text import fold_header
    from sphinx_rfc.spec.vocabulary import STATUSES

    # (a table under the title is the basic information when most of its
    # rows, and two at least, are fields: the build's rule)
    text = "# T\n\n| 字段 | 值 |\n|---|---|\n| 作者 | 王五 |\n| 进展 | 已接受 |\n"
    assert status_in_text(text, STATUSES) is None
    assert status_in_text(text, STATUSES, {fold_header("进展")}) == "accepted"
