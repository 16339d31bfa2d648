"""Reference tables of the sphinx_rfc documentation, generated from the
data the code itself uses, so that the docs cannot drift from the code:

- ``.. rfcdoc-sections::``        :data:`sphinx_rfc.spec.SECTIONS`
- ``.. rfcdoc-vocabulary:: NAME`` a :class:`~sphinx_rfc.spec.Vocabulary`
  (``status``, ``type``, ``yes/no``, ``strength``, ``affects``)
- ``.. rfcdoc-columns:: DIRECTIVE`` the column tables of a table directive
- ``.. rfcdoc-fields::``          the ``rfc`` directive's options / basic-info keys
- ``.. rfcdoc-config::``          :data:`sphinx_rfc.config.SETTINGS`
- ``.. rfcdoc-subtypes::``        :data:`sphinx_rfc.spec.subtypes.SUBTYPES`
- ``.. rfcdoc-index-options::``   the ``rfc-index`` option values
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from sphinx_rfc import config
from sphinx_rfc.directives import navigation
from sphinx_rfc.spec import subtypes
from sphinx_rfc.spec.fields import FIELDS
from sphinx_rfc.spec.sections import SECTIONS
from sphinx_rfc.spec.table_kinds import COUNT, LIST, YESNO, tables_for_directive
from sphinx_rfc.spec.vocabulary import AFFECTS, STATUSES, STRENGTHS, TYPES, YES_NO

Cell = str | nodes.Node | list[nodes.Node]

REQUIRED_TEXT = {
    "yes": "yes",
    "column": "column required; cell may be empty",
    "when-chosen": "yes, when chosen",
    "when-verified": "yes, when verified",
    "no": "no",
}
#: What a change of a config value makes Sphinx read again (its ``rebuild``).
REBUILD_TEXT = {"env": "every document", "": "nothing", "html": "nothing (HTML rewritten)"}
KIND_TEXT = {
    YESNO: "yes / no",
    COUNT: "a whole number >= 0",
    LIST: "comma-separated list",
}


def _literals(items: Sequence[str]) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for n, item in enumerate(items):
        if n:
            out.append(nodes.Text(", "))
        out.append(nodes.literal(item, item))
    return out


def _inline_rst(directive: SphinxDirective, text: str) -> list[nodes.Node]:
    """Text with ``literal`` markup (the data's own docstrings use it)."""
    out: list[nodes.Node] = []
    for n, part in enumerate(text.split("``")):
        if part:
            out.append(nodes.literal(part, part) if n % 2 else nodes.Text(part))
    return out


def table(header: Sequence[str], rows: Sequence[Sequence[Cell]], widths: Sequence[int],
          classes: Sequence[str] = ()) -> nodes.table:
    node = nodes.table(classes=["rfcdoc-table", *classes])
    group = nodes.tgroup(cols=len(header))
    node += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    thead = nodes.thead()
    row = nodes.row()
    for text in header:
        row += nodes.entry("", nodes.paragraph("", text))
    thead += row
    group += thead
    tbody = nodes.tbody()
    for cells in rows:
        row = nodes.row()
        for cell in cells:
            para = nodes.paragraph()
            if isinstance(cell, str):
                para += nodes.Text(cell)
            elif isinstance(cell, nodes.Node):
                para += cell
            else:
                para.extend(cell)
            row += nodes.entry("", para)
        tbody += row
    group += tbody
    return node


VOCABULARIES = {
    "status": STATUSES,
    "type": TYPES,
    "yes/no": YES_NO,
    "strength": STRENGTHS,
    "affects": AFFECTS,
}


class SectionsTable(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = []
        for spec in SECTIONS:
            zh = [t for t in spec.titles if not t.isascii()]
            en = [t for t in spec.titles if t.isascii()]
            rows.append([nodes.literal(spec.key, spec.key), _literals(zh), _literals(en),
                         nodes.literal(spec.directive, spec.directive) if spec.directive else ""])
        return [table(["key", "Chinese titles", "English titles", "directive"], rows,
                      [14, 26, 34, 18])]


class VocabularyTable(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        vocab = VOCABULARIES[self.arguments[0]]
        rows: list[Sequence[Cell]] = [
            [nodes.literal(c.key, c.key), c.label, _literals(c.aliases)] for c in vocab.choices
        ]
        return [table(["key", "label (English)", "also accepted"], rows, [14, 20, 40])]


class ColumnsTable(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        result: list[nodes.Node] = []
        specs = tables_for_directive(self.arguments[0])
        for spec in specs:
            if len(specs) > 1:
                result.append(nodes.rubric("", f"{spec.kind} table"))
            rows: list[Sequence[Cell]] = []
            for col in spec.columns:
                values: Cell = KIND_TEXT.get(col.kind, "")
                if col.vocabulary is not None and col.kind != YESNO:
                    values = [nodes.Text(f"{col.vocabulary.name}: ")]
                    values += _literals(col.vocabulary.keys())
                rows.append([nodes.literal(col.key, col.key), col.label, _literals(col.aliases),
                             REQUIRED_TEXT[col.required], values])
            result.append(table(["key", "label", "header aliases", "required", "values"], rows,
                                [10, 14, 40, 14, 18]))
        return result


class FieldsTable(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = [
            [nodes.literal(f":{f.key}:", f":{f.key}:"), "list" if f.is_list else "text",
             _literals(f.aliases)]
            for f in FIELDS
        ]
        return [table(["option", "value", "basic-info table keys (template-native RFCs)"],
                      rows, [16, 8, 50])]


class ConfigTable(SphinxDirective):
    """Every config value, from its declaration (:data:`sphinx_rfc.config.SETTINGS`)."""

    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = []
        for setting in config.SETTINGS:
            shown = repr(setting.default)
            rows.append([nodes.literal(setting.name, setting.name),
                         nodes.literal(shown, shown),
                         _inline_rst(self, setting.shape),
                         _inline_rst(self, setting.doc),
                         REBUILD_TEXT[setting.rebuild]])
        return [table(["name", "default", "shape", "meaning", "a change re-reads"], rows,
                      [20, 20, 24, 36, 12], classes=["rfcdoc-config"])]


class SubtypesTable(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = []
        for name, description in subtypes.SUBTYPES.items():
            text = subtypes.qualified(name)
            target = nodes.target("", "", ids=[f"warning-{name}"])
            rows.append([[target, nodes.literal(text, text)], _inline_rst(self, description)])
        return [table(["warning", "reported when"], rows, [26, 60])]


class IndexOptionsTable(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = [
            [nodes.literal(":status:", ":status:"), "comma list of statuses (any of)"],
            [nodes.literal(":type:", ":type:"), "comma list of types (any of)"],
            [nodes.literal(":module:", ":module:"), "comma list of modules (any of)"],
            [nodes.literal(":author:", ":author:"), "substring of an author"],
            [nodes.literal(":sort:", ":sort:"), [nodes.Text("one of "),
                                                 *_literals(navigation.SORTS),
                                                 nodes.Text(" (default id)")]],
            [nodes.literal(":columns:", ":columns:"), [nodes.Text("some of "),
                                                       *_literals(navigation.INDEX_COLUMNS),
                                                       nodes.Text(" (default "),
                                                       *_literals(navigation.DEFAULT_COLUMNS),
                                                       nodes.Text(")")]],
            [nodes.literal(":group-by:", ":group-by:"), [nodes.Text("one of "),
                                                         *_literals(navigation.GROUPS),
                                                         nodes.Text(" (default none)")]],
        ]
        return [table(["option", "values"], rows, [16, 60])]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("rfcdoc-sections", SectionsTable)
    app.add_directive("rfcdoc-vocabulary", VocabularyTable)
    app.add_directive("rfcdoc-columns", ColumnsTable)
    app.add_directive("rfcdoc-fields", FieldsTable)
    app.add_directive("rfcdoc-config", ConfigTable)
    app.add_directive("rfcdoc-subtypes", SubtypesTable)
    app.add_directive("rfcdoc-index-options", IndexOptionsTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
