"""The ``rfc`` directive: an RFC's identity and basic information (docs/reference/rfc-directive.md).

It only records: the collector (:mod:`sphinx_rfc.read.collector`) turns the
payload into a record once the whole document is read (its title known)
and leaves a spot where the basic-information table goes; the table is
built from the record when the page is resolved
(:mod:`sphinx_rfc.resolve.page_views`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from sphinx_rfc import _lazy_re
from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import source_path
from sphinx_rfc.nodes import PayloadKind, note_rfc_data, rfc_data
from sphinx_rfc.read.metadata import KNOWN_FIELDS, RfcDeclaration, id_problems, parse_metadata

if TYPE_CHECKING:
    from sphinx.application import Sphinx


class _FieldOptions(dict[str, Any]):
    """Known options, plus any other name (checked against
    ``rfc_extra_fields`` in :meth:`RfcDirective.run`)."""

    def __missing__(self, key: str) -> Any:
        return directives.unchanged


class RfcDirective(SphinxDirective):
    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = False
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = _FieldOptions(  # type: ignore[misc]
        dict.fromkeys(KNOWN_FIELDS, directives.unchanged)
    )

    def run(self) -> list[nodes.Node]:
        note_rfc_data(self.env)
        settings = rfc_config.settings(self.config)
        line = self.lineno
        src = source_path(self.env, self.env.docname)
        rfc_id = self.arguments[0].strip()
        problems = id_problems(rfc_id, settings, src, line)
        raw = {name: value or "" for name, value in self.options.items()}
        raw.update(self._dropped_comment_options(raw))
        meta, found = parse_metadata(
            raw, settings, rfc_id=rfc_id, source=src, line_of=self._option_line
        )
        problems += found

        anchor = f"rfc-{_ascii_id(rfc_id)}"
        target = nodes.target("", "", ids=[anchor] if anchor not in self.state.document.ids else [])
        self.state.document.note_explicit_target(target)
        declaration = RfcDeclaration(rfc_id, meta, problems, line, anchor)
        result: list[nodes.Node] = [target, rfc_data.make(PayloadKind.META, declaration, line)]
        if self.content:
            body = nodes.container(classes=["rfc-summary"])
            body += self.parse_content_to_nodes()
            result.append(body)
        return result

    def _dropped_comment_options(self, raw: dict[str, str]) -> dict[str, str]:
        """MyST reads ``:issues: #284`` as a YAML comment and drops the value
        (with its own ``myst.directive_comments`` warning): take it back from
        the source so that no content is lost."""
        if not self.block_text.startswith(("```", "~~~", ":::")):
            return {}
        recovered = {}
        for text in self.block_text.split("\n")[1:]:
            match = _OPTION_LINE.match(text)
            if not match:
                break
            name, value = match.group(1), match.group(2).strip()
            if value.startswith("#") and not raw.get(name):
                recovered[name] = value
        return recovered

    def _option_line(self, name: str) -> int | None:
        """The line of option *name* (``:name:`` in the block), else the directive's."""
        pattern = re.compile(rf"^\s*:{re.escape(name)}:")
        for offset, text in enumerate(self.block_text.split("\n")):
            if pattern.match(text):
                return self.lineno + offset
        return self.lineno


_OPTION_LINE = _lazy_re.compile(r"^:([\w-]+):\s*+(.*)$")


def _ascii_id(text: str) -> str:
    token = "".join(c if c.isascii() and c.isalnum() else "-" for c in text.lower())
    return "-".join(p for p in token.split("-") if p) or "rfc"


def setup(app: Sphinx) -> None:
    app.add_directive("rfc", RfcDirective)
