"""People written with a note in brackets (an e-mail, a company, a SIG),
as openEuler-style and Paddle-style teams write the authors row: each
person is one author, and two people separated only by spaces after
their notes are two (``叶青龙 (ye at example.org) 胡欣蔚 (hu at …)``)."""

from __future__ import annotations

import json

from conftest import BuildFn

RFC = """\
# RFC-0031 弹性训练的节点剔除

## 基本信息

| 项目 | 内容 |
|---|---|
| 状态 | 草稿 |
| 作者 | {authors} |
| 相关模块 | distributed |
"""


def authors_read(build: BuildFn, authors: str) -> list[str]:
    result = build({"index.md": "# 设计\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
                    "rfcs/0031-evict.md": RFC.format(authors=authors)},
                   conf='rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n'
                        'rfc_git_dates = False\n')
    data = json.loads((result.outdir / "rfcs.json").read_text(encoding="utf-8"))
    (record,) = data["rfcs"]
    return record["authors"]


def test_two_people_with_notes_and_only_spaces_between(build: BuildFn) -> None:
    assert authors_read(build, "叶青龙 (ye at example.org) 胡欣蔚（hu@example.org）") == [
        "叶青龙 (ye at example.org)", "胡欣蔚（hu@example.org）"]


def test_one_person_with_a_note_stays_whole(build: BuildFn) -> None:
    assert authors_read(build, "蒋坤坤(Virt SIG)、Li Lei (PM), 赵川峰（cf-zhao）") == [
        "蒋坤坤(Virt SIG)", "Li Lei (PM)", "赵川峰（cf-zhao）"]
