"""The seven table directives read the same records from every table syntax
(rST simple, grid, list-table, csv-table; MyST pipe and list-table), with
Chinese and English headers, and render canonical tables; the template's
own tables, pasted as they are, are read as their tables.  (Problems in
tables: test_tables_warnings.py; bad input: test_tables_bad.py.)"""

from __future__ import annotations

import re
from dataclasses import asdict
from typing import Any

import pytest
from conftest import Build, BuildFn

from sphinx_rfc.model.records import RfcRecord

FORMAT_DOCS = {
    "rst_zh_simple": "RFC-0101",  # rST simple tables, Chinese headers and values
    "rst_en_grid": "RFC-0102",  # rST grid tables, English
    "rst_zh_list": "RFC-0103",  # rST list-table, Chinese
    "rst_en2_csv": "RFC-0104",  # rST csv-table, other English aliases
    "md_zh_pipe": "RFC-0105",  # MyST pipe tables, Chinese
    "md_en_pipe": "RFC-0106",  # MyST pipe tables, other English aliases
    "md_en_list": "RFC-0107",  # MyST list-table, English
}

EXPECTED: dict[str, Any] = {
    "interfaces": [{
        "name": "enable_offload", "signature_of": None,
        "params": [
            {"name": "enabled", "type": "bool", "default": "False", "required": False,
             "meaning": "Turn offload on", "range": "True / False", "errors": "", "extra": {}},
            {"name": "mode", "type": "str", "default": "", "required": True,
             "meaning": "Where state goes", "range": "cpu or nvme", "errors": "ValueError",
             "extra": {}},
        ],
    }],
    "dependencies": [
        {"component": "FSDP", "strength": "strong", "status": "ready", "fallback": "",
         "rfc": None, "module": None, "extra": {}},
        {"component": "RFC-0002", "strength": "weak", "status": "",
         "fallback": "run without offload", "rfc": "RFC-0002", "module": None, "extra": {}},
        {"component": "checkpoint", "strength": "none", "status": "done", "fallback": "",
         "rfc": None, "module": "checkpoint", "extra": {}},
    ],
    "verification": {
        "levels": [
            {"level": "UT", "count": 12, "coverage": "API and validation",
             "criteria": "all pass", "tests": ["test_a", "test_b"], "result": None, "extra": {}},
            {"level": "Level0", "count": 1, "coverage": "training loop",
             "criteria": "loss matches", "tests": [], "result": None, "extra": {}},
        ],
        "interactions": [
            {"combination": "FSDP", "verified": True, "criteria": "loss matches", "tests": [],
             "result": None, "extra": {}},
            {"combination": "checkpoint", "verified": False, "criteria": "", "tests": [],
             "result": None, "extra": {}},
        ],
    },
    "changes": [
        {"module": "optimizer", "change": "add offload hook", "affects": "no", "extra": {}},
        {"module": "checkpoint", "change": "save offloaded state", "affects": "yes", "extra": {}},
        {"module": "trainer", "change": "new flag", "affects": "none", "extra": {}},
    ],
    "alternatives": [
        {"option": "A", "pros": "fast", "cons": "complex", "chosen": True,
         "reason": "best speed", "extra": {}},
        {"option": "B", "pros": "simple", "cons": "slow", "chosen": False, "reason": "",
         "extra": {}},
    ],
    "references": [
        {"source": "DeepSpeed", "approach": "ZeRO-Offload", "limits": "CPU only",
         "impact": "adopt its API", "extra": {}},
    ],
    "constraints": [
        {"type": "Performance", "content": "10% slower", "extra": {}},
        {"type": "Memory", "content": "30% less", "extra": {}},
    ],
}


def _without_lines(value: Any) -> Any:
    """Without lines, and without the notes and performance rows these
    tables have none of (docs/reference/table-directives.md)."""
    if isinstance(value, dict):
        return {k: _without_lines(v) for k, v in value.items()
                if k != "line" and not (k in ("notes", "performance") and not v)}
    if isinstance(value, list):
        return [_without_lines(v) for v in value]
    return value


def table_data(record: RfcRecord) -> dict[str, Any]:
    data = asdict(record)
    return _without_lines({key: data[key] for key in EXPECTED})


@pytest.fixture
def formats(shared_build: BuildFn) -> Build:
    return shared_build("tables-formats")


@pytest.fixture
def template(shared_build: BuildFn) -> Build:
    """The template's tables (sections 4-9), pasted as they are inside the
    directives as Markdown pipe tables (tests/roots/test-tables-template)."""
    return shared_build("tables-template")


def html(app: Build, page: str) -> str:
    return (app.outdir / f"{page}.html").read_text(encoding="utf-8")


def section(page: str, directive_class: str) -> str:
    """The HTML of one directive's container."""
    start = page.index(f'class="rfc-directive {directive_class}')
    end = page.find('<div class="rfc-directive', start + 10)
    return page[start:end if end > 0 else len(page)]


# --------------------------------------------------------------------------
# Same records from every syntax


def test_every_syntax_builds_without_rfc_warnings(formats: Build) -> None:
    assert formats.rfc_warnings() == []
    records = formats.env.get_domain("rfc").rfcs  # type: ignore[attr-defined]
    assert {d: r.id for d, r in records.items() if d in FORMAT_DOCS} == FORMAT_DOCS


@pytest.mark.parametrize("docname", sorted(FORMAT_DOCS))
def test_records_are_the_same_in_every_syntax(formats: Build, docname: str) -> None:
    record = formats.env.get_domain("rfc").rfcs[docname]  # type: ignore[attr-defined]
    data = table_data(record)
    for key, expected in EXPECTED.items():
        assert data[key] == expected, (docname, key)


@pytest.mark.parametrize("docname", sorted(FORMAT_DOCS))
def test_row_lines_point_at_the_rows(formats: Build, docname: str) -> None:
    """Each record's line is the source line of its row (csv-table cells
    carry no usable line: the directive's line is used instead)."""
    record = formats.env.get_domain("rfc").rfcs[docname]  # type: ignore[attr-defined]
    path = next((formats.srcdir / docname).parent.glob(docname + ".*"))
    lines = path.read_text(encoding="utf-8").splitlines()
    checks = [
        (record.dependencies[1].line, "RFC-0002"),
        (record.interfaces[0].params[1].line, "mode"),
        (record.verification.levels[1].line, "Level0"),
        (record.alternatives[1].line, "B"),
    ]
    for line, text in checks:
        assert line is not None
        if docname.endswith("csv"):
            assert lines[line - 1].lstrip().startswith(".. rfc-"), (docname, text, line)
        else:
            assert re.search(rf"\b{text}\b", lines[line - 1]), (docname, text, line)


def test_record_lines_in_a_pipe_table(formats: Build) -> None:
    record = formats.env.get_domain("rfc").rfcs["md_zh_pipe"]  # type: ignore[attr-defined]
    src = (formats.srcdir / "md_zh_pipe.md").read_text(encoding="utf-8").splitlines()
    assert record.dependencies
    for dep in record.dependencies:
        assert src[dep.line - 1].startswith(f"| {dep.component} |")


# --------------------------------------------------------------------------
# Rendering


@pytest.mark.parametrize("docname", ["rst_zh_simple", "md_zh_pipe", "rst_en2_csv"])
def test_headers_are_canonical_and_enums_normalised(formats: Build, docname: str) -> None:
    page = html(formats, docname)
    deps = section(page, "rfc-dependency")
    assert 'class="rfc-table rfc-table-dependency' in deps
    heads = re.findall(r"<th[^>]*><p>(.*?)</p></th>", deps)
    assert heads == ["Component", "Strength", "Current status", "If not ready"]
    assert '<span class="rfc-value rfc-value-strong">Strong</span>' in deps
    assert '<span class="rfc-value rfc-value-weak">Weak</span>' in deps
    assert '<span class="rfc-value rfc-value-none">None</span>' in deps

    iface = section(page, "rfc-interface")
    assert iface.index('class="highlight') < iface.index("<table")  # code stays first
    heads = re.findall(r"<th[^>]*><p>(.*?)</p></th>", iface)
    assert heads == ["Parameter", "Type", "Default", "Required", "Meaning", "Valid range",
                     "Error handling"]
    assert '<span class="rfc-value rfc-value-no">No</span>' in iface

    verification = section(page, "rfc-verification")
    assert 'rfc-table rfc-table-levels' in verification
    assert 'rfc-table rfc-table-interactions' in verification
    changes = section(page, "rfc-changes")
    assert '<span class="rfc-value rfc-value-none">Not applicable</span>' in changes


def test_links_and_dependency_status(formats: Build) -> None:
    deps = section(html(formats, "md_en_pipe"), "rfc-dependency")
    # RFC component links to the RFC; its empty status cell shows that RFC's status
    assert re.search(r'<a class="reference internal" href="other.html"[^>]*>'
                     r'<code class="xref rfc rfc-ref[^"]*"><span class="pre">RFC-0002', deps)
    assert '<span class="rfc-badge rfc-status rfc-status-accepted">Accepted</span>' in deps
    # a module component links to the module
    assert re.search(r'href="rfc-modules\.html#[^"]*" title="checkpoint"', deps)
    changes = section(html(formats, "md_en_pipe"), "rfc-changes")
    assert re.search(r'href="rfc-modules\.html#[^"]*" title="optimizer"', changes)


@pytest.mark.parametrize(("root", "page", "prose"), [
    ("tables-formats", "rst_zh_simple", ["Full capability needs FSDP."]),
    ("tables-formats", "md_zh_pipe", ["Full capability needs FSDP."]),
    ("tables-formats", "rst_en2_csv", ["Full capability needs FSDP."]),
    ("tables-template", "template", ["完整能力需要", "本期最小可交付能力"]),
])
def test_prose_after_the_dependency_table_is_kept_after_it(
    shared_build: BuildFn, root: str, page: str, prose: list[str]
) -> None:
    deps = section(html(shared_build(root), page), "rfc-dependency")
    for text in prose:
        assert deps.index("</table>") < deps.index(text), text


def test_inline_markup_is_kept(formats: Build) -> None:
    iface = section(html(formats, "rst_en_grid"), "rfc-interface")
    assert '<code class="docutils literal notranslate"><span class="pre">enabled</span></code>' \
        in iface


MARKUP_RST = """\
Markup
======

.. rfc:: RFC-0001

.. rfc-references::

   ===================================  =================  ========
   Source                               Approach           Limits
   ===================================  =================  ========
   `DeepSpeed <https://deepspeed.ai>`_  *offload* states   ``cpu``
   ===================================  =================  ========
"""

MARKUP_MD = """\
# Markup

```{rfc} RFC-0002
```

```{rfc-constraints}
| Type | Content |
|---|---|
| **Memory** | [see docs](https://example.com/mem) and `torch.cuda` *only* |
```
"""


def test_inline_markup_in_cells_renders(build: BuildFn) -> None:
    app = build(
        {"index.rst": "I\n=\n\n.. toctree::\n\n   a\n   b\n", "a.rst": MARKUP_RST,
         "b.md": MARKUP_MD},
        conf="rfc_required_sections = []\n",
    )
    assert "WARNING" not in app.warnings
    assert "ERROR" not in app.warnings
    a = html(app, "a")
    assert '<a class="reference external" href="https://deepspeed.ai">DeepSpeed</a>' in a
    assert "<em>offload</em>" in a
    assert '<span class="pre">cpu</span>' in a
    b = html(app, "b")
    assert "<strong>Memory</strong>" in b
    assert '<a class="reference external" href="https://example.com/mem">see docs</a>' in b
    assert '<span class="pre">torch.cuda</span>' in b and "<em>only</em>" in b
    records = app.env.get_domain("rfc").rfcs  # type: ignore[attr-defined]
    assert records["a"].references[0].source == "DeepSpeed"
    assert records["a"].references[0].limits == "cpu"
    assert records["b"].constraints[0].content == "see docs and torch.cuda only"
    assert app.rfc_warnings() == []


# --------------------------------------------------------------------------
# Freshness and other builders


DEP_RFC = """\
Dependent
=========

.. rfc:: RFC-0001

.. rfc-dependency::

   ========  ====  ====
   组件      强弱  状态
   ========  ====  ====
   RFC-0002  弱
   ========  ====  ====
"""


def test_dependency_status_follows_the_other_rfc(build: BuildFn) -> None:
    """An empty status cell shows the RFC's status, also after the other RFC
    changes in an incremental build."""
    app = build(
        {"index.rst": "I\n=\n\n.. toctree::\n\n   a\n   b\n", "a.rst": DEP_RFC,
         "b.rst": "Other\n=====\n\n.. rfc:: RFC-0002\n   :status: draft\n"},
        conf="rfc_required_sections = []\n",
    )
    src = app.srcdir
    assert "rfc-status-draft" in section(html(app, "a"), "rfc-dependency")
    (src / "b.rst").write_text(
        "Other\n=====\n\n.. rfc:: RFC-0002\n   :status: implemented\n", encoding="utf-8"
    )
    app = build(src)
    assert app.read == ["b"] and "a" in app.written  # a is not re-read, it is rewritten
    deps = section(html(app, "a"), "rfc-dependency")
    assert "rfc-status-implemented" in deps and "rfc-status-draft" not in deps


@pytest.mark.parametrize("builder", ["text", "latex"])
def test_other_builders(build: BuildFn, builder: str) -> None:
    app = build("tables-formats", builder)
    assert app.rfc_warnings() == []
    assert "WARNING" not in app.warnings
    if builder == "text":
        text = (app.outdir / "md_zh_pipe.txt").read_text(encoding="utf-8")
        assert "Strength" in text and "Accepted" in text


def test_dependency_modules_without_rfc_modules(build: BuildFn) -> None:
    """With ``rfc_modules`` empty, a component links to a module when some
    RFC touches a module by that name; other components stay as written."""
    dep = (
        "Dep\n===\n\n.. rfc:: RFC-0001\n\n.. rfc-dependency::\n\n"
        "   ===========  ========\n   component    strength\n   ===========  ========\n"
        "   optimizer    strong\n   *FSDP*       weak\n   ===========  ========\n"
    )
    app = build(
        {"index.rst": "I\n=\n\n.. toctree::\n\n   a\n   b\n", "a.rst": dep,
         "b.rst": "B\n=\n\n.. rfc:: RFC-0002\n   :modules: optimizer\n"},
        conf="rfc_required_sections = []\n",
    )
    deps = section(html(app, "a"), "rfc-dependency")
    assert re.search(r'href="rfc-modules\.html#[^"]*" title="optimizer"', deps)
    assert '<td class="rfc-col-component"><p><em>FSDP</em></p></td>' in deps
    assert app.rfc_warnings() == []


def test_headers_follow_the_build_language(build: BuildFn) -> None:
    """Headers and enum labels go through the message catalog: with
    ``language = "zh_CN"`` they are whatever the shipped catalog says."""
    import gettext

    from sphinx_rfc.i18n import CATALOG, LOCALE_DIR

    app = build("tables-formats", confoverrides={"language": "zh_CN"})
    assert app.rfc_warnings() == []
    translate = gettext.translation(
        CATALOG, str(LOCALE_DIR), languages=["zh_CN"], fallback=True
    ).gettext
    deps = section(html(app, "md_en_pipe"), "rfc-dependency")
    heads = re.findall(r"<th[^>]*><p>(.*?)</p></th>", deps)
    assert heads == [translate(h) for h in
                     ("Component", "Strength", "Current status", "If not ready")]
    assert f'<span class="rfc-value rfc-value-strong">{translate("Strong")}</span>' in deps


# --------------------------------------------------------------------------
# The template's own tables


def test_every_template_header_is_known(template: Build) -> None:
    subtypes = {w[2] for w in template.rfc_warnings()}
    assert not subtypes & {"rfc.unknown-column", "rfc.missing-column", "rfc.no-table"}
    assert "ERROR" not in template.warnings


def test_every_template_row_is_read(template: Build) -> None:
    record = template.env.get_domain("rfc").rfcs["template"]  # type: ignore[attr-defined]
    assert [r.source for r in record.references] == ["相关框架 / 原生实现 / 模型写法"]
    params = record.interfaces[0].params
    assert [(p.name, p.type, p.default, p.required, p.range) for p in params] == [
        ("enabled", "bool", "False", False, "True / False"),
        ("mode", "str", "", None, ""),
    ]
    assert [c.module for c in record.changes] == [
        "model", "distributed", "checkpoint", "optimizer", "trainer",
    ]
    assert [a.option for a in record.alternatives] == ["A", "B"]
    assert [d.component for d in record.dependencies] == [
        "FSDP", "TP / PP", "checkpoint", "optimizer",
    ]
    assert [d.module for d in record.dependencies] == [None, None, "checkpoint", "optimizer"]
    assert [c.type for c in record.constraints] == [
        "不支持项", "性能收益", "显存收益", "性能劣化", "PT / MS 差异", "和已有行为不一致",
    ]
    assert [lv.level for lv in record.verification.levels] == ["UT", "Level0", "Level1"]
    assert [i.combination for i in record.verification.interactions] == [
        "本特性 + FSDP / TP / PP /CP / EP / 重计算等", "本特性 + checkpoint", "PT / MS 对齐",
    ]
    # levels are all there: no missing-test-level
    assert "rfc.missing-test-level" not in {w[2] for w in template.rfc_warnings()}
