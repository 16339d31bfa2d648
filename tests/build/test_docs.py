"""The documentation builds clean with ``-W -n`` (the README's command), and
``docs/reference/`` is the specification: each generated table of the
built HTML lists exactly what the code has (sections and their titles,
table kinds and their columns, vocabularies, warning subtypes, config
values, ``rfcs.json`` fields, the command's options), the architecture
page names exactly the package's modules and its layers are the
import-linter contracts, and every page the code cites exists."""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import tomllib
from collections.abc import Iterator, Mapping
from html.parser import HTMLParser
from io import StringIO
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import ANSI

import sphinx_rfc
from sphinx_rfc import cli, config
from sphinx_rfc.directives import index as rfc_index
from sphinx_rfc.directives.tables import DIRECTIVES as TABLE_DIRECTIVE_CLASSES
from sphinx_rfc.model import records
from sphinx_rfc.spec import subtypes
from sphinx_rfc.spec.fields import FIELDS
from sphinx_rfc.spec.sections import NOT_APPLICABLE_MARKERS, SECTIONS
from sphinx_rfc.spec.table_kinds import TABLE_DIRECTIVES, TABLES
from sphinx_rfc.spec.vocabulary import AFFECTS, STATUSES, STRENGTHS, TYPES, VERDICTS, YES_NO
from sphinx_rfc.write.export import SCHEMA_PATH

ROOT = Path(__file__).parents[2]
DOCS = ROOT / "docs"
PACKAGE = Path(sphinx_rfc.__file__).parent
BROKEN = DOCS / "_samples" / "broken"


@pytest.fixture(scope="module")
def docs_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """One HTML build of docs/, nitpicky, as ``sphinx-build -W -n`` runs it."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    out = tmp_path_factory.mktemp("docs")
    status, warning = StringIO(), StringIO()
    with patch_docutils(DOCS), docutils_namespace():
        app = Sphinx(str(DOCS), str(DOCS), str(out / "html"), str(out / "doctrees"), "html",
                     confoverrides={"nitpicky": True}, status=status, warning=warning,
                     freshenv=True)
        app.build()
    sys.path[:] = [p for p in sys.path if not p.endswith("_ext")]
    return out / "html", ANSI.sub("", status.getvalue()), ANSI.sub("", warning.getvalue())


@pytest.fixture(scope="module")
def out(docs_build: tuple[Path, str, str]) -> Path:
    return docs_build[0]


def _ext(name: str) -> ModuleType:
    """A module of docs/_ext (the generators), imported as the docs build does."""
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(DOCS / "_ext"))


def _page(out: Path, name: str) -> str:
    return html.unescape((out / name).read_text(encoding="utf-8"))


# --------------------------------------------------------------------------
# Tables of the built HTML


class Cell:
    """One table cell: its text, and the text of each literal in it."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.literals: list[str] = []

    @property
    def text(self) -> str:
        return " ".join("".join(self.parts).split())

    def __repr__(self) -> str:
        return repr(self.text)


class _Tables(HTMLParser):
    """Every ``<table>`` whose class has *cls*: its body rows of cells."""

    def __init__(self, cls: str) -> None:
        super().__init__()
        self.cls = cls
        self.tables: list[list[list[Cell]]] = []
        self.depth = 0  # nesting inside a wanted table
        self.in_head = False
        self.cell: Cell | None = None
        self.code: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table":
            if self.depth:
                self.depth += 1
            elif self.cls in classes:
                self.depth = 1
                self.tables.append([])
        elif not self.depth:
            return
        elif tag == "thead":
            self.in_head = True
        elif tag == "tr" and not self.in_head and self.depth == 1:
            self.tables[-1].append([])
        elif tag in ("td", "th") and not self.in_head and self.depth == 1:
            self.cell = Cell()
            self.tables[-1][-1].append(self.cell)
        elif tag == "code" and self.cell is not None:
            self.code = []

    def handle_endtag(self, tag: str) -> None:
        if not self.depth:
            return
        if tag == "table":
            self.depth -= 1
        elif tag == "thead":
            self.in_head = False
        elif tag in ("td", "th"):
            self.cell = None
        elif tag == "code" and self.code is not None and self.cell is not None:
            self.cell.literals.append("".join(self.code))
            self.code = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.parts.append(data)
        if self.code is not None:
            self.code.append(data)


def tables(out: Path, page: str, cls: str) -> list[list[list[Cell]]]:
    parser = _Tables(cls)
    parser.feed((out / page).read_text(encoding="utf-8"))
    assert parser.tables, f"no table of class {cls!r} on {page}"
    return parser.tables


def rows(out: Path, page: str, cls: str) -> list[list[Cell]]:
    (found,) = tables(out, page, cls)
    return found


# --------------------------------------------------------------------------
# The build


def test_docs_build_without_any_warning(docs_build: tuple[Path, str, str]) -> None:
    _out, status, warnings = docs_build
    assert warnings == ""
    assert "sphinx_rfc: 6 RFCs, 0 problems" in status


def test_example_rfcs_in_both_languages_and_styles(out: Path) -> None:
    data = json.loads((out / "rfcs.json").read_text(encoding="utf-8"))
    sources = {r["id"]: r["source"] for r in data["rfcs"]}
    assert sources["RFC-0002"].endswith(".rst") and sources["RFC-0003"].endswith(".md")
    assert sources["RFC-0006"].startswith("examples/native/")  # template-native
    assert len(data["rfcs"]) >= 6
    assert all(r["problems"] == [] for r in data["rfcs"])
    assert set(data["modules"]) == {"model", "distributed", "checkpoint", "optimizer", "trainer"}
    assert all(m["docname"] for m in data["modules"].values())  # every module has a page
    index = _page(out, "examples/index.html")
    assert "rfc-table-index" in index and "bf16 混合精度训练" in index
    assert 'class="rfc-graph-svg"' in _page(out, "examples/graph.html")


def test_reference_toctree_lists_every_page() -> None:
    """(Sphinx warns about a page in no toctree; this names the one missing.)"""
    index = (DOCS / "reference" / "index.md").read_text(encoding="utf-8")
    listed = set(re.search(r"```\{toctree\}(.*?)```", index, re.S).group(1).split())  # type: ignore[union-attr]
    pages = {p.stem for p in (DOCS / "reference").glob("*.md")} - {"index"}
    assert pages <= listed


def test_every_page_the_code_cites_exists() -> None:
    """The code cites its own docs (``docs/reference/<page>.md``), never a
    page that is not there."""
    cited: dict[str, set[str]] = {}
    for folder in (PACKAGE, ROOT / "tests", ROOT / "tools", ROOT / "benchmarks"):
        for path in folder.rglob("*.py"):
            for page in re.findall(r"\bdocs/(?:reference|howto)/[\w/.-]+?\.md\b", path.read_text(encoding="utf-8")):
                cited.setdefault(page, set()).add(path.relative_to(ROOT).as_posix())
    missing = {page: sorted(by) for page, by in cited.items() if not (ROOT / page).is_file()}
    assert missing == {}
    assert "docs/reference/sections.md" in cited


# --------------------------------------------------------------------------
# Sections


def test_sections_table_is_the_sections(out: Path) -> None:
    required = config.CONFIG_VALUES["rfc_required_sections"].default
    found = rows(out, "reference/sections.html", "rfcdoc-sections")
    assert [r[0].text for r in found] == [s.key for s in SECTIONS]
    assert found
    for row, spec in zip(found, SECTIONS, strict=True):
        assert row[1].text == f"{spec.label_zh} / {spec.label}"
        assert row[2].literals == list(spec.titles)
        assert row[3].literals == ([spec.directive] if spec.directive else [])
        assert row[4].text == ("yes" if spec.key in required else "no")


#: What each title of the page's examples names, written by hand from the
#: rules the page states (numbering stripped, a separator or a suffix word
#: after a title, a title naming two sections names neither): the page is
#: made by the code, so this is what says the code is right.
TITLE_EXAMPLES: dict[str, list[str]] = {
    "1. 基本信息": ["basic-info"],
    "一、背景": ["background"],
    "十二、背景": ["background"],
    "（十一）验证设计": ["verification"],
    "(1) Background": ["background"],
    "3.2 Non-goals": [],  # (no title of a section starts it)
    "对外接口（API）": ["interface"],
    "动机（Motivation）": ["background"],
    "Background (背景)": ["background"],
    "5. External interface:": ["interface"],
    "API 设计": ["interface"],
    "API变化": ["interface"],
    "背景介绍": ["background"],
    "验证要求": ["verification"],
    "应用场景/目标": ["goals"],
    "设计边界与兼容性": ["constraints"],
    "方案": ["design"],
    "Design notes": ["design"],
    "Designer": [],
    "设计": ["design"],
    "2 背景与动机": ["background"],
    "9. 验证": ["verification"],
    "Test plan": ["verification"],
    "约束": ["constraints"],
    "ＡＰＩ": ["interface"],
    "性能验证": [],
    "方案设计与验证": [],
    "Design and verification": [],
    "依赖组件": [],
}


def test_title_examples_say_what_the_code_says(out: Path) -> None:
    """The page's examples (computed by the code when the docs are built)
    are what the rules say by hand: not the code compared with itself."""
    found = rows(out, "reference/sections.html", "rfcdoc-title-examples")
    shown = {r[0].literals[0]: r[1].literals for r in found}
    assert found and len(found) == len(shown)
    assert shown == TITLE_EXAMPLES
    assert all(r[1].text == "no section" for r in found if not r[1].literals)


def test_section_states_are_the_exported_states(out: Path) -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    enum = schema["$defs"]["rfc"]["properties"]["sections"]["additionalProperties"]["enum"]
    states = [records.PRESENT, records.EMPTY, records.NOT_APPLICABLE, records.MISSING]
    found = rows(out, "reference/sections.html", "rfcdoc-section-states")
    assert [r[0].text for r in found] == states and sorted(enum) == sorted(states)
    text = " ".join(re.sub(r"<[^>]+>", "", _page(out, "reference/sections.html")).split())
    assert NOT_APPLICABLE_MARKERS
    assert all(marker in text for marker in NOT_APPLICABLE_MARKERS)


def test_rfc_directive_page_points_to_the_sections() -> None:
    page = (DOCS / "reference" / "rfc-directive.md").read_text(encoding="utf-8")
    assert "{doc}`sections`" in page and "rfcdoc-sections" not in page


# --------------------------------------------------------------------------
# Table kinds, fields, vocabularies


def test_table_directives_table_is_the_directives(out: Path) -> None:
    found = rows(out, "reference/table-directives.html", "rfcdoc-table-directives")
    assert [r[0].text for r in found] == list(TABLE_DIRECTIVES)
    assert found
    for row in found:
        name = row[0].text
        assert row[1].literals == [t.kind for t in TABLES if t.directive == name]
        options = sorted(TABLE_DIRECTIVE_CLASSES[name].option_spec or {})
        assert [o.strip(":") for o in row[3].literals] == options


@pytest.mark.parametrize("spec", TABLES, ids=lambda t: t.kind)
def test_columns_table_is_the_table_kind(out: Path, spec: Any) -> None:
    found = rows(out, "reference/table-directives.html", f"rfcdoc-columns-{spec.kind}")
    assert [r[0].text for r in found] == [c.key for c in spec.columns]
    assert found
    for row, column in zip(found, spec.columns, strict=True):
        assert row[1].text == column.label
        assert row[2].literals == list(column.aliases)
        if column.vocabulary is not None and column.kind != "yesno":
            assert row[4].literals == column.vocabulary.keys()


def test_every_table_directive_has_its_section_on_the_page() -> None:
    page = (DOCS / "reference" / "table-directives.md").read_text(encoding="utf-8")
    assert TABLE_DIRECTIVES
    for name in TABLE_DIRECTIVES:
        assert f"## `{name}`" in page and f"```{{rfcdoc-columns}} {name}" in page


@pytest.mark.parametrize(
    ("page", "vocab"),
    [("rfc-directive", STATUSES), ("rfc-directive", TYPES), ("table-directives", STRENGTHS),
     ("table-directives", AFFECTS), ("table-directives", YES_NO),
     ("table-directives", VERDICTS)],
    ids=lambda v: getattr(v, "name", v),
)
def test_vocabulary_table_is_the_vocabulary(out: Path, page: str, vocab: Any) -> None:
    name = vocab.name.replace("/", "-")
    found = rows(out, f"reference/{page}.html", f"rfcdoc-vocabulary-{name}")
    assert [r[0].text for r in found] == vocab.keys()
    assert found
    for row, choice in zip(found, vocab.choices, strict=True):
        assert row[1].text == choice.label and row[2].literals == list(choice.aliases)


def test_fields_table_is_the_fields(out: Path) -> None:
    for page in ("rfc-directive", "native"):
        found = rows(out, f"reference/{page}.html", "rfcdoc-fields")
        assert [r[0].text for r in found] == [f":{f.key}:" for f in FIELDS]
        assert [r[2].literals for r in found] == [list(f.aliases) for f in FIELDS]


def test_section_tables_of_native_rfcs(out: Path) -> None:
    """Which table kinds a template-native RFC's section is searched for,
    and the directive each is read as: written by hand (the template's
    sections in order, the reviews under a heading of their own)."""
    found = rows(out, "reference/native.html", "rfcdoc-section-tables")
    assert [(r[0].literals[0], r[1].literals, r[2].literals) for r in found] == [
        ("references", ["references"], ["rfc-references"]),
        ("interface", ["interface"], ["rfc-interface"]),
        ("design", ["changes", "alternatives"], ["rfc-changes", "rfc-alternatives"]),
        ("dependencies", ["dependency"], ["rfc-dependency"]),
        ("constraints", ["constraints"], ["rfc-constraints"]),
        ("verification", ["levels", "interactions", "performance"], ["rfc-verification"]),
        ("reviews", ["reviews"], ["rfc-reviews"]),
    ]


def test_index_options_are_the_code_s(out: Path) -> None:
    found = rows(out, "reference/navigation.html", "rfcdoc-index-options")
    values = {r[0].text: r[1].literals for r in found}
    assert values[":sort:"] == list(rfc_index.SORTS)
    assert values[":group-by:"] == list(rfc_index.GROUPS)
    assert values[":columns:"] == [*rfc_index.INDEX_COLUMNS, *rfc_index.DEFAULT_COLUMNS]


# --------------------------------------------------------------------------
# Warnings, config


def test_subtypes_table_is_the_subtypes(out: Path) -> None:
    found = rows(out, "reference/warnings.html", "rfcdoc-subtypes")
    assert [r[0].text for r in found] == [subtypes.qualified(n) for n in subtypes.SUBTYPES]
    page = _page(out, "reference/warnings.html")
    assert subtypes.SUBTYPES
    assert all(f'id="warning-{name}"' in page for name in subtypes.SUBTYPES)


def test_config_table_is_the_declarations(out: Path) -> None:
    found = rows(out, "reference/config.html", "rfcdoc-config")
    assert [r[0].text for r in found] == list(config.CONFIG_VALUES)
    assert found
    for row, setting in zip(found, config.SETTINGS, strict=True):
        assert row[1].text == repr(setting.default)
        assert row[2].text == " ".join(setting.shape.replace("``", "").split())
        assert row[3].text.startswith(" ".join(setting.doc.replace("``", "").split()))


# --------------------------------------------------------------------------
# rfcs.json


def schema_fields(schema: Mapping[str, Any]) -> dict[str, list[str]]:
    """Object path -> its fields' paths, walking the schema (the test's own walk)."""
    found: dict[str, list[str]] = {}

    def deref(node: Mapping[str, Any]) -> Mapping[str, Any]:
        if "$ref" in node:
            return schema["$defs"][node["$ref"].split("/")[-1]]  # type: ignore[no-any-return]
        return node

    def walk(node: Mapping[str, Any], path: str) -> None:
        node = deref(node)
        if node.get("type") == "array":
            walk(node["items"], path + "[]")
        elif isinstance(node.get("additionalProperties"), dict):
            walk(node["additionalProperties"], path + ".<name>")
        elif node.get("properties"):
            prefix = path + "." if path else ""
            found[path or "rfcs.json"] = [prefix + k for k in node["properties"]]
            for key, sub in node["properties"].items():
                walk(sub, prefix + key)

    walk(schema, "")
    return found


def test_export_tables_are_the_schema(out: Path) -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    expected = schema_fields(schema)
    found = tables(out, "reference/export.html", "rfcdoc-export")
    assert [[r[0].text for r in t] for t in found] == list(expected.values())
    assert found
    assert all(r[2].text for t in found for r in t)  # every field has a meaning
    assert len([f for fs in expected.values() for f in fs]) > 80


def test_export_meanings_name_schema_fields() -> None:
    export = _ext("rfcdoc_export")
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    paths = {f for fields in schema_fields(schema).values() for f in fields}
    assert set(export.MEANINGS) <= paths
    assert set(export.ROW_KINDS) <= set(schema_fields(schema))


def test_exported_rows_hold_the_table_columns() -> None:
    """Each exported table row has one field per column of its table kind
    (plus ``extra`` and a few computed ones): the export reference explains
    those fields by their columns."""
    export = _ext("rfcdoc_export")
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    objects = schema_fields(schema)
    computed = {"extra", "notes", "rfc", "result"}
    assert export.ROW_KINDS
    for path, kind in export.ROW_KINDS.items():
        spec = next(t for t in TABLES if t.kind == kind)
        names = {f.rsplit(".", 1)[-1] for f in objects[path]} - computed
        assert names == {c.key for c in spec.columns}, path


# --------------------------------------------------------------------------
# The command


def parser_commands() -> Iterator[tuple[str, argparse.ArgumentParser]]:
    for action in cli.build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def test_cli_commands_table_is_the_parser(out: Path) -> None:
    found = rows(out, "reference/cli.html", "rfcdoc-cli-commands")
    assert [r[0].text for r in found] == [f"sphinx-rfc {n}" for n, _p in parser_commands()]


@pytest.mark.parametrize("name", [n for n, _p in parser_commands()])
def test_cli_options_table_is_the_parser(out: Path, name: str) -> None:
    sub = dict(parser_commands())[name]
    found = rows(out, "reference/cli.html", f"rfcdoc-cli-options-{name}")
    expected = [list(a.option_strings) or [a.dest] for a in sub._actions
                if not isinstance(a, argparse._HelpAction)]
    assert [r[0].literals for r in found] == expected
    assert found
    assert all(r[2].text for r in found)  # every argument has a meaning
    usage = _page(out, "reference/cli.html").split(f'id="cli-{name}"', 1)[1]
    assert f"sphinx-rfc {name} [-h]" in " ".join(usage.split("</pre>", 1)[0].split())


def test_problem_forms_are_what_check_prints(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["check", str(BROKEN), "--format", "json", "--no-cache"])
    printed = json.loads(capsys.readouterr().out)
    assert code == 1 and printed
    assert all(set(p) == {"subtype", "message", "source", "line", "rfc"} for p in printed)


def test_warnings_page_shows_the_real_output(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["check", str(BROKEN)])
    printed = capsys.readouterr().out
    expected = (BROKEN / "check-output.txt").read_text(encoding="utf-8")
    assert code == 1
    assert printed == expected, (
        "docs/_samples/broken/check-output.txt is stale: regenerate it with "
        "`sphinx-rfc check docs/_samples/broken > docs/_samples/broken/check-output.txt`"
    )
    # the sample shows many kinds of problems
    kinds = {line.split("[")[1].split("]")[0] for line in printed.splitlines() if "[rfc." in line}
    assert len(kinds) >= 8


# --------------------------------------------------------------------------
# Output, architecture


def test_output_page_names_every_builder_the_tests_check() -> None:
    from test_builders import CHECKS

    page = (DOCS / "reference" / "output.md").read_text(encoding="utf-8")
    assert CHECKS
    assert all(f"`{builder}`" in page for builder in CHECKS)
    assert "zh_CN" in page


def package_modules() -> set[str]:
    """The package's modules as the architecture page names them: a file
    path relative to the package, a subpackage as ``name/``."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        if path.name == "__init__.py" and path.parent != PACKAGE:
            relative = relative.removesuffix("__init__.py")
        found.add(relative)
    return found


def test_architecture_page_maps_every_module(out: Path) -> None:
    """Every module of the package is named on the architecture page, and
    every module named there exists."""
    page = (out / "reference" / "architecture.html").read_text(encoding="utf-8")
    parser = _Tables("docutils")  # the first table inside the module map
    parser.feed(page[page.index('class="rfc-module-map'):])
    named = {r[0].text for r in parser.tables[0]}
    modules = package_modules()
    missing, unknown = sorted(modules - named), sorted(named - modules)
    assert (missing, unknown) == ([], []), (
        f"docs/reference/architecture.md does not name {missing} and names {unknown}, "
        "which the package does not have"
    )


# The layers and what each part may import: the import-linter contracts

ROOT_PACKAGE = "sphinx_rfc"


def _contracts() -> list[dict[str, Any]]:
    with (ROOT / "pyproject.toml").open("rb") as stream:
        found: list[dict[str, Any]] = tomllib.load(stream)["tool"]["importlinter"]["contracts"]
    return found


def _layers() -> list[list[str]]:
    (contract,) = [c for c in _contracts() if c["type"] == "layers"]
    return [[part.strip() for part in layer.split("|")] for layer in contract["layers"]]


def _inside(module: str, part: str) -> bool:
    return module == part or module.startswith(part + ".")


def _as_page_names(module: str) -> str:
    """``sphinx_rfc.read`` -> ``read/``, ``sphinx_rfc.spec.text`` ->
    ``spec/text.py``; a module outside the package as it is."""
    if not module.startswith(ROOT_PACKAGE + "."):
        return module
    path = PACKAGE.joinpath(*module.split(".")[1:])
    return path.relative_to(PACKAGE).as_posix() + ("/" if path.is_dir() else ".py")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def test_every_part_of_the_package_is_in_one_layer() -> None:
    """The layers contract names each folder and top-level module of the
    package once: a new one is placed before the page can be right."""
    named = [part for layer in _layers() for part in layer]
    parts = {f"{ROOT_PACKAGE}.{p.stem}" for p in PACKAGE.glob("*.py") if p.name != "__init__.py"}
    parts |= {f"{ROOT_PACKAGE}.{p.parent.name}" for p in PACKAGE.glob("*/__init__.py")}
    assert len(named) == len(set(named))
    assert sorted(set(named) ^ parts) == []


def test_architecture_layers_are_the_contract(out: Path) -> None:
    page = (out / "reference" / "architecture.html").read_text(encoding="utf-8")
    start = page.index("rfcdoc-layers")
    block = page[page.index("<pre>", start):page.index("</pre>", start)]
    text = _Text()
    text.feed(block)
    shown = [line for line in "".join(text.parts).splitlines() if line.strip()]
    assert shown == [", ".join(p.removeprefix(ROOT_PACKAGE + ".") for p in layer)
                     for layer in _layers()]


def test_architecture_imports_table_is_the_contracts(out: Path) -> None:
    """Per part, "may import" is every part of the layers below but what a
    forbidden contract takes (its forbidden modules inside a part named
    after it), and "may not import" names its own layer's other parts, the
    forbidden modules and the modules it holds that are independent."""
    contracts = _contracts()
    stack = _layers()
    assert len(stack) >= 10
    found = rows(out, "reference/architecture.html", "rfcdoc-imports")
    assert [r[0].text for r in found] == [_as_page_names(p) for layer in stack for p in layer]
    by_part = {r[0].text: r for r in found}
    for n, layer in enumerate(stack):
        below = [p for lower in stack[n + 1:] for p in lower]
        assert layer, f"layer {n} is empty"
        for part in layer:
            forbidden = [m for c in contracts if c["type"] == "forbidden"
                         and any(_inside(part, s) for s in c["source_modules"])
                         for m in c["forbidden_modules"]]
            independent = [m for c in contracts if c["type"] == "independence"
                           for m in c["modules"] if _inside(m, part)]
            may: list[str] = []
            for lower in below:
                if not any(_inside(lower, f) for f in forbidden):
                    may += [lower] + [f for f in forbidden if f != lower and _inside(f, lower)]
            _name, may_cell, may_not_cell = by_part[_as_page_names(part)]
            assert may_cell.literals == [_as_page_names(m) for m in may], part
            expected_not = {_as_page_names(m) for m in
                            [p for p in layer if p != part] + forbidden + independent}
            ignored = {_as_page_names(m.strip()) for c in contracts
                       for i in c.get("ignore_imports", [])
                       if _inside(i.split("->")[0].strip(), part) for m in i.split("->")}
            assert set(may_not_cell.literals) == expected_not | ignored, part
    # what the page's prose says of the store and of read
    assert not {"render/", "read/", "resolve/"} & set(by_part["store/"][1].literals)
    assert {"render/", "resolve/"} <= set(by_part["read/"][2].literals)
    assert "store/" in by_part["read/"][1].literals



def test_architecture_wiring_table_is_what_runs(out: Path, tmp_path: Path) -> None:
    """The page's wiring table is the extension's listeners in an
    application set up with it, in the order they run; a row that is not
    one says when it is wired instead (the Mermaid rows, by the installed
    sphinxcontrib-mermaid)."""
    from test_wiring import ours, set_up_app

    def page_name(dotted: str) -> str:
        module, function = dotted.rsplit(".", 1)
        return _as_page_names(module).removesuffix(".py") + "." + function

    listening = [(event, page_name(name), str(priority))
                 for event, name, priority in ours(set_up_app(tmp_path))]
    found = rows(out, "reference/architecture.html", "rfcdoc-wiring")
    shown = [(r[0].text, r[1].text, r[2].text) for r in found]
    assert len(listening) >= 40
    assert [row for row in shown if row in listening] == listening
    assert sorted(set(shown) - set(listening)) == [
        (r[0].text, r[1].text, r[2].text) for r in found
        if "only under a sphinxcontrib-mermaid it does not adapt" in r[3].text]
