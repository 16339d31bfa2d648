"""The team's whole workflow in one git repository, as
docs/howto/forge-workflow.md tells it, each step committed on its own day:
three RFC issues imported from the forge (one with its label events), two
RFCs written with ``sphinx-rfc new`` (IDs from ``rfc_new_ids``' range, so
the forge's next issue imports beside them), one reviewed, approved and
accepted, then changed (``rfc.changed-after-acceptance``, a ``-W`` build
red), amended (back to review) and accepted again (the ``-W`` build green),
implemented by a commit that cites it (and not by one that only edits it),
and an imported RFC superseded by the second new one.  At each step: the
page, ``rfcs.json``, the warnings, ``sphinx-rfc list``, ``sphinx-rfc
diff`` and the Atom feeds."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import Build, sphinx_build, write_project
from sphinx.cmd.build import build_main
from test_git_dates_build import git

from sphinx_rfc import cli

pytestmark = [pytest.mark.skipif(shutil.which("git") is None, reason="needs git"),
              pytest.mark.slow]

#: 2025-09-01T00:00:00Z
BUILD_DAY = "1756684800"
ATOM = "{http://www.w3.org/2005/Atom}"

CONF = """\
project = "hyper-parallel"
rfc_documents = ["rfcs/*"]
rfc_required_sections = []
rfc_required_test_levels = []
rfc_modules = ["trainer", "checkpoint", "comm"]
rfc_module_paths = {"trainer": "src/hp/trainer/", "checkpoint": "src/hp/checkpoint/",
                    "comm": "src/hp/comm/"}
rfc_approvers = {"checkpoint": ["李雷"]}
rfc_new_ids = {"range": [9000, 9999]}
rfc_review_days = 90
rfc_issue_url = "https://github.com/hp-team/hyper-parallel/issues/{}"
html_baseurl = "https://hp-team.example.com/design/"
"""

INDEX = "# 设计文档\n\n```{toctree}\n:glob:\n\nrfcs/*\nall\n```\n"
ALL = "# 全部 RFC\n\n```{rfc-index}\n:group-by: status\n:columns: id, title, status, modules, commits\n```\n"


def issue(number: int, title: str, body: str, labels: tuple[str, ...] = ("rfc",),
          events: list[dict[str, object]] | None = None) -> dict[str, object]:
    """An issue as the gh CLI exports it (and its REST events, when given)."""
    data: dict[str, object] = {
        "number": number, "title": title, "body": body,
        "author": {"login": "zhao-liu", "name": "赵六"},
        "createdAt": "2025-03-02T09:15:00Z", "updatedAt": "2025-03-20T02:00:00Z",
        "url": f"https://github.com/hp-team/hyper-parallel/issues/{number}",
        "labels": [{"name": name} for name in labels], "state": "OPEN", "stateReason": "",
    }
    if events is not None:
        data["events"] = events
    return data


ISSUES = [
    issue(3, "[RFC] 梯度累积 gradient accumulation",
          "## 背景\n\n显存放不下 global batch 4096。\n\n## 方案\n\n累积 4 个 micro-batch 再 step。\n"),
    issue(4, "[RFC] 通信计算重叠",
          "## 背景\n\nall-reduce 占 step 的 30%（64 卡）。\n\n## 方案\n\n梯度分桶，边算边发。\n",
          ("rfc", "status: review"),
          [{"event": "labeled", "label": {"name": "rfc"}, "actor": {"login": "zhao-liu"},
            "created_at": "2025-03-02T09:15:03Z"},
           {"event": "labeled", "label": {"name": "status: review"},
            "actor": {"login": "sun-ba"}, "created_at": "2025-08-20T08:00:00Z"}]),
    issue(5, "RFC: 激活重算 selective recompute",
          "## 背景\n\n32k 序列下激活占满显存。\n\n## 方案\n\n只重算 softmax。\n"),
]

PARAM = "| `async_save` | `bool` | `False` | 否 | 打开异步保存 |\n"
PENDING = "| `max_pending` | `int` | `2` | 否 | 最多几个保存在排队（个） |\n"
REVIEWS = (
    "\n## 评审记录\n\n```{rfc-reviews}\n| 评审人 | 结论 | 日期 | 意见 |\n|---|---|---|---|\n"
    "| 李雷（checkpoint owner） | 通过 | 2025-06-10 | 写盘失败要能重试 |\n```\n"
)


def written(head: str, params: str, reviews: str = "") -> str:
    """RFC-9000 as its author wrote it after ``new``: the ``rfc`` directive
    ``new`` made (*head*), then the RFC's own text."""
    return (
        f"{head}\n## 2. 背景\n\n保存 checkpoint 时训练停 40 秒左右，64 卡上更明显。\n\n"
        "## 5. 对外接口\n\n```{rfc-interface} CheckpointConfig\n"
        "| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |\n|---|---|---|---|---|\n"
        f"{params}```\n{reviews}"
    )


class Workflow:
    """The repository, its commits on set days, and what each step reads."""

    def __init__(self, root: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.root, self.capsys = root, capsys
        self.docs = write_project(root / "docs", {"index.md": INDEX, "all.md": ALL}, CONF)
        (root / ".gitignore").write_text("_build/\n", encoding="utf-8")
        git(root, "init", "-q", "-b", "main")
        self.commit("项目骨架", "2025-03-01")

    def commit(self, message: str, day: str) -> None:
        git(self.root, "add", ".")
        git(self.root, "commit", "-q", "-m", message, date=f"{day}T10:00:00+08:00")

    def cli(self, *argv: str) -> tuple[int, str, str]:
        code = cli.main(list(argv))
        out, err = self.capsys.readouterr()
        return code, out, err

    def build(self) -> Build:
        return sphinx_build(self.docs)

    def rfcs(self, build: Build) -> dict[str, dict[str, object]]:
        data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
        return {r["id"]: r for r in data["rfcs"]}

    def listed(self) -> dict[str, str]:
        code, out, err = self.cli("list", str(self.docs), "--format", "json")
        assert code == 0, err
        return {r["id"]: r["status"] for r in json.loads(out)}

    def feed(self, build: Build, name: str) -> list[str]:
        path = build.outdir / name
        if not path.exists():
            return []
        root = ET.fromstring(path.read_bytes())
        return [e.findtext(f"{ATOM}title") or "" for e in root.findall(f"{ATOM}entry")]

    def page(self, build: Build, stem: str) -> str:
        found = list((build.outdir / "rfcs").glob(f"{stem}*.html"))
        assert len(found) == 1, found
        return found[0].read_text(encoding="utf-8")

    def warned(self, build: Build) -> list[tuple[str, str]]:
        return [(w[0].rsplit("/", 1)[-1].split("-")[0], w[2]) for w in build.rfc_warnings()]

    def strict(self) -> int:
        """A ``sphinx-build -W`` of the project, into a folder of its own."""
        return build_main(["-W", "-q", "-b", "html", str(self.docs),
                           str(self.docs / "_build" / "strict")])


def history(rfc: dict[str, object]) -> list[tuple[str, str]]:
    return [(h["status"], h["date"]) for h in rfc.get("history", [])]  # type: ignore[attr-defined, index]


def test_from_forge_issues_to_accepted_rfcs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", BUILD_DAY)
    flow = Workflow(tmp_path / "repo", capsys)
    docs, rfcs_dir = flow.docs, flow.docs / "rfcs"

    # 1. import three issues from the forge
    source = tmp_path / "issues.json"
    source.write_text(json.dumps(ISSUES, ensure_ascii=False), encoding="utf-8")
    code, out, err = flow.cli("import", str(source), "--dir", str(rfcs_dir))
    assert (code, err) == (0, "") and out.count("created ") == 3
    flow.commit("导入 RFC issue #3 #4 #5", "2025-06-01")
    build = flow.build()
    assert flow.warned(build) == []
    rfcs = flow.rfcs(build)
    assert sorted(rfcs) == ["RFC-0003", "RFC-0004", "RFC-0005"]
    assert history(rfcs["RFC-0004"]) == [("draft", "2025-03-02"), ("review", "2025-08-20")]
    assert history(rfcs["RFC-0003"]) == [("draft", "2025-03-02")]
    assert flow.listed() == {"RFC-0003": "draft", "RFC-0004": "review", "RFC-0005": "draft"}
    assert "(#4, sun-ba)" in flow.page(build, "0004")
    assert [t.split(" ")[0] for t in flow.feed(build, "rfcs-status-review.atom")] == ["RFC-0004"]

    # 2. two RFCs written here: IDs the forge will not hand out
    code, out, err = flow.cli("new", "检查点异步保存", "--dir", str(rfcs_dir),
                              "--author", "赵六", "--module", "checkpoint")
    assert code == 0, err
    assert out.startswith("RFC-9000: ")
    ckpt = Path(out.strip().split(": ", 1)[1])
    code, out, err = flow.cli("new", "梯度累积 v2：按 token 数累积", "--dir", str(rfcs_dir),
                              "--author", "钱七", "--module", "trainer")
    assert code == 0 and out.startswith("RFC-9001: "), err
    accum = Path(out.strip().split(": ", 1)[1])
    fresh = flow.build()
    # (a fresh RFC is the template's: its blanks are told until written)
    assert {w for w in flow.warned(fresh)} == {("9000", "rfc.placeholder"),
                                               ("9001", "rfc.placeholder")}
    head = ckpt.read_text(encoding="utf-8").split("## 2.", 1)[0]
    assert "```{rfc} RFC-9000\n:status: draft\n" in head
    ckpt.write_text(written(head, PARAM), encoding="utf-8")
    accum_head = accum.read_text(encoding="utf-8").split("## 2.", 1)[0]
    accum.write_text(
        f"{accum_head}\n## 2. 背景\n\n按 micro-batch 数累积时，变长序列的有效 batch 忽大忽小。\n",
        encoding="utf-8")
    flow.commit("RFC-9000、RFC-9001 初稿", "2025-06-03")
    # the forge's next issue imports beside them
    more = tmp_path / "issue-6.json"
    more.write_text(json.dumps([issue(6, "[RFC] 数据预取", "## 背景\n\nGPU 等数据。\n")],
                               ensure_ascii=False), encoding="utf-8")
    code, out, err = flow.cli("import", str(more), "--dir", str(rfcs_dir))
    assert (code, err) == (0, "") and "0006-数据预取.md" in out
    flow.commit("导入 RFC issue #6", "2025-06-04")
    build = flow.build()
    assert flow.warned(build) == []
    assert flow.listed() == {"RFC-0003": "draft", "RFC-0004": "review", "RFC-0005": "draft",
                             "RFC-0006": "draft", "RFC-9000": "draft", "RFC-9001": "draft"}

    # 3. review
    code, out, err = flow.cli("status", str(docs), "RFC-9000", "review", "--date", "2025-06-05")
    assert code == 0 and "RFC-9000 draft -> review" in out, err
    flow.commit("RFC-9000 进入评审", "2025-06-05")
    # 4. approve: not accepted without the owner's approval, then approved
    code, _out, err = flow.cli("status", str(docs), "RFC-9000", "accepted")
    assert code == 1 and "李雷" in err
    ckpt.write_text(written(head.replace(":status: draft", ":status: review"), PARAM, REVIEWS),
                    encoding="utf-8")
    flow.commit("RFC-9000 评审通过（李雷）", "2025-06-10")
    # 5. accept
    code, out, err = flow.cli("status", str(docs), "RFC-9000", "accepted", "--date", "2025-06-12")
    assert code == 0 and "RFC-9000 review -> accepted" in out, err
    flow.commit("RFC-9000 已接受", "2025-06-12")
    build = flow.build()
    assert flow.warned(build) == []
    rfcs = flow.rfcs(build)
    assert history(rfcs["RFC-9000"]) == [("draft", "2025-06-03"), ("review", "2025-06-05"),
                                         ("accepted", "2025-06-12")]
    assert [r["verdict"] for r in rfcs["RFC-9000"]["reviews"]] == ["approve"]  # type: ignore[attr-defined, index]
    assert flow.listed()["RFC-9000"] == "accepted"
    assert [t.split(" ")[0] for t in flow.feed(build, "rfcs-status-accepted.atom")] == ["RFC-9000"]
    assert flow.cli("diff", str(docs), "RFC-9000")[0] == 0
    assert flow.strict() == 0

    # 6. changed after acceptance: warned, the -W build red, diff names the row
    accepted_text = ckpt.read_text(encoding="utf-8")
    ckpt.write_text(accepted_text.replace(PARAM, PARAM + PENDING), encoding="utf-8")
    flow.commit("RFC-9000：加 max_pending", "2025-07-01")
    build = flow.build()
    assert flow.warned(build) == [("9000", "rfc.changed-after-acceptance")]
    message = build.rfc_warnings()[0][3]
    assert "2025-06-12" in message and "max_pending" in message
    assert "rfc-changed-notice" in flow.page(build, "9000")
    code, out, _err = flow.cli("diff", str(docs), "RFC-9000", "--format", "json")
    assert code == 1
    assert [(c["kind"], c["key"], c["change"]) for c in json.loads(out)["changes"]] == [
        ("interface", "CheckpointConfig: max_pending", "added")]
    assert flow.strict() != 0

    # 7. the amendment: back to review (the lifecycle allows it), accepted again
    code, out, err = flow.cli("status", str(docs), "RFC-9000", "review", "--date", "2025-07-02")
    assert code == 0 and "RFC-9000 accepted -> review" in out, err
    flow.commit("RFC-9000 修订：max_pending 进入评审", "2025-07-02")
    build = flow.build()
    assert flow.warned(build) == []
    assert flow.listed()["RFC-9000"] == "review"
    code, out, err = flow.cli("status", str(docs), "RFC-9000", "accepted", "--date", "2025-07-08")
    assert code == 0 and "RFC-9000 review -> accepted" in out, err
    flow.commit("RFC-9000 修订通过", "2025-07-08")
    build = flow.build()
    assert flow.warned(build) == []
    assert "rfc-changed-notice" not in flow.page(build, "9000")
    rfcs = flow.rfcs(build)
    assert history(rfcs["RFC-9000"])[-3:] == [("accepted", "2025-06-12"), ("review", "2025-07-02"),
                                              ("accepted", "2025-07-08")]
    code, out, _err = flow.cli("diff", str(docs), "RFC-9000")
    assert code == 0 and "(2025-07-08, the commit that last made it accepted)" in out
    assert flow.strict() == 0  # green again

    # 8. implemented: a commit citing it that touches code counts, one
    # that only edits the RFC does not
    code_file = flow.root / "src" / "hp" / "checkpoint" / "async_save.py"
    code_file.parent.mkdir(parents=True)
    code_file.write_text("MAX_PENDING = 2\n", encoding="utf-8")
    flow.commit("checkpoint: 异步保存与 max_pending (RFC-9000)", "2025-07-20")
    ckpt.write_text(ckpt.read_text(encoding="utf-8") + "\n实现见 checkpoint/async_save.py。\n",
                    encoding="utf-8")
    flow.commit("RFC-9000：补一句实现位置", "2025-07-21")
    code, out, err = flow.cli("status", str(docs), "RFC-9000", "implemented", "--date", "2025-07-22")
    assert code == 0, err
    flow.commit("RFC-9000 已实现", "2025-07-22")
    build = flow.build()
    assert flow.warned(build) == []
    rfcs = flow.rfcs(build)
    commits = rfcs["RFC-9000"]["commits"]
    assert [(c["subject"], c["modules"]) for c in commits] == [  # type: ignore[attr-defined, index]
        ("checkpoint: 异步保存与 max_pending (RFC-9000)", ["checkpoint"])]
    assert "checkpoint: 异步保存与 max_pending" in flow.page(build, "9000")
    assert flow.listed()["RFC-9000"] == "implemented"
    assert [t.split(" ")[0] for t in flow.feed(build, "rfcs-status-implemented.atom")] == [
        "RFC-9000"]
    # (implemented continues the run: still compared with 2025-07-08, only the status moved)
    code, out, _err = flow.cli("diff", str(docs), "RFC-9000", "--format", "json")
    diffed = json.loads(out)
    assert code == 1 and diffed["from"]["date"] == "2025-07-08"
    assert [(c["kind"], c["key"], c["old"], c["new"]) for c in diffed["changes"]] == [
        ("status", "status", "accepted", "implemented"),
        ("field", "updated", "2025-07-08", "2025-07-22")]

    # 9. superseded: RFC-9001 supersedes the imported RFC-0003
    accum.write_text(accum.read_text(encoding="utf-8").replace(
        ":status: draft\n", ":status: draft\n:supersedes: RFC-0003\n"), encoding="utf-8")
    flow.commit("RFC-9001 取代 RFC-0003", "2025-08-01")
    code, out, err = flow.cli("status", str(docs), "RFC-0003", "superseded", "--date", "2025-08-02")
    assert code == 0 and "RFC-0003 draft -> superseded" in out, err
    flow.commit("RFC-0003 已被取代", "2025-08-02")
    build = flow.build()
    assert flow.warned(build) == []
    rfcs = flow.rfcs(build)
    assert rfcs["RFC-0003"]["status"] == "superseded"
    assert rfcs["RFC-0003"]["superseded_by"] == ["RFC-9001"]
    assert history(rfcs["RFC-0003"]) == [("draft", "2025-03-02"), ("superseded", "2025-08-02")]
    page = flow.page(build, "0003")
    assert re.search(r"RFC-9001", page) and "rfc-superseded" in page
    assert flow.listed() == {"RFC-0003": "superseded", "RFC-0004": "review",
                             "RFC-0005": "draft", "RFC-0006": "draft",
                             "RFC-9000": "implemented", "RFC-9001": "draft"}
    assert [t.split(" ")[0] for t in flow.feed(build, "rfcs-status-superseded.atom")] == [
        "RFC-0003"]
    assert flow.strict() == 0
