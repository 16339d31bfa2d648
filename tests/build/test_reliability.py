"""Reliability: generated input never breaks a build, every problem has a
location, incremental builds equal clean builds after random edits (also
with ``-j 2``), and hostile user text is escaped everywhere.  (``-j 2``
equals ``-j 1``, and an incremental build a clean one after a small edit,
on every test root: test_build_properties.py.)"""

from __future__ import annotations

import json
import random
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

import pytest
from conftest import ANSI, Build, BuildFn, page_body, parse_warnings, write_project
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sphinx_rfc.render.graph import escape_label
from sphinx_rfc.spec.table_kinds import TABLE_DIRECTIVES, TABLES

# --------------------------------------------------------------------------
# Generated directive content and options

HOSTILE = [
    "<script>alert(1)</script>",
    '"quoted"',
    "`code`",
    "**bold**",
    "-->",
    "A[x]",
    "|",
    "xxx",
    "TBD",
    "中文",
    "😀",
    "&amp;",
    "\\",
    "{rfc:ref}`RFC-9`",
    ":rfc:ref:`RFC-9`",
]
WORDS = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=0, max_size=12),
)
CELL = st.lists(WORDS, min_size=0, max_size=3).map(" ".join).map(lambda s: s.replace("\n", " "))
ALIASES = sorted({a for spec in TABLES for col in spec.columns for a in col.aliases})
HEADER = st.one_of(st.sampled_from(ALIASES), CELL)
TABLE = st.integers(min_value=1, max_value=5).flatmap(
    lambda ncols: st.tuples(
        st.lists(HEADER, min_size=ncols, max_size=ncols),
        st.lists(st.lists(CELL, min_size=0, max_size=ncols + 1), min_size=0, max_size=4),
    )
)
TABLE_DIRECTIVES = list(TABLE_DIRECTIVES)
OPTION_VALUE = st.one_of(
    CELL,
    st.sampled_from(["review", "已通过", "RFC-0001, RFC-0002", "2026-02-30", "optimizer", ""]),
)
RFC_OPTIONS = st.dictionaries(
    st.sampled_from(
        [
            "status",
            "type",
            "authors",
            "modules",
            "issues",
            "created",
            "updated",
            "supersedes",
            "requires",
            "title",
            "bogus",
        ]
    ),
    OPTION_VALUE,
    max_size=5,
)
NAV = st.sampled_from(
    [
        "rfc-index",
        "rfc-graph",
        "rfc-index:status",
        "rfc-index:sort",
        "rfc-graph:rfc",
        "rfc-index:columns",
        "rfc-graph:direction",
        "rfc-module",
    ]
)


def _rst_list_table(header: list[str], rows: list[list[str]]) -> str:
    out = ".. list-table::\n   :header-rows: 1\n\n"
    for row in [header, *rows]:
        cells = row or [""]
        out += "   * - " + (cells[0] or "\\") + "\n"
        for cell in cells[1:]:
            out += "     - " + (cell or "\\") + "\n"
    return out


def _md_pipe_table(header: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(header) + " |\n|" + "---|" * len(header) + "\n"
    for row in rows:
        out += "| " + " | ".join(row) + " |\n"
    return out


def _nav(kind: str, value: str, markdown: bool) -> str:
    name, _, option = kind.partition(":")
    arg = f" {value.split()[0] if value.split() else 'x'}" if name == "rfc-module" else ""
    opt = f":{option}: {value}\n" if option else ""
    if markdown:
        return f"```{{{name}}}{arg}\n{opt}```\n"
    return f".. {name}::{arg}\n" + (f"   {opt}" if opt else "")


def _document(
    markdown: bool,
    rfc_id: str,
    options: dict[str, str],
    tables: list[tuple[str, tuple[list[str], list[list[str]]]]],
    nav: tuple[str, str],
    prose: str,
) -> str:
    title = "Generated " + rfc_id
    if markdown:
        text = f"# {title}\n\n```{{rfc}} {rfc_id}\n"
        text += "".join(f":{k}: {v}\n" for k, v in options.items() if "\n" not in v)
        text += "```\n\n" + prose.strip() + "\n\n"
        for directive, (header, rows) in tables:
            text += f"## {directive}\n\n:::{{{directive}}}\n{_md_pipe_table(header, rows)}:::\n\n"
        return text + _nav(*nav, markdown=True)
    text = f"{title}\n{'=' * len(title)}\n\n.. rfc:: {rfc_id}\n"
    text += "".join(f"   :{k}: {v}\n" for k, v in options.items() if v.strip())
    text += "\n" + prose.strip() + "\n\n"
    for directive, (header, rows) in tables:
        body = _rst_list_table(header, rows)
        text += f"{directive}\n{'-' * len(directive)}\n\n.. {directive}::\n\n"
        text += "".join(f"   {line}\n" if line else "\n" for line in body.splitlines()) + "\n"
    return text + _nav(*nav, markdown=False)


CONF = (
    "myst_enable_extensions = ['colon_fence']\n"
    "rfc_modules = ['optimizer', 'checkpoint']\n"
    "html_sidebars = {'**': []}\n"
)


def assert_sound(result: Build) -> None:
    text = ANSI.sub("", result.warnings)
    assert "Traceback" not in text and "Exception occurred" not in text
    for line in text.splitlines():  # may be empty: a sound build may have no rfc warning
        if "[rfc." in line:
            found = parse_warnings(line)
            assert found, f"unparseable rfc warning: {line}"
            assert found[0][1] is not None, f"rfc warning without a line: {line}"


DOC = st.tuples(
    RFC_OPTIONS,
    st.lists(st.tuples(st.sampled_from(TABLE_DIRECTIVES), TABLE), min_size=0, max_size=3),
    st.tuples(NAV, CELL),
    CELL,
)


@pytest.mark.slow
@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    # build is a factory: each example builds in a fresh folder
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.function_scoped_fixture],
)
@given(rst=DOC, md=DOC)
def test_generated_input_never_raises(build: BuildFn, rst, md) -> None:  # type: ignore[no-untyped-def]
    root = Path(tempfile.mkdtemp(prefix="rfc-fuzz-"))
    try:
        write_project(
            root,
            {
                "index.rst": "Fuzz\n====\n\n.. toctree::\n   :glob:\n\n   *\n",
                "a.rst": _document(False, "RFC-0001", *rst),
                "b.md": _document(True, "RFC-0002", *md),
            },
            CONF,
        )
        result = build(root)
        assert_sound(result)
        data = json.loads((result.outdir / "rfcs.json").read_text(encoding="utf-8"))
        assert {r["id"] for r in data["rfcs"]} == {"RFC-0001", "RFC-0002"}
        for record in data["rfcs"]:
            for problem in record["problems"]:  # may be empty: a record with no problem
                assert problem["line"] is not None and problem["source"]
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.mark.parametrize("directive", TABLE_DIRECTIVES)
def test_huge_and_empty_content(build: BuildFn, tmp_path: Path, directive: str) -> None:
    huge = "x" * 20_000 + " <b>" + "中" * 5_000
    app = build(
        {
            "index.rst": (
                f"Big\n===\n\n.. rfc:: RFC-0001\n\n.. {directive}::\n\n"
                f"   .. list-table::\n      :header-rows: 1\n\n      * - A\n        - B\n"
                f"      * - {huge}\n        - y\n\n"
                f".. {directive}::\n\n"
            ),
        },
        conf="rfc_required_sections = []\n",
    )
    warnings = app.rfc_warnings()
    assert warnings and all(w[1] is not None for w in warnings)
    found = {(w[0], w[1], w[2]) for w in warnings}
    # the huge table is read (its headers match nothing), the empty directive has none
    assert ("index.rst", 16, "rfc.no-table") in found
    assert ("index.rst", 6, "rfc.no-table") not in found
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "x" * 20_000 in html and "中" * 5_000 in html and "&lt;b&gt;" in html


# --------------------------------------------------------------------------
# Random edits: the incremental build equals a clean build after every step


@dataclass
class Spec:
    title: str
    status: str = "draft"
    modules: list[str] = field(default_factory=list)
    requires: list[str] = field(default_factory=list)
    changes: list[tuple[str, str]] = field(default_factory=list)
    markdown: bool = False
    path: str = ""


MODULES = ["optimizer", "checkpoint", "trainer"]
STATUSES = ["draft", "review", "accepted", "implemented"]


def render_spec(rfc_id: str, spec: Spec) -> str:
    options = {"status": spec.status}
    if spec.modules:
        options["modules"] = ", ".join(spec.modules)
    if spec.requires:
        options["requires"] = ", ".join(spec.requires)
    if spec.markdown:
        text = f"# {spec.title}\n\n```{{rfc}} {rfc_id}\n"
        text += "".join(f":{k}: {v}\n" for k, v in options.items()) + "```\n"
        if spec.changes:
            text += "\n```{rfc-changes}\n| 模块 | 改动内容 | 是否影响已有行为 |\n|---|---|---|\n"
            text += "".join(f"| {m} | {c} | 否 |\n" for m, c in spec.changes) + "```\n"
        return text
    text = f"{spec.title}\n{'=' * len(spec.title)}\n\n.. rfc:: {rfc_id}\n"
    text += "".join(f"   :{k}: {v}\n" for k, v in options.items())
    if spec.changes:
        text += "\n.. rfc-changes::\n\n   ========== ========== ========\n   module     change     affects\n"
        text += "   ========== ========== ========\n"
        text += "".join(f"   {m:<10} {c:<10} no\n" for m, c in spec.changes)
        text += "   ========== ========== ========\n"
    return text


def project_files(specs: dict[str, Spec]) -> dict[str, str]:
    files = {
        "index.rst": "Edits\n=====\n\n.. toctree::\n   :glob:\n\n   pages/*\n   rfcs/*\n",
        "pages/list.rst": "List\n====\n\n.. rfc-index::\n   :columns: id, title, status, modules\n",
        "pages/grouped.md": "# Grouped\n\n```{rfc-index}\n:group-by: module\n:sort: -id\n```\n",
        "pages/graph.rst": "Graph\n=====\n\n.. rfc-graph::\n   :modules:\n",
        "pages/links.rst": "Links\n=====\n\n"
        + " ".join(f":rfc:ref:`RFC-{n:04d}`" for n in range(1, 9))
        + "\n",
    }
    for module in MODULES:
        files[f"pages/mod-{module}.rst"] = (
            f"{module}\n{'=' * len(module)}\n\n.. rfc-module:: {module}\n"
        )
    for rfc_id, spec in specs.items():
        files[spec.path] = render_spec(rfc_id, spec)
    return files


def mutate(rng: random.Random, specs: dict[str, Spec], counter: list[int]) -> str:
    ops = ["add", "status", "title", "modules", "requires", "changes", "rename", "delete"]
    if len(specs) < 2:
        ops = ["add"]
    op = rng.choice(ops)
    ids = sorted(specs)
    if op == "add":
        counter[0] += 1
        rfc_id = f"RFC-{counter[0]:04d}"
        markdown = rng.random() < 0.5
        specs[rfc_id] = Spec(
            f"Title {counter[0]}",
            markdown=markdown,
            path=f"rfcs/r{counter[0]}.{'md' if markdown else 'rst'}",
        )
        return f"add {rfc_id}"
    rfc_id = rng.choice(ids)
    spec = specs[rfc_id]
    if op == "status":
        spec.status = rng.choice(STATUSES)
    elif op == "title":
        spec.title = f"Renamed {rng.randint(1, 999)} 标题"
    elif op == "modules":
        spec.modules = rng.sample(MODULES, rng.randint(0, 2))
    elif op == "requires":
        others = [i for i in ids if i != rfc_id]
        spec.requires = rng.sample(others, min(len(others), rng.randint(0, 2)))
    elif op == "changes":
        spec.changes = [
            (m, f"c{rng.randint(1, 99)}") for m in rng.sample(MODULES, rng.randint(0, 2))
        ]
    elif op == "rename":
        spec.path = spec.path.replace("rfcs/", "rfcs/moved-")
    elif op == "delete":
        del specs[rfc_id]
    return f"{op} {rfc_id}"


def sync(root: Path, files: dict[str, str]) -> None:
    """Make *root* hold exactly *files* (besides conf.py and _build), touching
    only what changed, as an editor would."""
    for path in root.rglob("*"):
        rel = path.relative_to(root).as_posix()
        if (
            path.is_file()
            and not rel.startswith("_build")
            and rel != "conf.py"
            and rel not in files
        ):
            path.unlink()
    for rel, text in files.items():
        path = root / rel
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")


def snapshot(result: Build, files: dict[str, str]) -> dict[str, str]:
    pages = {}
    docnames = [re.sub(r"\.(rst|md)$", "", f) for f in files] + ["rfc-rfcs", "rfc-modules"]
    for docname in docnames:
        pages[docname] = page_body((result.outdir / f"{docname}.html").read_text(encoding="utf-8"))
    pages["rfcs.json"] = (result.outdir / "rfcs.json").read_text(encoding="utf-8")
    return pages


@pytest.mark.slow
@pytest.mark.parametrize("seed", [7, 2026])
def test_random_edits_incremental_equals_clean(tmp_path: Path, build: BuildFn, seed: int) -> None:
    rng = random.Random(seed)
    specs: dict[str, Spec] = {}
    counter = [0]
    for _ in range(3):
        mutate(rng, specs, counter)
    inc = write_project(tmp_path / "inc", {}, CONF)
    for step in range(9):
        done = "start" if step == 0 else mutate(rng, specs, counter)
        files = project_files(specs)
        sync(inc, files)
        incremental = build(inc)
        clean_root = write_project(tmp_path / f"clean{step}", files, CONF)
        clean = build(clean_root)
        assert snapshot(incremental, files) == snapshot(clean, files), f"step {step}: {done}"
        shutil.rmtree(clean_root)


def test_incremental_parallel_build_after_random_edits_equals_clean(
    tmp_path: Path, build: BuildFn
) -> None:
    """An incremental ``-j 2`` build that reads enough documents to read
    them in parallel chunks (workers send back only their chunk's RFC data:
    nothing of the documents they did not read may be lost)."""
    rng = random.Random(11)
    specs: dict[str, Spec] = {}
    counter = [0]
    for _ in range(40):
        mutate(rng, specs, counter)
    two_root = write_project(tmp_path / "two", project_files(specs), CONF)
    build(two_root, parallel=2)
    for _ in range(12):
        mutate(rng, specs, counter)
    files = project_files(specs)
    sync(two_root, files)
    again = build(two_root, parallel=2)
    assert re.search(r"reading sources\.\.\. \[\s*\d+%\] \S+ \.\. \S+", again.status)
    clean = build(write_project(tmp_path / "clean", files, CONF))
    assert snapshot(again, files) == snapshot(clean, files)


# --------------------------------------------------------------------------
# Hostile text is escaped in HTML, JSON and graphs

EVIL = 'Evil <script>alert("x")</script> --> B["q"] \'s\' & end'


def test_hostile_text_is_escaped_everywhere(tmp_path: Path, build: BuildFn) -> None:
    files = {
        "index.rst": "Top\n===\n\n.. toctree::\n\n   evil\n   graph\n",
        # (raw HTML in Markdown is the author's markup, as anywhere in MyST:
        # the table cell is written in rST, where text is always text)
        "evil.md": f"# Page\n\n```{{rfc}} RFC-0001\n:title: {EVIL}\n:authors: {EVIL}\n```\n",
        "evil2.rst": (
            "Page 2\n======\n\n.. rfc:: RFC-0002\n\n.. rfc-constraints::\n\n"
            "   ========= ==========================================\n"
            "   类型      内容\n"
            "   ========= ==========================================\n"
            '   不支持项  <script>alert(2)</script> ``-->`` "q"\n'
            "   ========= ==========================================\n"
        ),
        "graph.rst": "Graph\n=====\n\n.. rfc-graph::\n\n.. rfc-graph::\n   :renderer: mermaid\n\n"
                     ".. rfc-index::\n",
    }
    result = build(files, conf=CONF)
    for page in ("evil.html", "evil2.html", "graph.html", "rfc-rfcs.html"):
        html = (result.outdir / page).read_text(encoding="utf-8")
        assert "<script>alert" not in html, page
    evil_html = (result.outdir / "evil2.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(2)&lt;/script&gt;" in evil_html
    graph_html = (result.outdir / "graph.html").read_text(encoding="utf-8")
    code = re.search(r'<pre\s+class="mermaid[^"]*">(.*?)</pre>', graph_html, re.S)
    assert code is not None
    assert escape_label(EVIL) in code.group(1).replace("&amp;", "&").replace("&quot;", '"')
    assert "-->" not in escape_label(EVIL) and '"' not in escape_label(EVIL)
    svg = re.search(r"<svg .*?</svg>", graph_html, re.S)
    assert svg is not None
    root = ElementTree.fromstring(svg.group(0))  # well-formed: nothing broke out
    tips = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert f"RFC-0001: {EVIL}" in tips
    data = json.loads((result.outdir / "rfcs.json").read_text(encoding="utf-8"))
    assert data["rfcs"][0]["title"] == EVIL
    assert data["rfcs"][1]["constraints"][0]["content"] == '<script>alert(2)</script> --> "q"'
