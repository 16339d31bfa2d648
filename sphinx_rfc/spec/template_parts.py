"""The parts of a Markdown or reStructuredText document, in order, as real
parsers read them: headings, tables, directives and comments with their
1-based lines (:mod:`sphinx_rfc.spec.template` makes a schema of them;
``sphinx-rfc diff`` compares them).

Markdown is read with markdown-it-py (CommonMark with its table rule, and
MyST's ``:::`` fences); reStructuredText with docutils' own parser.  Only
text leaves this module: no token and no node.

- **Headings**: a Markdown heading (ATX or setext) outside any list,
  quote or fence, its title the source text (``<!-- … -->`` comments in it
  dropped); a reStructuredText section's title as written, its level the
  depth of the section (the order in which the adornment styles first
  appear).
- **Tables**: a Markdown pipe table anywhere (in a directive's fence
  too); a reStructuredText grid or simple table at the top of a section or
  in a directive's body.  Cells are the source text of each cell.  A
  Markdown row keeps its own number of cells: the parser pads a short row
  to its header's count and drops the cells past it; the reader reads
  the row's line again for those (a table in a list or a quote keeps the
  parser's cells).
- **Directives**: a MyST fence whose info is ``{name}`` (code fences and
  ``code-block`` and its like are no directive whose tables count), a
  reStructuredText ``.. name::`` (its body parsed for tables; no
  directive of docutils runs, nothing is included).
- **Comments**: a Markdown ``<!-- … -->`` starting a line of an HTML block,
  a reStructuredText ``..`` comment: their text, read once.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token


@dataclass
class Heading:
    level: int
    title: str
    line: int


@dataclass
class Table:
    line: int
    rows: list[list[str]]
    directive: str | None


@dataclass
class Directive:
    name: str
    line: int


@dataclass
class Comment:
    """A comment's text (in Markdown, what lies between ``<!--`` and ``-->``)."""

    line: int
    text: str


Part = Heading | Table | Directive | Comment

#: Directives whose body is code: their tables are no tables.
CODE_DIRECTIVES = frozenset(
    ("code", "code-block", "sourcecode", "literalinclude", "raw", "eval-rst", "parsed-literal")
)


def without_comments(line: str) -> str:
    """*line* without its ``<!-- … -->`` comments, and cut at a comment left
    open (by string methods: linear time)."""
    parts = []
    start = 0
    while (opening := line.find("<!--", start)) >= 0:
        parts.append(line[start:opening])
        closing = line.find("-->", opening + 4)
        if closing < 0:
            return "".join(parts)
        start = closing + 3
    parts.append(line[start:])
    return "".join(parts)


def pipe_cells(line: str) -> list[str]:
    """The cells of a pipe-table row's line: split at each ``|`` not escaped."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    cells: list[str] = []
    start = 0
    at = text.find("|")
    while at >= 0:
        if at == 0 or text[at - 1] != "\\":
            cells.append(text[start:at])
            start = at + 1
        at = text.find("|", at + 1)
    cells.append(text[start:])
    return [c.strip().replace("\\|", "|") for c in cells]


# --------------------------------------------------------------------------
# Markdown


@cache
def markdown_parser() -> MarkdownIt:
    """The project's Markdown reader of a text it reads itself (templates,
    a table Markdown left as a quote's text): CommonMark, pipe tables,
    colon fences; made once, on first use."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.colon_fence import colon_fence_plugin

    return MarkdownIt("commonmark").enable("table").use(colon_fence_plugin)


def _fence_directive(info: str) -> str | None:
    """The directive a fence's info names (``{rfc-dependency} args``), or None."""
    info = info.strip()
    if not info.startswith("{"):
        return None
    end = info.find("}")
    name = info[1:end] if end > 0 else ""
    if name and all(c.isalnum() or c in "_:-" for c in name):
        return name
    return None


def markdown_parts(text: str, offset: int = 0) -> list[Part]:
    """The parts of Markdown *text*; lines counted from *offset* + 1."""
    lines = text.splitlines()
    return list(_markdown_walk(markdown_parser().parse(text), lines, offset, None))


def _markdown_walk(
    tokens: Sequence[Token], lines: Sequence[str], offset: int, directive: str | None,
) -> Iterator[Part]:
    """The parts in *tokens*; inside a directive's fence (*directive*) its
    tables only."""
    k = 0
    n = len(tokens)
    while k < n:
        token = tokens[k]
        kind = token.type
        start = token.map[0] if token.map else 0
        if kind in ("fence", "colon_fence"):
            name = _fence_directive(token.info)
            if name is not None:
                if directive is None:
                    yield Directive(name, offset + start + 1)
                if name not in CODE_DIRECTIVES:
                    inner = markdown_parser().parse(token.content)
                    yield from (p for p in _markdown_walk(
                        inner, token.content.splitlines(), offset + start + 1,
                        directive or name,
                    ) if isinstance(p, Table))
        elif kind == "table_open":
            end = next(j for j in range(k + 1, n) if tokens[j].type == "table_close"
                       and tokens[j].level == token.level)
            yield Table(offset + start + 1,
                        _markdown_rows(tokens[k + 1:end], lines, token.level == 0), directive)
            k = end
        elif directive is not None:
            pass
        elif kind == "heading_open" and token.level == 0:
            yield _markdown_heading(token, tokens[k + 1], offset)
        elif kind == "html_block":
            yield from _html_comments(token.content, offset + start)
        k += 1


def _markdown_heading(token: Token, inline: Token, offset: int) -> Heading:
    from sphinx_rfc.spec.text import atx_title

    title = without_comments(inline.content)
    if token.markup.startswith("#"):
        title = atx_title(title, " \t")
    start = token.map[0] if token.map else 0
    return Heading(int(token.tag[1:]), title.strip(), offset + start + 1)


def _markdown_rows(tokens: Sequence[Token], lines: Sequence[str], top: bool) -> list[list[str]]:
    rows: list[list[str]] = []
    row: list[str] | None = None
    row_line = 0
    for token in tokens:
        if token.type == "tr_open":
            row = []
            row_line = token.map[0] if token.map else -1
        elif token.type == "inline" and row is not None:
            row.append(token.content.strip())
        elif token.type == "tr_close" and row is not None:
            if top and 0 <= row_line < len(lines):
                if "|" not in lines[row_line]:
                    # a line with no pipe ends the table (a template's
                    # "{{rows}}" line; GFM would make it a row)
                    break
                own = pipe_cells(lines[row_line])
                # the parser's row is the header's width: the row's own cells
                row = row[: len(own)] if len(own) < len(row) else row + own[len(row):]
            rows.append(row)
            row = None
    return rows


def _html_comments(content: str, start: int) -> Iterator[Comment]:
    """The comments that start a line of an HTML block (its first line
    *start*, 0-based): each read once, to its ``-->`` or the block's end."""
    at = 0
    line = start
    size = len(content)
    while at < size:
        end = content.find("\n", at)
        end = size if end < 0 else end
        if content[at:end].lstrip().startswith("<!--"):
            opening = content.index("<!--", at) + 4
            closing = content.find("-->", opening)
            body = content[opening:] if closing < 0 else content[opening:closing]
            yield Comment(line + 1, body)
            if closing < 0:
                return
            newlines = content.count("\n", at, closing)
            line += newlines
            end = content.find("\n", closing)
            end = size if end < 0 else end
        at = end + 1
        line += 1


# --------------------------------------------------------------------------
# reStructuredText


@cache
def _rst() -> tuple[Any, Any, Any, Any]:
    """docutils' parser with every directive read as a block of its own
    (none runs), its sections' lines and its tables' source cells kept:
    the parser class, its settings and the two node classes it makes."""
    from docutils import frontend, nodes
    from docutils.parsers.rst import Parser, states

    class directive_block(nodes.Element):  # noqa: N801 (a docutils node)
        pass

    class line_mark(nodes.Element):  # noqa: N801
        pass

    classes = _rst_states(directive_block, line_mark)

    class PlainInliner(states.Inliner):  # type: ignore[misc]
        """Inline text left as it is: no role runs (in a Sphinx build the
        roles docutils would look up are Sphinx's, which want its
        environment), and nothing the parts need is inline."""

        def init_customizations(self, settings: Any) -> None:
            pass

        def parse(self, text: str, lineno: int, memo: Any, parent: Any,
                  ) -> tuple[list[Any], list[Any]]:
            return [nodes.Text(text)], []

    class RstParser(Parser):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__(inliner=PlainInliner())
            self.state_classes = classes

    settings = frontend.get_default_settings(Parser)
    settings.report_level = 5
    settings.halt_level = 5
    settings.file_insertion_enabled = False
    settings.raw_enabled = False
    return RstParser, settings, directive_block, line_mark


def _directive_block(state: Any, match: Any, directive_block: Any) -> tuple[list[Any], bool]:
    """A directive as a *directive_block* node at its line, none run; the
    grid tables of its body (past its options) parsed, nothing else."""
    sm = state.state_machine
    name = match.group(1)
    line = sm.abs_line_number()
    block, _, offset, blank_finish = sm.get_first_known_indented(match.end(), strip_top=False)
    node = directive_block(name=name)
    node.line = line
    if name not in CODE_DIRECTIVES:
        skip = 1
        while skip < len(block) and block[skip].startswith(":"):
            skip += 1
        body = block[skip:]
        # only its grid tables count: a body without one is not parsed
        if any(text.lstrip().startswith("+-") for text in body):
            state.nested_parse(body, offset + skip, node)
    return [node], blank_finish


def _rst_states(directive_block: Any, line_mark: Any) -> tuple[Any, ...]:
    """docutils' state classes, each with :class:`Mixin` first: directives
    as blocks, comments and sections with their lines, tables with their
    source cells (the classes are their own nested states)."""
    from docutils import nodes
    from docutils.parsers.rst import states, tableparser

    def dispatch(name: str) -> Any:
        return lambda state, match: getattr(state, name)(match)

    explicit_constructs = copy.copy(states.Body.explicit)
    explicit_constructs.constructs = [(dispatch(f.__name__), pattern)
                           for f, pattern in states.Body.explicit.constructs]

    class Mixin:
        #: the explicit constructs call the methods of the state (docutils'
        #: list holds Body's own functions)
        explicit = explicit_constructs
        #: its own: docutils keeps the nested state machines it reuses in a
        #: list of the base class, which Sphinx's parser would reuse with
        #: these states
        nested_sm_cache: list[Any] = []

        def __init__(self, state_machine: Any, debug: bool = False) -> None:
            super().__init__(state_machine, debug)  # type: ignore[call-arg]
            self.nested_sm_kwargs = {"state_classes": classes, "initial_state": "Body"}

        def directive(self, match: Any, **option_presets: Any) -> tuple[list[Any], bool]:
            return _directive_block(self, match, directive_block)

        def comment(self, match: Any) -> tuple[list[Any], bool]:
            line = self.state_machine.abs_line_number()  # type: ignore[attr-defined]
            found, blank_finish = super().comment(match)  # type: ignore[misc]
            for node in found:
                node.line = line
            return found, blank_finish

        def new_subsection(self, title: str, lineno: int, messages: list[Any]) -> None:
            mark = line_mark()
            mark.line = lineno
            super().new_subsection(title, lineno, [mark, *messages])  # type: ignore[misc]

        def table(self, isolate_function: Any, parser_class: Any) -> tuple[list[Any], bool]:
            found, blank_finish = super().table(isolate_function, parser_class)  # type: ignore[misc]
            if parser_class is not tableparser.GridTableParser:
                # a simple table: read inside a table directive by
                # check/changes itself; a template's tables are grid tables
                for node in found:
                    if isinstance(node, nodes.table):
                        node.attributes.pop("rfc_rows", None)
            return found, blank_finish

        def build_table(self, tabledata: Any, tableline: int, *args: Any, **kw: Any) -> Any:
            table = super().build_table(tabledata, tableline, *args, **kw)  # type: ignore[misc]
            _, head, body = tabledata
            table["rfc_rows"] = [
                [" ".join(" ".join(cell[3]).split()) for cell in row if cell is not None]
                for row in (*head, *body)
            ]
            table.line = tableline
            return table

    classes = tuple(type(c.__name__, (Mixin, c), {}) for c in states.state_classes)
    return classes


class TooDeepError(ValueError):
    """A text nested deeper than docutils' parser reads (Sphinx would not
    build it either)."""


def rst_parts(text: str) -> list[Part]:
    """The parts of reStructuredText *text*; raises :class:`TooDeepError`."""
    from docutils import nodes
    from docutils.utils import new_document

    parser_class, settings, directive_block, line_mark = _rst()
    document = new_document("<template>", settings.copy())
    try:
        parser_class().parse(text, document)
    except RecursionError:  # (lists or quotes some hundred levels deep)
        raise TooDeepError("the text nests its lists or quotes too deeply to be read") from None
    found: list[Part] = []

    def walk(node: Any, level: int, directive: str | None) -> None:
        for child in node.children:
            if isinstance(child, nodes.section):
                title = child.children[0] if child.children else None
                mark = child.children[1] if len(child.children) > 1 else None
                if isinstance(title, nodes.title) and isinstance(mark, line_mark):
                    found.append(Heading(level + 1, title.rawsource.strip(), mark.line))
                walk(child, level + 1, directive)
            elif isinstance(child, directive_block):
                if directive is None and child["name"] not in CODE_DIRECTIVES:
                    found.append(Directive(child["name"], child.line))
                if child["name"] not in CODE_DIRECTIVES:
                    walk(child, level, directive or child["name"])
            elif isinstance(child, nodes.table):
                if "rfc_rows" in child:
                    found.append(Table(child.line or 0, child["rfc_rows"], directive))
            elif isinstance(child, nodes.comment):
                if directive is None:
                    found.append(Comment(child.line or 0, child.astext()))
            elif directive is not None and isinstance(child, nodes.Element):
                walk(child, level, directive)

    walk(document, 0, None)
    return found
