"""The reference pages of the sphinx_rfc documentation (``docs/reference/``),
generated from the data the code itself uses, so that the docs cannot
drift from the code:

- ``.. rfcdoc-sections::``          :data:`sphinx_rfc.spec.sections.SECTIONS`
  (and which are required by default, from the config declarations)
- ``.. rfcdoc-title-examples::``    titles (one a line) and the section each
  names, as :func:`sphinx_rfc.check.sections.section_keys_for_title` says
- ``.. rfcdoc-section-states::``    the states of a section (:data:`STATE_MEANINGS`)
- ``.. rfcdoc-vocabulary:: NAME``   a :class:`~sphinx_rfc.spec.vocabulary.Vocabulary`
  (``status``, ``type``, ``yes/no``, ``strength``, ``affects``)
- ``.. rfcdoc-table-directives::``  each table directive: its table kinds,
  its section, its argument and options
- ``.. rfcdoc-section-tables::``    which table kinds are read in which section
  of a template-native RFC
- ``.. rfcdoc-columns:: DIRECTIVE`` the column tables of a table directive
- ``.. rfcdoc-fields::``            the ``rfc`` directive's options / basic-info keys
- ``.. rfcdoc-config::``            :data:`sphinx_rfc.config.SETTINGS`
- ``.. rfcdoc-subtypes::``          :data:`sphinx_rfc.spec.subtypes.SUBTYPES`
- ``.. rfcdoc-index-options::``     the ``rfc-index`` option values
- ``.. rfcdoc-export::``            ``rfcs.json``, from its JSON Schema (:mod:`rfcdoc_export`)
- ``.. rfcdoc-cli-commands::``, ``.. rfcdoc-cli:: COMMAND``,
  ``.. rfcdoc-problem-forms::``, ``.. rfcdoc-lifecycle::``: the ``sphinx-rfc``
  command, from its argument parser, the problems' own text, JSON and
  annotation forms and the lifecycle table (:mod:`rfcdoc_cli`)
- ``.. rfcdoc-layers::``, ``.. rfcdoc-imports::``: the package's layers and
  what each part may import, from the import-linter contracts of
  ``pyproject.toml``; ``.. rfcdoc-wiring::``, what runs when, from
  ``sphinx_rfc/wiring.py`` (:mod:`rfcdoc_layers`)

Every generated table has the class ``rfcdoc-<what>``, by which
``tests/build/test_docs.py`` finds it in the built HTML and compares it with the
code's data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives as rst_directives
from rfcdoc_cli import CliCommand, CliCommands, Lifecycle, ProblemForms
from rfcdoc_export import ExportTables
from rfcdoc_layers import ImportsTable, LayersBlock, WiringTable
from rfcdoc_nodes import Cell, inline, literals, table
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from sphinx_rfc import config
from sphinx_rfc.check.sections import section_keys_for_title
from sphinx_rfc.directives import index as rfc_index
from sphinx_rfc.directives.tables import DIRECTIVES as TABLE_DIRECTIVE_CLASSES
from sphinx_rfc.model.records import EMPTY, MISSING, NOT_APPLICABLE, PRESENT
from sphinx_rfc.spec import subtypes
from sphinx_rfc.spec.fields import FIELDS
from sphinx_rfc.spec.sections import NOT_APPLICABLE_MARKERS, SECTIONS
from sphinx_rfc.spec.table_kinds import (
    COUNT,
    LIST,
    REVIEW_HEADINGS,
    TABLE_DIRECTIVES,
    TABLES,
    YESNO,
    tables_for_directive,
)
from sphinx_rfc.spec.vocabulary import AFFECTS, STATUSES, STRENGTHS, TYPES, VERDICTS, YES_NO

REQUIRED_TEXT = {
    "yes": "yes",
    "column": "column required; cell may be empty",
    "when-chosen": "yes, when chosen",
    "when-verified": "yes, when verified",
    "no": "no",
}
#: What a change of a config value makes Sphinx read again (its ``rebuild``),
#: said after its meaning when it is not every document.
REBUILD_TEXT = {"env": "", "": "A change re-reads no document."}
KIND_TEXT = {
    YESNO: "yes / no",
    COUNT: "a whole number >= 0",
    LIST: "comma-separated list",
}
#: What each section state means (the states are those of
#: :mod:`sphinx_rfc.model.records`; a test checks the keys).
STATE_MEANINGS: dict[str, str] = {
    PRESENT: "A title names the section and it has content, or the document uses the "
    "section's directive.",
    EMPTY: "A title names the section but it has no content (placeholders and punctuation "
    "do not count), or, in a template whose markers need a reason (the built-in one), only "
    "a not-applicable marker with no reason; ``rfc.empty-section`` unless the template "
    "marks the section optional.",
    NOT_APPLICABLE: "The content starts with a not-applicable marker followed by a reason "
    "(``N/A: no public API``); in the other templates (``kep``, ``rust-rfc``, ``madr``, a "
    "team's own unless it says ``rfc-not-applicable: reason=yes``) the marker alone, or "
    "``None.`` / ``无`` alone, too.",
    MISSING: "No title names the section and the document does not use its directive; "
    "``rfc.missing-section`` when the section is in ``rfc_required_sections``.",
}
#: What an option's converter accepts, in words.
OPTION_TEXT: dict[Callable[..., Any], str] = {
    rst_directives.unchanged: "text",
    rst_directives.class_option: "class names, space-separated",
    rst_directives.flag: "flag",
}

VOCABULARIES = {
    "status": STATUSES,
    "type": TYPES,
    "yes/no": YES_NO,
    "strength": STRENGTHS,
    "affects": AFFECTS,
    "verdict": VERDICTS,
}


def _section_titles(key: str) -> list[nodes.Node]:
    spec = next((s for s in SECTIONS if s.key == key), None)
    if spec is None:  # a table read under a heading of its own (the reviews)
        headings = " / ".join((REVIEW_HEADINGS[0], "Reviews", "Decision record"))
        return [nodes.literal(key, key), nodes.Text(f" (a heading: {headings}; in no template)")]
    return [nodes.literal(key, key), nodes.Text(f" ({spec.label_zh} / {spec.label})")]


class SectionsTable(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        required = config.CONFIG_VALUES["rfc_required_sections"].default
        rows: list[Sequence[Cell]] = []
        for spec in SECTIONS:
            rows.append([
                nodes.literal(spec.key, spec.key),
                f"{spec.label_zh} / {spec.label}",
                literals(spec.titles),
                nodes.literal(spec.directive, spec.directive) if spec.directive else "",
                "yes" if spec.key in required else "no",
            ])
        return [table(["key", "label (in warnings)", "titles that name it",
                       "directive that makes it present", "required by default"], rows,
                      [12, 20, 38, 16, 10], classes=["rfcdoc-sections"])]


class TitleExamples(SphinxDirective):
    """Each line of the content is a title; the table shows the section it names."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = []
        for title in (line.strip() for line in self.content):
            if not title:
                continue
            keys = section_keys_for_title(title, SECTIONS)
            rows.append([nodes.literal(title, title),
                         literals(keys) if keys else "no section"])
        return [table(["title", "names the section"], rows, [40, 30],
                      classes=["rfcdoc-title-examples"])]


class SectionStates(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = [
            [nodes.literal(state, state), inline(meaning)]
            for state, meaning in STATE_MEANINGS.items()
        ]
        markers = [nodes.Text("Not-applicable markers (at the start of the content, any case): "),
                   *literals(NOT_APPLICABLE_MARKERS), nodes.Text(".")]
        return [table(["state", "when"], rows, [16, 70], classes=["rfcdoc-section-states"]),
                nodes.paragraph("", "", *markers)]


class VocabularyTable(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        vocab = VOCABULARIES[self.arguments[0]]
        rows: list[Sequence[Cell]] = [
            [nodes.literal(c.key, c.key), c.label, literals(c.aliases)] for c in vocab.choices
        ]
        return [table(["key", "label (English)", "also accepted"], rows, [14, 20, 40],
                      classes=["rfcdoc-vocabulary",
                               f"rfcdoc-vocabulary-{vocab.name.replace('/', '-')}"])]


def _options(cls: type[SphinxDirective]) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for n, (name, convert) in enumerate(sorted((cls.option_spec or {}).items())):
        if n:
            out.append(nodes.Text("; "))
        out += [nodes.literal(f":{name}:", f":{name}:"),
                nodes.Text(f" ({OPTION_TEXT.get(convert, 'text')})")]
    return out


class TableDirectivesTable(SphinxDirective):
    """Each table directive: its table kinds, the template section they
    belong to, its argument and options."""

    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = []
        for name in TABLE_DIRECTIVES:
            specs = tables_for_directive(name)
            cls = TABLE_DIRECTIVE_CLASSES[name]
            sections = list(dict.fromkeys(s.section for s in specs))
            section_cell: list[nodes.Node] = []
            for key in sections:
                section_cell += _section_titles(key)
            present = [s.key for s in SECTIONS if s.directive == name]
            section_cell.append(nodes.Text(
                "; makes it present" if present == sections else "; does not make it present"
            ))
            options = _options(cls)
            if cls.required_arguments or cls.optional_arguments:
                required = "a required" if cls.required_arguments else "an optional"
                options = [nodes.Text(f"{required} argument; "), *options]
            rows.append([nodes.literal(name, name), literals([s.kind for s in specs]),
                         section_cell, options])
        return [table(["directive", "table kinds", "template section", "argument, options"],
                      rows, [18, 18, 34, 30], classes=["rfcdoc-table-directives"])]


class SectionTablesTable(SphinxDirective):
    """The table kinds a template-native RFC's section is searched for."""

    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = []
        keys = [s.key for s in SECTIONS]
        keys += [t.section for t in TABLES if t.section not in keys]
        for key in keys:
            specs = [t for t in TABLES if t.section == key]
            if specs:
                rows.append([_section_titles(key),
                             literals([s.kind for s in specs]),
                             literals(list(dict.fromkeys(s.directive for s in specs)))])
        return [table(["section", "table kinds read in it", "read as the directive"], rows,
                      [34, 24, 24], classes=["rfcdoc-section-tables"])]


class ColumnsTable(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        result: list[nodes.Node] = []
        specs = tables_for_directive(self.arguments[0])
        if not specs:
            raise self.error(f"no table directive {self.arguments[0]!r}")
        for spec in specs:
            if len(specs) > 1:
                result.append(nodes.rubric("", f"{spec.kind} table"))
            rows: list[Sequence[Cell]] = []
            for col in spec.columns:
                values: Cell = KIND_TEXT.get(col.kind, "")
                if col.vocabulary is not None and col.kind != YESNO:
                    values = [nodes.Text(f"{col.vocabulary.name}: ")]
                    values += literals(col.vocabulary.keys())
                rows.append([nodes.literal(col.key, col.key), col.label, literals(col.aliases),
                             REQUIRED_TEXT[col.required], values])
            result.append(table(["key", "label", "header aliases", "required", "values"], rows,
                                [10, 14, 40, 14, 18],
                                classes=["rfcdoc-columns", f"rfcdoc-columns-{spec.kind}"]))
        return result


class FieldsTable(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = [
            [nodes.literal(f":{f.key}:", f":{f.key}:"), "list" if f.is_list else "text",
             literals(f.aliases)]
            for f in FIELDS
        ]
        return [table(["option", "value", "basic-info table keys (template-native RFCs)"],
                      rows, [16, 8, 50], classes=["rfcdoc-fields"])]


class ConfigTable(SphinxDirective):
    """Every config value, from its declaration (:data:`sphinx_rfc.config.SETTINGS`)."""

    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = []
        for setting in config.SETTINGS:
            shown = repr(setting.default)
            meaning = inline(setting.doc)
            if REBUILD_TEXT[setting.rebuild]:
                meaning.append(nodes.Text(" " + REBUILD_TEXT[setting.rebuild]))
            rows.append([nodes.literal(setting.name, setting.name),
                         nodes.literal(shown, shown),
                         # as the ConfigError says it: no typographic quotes
                         nodes.inline("", "", *inline(setting.shape),
                                      support_smartquotes=False),
                         meaning])
        return [table(["name", "default", "shape", "meaning"], rows, [22, 20, 24, 34],
                      classes=["rfcdoc-config"])]


class SubtypesTable(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = []
        for name, description in subtypes.SUBTYPES.items():
            text = subtypes.qualified(name)
            target = nodes.target("", "", ids=[f"warning-{name}"])
            rows.append([[target, nodes.literal(text, text)], inline(description)])
        return [table(["warning", "reported when"], rows, [26, 60], classes=["rfcdoc-subtypes"])]


class IndexOptionsTable(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = [
            [nodes.literal(":status:", ":status:"), "comma list of statuses (any of)"],
            [nodes.literal(":type:", ":type:"), "comma list of types (any of)"],
            [nodes.literal(":module:", ":module:"), "comma list of modules (any of)"],
            [nodes.literal(":author:", ":author:"), "substring of an author"],
            [nodes.literal(":sort:", ":sort:"), [nodes.Text("one of "),
                                                 *literals(rfc_index.SORTS),
                                                 nodes.Text(" (default id)")]],
            [nodes.literal(":columns:", ":columns:"), [nodes.Text("some of "),
                                                       *literals(rfc_index.INDEX_COLUMNS),
                                                       nodes.Text(" (default "),
                                                       *literals(rfc_index.DEFAULT_COLUMNS),
                                                       nodes.Text(", and reviews when an RFC "
                                                                  "has reviews)")]],
            [nodes.literal(":group-by:", ":group-by:"), [nodes.Text("one of "),
                                                         *literals(rfc_index.GROUPS),
                                                         nodes.Text(" (default none)")]],
        ]
        return [table(["option", "values"], rows, [16, 60], classes=["rfcdoc-index-options"])]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("rfcdoc-sections", SectionsTable)
    app.add_directive("rfcdoc-title-examples", TitleExamples)
    app.add_directive("rfcdoc-section-states", SectionStates)
    app.add_directive("rfcdoc-vocabulary", VocabularyTable)
    app.add_directive("rfcdoc-table-directives", TableDirectivesTable)
    app.add_directive("rfcdoc-section-tables", SectionTablesTable)
    app.add_directive("rfcdoc-columns", ColumnsTable)
    app.add_directive("rfcdoc-fields", FieldsTable)
    app.add_directive("rfcdoc-config", ConfigTable)
    app.add_directive("rfcdoc-subtypes", SubtypesTable)
    app.add_directive("rfcdoc-index-options", IndexOptionsTable)
    app.add_directive("rfcdoc-export", ExportTables)
    app.add_directive("rfcdoc-cli-commands", CliCommands)
    app.add_directive("rfcdoc-cli", CliCommand)
    app.add_directive("rfcdoc-problem-forms", ProblemForms)
    app.add_directive("rfcdoc-lifecycle", Lifecycle)
    app.add_directive("rfcdoc-layers", LayersBlock)
    app.add_directive("rfcdoc-imports", ImportsTable)
    app.add_directive("rfcdoc-wiring", WiringTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
