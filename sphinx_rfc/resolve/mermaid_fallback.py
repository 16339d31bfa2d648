"""Mermaid diagrams for builders that cannot draw them: their code, readable.

sphinxcontrib-mermaid draws a diagram outside HTML with the Mermaid CLI
(``mmdc``, its ``mermaid_cmd``): into the PDF for LaTeX, into a PNG for
texinfo.  Without it, it warns "command 'mmdc' cannot be run" and leaves a
hole, which fails ``sphinx-build -W``; text and man pages show
"[graph]".  Here, for those builders (and EPUB, whose readers run no
JavaScript), a diagram becomes its code block under a one-line note, with
no warning.  Where the command is found, LaTeX and texinfo keep the diagram
for sphinxcontrib-mermaid to draw, and the Mermaid code blocks of
template-native RFCs (``rfc-mermaid``, see :mod:`sphinx_rfc.read.native`)
are drawn too.  HTML is left alone (:mod:`sphinx_rfc.resolve.mermaid`).
"""

from __future__ import annotations

import shlex
import shutil
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from sphinx_rfc._compat import current_builder, resolves_one_document
from sphinx_rfc.i18n import _
from sphinx_rfc.nodes import generated
from sphinx_rfc.resolve.mermaid import diagram_of, may_draw

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders import Builder
    from sphinx.config import Config

#: Builders whose diagrams sphinxcontrib-mermaid draws with ``mermaid_cmd``.
_DRAWN_BY_COMMAND = frozenset({"latex", "texinfo"})
#: Builders that show no diagram without the command, or none at all
#: (by their format; and EPUB, by its name: :class:`MermaidFallbackEpub`).
_HANDLED: tuple[str, ...] = ("latex", "texinfo", "text", "man")


def command_found(config: Config) -> bool:
    """Whether ``mermaid_cmd`` names a program that can be run."""
    command = getattr(config, "mermaid_cmd", "mmdc")
    try:
        args = shlex.split(command) if isinstance(command, str) else list(command)
    except ValueError:
        return False
    return bool(args) and shutil.which(str(args[0])) is not None


def _draws(builder: Builder) -> bool:
    """Whether sphinxcontrib-mermaid will draw the diagrams of this build."""
    if builder.format in _DRAWN_BY_COMMAND:
        return command_found(builder.config)
    if builder.name.startswith("epub"):  # only as images, made by the command
        fmt = getattr(builder.config, "mermaid_output_format", "raw")
        return fmt in ("png", "svg") and command_found(builder.config)
    return False


def code_block(
    code: str, source: str | None = None, line: int | None = None
) -> list[nodes.Element]:
    """A diagram as its note and its code."""
    text = str(_("Mermaid diagram: install mmdc to draw it in PDF"))
    note = generated(nodes.paragraph("", text, classes=["rfc-mermaid-note"]))
    block = nodes.literal_block(code, code, language="text", classes=["rfc-mermaid-code"])
    note.source = block.source = source
    note.line = block.line = line
    return [note, block]


class MermaidFallback(SphinxPostTransform):
    """Diagrams the build cannot draw become their code (see the module);
    Sphinx runs it for the builders of these formats only."""

    default_priority = 20
    formats: tuple[str, ...] = _HANDLED

    def run(self, **kwargs: Any) -> None:
        builder = current_builder(self.env)
        if resolves_one_document(self.env) and not may_draw(self.env, self.env.docname):
            return  # (its source names no diagram: no walk)
        from sphinxcontrib.mermaid import mermaid

        draws: bool | None = None  # looked up at the first diagram
        for node in list(self.document.findall(mermaid)):
            if draws is None:
                draws = _draws(builder)
            if draws:
                continue
            replacement = code_block(str(node.get("code", "")), node.source, node.line)
            replacement[1]["ids"] = list(node.get("ids", []))
            node.replace_self(replacement)
        for block in list(self.document.findall(nodes.literal_block)):
            if not block.get("rfc-mermaid"):
                continue
            if draws is None:
                draws = _draws(builder)
            if not draws:
                note = code_block("", block.source, block.line)[0]
                block.parent.insert(block.parent.index(block), note)
            elif builder.format in _DRAWN_BY_COMMAND:
                block.replace_self(diagram_of(block))


class MermaidFallbackEpub(MermaidFallback):
    """The same for EPUB, an HTML format whose readers run no JavaScript."""

    formats = ()
    builders = ("epub",)


def setup(app: Sphinx) -> None:
    """Mermaid diagrams as code where they cannot be drawn."""
    app.add_post_transform(MermaidFallback)
    app.add_post_transform(MermaidFallbackEpub)
