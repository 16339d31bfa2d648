"""``sphinx-rfc sync`` against a local forge (tests/forge_server.py) that
answers as GitHub, GitLab, Gitee, GitCode and AtomGit do: the plan of a
dry run, the exact requests of ``--apply``, a second run that changes
nothing, and a forge error on one issue that does not stop the others."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from conftest import write_project
from forge_server import TOKEN, FakeForge

from sphinx_rfc.cli import main

#: The issue URLs of each forge: RFC-0321, RFC-0322, RFC-0323.
URLS = {
    "github": "https://github.com/acme/trainer/issues/{}",
    "gitlab": "https://gitlab.com/acme/trainer/-/issues/{}",
    "gitee": "https://gitee.com/acme/trainer/issues/{}",
    "gitcode": "https://gitcode.com/acme/trainer/issues/{}",
    "atomgit": "https://atomgit.com/acme/trainer/issues/{}",
}
#: Gitee and its kin number issues with letters.
NUMBERS = {"gitee": ("I7ABCD", "I7ABCE", "I7ABCF")}

CONF = """
rfc_documents = ["rfcs/*"]
rfc_required_sections = []
rfc_forge_labels = {"review": "RFC/评审中", "accepted": ["RFC/已接受"], "rejected": "RFC/已拒绝"}
rfc_public_url = "https://docs.example.org/hp"
"""


def _rfc(rfc: str, title: str, status: str, issue: str | None) -> str:
    source = f"source_issue: {issue}\n" if issue else ""
    return (f"---\nrfc: {rfc}\ntitle: {title}\nstatus: {status}\n{source}---\n\n"
            f"# {title}\n\n## 背景\n\n从 issue 导入，评审时补充了接口表。\n")


def _project(root: Path, kind: str) -> tuple[Path, tuple[str, str, str]]:
    numbers = NUMBERS.get(kind, ("321", "322", "323"))
    url = URLS[kind]
    files = {
        "index.md": "# RFCs\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0321-fp8-gemm.md": _rfc("RFC-0321", "FP8 GEMM 通信重叠", "accepted", url.format(numbers[0])),
        "rfcs/0322-zero3.md": _rfc("RFC-0322", "ZeRO-3 offload to NVMe", "rejected", url.format(numbers[1])),
        "rfcs/0323-ckpt.md": _rfc("RFC-0323", "异步 checkpoint 分片", "review", url.format(numbers[2])),
        "rfcs/0400-local.md": _rfc("RFC-0400", "Written here, never an issue", "review", None),
    }
    return write_project(root, files, CONF), numbers


SCHEMA = json.loads((Path(__file__).parents[2] / "sphinx_rfc" / "schema" / "rfc-sync.schema.json")
                    .read_text(encoding="utf-8"))


def _sync(capsys: pytest.CaptureFixture[str], srcdir: Path, api: str, *more: str) -> tuple[int, dict, str]:
    code = main(["sync", str(srcdir), "--format", "json", "--api-url", api, *more])
    out, err = capsys.readouterr()
    plan = json.loads(out)
    jsonschema.validate(plan, SCHEMA)
    return code, plan, err


def _planned(result: dict) -> dict[str, list[tuple[str, str]]]:
    return {item["rfc"]: [(c["action"], c["value"]) for c in item["changes"]]
            for item in result["issues"]}


#: The writes ``--apply`` makes, per forge (method, path, body).
def _expected_writes(kind: str, numbers: tuple[str, str, str]) -> list[tuple[str, str, object]]:
    first, second = numbers[0], numbers[1]
    comment = ("RFC-0321 is now **Accepted** in the documentation.\n\n"
               "https://docs.example.org/hp/rfcs/0321-fp8-gemm.html\n\n"
               "<!-- sphinx-rfc-sync: RFC-0321 accepted -->")
    comment2 = ("RFC-0322 is now **Rejected** in the documentation.\n\n"
                "https://docs.example.org/hp/rfcs/0322-zero3.html\n\n"
                "<!-- sphinx-rfc-sync: RFC-0322 rejected -->")
    if kind == "github":
        base = "/repos/acme/trainer/issues/"
        return [
            ("DELETE", f"{base}{first}/labels/RFC/评审中", None),
            ("POST", f"{base}{first}/labels", {"labels": ["RFC/已接受"]}),
            ("POST", f"{base}{first}/comments", {"body": comment}),
            ("POST", f"{base}{second}/labels", {"labels": ["RFC/已拒绝"]}),
            ("PATCH", f"{base}{second}", {"state": "closed", "state_reason": "not_planned"}),
            ("POST", f"{base}{second}/comments", {"body": comment2}),
        ]
    if kind == "gitlab":
        base = "/api/v4/projects/acme/trainer/issues/"
        return [
            ("PUT", f"{base}{first}", {"add_labels": "RFC/已接受", "remove_labels": "RFC/评审中"}),
            ("POST", f"{base}{first}/notes", {"body": comment}),
            ("PUT", f"{base}{second}", {"add_labels": "RFC/已拒绝"}),
            ("PUT", f"{base}{second}", {"state_event": "close"}),
            ("POST", f"{base}{second}/notes", {"body": comment2}),
        ]
    edit, read = "/api/v5/repos/acme/issues/", "/api/v5/repos/acme/trainer/issues/"
    return [
        ("PATCH", f"{edit}{first}", {"repo": "trainer", "labels": "performance,RFC/已接受"}),
        ("POST", f"{read}{first}/comments", {"body": comment}),
        ("PATCH", f"{edit}{second}", {"repo": "trainer", "labels": "RFC/已拒绝"}),
        ("PATCH", f"{edit}{second}", {"repo": "trainer", "state": "closed"}),
        ("POST", f"{read}{second}/comments", {"body": comment2}),
    ]


@pytest.mark.parametrize("kind", sorted(URLS))
def test_sync_plans_applies_and_then_changes_nothing(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    srcdir, numbers = _project(tmp_path / "docs", kind)
    monkeypatch.delenv("SPHINX_RFC_FORGE_TOKEN", raising=False)
    for name in ("GITHUB_TOKEN", "GITLAB_TOKEN", "GITEE_TOKEN", "GITCODE_TOKEN", "ATOMGIT_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    with FakeForge(kind) as forge:
        forge.add(numbers[0], labels=["RFC/评审中", "performance"])
        forge.add(numbers[1])
        forge.add(numbers[2], labels=["RFC/评审中"])

        # a dry run reads every issue and changes none
        code, plan, err = _sync(capsys, srcdir, forge.api)
        assert code == 0, (err, plan)
        assert _planned(plan) == {
            "RFC-0321": [("add_label", "RFC/已接受"), ("remove_label", "RFC/评审中"),
                         ("comment", "accepted")],
            "RFC-0322": [("add_label", "RFC/已拒绝"), ("close", ""), ("comment", "rejected")],
            "RFC-0323": [],   # its label says review already: nothing to tell
        }
        assert plan["apply"] is False and forge.requests and not forge.writes()
        assert "--apply" in err

        # --apply without a token: each issue says so, nothing is written
        code, plan, _err = _sync(capsys, srcdir, forge.api, "--apply")
        assert code == 1
        assert len(plan["issues"]) == 3
        assert all("no token" in item["error"] for item in plan["issues"])
        assert not forge.writes()

        # --apply: exactly the forge's own requests, with its token
        monkeypatch.setenv("SPHINX_RFC_FORGE_TOKEN", TOKEN)
        code, plan, err = _sync(capsys, srcdir, forge.api, "--apply")
        assert code == 0, err
        assert [(r.method, r.path, r.body) for r in forge.writes()] == _expected_writes(kind, numbers)
        if kind == "gitlab":  # the project's path is one segment, encoded
            assert all("/projects/acme%2Ftrainer/" in r.raw_path for r in forge.requests)
        assert [item["applied"] for item in plan["issues"]] == [True, True, False]
        assert forge.issues[numbers[0]].labels == ["performance", "RFC/已接受"]
        assert forge.issues[numbers[1]].state == "closed"

        # a second run finds the issues saying what the docs say
        before = len(forge.writes())
        code, plan, _err = _sync(capsys, srcdir, forge.api, "--apply")
        assert code == 0
        assert _planned(plan) == {"RFC-0321": [], "RFC-0322": [], "RFC-0323": []}
        assert len(forge.writes()) == before


@pytest.mark.parametrize("kind", ["github", "gitee"])
def test_a_forge_error_on_one_issue_does_not_stop_the_others(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    srcdir, numbers = _project(tmp_path / "docs", kind)
    monkeypatch.setenv("SPHINX_RFC_FORGE_TOKEN", TOKEN)
    with FakeForge(kind) as forge:
        for number in numbers:
            forge.add(number)
        forge.failing.add(numbers[0])
        forge.limited.add(numbers[2])
        code, plan, _err = _sync(capsys, srcdir, forge.api, "--apply")
        assert code == 1
        errors = {item["rfc"]: item["error"] for item in plan["issues"]}
        assert "HTTP 500" in errors["RFC-0321"]
        assert "HTTP 403" in errors["RFC-0323"] and "rate limited" in errors["RFC-0323"]
        assert errors["RFC-0322"] is None
        assert forge.issues[numbers[1]].state == "closed"   # the other issue was changed
        # the token never shows in what is printed
        assert TOKEN not in json.dumps(plan)
        # the text form: one line per issue, the failure on its own line
        assert main(["sync", str(srcdir), "--api-url", forge.api]) == 1
        out, _err = capsys.readouterr()
        lines = out.splitlines()
        assert any(line.startswith("RFC-0321 ") and "HTTP 500" in line for line in lines)
        assert any(line.startswith("RFC-0322 ") and "up to date" in line for line in lines)


def test_an_issue_closed_on_the_forge_is_reopened_while_the_rfc_is_in_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    srcdir, numbers = _project(tmp_path / "docs", "github")
    monkeypatch.setenv("SPHINX_RFC_FORGE_TOKEN", TOKEN)
    with FakeForge("github") as forge:
        forge.add(numbers[0], labels=["RFC/已接受"])
        forge.add(numbers[1], state="closed", labels=["RFC/已拒绝"])
        forge.add(numbers[2], state="closed")  # closed by hand; the docs say review
        code, plan, _err = _sync(capsys, srcdir, forge.api)
        assert code == 0
        planned = _planned(plan)
        assert planned["RFC-0323"] == [("add_label", "RFC/评审中"), ("reopen", ""),
                                       ("comment", "review")]
        # labels and state saying the status already: no comment either
        assert planned["RFC-0321"] == [] and planned["RFC-0322"] == []


def test_settings_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    srcdir = write_project(tmp_path / "docs", {"index.md": "# x\n"},
                           'rfc_forge_labels = {"nonsense": "x"}\n')
    assert main(["sync", str(srcdir)]) == 2
    assert "rfc_forge_labels" in capsys.readouterr().err
    srcdir = write_project(tmp_path / "docs2", {"index.md": "# x\n"},
                           'rfc_public_url = "javascript:alert(1)"\n')
    assert main(["sync", str(srcdir)]) == 2
    assert "rfc_public_url" in capsys.readouterr().err
    srcdir = write_project(tmp_path / "docs3", {"index.md": "# x\n"})
    assert main(["sync", str(srcdir), "--api-url", "file:///etc"]) == 2
    assert "--api-url" in capsys.readouterr().err


def test_a_chinese_project_comments_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    srcdir, numbers = _project(tmp_path / "docs", "atomgit")
    with (srcdir / "conf.py").open("a", encoding="utf-8") as conf:
        conf.write('language = "zh_CN"\n')
    monkeypatch.setenv("SPHINX_RFC_FORGE_TOKEN", TOKEN)
    with FakeForge("atomgit") as forge:
        for number in numbers:
            forge.add(number)
        assert main(["sync", str(srcdir), "--api-url", forge.api, "--apply"]) == 0
        out, err = capsys.readouterr()
        comment = forge.issues[numbers[0]].comments[0]
        assert comment.startswith("RFC-0321 在文档中的状态现为 **已接受**。")
        assert comment.endswith("<!-- sphinx-rfc-sync: RFC-0321 accepted -->")
        assert "添加标签 'RFC/已接受'" in out and "已完成" in out and "评论：状态现为已接受" in out
        assert "来自代码托管平台的 issue" in err
