"""Every forge's issue export read (docs/reference/import.md, "Forges"):
the root ``tests/roots/test-forge-shapes`` holds one export per shape —
GitHub's gh CLI and REST (with its issue events), GitLab's REST v4 (its
label and state events), Gitee's v5 (identifiers such as ``I7ABCD``, word
states, the project's own ``issue_state``), GitCode's and AtomGit's —,
each written after the forge's API documentation.  Imported into a git
repository (the import committed on 2025-06-01, the build on 2025-06-10),
each RFC has its forge's ID, status, author and dates, and its history
starts on the forge: the timeline and ``rfc.stale-review`` count from the
issue's creation and label events, not from the import commit."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import Build, copy_root, sphinx_build
from test_git_dates_build import git

from sphinx_rfc.cli import main
from sphinx_rfc.cli.issue_source import ForgeEvent, load_source

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

SHAPES = ("github-gh", "github-rest", "gitlab", "gitee", "gitcode", "atomgit")
#: 2025-06-10T00:00:00Z
BUILD_DAY = "1749513600"


def _front(path: Path) -> dict[str, str]:
    head = path.read_text(encoding="utf-8").split("---\n")[1]
    return dict(line.split(": ", 1) for line in head.strip().split("\n"))


@pytest.fixture
def project(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    root = tmp_path / "repo"
    docs = copy_root("forge-shapes", root / "docs")
    (root / ".gitignore").write_text("_build/\n", encoding="utf-8")
    for shape in SHAPES:
        code = main(["import", "--dir", str(docs / "rfcs"), str(docs / "issues" / f"{shape}.json")])
        out, err = capsys.readouterr()
        assert code == 0, err
        assert out.startswith("created ")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "导入 RFC issue", date="2025-06-01T10:00:00+08:00")
    return docs


def test_each_shape_is_read() -> None:
    issues = {}
    folder = Path(__file__).parent.parent / "roots" / "test-forge-shapes" / "issues"
    for shape in SHAPES:
        found = load_source(str(folder / f"{shape}.json"), number=None, title=None)
        assert found and all(not isinstance(i, str) for i in found), found
        issues.update({i.ident: i for i in found if not isinstance(i, str)})
    assert sorted(issues) == ["12", "15", "5", "7", "88", "I7ABCD", "I7ABCE"]
    assert (issues["7"].number, issues["7"].author, issues["7"].author_name, issues["7"].url) == (
        7, "li.lei", "李雷", "https://gitlab.example.com/hp/trainer/-/issues/7")
    assert issues["7"].body.startswith("## 背景")  # (GitLab's description)
    assert issues["7"].labels == ("RFC", "评审中")
    assert (issues["I7ABCD"].number, issues["I7ABCD"].key, issues["I7ABCD"].state) == (
        None, "I7ABCD", "进行中")
    assert issues["88"].number == 88 and issues["88"].url.startswith("https://gitcode.com/")
    assert issues["5"].url == "https://atomgit.com/hp-team/hyper-parallel/issues/5"
    assert issues["15"].events == (
        ForgeEvent("2025-02-10", "labeled", "rfc", "qian-qi"),
        ForgeEvent("2025-02-20", "labeled", "status: review", "sun-ba"),
    )
    assert [e.value for e in issues["7"].events] == ["RFC", "评审中"]


def test_the_front_matter_of_each(project: Path) -> None:
    files = {p.name.split("-")[0]: p for p in (project / "rfcs").iterdir()}
    assert sorted(files) == ["0005", "0007", "0012", "0015", "0088", "I7ABCD", "I7ABCE"]
    front = {number: _front(path) for number, path in files.items()}
    assert {n: (f["rfc"], f["status"]) for n, f in front.items()} == {
        "0005": ("RFC-0005", "accepted"),  # closed, labelled accepted (AtomGit)
        "0007": ("RFC-0007", "review"),  # opened, labelled 评审中 (GitLab)
        "0012": ("RFC-0012", "draft"),  # OPEN (gh)
        "0015": ("RFC-0015", "review"),  # labelled status: review (REST)
        "0088": ("RFC-0088", "review"),  # 待办的, labelled RFC/评审中 (GitCode)
        "I7ABCD": ("RFC-I7ABCD", "draft"),  # 进行中 (Gitee)
        "I7ABCE": ("RFC-I7ABCE", "implemented"),  # 已完成 (Gitee)
    }
    assert front["0007"]["authors"] == "[李雷]" and front["0007"]["reporter"] == "li.lei"
    assert front["0007"]["forge_history"] == (
        "[2025-03-01 draft 李雷, 2025-03-05 review han.meimei]")
    assert front["0015"]["forge_history"] == (
        "[2025-02-10 draft qian-qi, 2025-02-20 review sun-ba]")
    assert front["I7ABCD"]["issues"] == "['https://gitee.com/hp-team/hyper-parallel/issues/I7ABCD']"
    assert front["I7ABCE"]["forge_history"] == "[2025-01-20 draft wu-shi]"  # (no events)


def exported(build: Build) -> dict[str, dict[str, object]]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def test_history_and_stale_review_count_from_the_forge(
    project: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", BUILD_DAY)
    build = sphinx_build(project)
    rfcs = exported(build)
    steps = {key: [(h["status"], h["date"], h["commit"], h["author"])  # type: ignore[index]
                   for h in r["history"]] for key, r in rfcs.items()}  # type: ignore[attr-defined]
    commit = steps["RFC-0005"][1][2]
    assert re.fullmatch(r"[0-9a-f]{40}", commit)
    assert steps == {
        "RFC-0005": [("draft", "2025-01-15", "#5", "wang-er"), ("accepted", "2025-06-01", commit, "A")],
        "RFC-0007": [("draft", "2025-03-01", "#7", "李雷"), ("review", "2025-03-05", "#7", "han.meimei")],
        "RFC-0012": [("draft", "2025-02-03", "#12", "赵六")],
        "RFC-0015": [("draft", "2025-02-10", "#15", "qian-qi"), ("review", "2025-02-20", "#15", "sun-ba")],
        "RFC-0088": [("draft", "2025-05-06", "#88", "郑一"), ("review", "2025-06-01", commit, "A")],
        "RFC-I7ABCD": [("draft", "2025-04-02", "#I7ABCD", "周九")],
        "RFC-I7ABCE": [("draft", "2025-01-20", "#I7ABCE", "wu-shi"),
                       ("implemented", "2025-06-01", commit, "A")],
    }
    assert rfcs["RFC-0007"]["created"] == "2025-03-01" and rfcs["RFC-0007"]["authors"] == ["李雷"]
    stale = {w[0].rsplit("/", 1)[-1].split("-")[0]: w[3] for w in build.rfc_warnings()
             if w[2] == "rfc.stale-review"}
    # in review since the forge's label event; #88's review began with the import
    assert stale == {
        "0007": "RFC-0007: in review for 97 days, since 2025-03-05 (rfc_review_days = 30)",
        "0015": "RFC-0015: in review for 110 days, since 2025-02-20 (rfc_review_days = 30)",
    }, build.warnings
    assert [w for w in build.rfc_warnings() if w[2] != "rfc.stale-review"] == [], build.warnings
    page = (build.outdir / "rfcs" / "0015-通信计算重叠-comm-compute-overlap.html").read_text("utf-8")
    assert "(#15, qian-qi)" in page and "(#15, sun-ba)" in page
    # a second build reads nothing again: the forge's steps are no change
    again = sphinx_build(project)
    assert again.read == []
