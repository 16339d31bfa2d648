"""The eight structured table directives (docs/reference/table-directives.md).

Each parses its content with the page's own parser, reads the tables in it
through :func:`sphinx_rfc.read.tables.read_tables` (which also renders them in
place) and hands the records to the collector in an ``rfc_data`` node.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import source_path
from sphinx_rfc._nogc import nogc
from sphinx_rfc.check.placeholders import find_placeholders, placeholder_problem
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.nodes import PayloadKind, ViewKey, note_rfc_data, rfc_data, rfc_pending
from sphinx_rfc.read.tables import read_tables
from sphinx_rfc.spec.text import plain

if TYPE_CHECKING:
    from sphinx.application import Sphinx


class TableDirective(SphinxDirective):
    """Base of the table directives: :attr:`directive_name` picks the table specs."""

    has_content = True
    required_arguments = 0
    optional_arguments = 0
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {
        "class": directives.class_option,
    }
    #: The directive's name, e.g. ``rfc-dependency``.
    directive_name: ClassVar[str] = ""

    def interface_name(self) -> str | None:
        return None

    def signature_of(self) -> str | None:
        return None

    def option_placeholders(self, placeholders: Sequence[str], source: str) -> list[Problem]:
        """Placeholders left in the argument or option values (not shown in
        the document, so the collector's search does not see them)."""
        problems = []
        values = {"": " ".join(self.arguments)}
        values.update((f":{k}:", str(v)) for k, v in self.options.items()
                      if isinstance(v, str))
        for option, value in values.items():
            found = find_placeholders(value, placeholders)
            if found:
                where = (_("the option {option} of {directive}") if option
                         else _("the argument of {directive}"))
                problems.append(placeholder_problem(
                    found, where.format(option=option, directive=self.directive_name),
                    source, self.lineno, None,
                ))
        return problems

    @nogc
    def run(self) -> list[nodes.Node]:
        note_rfc_data(self.env)
        settings = rfc_config.settings(self.config)
        line = self.lineno
        source = source_path(self.env, self.env.docname)
        kind = self.directive_name.removeprefix("rfc-")
        container = nodes.container(
            classes=["rfc-directive", f"rfc-{kind}", *self.options.get("class", [])]
        )
        self.set_source_info(container)
        content = self.parse_content_to_nodes() if self.content else []
        container.extend(content)
        payload = read_tables(
            content,
            settings.tables_for_directive(self.directive_name),
            settings,
            directive=self.directive_name,
            source=source,
            line=line,
            interface_name=self.interface_name(),
            signature_of=self.signature_of(),
        )
        payload.problems.extend(self.option_placeholders(settings.placeholders, source))
        target = self.signature_of()
        if target:  # a link to its API entry, when it is documented (resolve/code_views)
            container += rfc_pending.make(ViewKey("api-object", target))
        container += rfc_data.make(PayloadKind.TABLE, payload, line)
        return [container]


class InterfaceDirective(TableDirective):
    directive_name = "rfc-interface"
    optional_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        **TableDirective.option_spec,
        "signature-of": directives.unchanged,
    }

    def interface_name(self) -> str | None:
        return plain(self.arguments[0]) or None if self.arguments else None

    def signature_of(self) -> str | None:
        return plain(self.options.get("signature-of") or "") or None


def _make(name: str) -> type[TableDirective]:
    return type(
        "".join(p.capitalize() for p in name.split("-")) + "Directive",
        (TableDirective,),
        {"directive_name": name},
    )


DIRECTIVES: dict[str, type[TableDirective]] = {
    "rfc-interface": InterfaceDirective,
    **{
        name: _make(name)
        for name in ("rfc-dependency", "rfc-verification", "rfc-changes",
                     "rfc-alternatives", "rfc-references", "rfc-constraints",
                     "rfc-reviews")
    },
}


def setup(app: Sphinx) -> None:
    for name, cls in DIRECTIVES.items():
        app.add_directive(name, cls)
