"""One ID space for ``sphinx-rfc new`` and ``sphinx-rfc import``
(``rfc_new_ids``): imported RFCs keep the forge's number; ``new`` takes the
next free number above every one in use, the next in a range the forge
will not reach, or IDs with a prefix of their own; an import that meets a
file it did not make with its number writes nothing and says what to do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import write_project

from sphinx_rfc import cli
from sphinx_rfc.spec.id_space import NewIds, id_numbers, next_number, parse_new_ids, prefixed_format

INDEX = "# 设计文档\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n"


def issue(number: int, title: str) -> dict[str, object]:
    """An issue as ``gh issue view --json …`` prints it."""
    return {
        "number": number, "title": f"[RFC] {title}",
        "body": "## 背景\n\n训练到一半机器挂了要从头来。\n\n## 方案\n\n每 N 步存一次。\n",
        "author": {"login": "zhao-liu", "name": "赵六"},
        "createdAt": "2025-03-02T08:15:00Z", "state": "OPEN", "labels": [],
        "url": f"https://github.com/hp-team/hyper-parallel/issues/{number}",
    }


def project(tmp_path: Path, conf: str = "") -> Path:
    return write_project(tmp_path / "docs", {"index.md": INDEX},
                         'rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n' + conf)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def import_issues(capsys: pytest.CaptureFixture[str], docs: Path,
                  *issues: dict[str, object]) -> tuple[int, str, str]:
    source = docs.parent / "issues.json"
    source.write_text(json.dumps(list(issues), ensure_ascii=False), encoding="utf-8")
    return run(capsys, "import", str(source), "--dir", str(docs / "rfcs"))


def new(capsys: pytest.CaptureFixture[str], docs: Path, title: str) -> str:
    code, out, err = run(capsys, "new", title, "--dir", str(docs / "rfcs"))
    assert code == 0, err
    return out.strip()


def test_the_values() -> None:
    assert parse_new_ids("next") == NewIds()
    assert parse_new_ids({"range": [9000, 9999]}) == NewIds(start=9000, end=9999)
    assert parse_new_ids({"range": [5000]}) == NewIds(start=5000)
    assert parse_new_ids({"prefix": "L", "range": [1, 99]}) == NewIds("L", 1, 99)
    for wrong in ({"range": [9999, 9000]}, {"range": [0, 5]}, {"prefix": "3"},
                  {"prefix": "L1"}, {"step": 2}, {}, "last", {"range": "9000-9999"}):
        assert isinstance(parse_new_ids(wrong), str), wrong
    assert prefixed_format("RFC-{:04d}", "L") == "RFC-L{:04d}"
    assert prefixed_format("{{x}}-{}", "L") == "{{x}}-L{}"
    assert id_numbers(["RFC-L0007", "RFC-0009", "RFC-L12x", "RFC-L0031"], "RFC-L{:04d}") == {7, 31}
    assert next_number(NewIds(start=9000, end=9001), [3, 9000]) == 9001
    assert next_number(NewIds(start=9000, end=9001), [9001]) is None
    assert next_number(NewIds(start=9000), [12, 321]) == 9000


def test_next_goes_above_imported_issues(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    docs = project(tmp_path)
    code, out, _err = import_issues(capsys, docs, issue(321, "断点续训"))
    assert code == 0 and "0321-断点续训.md" in out
    assert new(capsys, docs, "梯度累积").startswith("RFC-0322: ")


def test_a_range_the_forge_will_not_reach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    docs = project(tmp_path, 'rfc_new_ids = {"range": [9000, 9001]}\n')
    import_issues(capsys, docs, issue(321, "断点续训"))
    assert new(capsys, docs, "梯度累积") == f"RFC-9000: {docs / 'rfcs' / '9000-梯度累积.md'}"
    assert new(capsys, docs, "激活重算").startswith("RFC-9001: ")
    code, _out, err = run(capsys, "new", "第三个", "--dir", str(docs / "rfcs"))
    assert code == 1 and "range 9000-9001 is used up" in err
    # the forge's next issues import beside them
    code, _out, err = import_issues(capsys, docs, issue(322, "通信重叠"), issue(323, "ZeRO-3"))
    assert (code, err) == (0, "")
    assert sorted(p.name[:4] for p in (docs / "rfcs").iterdir()) == [
        "0321", "0322", "0323", "9000", "9001"]


def test_a_prefix_of_their_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    docs = project(tmp_path, 'rfc_new_ids = {"prefix": "L"}\nrfc_id_pattern = r"^RFC-L?[0-9]+$"\n')
    import_issues(capsys, docs, issue(3, "断点续训"))
    first = new(capsys, docs, "ZeRO-3 sharding")
    assert first == f"RFC-L0001: {docs / 'rfcs' / 'zero-3-sharding.md'}"
    assert new(capsys, docs, "Overlap 4 streams").startswith("RFC-L0002: ")
    # the number in a slug is no issue's: issue #4 imports, #3 is updated
    code, out, err = import_issues(capsys, docs, issue(4, "梯度压缩"), issue(3, "断点续训 v2"))
    assert (code, err) == (0, ""), err
    assert "created" in out and "updated" in out
    text = (docs / "rfcs" / "zero-3-sharding.md").read_text(encoding="utf-8")
    assert "RFC-L0001" in text and "imported_from" not in text


def test_a_prefix_the_pattern_refuses_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    docs = project(tmp_path, 'rfc_new_ids = {"prefix": "L"}\n')
    code, _out, err = run(capsys, "new", "梯度累积", "--dir", str(docs / "rfcs"))
    assert code == 2
    assert "rfc_new_ids" in err and "rfc_id_pattern" in err and "RFC-L0001" in err
    assert not (docs / "rfcs").exists()


def test_a_clash_writes_nothing_and_says_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """The default numbering: new took 322 after issue #321; the forge then
    gave #322 to another issue."""
    docs = project(tmp_path)
    import_issues(capsys, docs, issue(321, "断点续训"))
    local = Path(new(capsys, docs, "梯度累积").split(": ", 1)[1])
    before = local.read_text(encoding="utf-8")
    code, out, err = import_issues(capsys, docs, issue(322, "通信重叠"), issue(323, "ZeRO-3"))
    assert code == 1
    assert out == f"created {docs / 'rfcs' / '0323-zero-3.md'}\n"  # (the others go on)
    assert f"{local} already holds RFC-0322 or number 322 and was not made by import" in err
    assert "nothing written" in err and "rfc_new_ids" in err and '"range": [9000, 9999]' in err
    assert local.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in (docs / "rfcs").iterdir()) == [
        "0321-断点续训.md", "0322-梯度累积.md", "0323-zero-3.md"]


def test_a_file_of_the_same_name_is_never_written_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """A prefixed RFC whose name is what issue #3's file would be: no
    clash by ID, but its file is not the issue's to write."""
    docs = project(tmp_path, 'rfc_new_ids = {"prefix": "L"}\nrfc_id_pattern = r"^RFC-L?[0-9]+$"\n')
    (docs / "rfcs").mkdir()
    mine = docs / "rfcs" / "0003-断点续训.md"
    text = "---\nrfc: RFC-L0007\n---\n# 断点续训\n\n我们自己写的。\n"
    mine.write_text(text, encoding="utf-8")
    for force in ((), ("--force",)):
        source = docs.parent / "issues.json"
        source.write_text(json.dumps([issue(3, "断点续训")], ensure_ascii=False), encoding="utf-8")
        code, out, err = run(capsys, "import", str(source), "--dir", str(docs / "rfcs"), *force)
        assert (code, out) == (1, "")
        assert f"{mine} already holds RFC-0003 or number 3" in err
        assert mine.read_text(encoding="utf-8") == text
