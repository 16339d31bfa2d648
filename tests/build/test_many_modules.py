"""An RFC naming thousands of modules in its front matter builds in time
linear in their number (issue 56 #9: 40,000 took 41.9 s, 5,000 2.2 s).
Two quadratic steps are kept out, each counted rather than timed: the
modules' relations to the RFC (each module looked up in the list of all),
and Sphinx resolving each module's cross-reference by finding it among
all its siblings in one paragraph."""

from __future__ import annotations

import json

import pytest
from conftest import BuildFn
from docutils import nodes

from sphinx_rfc.model.records import Change, RfcRecord
from sphinx_rfc.model.relations import build_snapshot

N = 3000


class CountingList(list):  # type: ignore[type-arg]
    """A list that counts the membership tests made on it."""

    tests = 0

    def __contains__(self, item: object) -> bool:
        CountingList.tests += 1
        return super().__contains__(item)


def test_module_relations_are_one_look_up_each() -> None:
    modules = CountingList(f"m{i}" for i in range(N))
    record = RfcRecord(id="RFC-0001", title="宽", docname="rfcs/0001", source="rfcs/0001.md",
                       line=1, anchor="rfc-0001")
    record.modules = modules
    record.changes = [Change(module="m7", change="加一个参数"), Change(module="extra", change="")]
    CountingList.tests = 0
    snap = build_snapshot([record], [], {})
    assert CountingList.tests <= 10, CountingList.tests  # not one scan per module
    assert len(snap.module_rfcs) == N + 1
    assert [(e.relation, e.changes) for e in snap.module_rfcs["m7"]] == [("both", ["加一个参数"])]
    assert [e.relation for e in snap.module_rfcs["m8"]] == ["declared"]
    assert [(e.relation, e.changes) for e in snap.module_rfcs["extra"]] == [("changed", [])]


def test_module_references_are_not_found_among_thousands_of_siblings(
    build: BuildFn, monkeypatch: pytest.MonkeyPatch,
) -> None:
    scanned = [0]
    real = nodes.Element.index

    def index(self: nodes.Element, item: nodes.Node, start: int = 0,
              stop: int = 2**62) -> int:
        found = real(self, item, start, stop)
        scanned[0] += found + 1  # the siblings list.index walked past
        return found

    monkeypatch.setattr(nodes.Element, "index", index)
    mods = ", ".join(f"m{i}" for i in range(N))
    result = build({
        "index.md": "# RFCs\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0001-wide.md": (f"---\nrfc: RFC-0001\nstatus: draft\nmodules: [{mods}]\n---\n\n"
                              "# 一个涉及很多模块的 RFC\n\n## 背景\n\n正文。\n"),
    }, conf='rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n')
    data = json.loads((result.outdir / "rfcs.json").read_text(encoding="utf-8"))
    assert len(data["rfcs"][0]["modules"]) == N
    page = (result.outdir / "rfcs" / "0001-wide.html").read_text(encoding="utf-8")
    assert page.count('class="xref rfc rfc-mod') >= N
    # linear: a few hundred siblings walked per reference at most, not N / 2
    assert scanned[0] < 200 * N, scanned[0]


def test_few_modules_render_as_before() -> None:
    from sphinx_rfc.render.elements import joined

    items = [nodes.literal("", f"m{i}") for i in range(3)]
    assert [n.astext() for n in joined(items)] == ["m0", ", ", "m1", ", ", "m2"]
    many = joined([nodes.literal("", f"m{i}") for i in range(200)])
    assert len(many) == 4  # 200 items and their separators, 128 nodes a group
    assert all(isinstance(n, nodes.inline) and len(n) <= 128 for n in many)
    assert "".join(n.astext() for n in many) == ", ".join(f"m{i}" for i in range(200))
