"""Hostile input for ``tests/build/test_hostile_input.py``: what it is made of, the
projects it is written into, the builds, and the checks of their output.

- **Text** (:data:`ATOMS`, :func:`hostile_text`): HTML and attribute breakers,
  ``javascript:`` / ``data:`` / ``vbscript:`` URLs, Mermaid syntax, control
  characters, spans, non-ASCII digits, RTL and bidi marks, rST / MyST
  markup characters (``*`` ``\\``` ``|`` ``\\``), ``{}`` and format strings,
  and random text over an alphabet of all of these; per document one very
  long token and, sometimes, one line-breaking character (U+2028, NEL, CR,
  ...) that docutils or markdown-it split lines at; numbers of more than
  4,300 digits (:data:`HUGE`) in IDs, counts, issues and dates, and an
  impossible date.
- **Projects** (:func:`projects`, :func:`render`): seven documents -- an RFC
  written with directives in rST and one in MyST (every ``rfc`` option and
  ``rfc_extra_fields`` field, all seven table directives with all eight table
  kinds), a template-native RFC in MyST (front matter, basic-information
  table, section tables, a Mermaid block) and one in rST (field list, same),
  and three navigation pages (``rfc-index``, ``rfc-graph``, ``rfc-module``,
  the roles) -- plus a JUnit XML result file, under one of two
  configurations (:data:`LAYOUTS`).
- **Checks** (:func:`check_build`): no crash, every warning with a file
  and a line, the HTML holds no tag, attribute or URL that came from user
  text (the graph's SVG: only what :func:`svg_vocabulary` found
  ``graph_svg`` to write), the Mermaid code of ``rfc-graph`` only escaped
  labels, ``rfcs.json``
  valid against its schema with no absolute path and no docutils system
  message in it.
- **Builds** (:class:`Workspace`): one Sphinx application per layout, reused
  from example to example (each build is an incremental build of the
  previous example's project), and clean ``-j 1`` / ``-j 2`` builds to
  compare with (:func:`compare_builds`).
"""

from __future__ import annotations

import ast
import csv
import html
import io
import json
import os
import random
import re
import shutil
import time
import unicodedata
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from copy import copy
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from sphinx_rfc.spec.fields import FIELDS
from sphinx_rfc.spec.sections import SECTIONS
from sphinx_rfc.spec.table_kinds import COUNT, LIST, REVIEWS, TABLES, ColumnSpec, TableSpec
from sphinx_rfc.spec.vocabulary import STATUSES, TYPES

# --------------------------------------------------------------------------
# Hostile text

#: Marks every piece of markup in :data:`ATOMS` that would run script if it
#: reached a page as markup: the HTML check looks for it in tags, attributes
#: and scripts.
CANARY = "PWN"

ATOMS: dict[str, tuple[str, ...]] = {
    "html": (
        f"<script>{CANARY}(1)</script>",
        f"<img src=x onerror={CANARY}(2)>",
        f'"><svg onload={CANARY}(3)>',
        f"' onmouseover='{CANARY}(4)",
        f'" onfocus="{CANARY}(5)" x="',
        f'<a href="javascript:{CANARY}(6)">a</a>',
        f'<iframe srcdoc="<script>{CANARY}(7)</script>">',
        f"</td></tr></table><script>{CANARY}(8)</script>",
        f"<style>*{{background:url({CANARY})}}</style>",
        "<!--",
        "-->",
        "]]>",
        "</pre>",
        "</script>",
        "<b>",
        '<span class="rfc-badge" title="x">',
        "</span>",
        "&lt;script&gt;",
        "&#x3C;img&#x3E;",
        "&amp;",
        '"',
        "'",
        "<",
        ">",
    ),
    "url": (
        f"javascript:{CANARY}(9)",
        f"JaVaScRiPt:{CANARY}(10)",
        f"javascript://example.com/%0A{CANARY}(11)",
        f"data:text/html,<script>{CANARY}(12)</script>",
        "data:text/html;base64,PHNjcmlwdD5QV04oKTwvc2NyaXB0Pg==",
        f"data://x/{CANARY}",
        f"vbscript:{CANARY}(13)",
        f"vbscript://x/{CANARY}",
        "https://example.com/a?b=<c>&d=\"e\"",
        "mailto:a@example.com?subject=<x>",
        "//example.com/x",
        "#1",
        "!2",
        "#١٢",
    ),
    "mermaid": (
        "A-->B",
        "-->",
        "==>",
        "-.->",
        "---",
        f'click A href "javascript:{CANARY}(14)"',
        "]",
        '["x"]',
        "{{x}}",
        "end",
        "subgraph",
        '%%{init: {"securityLevel": "loose"}}%%',
        "**x**",
        "`x`",
        "<br>",
        ";",
        "#quot;",
        ":::cls",
        "style n0 fill:red",
        "classDef x fill:red",
        "|x|",
    ),
    "control": (
        "\x00",
        "\x01",
        "\x07",
        "\x08",
        "\t",
        "\x0b",
        "\x0c",
        "\x1b[31m",
        "\x7f",
        "\x9b",
        "\ufffe",
        "\uffff",
        "\ufeff",
    ),
    "digits": ("٣", "۴", "०", "١٢٣", "𝟙𝟚", "①", "²", "１２", "᠑", "߁", "٠٠٠١"),
    "bidi": (
        "\u202e",
        "\u202d",
        "\u2066",
        "\u2067",
        "\u2068",
        "\u2069",
        "\u200f",
        "\u200e",
        "\u061c",
        "\u200b",
        "\u200d",
        "مرحبا",
        "שלום",
        "\u202egnp.exe",
    ),
    "markup": (
        "*",
        "**",
        "`",
        "``",
        "|",
        "|x|",
        "\\",
        "\\\\",
        "_",
        "x_",
        "`x`_",
        "[x]",
        "[x](y)",
        ":",
        "::",
        ".. ",
        "#",
        "$",
        "$$",
        "~~~",
        "```",
        ":::",
        "-",
        "+",
        "=",
        "^",
        "[^1]",
        "{rfc:ref}`RFC-0001`",
        ":rfc:ref:`RFC-0002`",
        ":rfc:mod:`x`",
        "{rfc:mod}`x`",
        "`x <RFC-0001>`",
        "<https://example.com>",
        "*x",
        "**x",
        "``x",
        "`x",
    ),
    "format": ("{", "}", "{}", "{0}", "{x}", "{{", "}}", "%s", "%(x)s", "{:d}", "{0.__class__}"),
    "text": (
        "optimizer",
        "checkpoint",
        "RFC-0001",
        "RFC-0002",
        "RFC-0003",
        "yes",
        "no",
        "strong",
        "UT",
        "Level0",
        "review",
        "中文",
        "😀",
        "xxx",
        "TBD",
        "N/A",
        "a",
        " ",
    ),
}
ALL_ATOMS: tuple[str, ...] = tuple(a for group in ATOMS.values() for a in group)

#: Characters docutils (U+001C..U+001E, NEL, U+2028, U+2029) or markdown-it
#: (CR) start a new line at: one per document at most, or they would cut
#: nearly every document short.
LINE_BREAKS = ("\r", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")

#: Random text is drawn from these.
ALPHABET = "".join(
    sorted(
        set("<>&\"'`*_|\\:[](){}#$%!=+-~^/.,;@ ab1")
        | set("\x00\x01\x08\t\x0b\x0c\x1b\x7f\u200b\u200e\u202e\u2066\ufeff")
        | set("٣०１²中😀")
    )
)

_PAYLOADS = ATOMS["html"] + ATOMS["url"]


def hostile_text(n: int) -> str:
    """The hostile string number *n*: below ``len(ALL_ATOMS)`` one atom (so
    that Hypothesis shrinks towards single atoms), else one to three pieces
    -- atoms, HTML and URL atoms more often, or random text over
    :data:`ALPHABET` -- joined with or without a space.

    One draw per string: drawing is what an example spends most of its
    generation time on, and a project holds some three hundred strings.
    """
    if n < len(ALL_ATOMS):
        return ALL_ATOMS[n]
    rng = random.Random(n)
    pieces = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        if kind < 0.5:
            pieces.append(rng.choice(ALL_ATOMS))
        elif kind < 0.75:
            pieces.append(rng.choice(_PAYLOADS))
        else:
            pieces.append("".join(rng.choices(ALPHABET, k=rng.randint(1, 6))))
    return (" " if rng.random() < 0.5 else "").join(pieces)


HOSTILE = st.integers(min_value=0, max_value=2**32 - 1).map(hostile_text)
LONG = st.tuples(
    st.sampled_from(["x", "中", "a-", "<b>", "&", "\\", "*", "9", "javascript:", "`"]),
    st.integers(min_value=300, max_value=3000),
).map(lambda t: t[0] * (t[1] // len(t[0])))


BOOL = st.booleans()


@cache
def _index(size: int) -> st.SearchStrategy[int]:
    return st.integers(min_value=0, max_value=size - 1)


def choice(draw: Any, options: Sequence[str]) -> str:
    """One of *options* (strategies are cached: drawing is the slow part)."""
    return options[draw(_index(len(options)))]


def pick(draw: Any, *options: str) -> str:
    """One of *options* or, as often, a hostile string."""
    if options and draw(BOOL):
        return choice(draw, options)
    return str(draw(HOSTILE))


# --------------------------------------------------------------------------
# Text in its place: escaping for the syntax of the spot it is written in


@cache
def _schemes() -> frozenset[str]:
    from docutils.utils import urischemes

    return frozenset(urischemes.schemes) | {"vbscript"}


def _unescaped(text: str, index: int) -> bool:
    """Whether the character at *index* is not backslash-escaped."""
    n = 0
    while index - n - 1 >= 0 and text[index - n - 1] == "\\":
        n += 1
    return n % 2 == 0


def rst_markup(text: str) -> str:
    """*text* where rST parses it (cells, paragraphs, titles): its markup
    characters stay, but no ``<`` and no URI scheme's ``:`` is left
    unescaped, so that docutils makes no link of it: a link the author
    writes is markup, not text, and not what this test is after."""
    schemes = _schemes()
    out: list[str] = []
    for i, char in enumerate(text):
        if char in "<:" and _unescaped(text, i):
            run = text[max(0, i - 30):i].lower()
            if char == "<" or any(run.endswith(scheme) for scheme in schemes):
                out.append("\\")
        out.append(char)
    return "".join(out)


def rst_plain(text: str) -> str:
    """:func:`rst_markup` on one line (a role's text: hostile backticks end
    the role, and the rest is a paragraph's text)."""
    return one_line(rst_markup(text))


def md_markup(text: str) -> str:
    """*text* where MyST parses it: raw HTML in Markdown is the author's
    markup (as anywhere in MyST), so ``<`` is written as ``&lt;``: the text
    the extension reads still holds it."""
    return text.replace("<", "&lt;")


def md_plain(text: str) -> str:
    """*text* on one line where MyST reads it as plain text (a directive's
    argument or option, a role): hostile text can break the syntax that
    makes it plain (a backtick in a fence's info string, a line MyST does
    not read as an option), and then it is Markdown: ``<`` as ``&lt;``."""
    return one_line(md_markup(text))


def md_option(text: str, quoted: bool) -> str:
    """An option value of a MyST directive: YAML-quoted (exactly *text*),
    or as written -- but then an option block MyST cannot read is the
    directive's Markdown content, so ``<`` is written as ``&lt;`` there too."""
    return yaml_scalar(text) if quoted else md_plain(text)


def one_line(text: str) -> str:
    return text.replace("\n", " ")


def _cell_width(text: str) -> int:
    """Columns docutils counts for *text* in a grid table (wide characters
    take two)."""
    return len(text) + sum(1 for c in text if unicodedata.east_asian_width(c) in "WF")


def _flat(text: str) -> str:
    """*text* on one line, tabs as spaces (for table geometry)."""
    for char in ("\n", "\t", *LINE_BREAKS, "\x0b", "\x0c"):
        text = text.replace(char, " ")
    return text


def yaml_scalar(text: str) -> str:
    """A YAML double-quoted scalar holding exactly *text*."""
    out = ['"']
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif char == "<":  # should the block turn into Markdown
            out.append("\\u003c")
        elif (
            code < 0x20
            or 0x7F <= code <= 0x9F
            or code in (0x2028, 0x2029, 0xFEFF)
            or 0xFFFE <= code <= 0xFFFF
        ):
            out.append(f"\\u{code:04x}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


# --------------------------------------------------------------------------
# Tables in every syntax, spans included


@dataclass
class Table:
    """A table: the header row, the body rows, and the spans of a grid
    table (``ids[r][c]``: cells with one id are one spanning cell)."""

    header: list[str]
    rows: list[list[str]]
    syntax: str
    ids: list[list[int]] | None = None
    #: the table directive it is written in (directive RFCs)
    directive: str = ""


def grid_table(table: Table, escape: Any) -> str:
    """A grid table; each spanning cell's text is its top-left cell's."""
    grid = [table.header, *table.rows]
    ncols = len(table.header)
    grid = [row + [""] * (ncols - len(row)) for row in grid]
    ids = table.ids or [[r * ncols + c for c in range(ncols)] for r in range(len(grid))]
    nrows = len(grid)
    rect: dict[int, list[int]] = {}
    for r in range(nrows):
        for c in range(ncols):
            box = rect.setdefault(ids[r][c], [r, c, r, c])
            box[2], box[3] = max(box[2], r), max(box[3], c)
    text = {i: _flat(escape(grid[b[0]][b[1]])).strip() for i, b in rect.items()}
    width = [1] * ncols
    for i, (_r0, c0, _r1, c1) in rect.items():
        if c0 == c1:
            width[c0] = max(width[c0], _cell_width(text[i]))
    for i, (_r0, c0, _r1, c1) in rect.items():
        have = sum(width[c0:c1 + 1]) + 3 * (c1 - c0)
        if have < _cell_width(text[i]):
            width[c1] += _cell_width(text[i]) - have

    def hborder(r: int, c: int) -> bool:
        return r in (0, nrows) or ids[r - 1][c] != ids[r][c]

    def vborder(r: int, c: int) -> bool:
        return c in (0, ncols) or ids[r][c - 1] != ids[r][c]

    lines = []
    for r in range(nrows + 1):
        fill = "=" if r == 1 and nrows > 1 else "-"
        line = ""
        for c in range(ncols + 1):
            left = c > 0 and hborder(r, c - 1)
            right = c < ncols and hborder(r, c)
            up = r > 0 and vborder(r - 1, c)
            down = r < nrows and vborder(r, c)
            if up or down:
                line += "+" if left or right else "|"
            else:
                line += fill if left or right else " "
            if c < ncols:
                line += (fill if hborder(r, c) else " ") * (width[c] + 2)
        lines.append(line)
        if r == nrows:
            break
        line, c = "|", 0
        while c < ncols:
            i = ids[r][c]
            c1 = rect[i][3]
            area = sum(width[c:c1 + 1]) + 2 * (c1 - c + 1) + (c1 - c)
            content = " " + text[i] if rect[i][0] == r else ""
            line += content + " " * (area - _cell_width(content)) + "|"
            c = c1 + 1
        lines.append(line)
    return "\n".join(lines) + "\n"


def _csv(table: Table, escape: Any) -> str:
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n")
    for row in [table.header, *table.rows]:
        writer.writerow([_flat(escape(cell)) for cell in row])
    return out.getvalue()


def _list_table(table: Table, escape: Any) -> str:
    out = ""
    for row in [table.header, *table.rows]:
        for n, cell in enumerate(row or [""]):
            out += ("* - " if n == 0 else "  - ") + one_line(escape(cell)) + "\n"
    return out


def _indent(text: str, prefix: str = "   ") -> str:
    return "".join(prefix + line + "\n" if line.strip() else "\n" for line in text.split("\n"))


def rst_table(table: Table) -> str:
    if table.syntax == "grid":
        return grid_table(table, rst_markup)
    if table.syntax == "csv":
        return ".. csv-table::\n   :header-rows: 1\n\n" + _indent(_csv(table, rst_markup))
    return ".. list-table::\n   :header-rows: 1\n\n" + _indent(_list_table(table, rst_markup))


def md_table(table: Table) -> str:
    if table.syntax == "grid":
        return "```{eval-rst}\n" + grid_table(table, rst_markup) + "```\n"
    if table.syntax == "csv":
        return "```{csv-table}\n:header-rows: 1\n\n" + _csv(table, md_markup) + "```\n"
    if table.syntax == "list":
        return "```{list-table}\n:header-rows: 1\n\n" + _list_table(table, md_markup) + "```\n"
    ncols = len(table.header)

    def cells(row: list[str]) -> str:
        row = row + [""] * (ncols - len(row))
        return "| " + " | ".join(
            one_line(md_markup(c)).replace("|", "\\|") if table.syntax == "pipe" else
            one_line(md_markup(c)) for c in row
        ) + " |\n"

    return cells(table.header) + "|" + "---|" * ncols + "\n" + "".join(cells(r) for r in table.rows)


# --------------------------------------------------------------------------
# Strategies: documents and projects


#: Config values of each layout, besides the ones every project has.
LAYOUTS: dict[str, str] = {
    # rfc_modules empty: any module name is a module (the index pages list them)
    "open": (
        "rfc_issue_url = 'https://issues.example.com/{}?q=\"x\"&y=<z>'\n"
        "rfc_pr_url = 'https://example.com/pr/{}'\n"
        "rfc_extra_fields = {'backends': []}\n"
    ),
    # names, descriptions, statuses and extra values from conf.py are text too
    "closed": (
        "rfc_modules = {'optimizer': 'Optimizer <b>PWN</b> & \"co\"', 'checkpoint': '',"
        " 'a<b>&c': '{}'}\n"
        "rfc_statuses = {'draft': [], 'review': [], 'accepted': [],"
        " 'on-<i>hold</i>': ['hostile', '<x>']}\n"
        "rfc_extra_fields = {'backends': ['PT', 'MS', '<b>x</b>']}\n"
        "rfc_required_sections = ['basic-info', 'design']\n"
    ),
}
COMMON_CONF = (
    "myst_enable_extensions = ['colon_fence']\n"
    "html_sidebars = {'**': []}\n"
    "rfc_documents = ['native/*']\n"
    "rfc_test_results = ['results/*.xml']\n"
)

#: The documents of every project, and the RFC ID each would have.
R1, R2, N3, N4 = "rfcs/r1.rst", "rfcs/r2.md", "native/0003-n.md", "native/0004-n.rst"
INDEX, NAV, MODULE_PAGE = "index.rst", "pages/nav.md", "pages/mod.rst"
RFC_DOCS = (R1, R2, N3, N4)
DEFAULT_IDS = {R1: "RFC-0001", R2: "RFC-0002", N3: "RFC-0003", N4: "RFC-0004"}
RESULTS = "results/junit.xml"

TEST_IDS = ("tests/test_a.py::test_ok", "test_fail", "tests.test_b::Case::test_skip", "test_x[1]")

_FIELD_KEYS = [f.key for f in FIELDS]
#: A number of more than 4,300 digits (Python's limit for ``int(text)``).
HUGE = "9" * 4400

_VALUES: dict[str, tuple[str, ...]] = {
    "status": (*STATUSES.keys(), "已通过", "hostile", "on-<i>hold</i>"),
    "type": (*TYPES.keys(), "性能优化"),
    "created": ("2026-01-31", "2026-02-30", "٢٠٢٦-٠١-٠١", "2026-1-1", "2023-14-05",
                f"{HUGE}-01-02"),
    "updated": ("2026-03-01", "yesterday", HUGE),
    "backends": ("PT", "MS, PT", "<b>x</b>"),
}


@dataclass
class Doc:
    """One RFC document's hostile content (rendered by :func:`render`)."""

    path: str
    rfc_id: str
    title: str
    options: dict[str, str]
    summary: str
    sections: list[tuple[str, str, list[Table], str]]
    extra_rows: list[tuple[str, str]] = field(default_factory=list)
    mermaid: str = ""
    #: MyST: option values YAML-quoted
    quoted: bool = False
    long: str = ""
    line_break: str = ""


@dataclass
class Project:
    layout: str
    docs: dict[str, Doc]
    nav: dict[str, str]
    junit: str
    #: the edit made before the comparisons, and whether to make them
    edit: tuple[str, str]
    compare: bool = False

    def files(self) -> dict[str, str]:
        return render(self)


def _list_value(draw: Any, pool: list[str]) -> str:
    items = [pick(draw, *pool) for _ in range(draw(_index(4)))]
    sep = choice(draw, (", ", "，", "、", "; ", " / ", ","))
    return sep.join(items)


def _cell(draw: Any, col: ColumnSpec, ids: list[str], modules: list[str]) -> str:
    if col.vocabulary is not None:
        names = [n for c in col.vocabulary.choices for n in c.all_names()]
        return pick(draw, *names)
    if col.kind == COUNT:
        return pick(draw, "3", "0", "-1", "١٢", "1e3", "²", "", HUGE, f"约 {HUGE} 个")
    if col.kind == LIST:
        return _list_value(draw, list(TEST_IDS))
    if col.key in ("component", "module"):
        return pick(draw, *ids, *modules)
    return str(draw(HOSTILE))


def _table(draw: Any, spec: TableSpec, syntaxes: list[str], ids: list[str],
           modules: list[str]) -> Table:
    cols = [c for c in spec.columns if c.required != "no" or draw(BOOL)]
    header = [choice(draw, (c.label, *c.aliases)) for c in cols]
    if draw(_index(5)) == 0:
        cols.append(ColumnSpec("extra", "extra", ()))
        header.append(draw(HOSTILE))
    nrows = draw(_index(3))
    rows = [[_cell(draw, c, ids, modules) for c in cols] for _ in range(nrows)]
    syntax = choice(draw, syntaxes)
    ids_grid = None
    if syntax == "grid" and len(cols) > 1:
        # spans: rectangles of up to 3 x 3 cells, in the header or the body
        if nrows and draw(BOOL):
            rows.append([_cell(draw, c, ids, modules) for c in cols])
            nrows += 1
        ids_grid = [[r * len(cols) + c for c in range(len(cols))] for r in range(nrows + 1)]
        single = {i for row in ids_grid for i in row}
        for _ in range(draw(_index(3))):
            r, c = draw(_index(nrows + 1)), draw(_index(len(cols)))
            h, w = 1 + draw(_index(3)), 1 + draw(_index(3))
            last = 0 if r == 0 else nrows
            box = [(a, b) for a in range(r, min(r + h, last + 1))
                   for b in range(c, min(c + w, len(cols)))]
            if len(box) > 1 and all(ids_grid[a][b] in single for a, b in box):
                for a, b in box:
                    single.discard(ids_grid[a][b])
                    ids_grid[a][b] = r * len(cols) + c
    return Table(header, rows, syntax, ids_grid, spec.directive)


@st.composite
def rfc_doc(draw: Any, path: str, ids: list[str], modules: list[str]) -> Doc:
    markdown = path.endswith(".md")
    native = path.startswith("native/")
    rfc_id = DEFAULT_IDS[path]
    if draw(_index(4)) == 0:
        rfc_id = pick(draw, "RFC-٠٠٠١", "RFC-00０1", "RFC-𝟙", "RFC-0001", "rfc-1", "RFC-1 x",
                      f"RFC-{HUGE}")
    options: dict[str, str] = {}
    pools: dict[str, list[str]] = {
        "modules": modules, "supersedes": [*ids, f"RFC-1{HUGE}"], "requires": ids,
        "issues": ["#12", "!3", "https://example.com/x/1", f"#{HUGE}", *ATOMS["url"]],
        "authors": ["A <a@example.com>", "B <b@x>", "<script>@x.y", "PWN <\"x\"@y.z>"],
    }
    for key in [*_FIELD_KEYS, "backends"]:
        if draw(_index(6)) == 0:
            continue
        if key in pools:
            options[key] = _list_value(draw, pools[key])
        else:
            options[key] = pick(draw, *_VALUES.get(key, ()))
    if draw(BOOL):
        options[choice(draw, ("bogus", "x-y", "PWN"))] = draw(HOSTILE)
    syntaxes = ["pipe", "list", "csv", "grid", "raw"] if markdown else ["list", "grid", "csv"]
    sections = []
    for spec in SECTIONS:
        kinds = [t for t in TABLES if t.section == spec.key]
        if spec.key == "basic-info" or (not kinds and draw(BOOL)):
            continue
        title = choice(draw, spec.titles) if draw(_index(3)) else draw(HOSTILE)
        tables = [_table(draw, t, syntaxes, ids, modules) for t in kinds]
        sections.append((spec.key, title, tables, draw(HOSTILE)))
    if draw(BOOL):
        # the reviews, under a heading of their own (in no template section)
        title = choice(draw, ("评审记录", "Reviews", "10. Decision record")) if draw(
            _index(3)) else draw(HOSTILE)
        sections.append(("reviews", title, [_table(draw, REVIEWS, syntaxes, ids, modules)],
                         draw(HOSTILE)))
    extra_rows = []
    if native:
        for key, value in list(options.items()):
            if draw(BOOL):
                label = choice(draw, [f.label for f in FIELDS if f.key == key] + [key])
                extra_rows.append((label, value))
                del options[key]
        if draw(BOOL):
            extra_rows.append((draw(HOSTILE), draw(HOSTILE)))
    return Doc(
        path=path,
        rfc_id=rfc_id,
        title=draw(HOSTILE),
        options=options,
        summary=draw(HOSTILE),
        sections=sections,
        extra_rows=extra_rows,
        mermaid=draw(HOSTILE) if native else "",
        quoted=markdown and draw(BOOL),
        long=draw(LONG) if draw(BOOL) else "",
        line_break=choice(draw, LINE_BREAKS) if draw(_index(4)) == 0 else "",
    )


@st.composite
def junit(draw: Any) -> str:
    """A JUnit XML file: the table's test ids with hostile names and
    messages, or a file that cannot be read as one."""
    kind = choice(draw, ("ok", "ok", "ok", "bad-char", "truncated", "deep",
                         "not-xml", "testcase-root", "empty"))
    message = draw(HOSTILE)
    if kind == "not-xml":
        return message
    if kind == "empty":
        return ""
    if kind == "testcase-root":
        return f'<testcase name="test_fail"><failure message={_attr(message)}/></testcase>'
    if kind == "deep":
        depth = 500 + 500 * draw(_index(6))
        return ("<testsuite>" * depth + '<testcase name="test_ok"/>'
                + "</testsuite>" * depth)
    cases = []
    for test_id in (*TEST_IDS, draw(HOSTILE)):
        classname, _, name = test_id.rpartition("::")
        outcome = choice(draw, ("", "<failure message={m}>{t}</failure>",
                                "<skipped message={m}/>", "<error>{t}</error>"))
        body = outcome.format(m=_attr(message), t=_text(draw(HOSTILE)))
        cases.append(f'<testcase classname={_attr(classname.replace("/", "."))} '
                     f'name={_attr(name)} file={_attr(draw(HOSTILE))}>{body}</testcase>')
    text = '<?xml version="1.0" encoding="utf-8"?>\n<testsuites><testsuite name="s">'
    text += "\n".join(cases) + "</testsuite></testsuites>\n"
    if kind == "truncated":
        return text[: len(text) // 2]
    if kind == "bad-char":
        return text.replace("</testsuite>", "\x01</testsuite>", 1)
    return _xml_clean(text)


def _xml_clean(text: str) -> str:
    return re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]", "?", text)


def _attr(text: str) -> str:
    return '"' + html.escape(text, quote=True) + '"'


def _text(text: str) -> str:
    return html.escape(text, quote=False)


@st.composite
def projects(draw: Any, compare_every: int = 1) -> Project:
    """One example: a project of seven documents and a result file; about one
    in *compare_every* also runs the comparisons (a value in the middle of
    the range: Hypothesis draws the ends more often)."""
    layout = choice(draw, sorted(LAYOUTS))
    modules = [pick(draw, "optimizer", "checkpoint") for _ in range(1 + draw(_index(3)))]
    ids = [*DEFAULT_IDS.values(), "RFC-0099"]
    docs = {}
    for path in RFC_DOCS:
        if draw(_index(10)) > 0:
            docs[path] = draw(rfc_doc(path, ids, modules))
    h = HOSTILE
    nav = {
        "status": pick(draw, *STATUSES.keys(), ""), "type": pick(draw, *TYPES.keys(), ""),
        "module": pick(draw, *modules, ""), "author": pick(draw, "", "A"),
        "sort": pick(draw, "id", "-id", "title", "status", ""),
        "columns": pick(draw, "id, title, status, modules", "id, authors, type", ""),
        "group-by": pick(draw, "status", "module", "type", "none", ""),
        "rfc": pick(draw, *ids), "direction": pick(draw, "LR", "TD", ""),
        "graph-module": pick(draw, *modules),
        "module-page": pick(draw, *modules), "module-page-2": pick(draw, *modules),
        "ref": pick(draw, *ids), "mod": pick(draw, *modules), "text": draw(h),
        "prose": draw(h), "prose-2": draw(h),
    }
    edit = (choice(draw, ("delete", "new-id", "results", "nav", "touch")),
            choice(draw, RFC_DOCS))
    compare = draw(_index(compare_every)) == compare_every // 2
    return Project(layout, docs, nav, draw(junit()), edit, compare)


# --------------------------------------------------------------------------
# Rendering a project to files


def _rst_title(text: str, char: str) -> str:
    text = one_line(rst_markup(text)).strip() or "Untitled"
    return f"{text}\n{char * (_cell_width(text) + 4)}\n\n"


def _place_extras(doc: Doc) -> Doc:
    """Put the document's long token and line break into one of its strings."""
    if not doc.long and not doc.line_break:
        return doc
    doc = copy(doc)
    doc.options = dict(doc.options)
    if doc.options:
        key = sorted(doc.options)[len(doc.summary) % len(doc.options)]
        doc.options[key] = doc.options[key] + " " + doc.long
    else:
        doc.title += doc.long
    if doc.sections and doc.sections[0][2] and doc.sections[0][2][0].rows:
        sec = doc.sections[0]
        table = copy(sec[2][0])
        table.rows = [list(r) for r in table.rows]
        table.rows[0][0] = table.rows[0][0] + doc.line_break + doc.long[:200]
        doc.sections = [(sec[0], sec[1], [table, *sec[2][1:]], sec[3]), *doc.sections[1:]]
    else:
        doc.summary += doc.line_break
    return doc


def _by_directive(tables: list[Table]) -> list[tuple[str, list[Table]]]:
    groups: dict[str, list[Table]] = {}
    for table in tables:
        groups.setdefault(table.directive, []).append(table)
    return list(groups.items())


def render_rfc_rst(doc: Doc) -> str:
    doc = _place_extras(doc)
    native = doc.path.startswith("native/")
    text = ""
    if native:
        text += f":rfc: {one_line(doc.rfc_id)}\n" if doc.rfc_id != DEFAULT_IDS[doc.path] else ""
        for key, value in doc.options.items():
            text += f":{key}: {one_line(rst_markup(value))}\n"
        text += "\n" if text else ""
    text += _rst_title(doc.title, "=")
    if native:
        text += _rst_title("Basic information", "-")
        rows = [[k, v] for k, v in doc.extra_rows] or [["Status", "draft"]]
        text += rst_table(Table(["Field", "Value"], rows, "list")) + "\n"
    else:
        text += f".. rfc:: {one_line(doc.rfc_id)}\n"
        text += "".join(f"   :{k}: {one_line(v)}\n" for k, v in doc.options.items())
        text += "\n" + _indent(one_line(rst_markup(doc.summary))) + "\n"
    for _key, title, tables, prose in doc.sections:
        text += _rst_title(title, "-")
        for directive, group in _by_directive(tables):
            body = "\n".join(rst_table(t) for t in group)
            if native:
                text += body + "\n"
                continue
            argument = f" {one_line(prose)[:40]}" if directive == "rfc-interface" else ""
            text += f".. {directive}::{argument}\n\n" + _indent(body) + "\n"
        text += one_line(rst_markup(prose)) + "\n\n"
    return text


def render_rfc_md(doc: Doc) -> str:
    doc = _place_extras(doc)
    native = doc.path.startswith("native/")
    text = ""
    if native:
        front = {**({"rfc": doc.rfc_id} if doc.rfc_id != DEFAULT_IDS[doc.path] else {}),
                 **doc.options}
        if front:
            text += "---\n" + "".join(f"{k}: {yaml_scalar(v)}\n" for k, v in front.items())
            text += "---\n\n"
    text += f"# {one_line(md_markup(doc.title)).strip() or 'Untitled'}\n\n"
    if native:
        rows = [[k, v] for k, v in doc.extra_rows] or [["Status", "draft"]]
        text += "## 1. 基本信息\n\n" + md_table(Table(["项目", "内容"], rows, "pipe")) + "\n"
    else:
        text += f"```{{rfc}} {md_plain(doc.rfc_id)}\n"
        text += "".join(f":{k}: {md_option(v, doc.quoted)}\n" for k, v in doc.options.items())
        text += "\n" + one_line(md_markup(doc.summary)) + "\n```\n\n"
    for _key, title, tables, prose in doc.sections:
        text += f"## {one_line(md_markup(title)).strip() or 'Untitled'}\n\n"
        for directive, group in _by_directive(tables):
            body = "\n".join(md_table(t) for t in group)
            if native:
                text += body + "\n"
                continue
            argument = f" {md_plain(prose)[:40]}" if directive == "rfc-interface" else ""
            text += f"::::{{{directive}}}{argument}\n" + body + "::::\n\n"
        text += one_line(md_markup(prose)) + "\n\n"
    if doc.mermaid:
        text += "```mermaid\ngraph LR\n  A[" + one_line(doc.mermaid) + "] --> B\n```\n"
    return text


def _opts(nav: dict[str, str], keys: list[str], markdown: bool) -> str:
    prefix = "" if markdown else "   "
    out = ""
    for key in keys:
        value = nav[key.split("=")[-1]]
        value = md_option(value, False) if markdown else one_line(value)
        name = key.split("=")[0]
        if value.strip() or name == "modules":
            out += f"{prefix}:{name}: {value}\n"
    return out


def render_nav(nav: dict[str, str]) -> dict[str, str]:
    index_opts = ["status", "type", "module", "author", "sort", "columns", "group-by"]
    index = (
        "Hostile input\n=============\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n   native/*\n"
        "   pages/*\n\n.. rfc-index::\n" + _opts(nav, index_opts, False) + "\n"
        ".. rfc-graph::\n   :modules:\n\n"
        ".. rfc-graph::\n" + _opts(nav, ["rfc", "direction"], False) + "\n"
        f":rfc:ref:`{rst_plain(nav['ref'])}` :rfc:mod:`{rst_plain(nav['mod'])}` "
        f":rfc:ref:`{rst_plain(nav['text'])} <{rst_plain(nav['ref'])}>`\n\n"
        + one_line(rst_markup(nav["prose"])) + "\n"
    )
    page = (
        "# Modules\n\n"
        f"```{{rfc-module}} {md_plain(nav['module-page'])}\n{md_plain(nav['prose-2'])}\n```\n\n"
        "```{rfc-index}\n:group-by: module\n```\n\n"
        # Mermaid code, not the SVG: its labels are checked too
        "```{rfc-graph}\n:modules:\n:renderer: mermaid\n"
        + _opts(nav, ["module=graph-module"], True) + "```\n\n"
        f"{{rfc:ref}}`{md_plain(nav['ref'])}` {{rfc:mod}}`{md_plain(nav['mod'])}`\n"
    )
    module = (
        _rst_title("Module page", "=")
        + f".. rfc-module:: {one_line(nav['module-page-2'])}\n\n"
        + _indent(one_line(rst_markup(nav["prose"]))) + "\n"
    )
    return {INDEX: index, NAV: page, MODULE_PAGE: module}


def render(project: Project) -> dict[str, str]:
    files = render_nav(project.nav)
    for path, doc in project.docs.items():
        files[path] = render_rfc_md(doc) if path.endswith(".md") else render_rfc_rst(doc)
    files[RESULTS] = project.junit
    return files


def edited(project: Project) -> dict[str, str]:
    """The files after the example's edit: a change to one file, for the
    incremental build that is compared with clean builds."""
    files = render(project)
    kind, path = project.edit
    if kind == "delete":
        files.pop(path, None)
    elif kind == "new-id" and path in project.docs:
        doc = copy(project.docs[path])
        doc.rfc_id = "RFC-0099" if doc.rfc_id != "RFC-0099" else "RFC-0098"
        files[path] = render_rfc_md(doc) if path.endswith(".md") else render_rfc_rst(doc)
    elif kind == "results":
        files[RESULTS] = '<testsuite><testcase name="test_fail"/></testsuite>\n'
    elif kind == "nav":
        files[INDEX] = files[INDEX].replace(".. rfc-graph::\n   :modules:", ".. rfc-index::")
    return files


# --------------------------------------------------------------------------
# Builds


def conf_py(layout: str) -> str:
    return (
        'extensions = ["myst_parser", "sphinx_rfc"]\n'
        'exclude_patterns = ["_build"]\n'
        'suppress_warnings = ["toc.not_included"]\n' + COMMON_CONF + LAYOUTS[layout]
    )


def sync(root: Path, files: dict[str, str]) -> list[str]:
    """Make *root* hold exactly *files* (besides conf.py and _build), writing
    only what changed; return the paths written or removed."""
    changed = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and not rel.startswith("_build") and rel != "conf.py" \
                and rel not in files:
            path.unlink()
            changed.append(rel)
    now = time.time_ns()
    for rel, text in files.items():
        path = root / rel
        data = text.encode("utf-8", "surrogatepass")
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            # later than the last read, whatever the file system's clock
            os.utime(path, ns=(now, now))
            changed.append(rel)
    return changed


@dataclass
class Output:
    """What one build left: its folders, its log, the pages it wrote."""

    srcdir: Path
    outdir: Path
    warnings: str
    status: str
    error: str | None
    written: list[str]


class App:
    """A Sphinx application kept between builds (an incremental build each
    time, as ``sphinx-build`` run again on the same folders).

    Sphinx keeps some state per process -- docutils' directive and role
    registries, the log handlers -- that the next application replaces:
    each build puts back this application's.  And each build forgets the
    doctrees an earlier one read from disk, as ``SphinxTestApp.build()``
    does (they are stale once their document is read again).
    """

    def __init__(self, srcdir: Path, parallel: int = 0) -> None:
        from docutils.parsers.rst import directives, roles
        from sphinx.application import Sphinx
        from sphinx.util.docutils import additional_nodes, docutils_namespace, patch_docutils

        self.srcdir = srcdir
        self.outdir = srcdir / "_build" / "html"
        self.status, self.warning = io.StringIO(), io.StringIO()
        with patch_docutils(srcdir), docutils_namespace():
            self.app = Sphinx(
                str(srcdir), str(srcdir), str(self.outdir), str(srcdir / "_build" / ".doctrees"),
                "html", status=self.status, warning=self.warning, parallel=parallel,
                freshenv=False,
            )
            self._directives = copy(directives._directives)  # type: ignore[attr-defined]
            self._roles = copy(roles._roles)  # type: ignore[attr-defined]
            self._nodes = set(additional_nodes)

    def build(self) -> Output:
        from docutils.parsers.rst import directives, roles
        from sphinx.util import logging as sphinx_logging
        from sphinx.util.docutils import docutils_namespace, patch_docutils, register_node

        for stream in (self.status, self.warning):
            stream.seek(0)
            stream.truncate()
        error = None
        with patch_docutils(self.srcdir), docutils_namespace():
            directives._directives.update(self._directives)  # type: ignore[attr-defined]
            roles._roles.update(self._roles)  # type: ignore[attr-defined]
            for node in self._nodes:
                register_node(node)
            sphinx_logging.setup(self.app, self.status, self.warning)
            # what SphinxTestApp.build() does too: doctrees read from disk
            # by an earlier build are stale once their document is read again
            self.app.env._pickled_doctree_cache.clear()
            self.app.env.__dict__.pop("master_doctree", None)
            try:
                with cached_templates():
                    self.app.build()
            except Exception as exc:  # the build crashed: what this test is after
                import traceback

                error = "".join(traceback.format_exception(exc))
        status = ANSI.sub("", self.status.getvalue())
        return Output(
            self.srcdir, self.outdir, ANSI.sub("", self.warning.getvalue()), status, error,
            re.findall(r"writing output\.\.\. \[\s*\d+%\] (\S+)", status),
        )


ANSI = re.compile(r"\x1b\[[0-9;]*m")

#: jinja2 Environment -> (source, arguments) -> compiled code
_COMPILED: weakref.WeakKeyDictionary[Any, dict[tuple[Any, ...], Any]] = (
    weakref.WeakKeyDictionary()
)


@contextmanager
def cached_templates() -> Iterator[None]:
    """Keep what jinja2 compiles during the builds of this test.

    Sphinx compiles the theme's static templates (``basic.css_t``, ...) on
    every build, and sphinxcontrib-mermaid its script template for every
    page: a fifth of a small build's time.  The same source compiled by the
    same ``Environment`` is the same code, so the output does not change;
    only this test's builds use the cache, which lets an environment go
    with its application.
    """
    import jinja2

    original = jinja2.Environment.compile

    def compile(self: Any, source: Any, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(source, str):
            return original(self, source, *args, **kwargs)
        known = _COMPILED.setdefault(self, {})
        key = (source, args, tuple(sorted(kwargs.items())))
        if key not in known:
            known[key] = original(self, source, *args, **kwargs)
        return known[key]

    jinja2.Environment.compile = compile  # type: ignore[method-assign]
    try:
        yield
    finally:
        jinja2.Environment.compile = original  # type: ignore[method-assign]


def clean_build(root: Path, layout: str, files: dict[str, str], parallel: int = 0) -> Output:
    """A build in a new folder, with a new application."""
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    (root / "conf.py").write_text(conf_py(layout), encoding="utf-8")
    sync(root, files)
    return App(root, parallel).build()


def plain_build(root: Path, layout: str, files: dict[str, str]) -> Output:
    """The same project built by Sphinx and MyST alone (no ``sphinx_rfc``):
    what they report without the extension."""
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    conf = conf_py(layout).replace('"sphinx_rfc"', "")
    (root / "conf.py").write_text(conf, encoding="utf-8")
    sync(root, files)
    return App(root).build()


UNLOCATED = "warning without a file and line: "


def theirs_too(problems: list[str], clean: Output, plain: Output) -> list[str]:
    """*problems* of the *clean* build less the unlocated warnings that the
    *plain* build of the same project (no extension) gives word for word:
    docutils', Sphinx's or MyST's own, whatever the input."""
    kept = []
    for problem in problems:
        if problem.startswith(UNLOCATED):
            text = ast.literal_eval(problem[len(UNLOCATED):])
            if text.replace(str(clean.srcdir), str(plain.srcdir)) in plain.warnings:
                continue
        kept.append(problem)
    return kept


def theirs_when_incremental(problems: list[str], clean: Output, plain: Output) -> list[str]:
    """*problems* of an incremental build less the unlocated warnings whose
    message the *clean* build of the same files gives too (located there)
    and the *plain* build (no extension) gives as well: docutils' own, as
    its line bookkeeping leaves it after an incremental read."""
    kept = []
    for problem in problems:
        if problem.startswith(UNLOCATED):
            text = ast.literal_eval(problem[len(UNLOCATED):])
            message = text.split(":: ", 1)[-1]
            if message in clean.warnings and message in plain.warnings:
                continue
        kept.append(problem)
    return kept


class Workspace:
    """One kept application per layout, in folders under *base*."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.apps: dict[str, App] = {}
        self.builds = 0

    def root(self, layout: str) -> Path:
        return self.base / f"inc-{layout}"

    def build(self, layout: str, files: dict[str, str], fresh_app: bool = False) -> Output:
        """Sync the layout's folder to *files* and build it incrementally;
        *fresh_app*: with a new application that loads the environment from
        disk, which then replaces the kept one."""
        root = self.root(layout)
        if layout not in self.apps:
            root.mkdir(parents=True, exist_ok=True)
            (root / "conf.py").write_text(conf_py(layout), encoding="utf-8")
        sync(root, files)
        if layout not in self.apps or fresh_app:
            self.apps[layout] = App(root)
        self.builds += 1
        return self.apps[layout].build()


# --------------------------------------------------------------------------
# Checks


LOCATED = re.compile(
    r"^(?:(?P<loc>.*?): )?(?P<level>WARNING|ERROR|CRITICAL): ", re.MULTILINE
)
SYSTEM_MESSAGE = re.compile(r"\((?:DEBUG|INFO|WARNING|ERROR|SEVERE)/[0-4]\)|System Message:")


#: Warnings that Sphinx, docutils or MyST give no location, whatever the
#: extension does (each also happens in a project without it):
#:
#: - docutils' DocInfo transform reports a bibliographic field it cannot
#:   read (``authors: " "`` in a MyST document's front matter, which MyST
#:   turns into bibliographic fields) at the field, and MyST gives those
#:   fields no source or line;
#: - Sphinx reports a directive or role name with a colon and no such
#:   domain (a MyST fence ````{:d}``, ``:cls:rfc:ref:`x```) as "unknown
#:   directive name" / "unknown role name" with no location (docutils' or
#:   MyST's own located "Unknown directive type" / "Unknown interpreted
#:   text role" follows);
#: - docutils' anonymous-hyperlink transform reports ``x__`` with no target
#:   at the document, with the line where parsing ended -- none when that
#:   was inside a directive's content (a ``.. note::`` as much as an
#:   ``rfc-module``);
#: - docutils reports an empty citation (``.. [x]``, in a grid-table cell)
#:   with the line of the state machine that runs, which MyST's
#:   ``eval-rst`` leaves with none (MyST alone does it, no extension).
UPSTREAM_UNLOCATED = re.compile(
    r"Cannot extract .*bibliographic field|unknown (?:directive|role) name: "
    r"|Anonymous hyperlink mismatch: |Citation content expected\."
)


def check_warnings(out: Output) -> list[str]:
    """Every warning names a file of the project and a line."""
    problems = []
    for match in LOCATED.finditer(out.warnings):
        loc = match.group("loc") or ""
        found = re.fullmatch(r"(?P<path>.+?):(?P<line>\d+)", loc)
        end = out.warnings.find("\n", match.end())
        text = out.warnings[match.start(): end if end >= 0 else None]
        if not found and UPSTREAM_UNLOCATED.match(out.warnings, match.end()):
            continue
        if not found:
            problems.append(f"{UNLOCATED}{text!r}")
            continue
        path = Path(found.group("path"))
        if not path.is_absolute():
            path = out.srcdir / path
        try:
            path.resolve().relative_to(out.srcdir.resolve())
        except ValueError:
            problems.append(f"warning located outside the project: {text!r}")
            continue
        if not path.is_file():
            problems.append(f"warning located in no file: {text!r}")
    return problems


#: The tags and attributes that Sphinx's basic theme, docutils and the extension write
#: (``var``: docutils' option lists, ``-o FILE`` at the start of a paragraph in rST).
_TAGS = frozenset((
    "html", "head", "meta", "title", "link", "script", "body", "div", "span", "a", "p", "h1",
    "h2", "h3", "h4", "h5", "h6", "table", "colgroup", "col", "thead", "tbody", "tr", "th",
    "td", "ul", "ol", "li", "dl", "dt", "dd", "pre", "code", "em", "strong", "br", "hr", "nav",
    "section", "form", "input", "label", "button", "blockquote", "aside", "sup", "sub", "cite",
    "abbr", "kbd", "caption", "figure", "figcaption", "img", "noscript", "footer", "header",
    "main", "tt", "small", "search", "var", "acronym", "details", "summary",
))
_ATTRS = frozenset((
    "class", "id", "href", "title", "rel", "src", "type", "defer", "alt", "style", "role",
    "lang", "dir", "data-content_root", "charset", "name", "content", "action", "method",
    "value", "autocomplete", "autocorrect", "autocapitalize", "spellcheck", "placeholder",
    "aria-labelledby", "aria-label", "colspan", "rowspan", "start", "width", "height", "align",
    "valign", "span", "as", "crossorigin", "integrity", "media", "accesskey",
))
_URL_ATTRS = frozenset({"href", "src", "action", "formaction", "srcset", "xlink:href"})


class _Vocabulary(HTMLParser):
    """The tags and attributes of a piece of markup, and its style text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attrs: set[str] = set()
        self.styles: set[str] = set()
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attrs.update(name for name, _value in attrs)
        self._style = tag == "style"

    def handle_data(self, data: str) -> None:
        if self._style:
            self.styles.add(data)
            self._style = False


@cache
def svg_vocabulary() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The tags, attributes and ``<style>`` texts that
    :func:`sphinx_rfc.render.graph_svg.graph_svg` writes, read from a graph
    that takes every path of it: every status and edge kind, a focused RFC
    (its ring), modules with and without a home, nodes with and without a
    link, an edge label tag and the legend."""
    from sphinx_rfc.render.graph import EDGE_KINDS, STATUS_STYLES, TOUCHES
    from sphinx_rfc.render.graph_svg import graph_svg

    statuses = [*STATUS_STYLES, "custom"]
    ids = [f"RFC-{n:04d}" for n in range(1, len(statuses) + 1)]
    value = {
        "direction": "LR",
        "focus": ids[0],
        "nodes": [{"id": i, "title": f"Title of {i}", "status": s, "docname": f"r/{i}"}
                  for i, s in zip(ids, statuses, strict=True)],
        "modules": [{"name": "m1", "home": ["mods/m1", "m1"]}, {"name": "m2", "home": None}],
        "edges": [[kind, ids[k + 1], ids[k]] for k, kind in enumerate(EDGE_KINDS)
                  if kind != TOUCHES]
        + [[TOUCHES, ids[0], "m1"], [TOUCHES, ids[1], "m2"]],
    }
    vocabulary = _Vocabulary()
    def link(item: Any) -> str:
        return f"../{item['docname']}.html"

    def module_link(module: Any) -> str | None:
        return "../mods.html#m" if module.get("home") else None

    vocabulary.feed(graph_svg(value, link, module_link))
    vocabulary.feed(graph_svg(value, lambda item: None, lambda module: None))
    vocabulary.close()
    expected = {"svg", "g", "a", "path", "rect", "text", "tspan", "title", "style"}
    assert expected <= vocabulary.tags, vocabulary.tags
    assert "href" in vocabulary.attrs and len(vocabulary.styles) == 1
    return frozenset(vocabulary.tags), frozenset(vocabulary.attrs), frozenset(vocabulary.styles)
_BAD_SCHEME = re.compile(r"^(?:javascript|data|vbscript):", re.IGNORECASE)


def _scheme_of(url: str) -> str:
    """*url* as a browser reads its scheme: leading spaces and controls
    dropped, tabs and newlines removed anywhere."""
    url = url.lstrip("".join(chr(c) for c in range(0x21)))
    return re.sub("[\t\n\r]", "", url)


class _PageChecker(HTMLParser):
    """The tags and attributes of a page: Sphinx's and the extension's own
    HTML and, inside an ``rfc-graph``'s ``<svg class="rfc-graph-svg">``
    only, the SVG of :func:`svg_vocabulary` -- its ``<style>`` exactly
    the graph's style sheet."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.script: list[str] | None = None
        self.script_type = ""
        self.style: list[str] | None = None
        #: open elements inside the graph's <svg> (0: not in one)
        self.svg = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        inside = self.svg
        self._start(tag, attrs)
        if inside:
            self.svg += 1

    def _start(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        where = self.getpos()
        svg_tags, svg_attrs, _styles = svg_vocabulary()
        if tag == "svg" and not self.svg and dict(attrs).get("class") == "rfc-graph-svg":
            tags, names = svg_tags, svg_attrs
        elif self.svg:
            tags, names = svg_tags - {"svg"}, svg_attrs
        else:
            tags, names = _TAGS, _ATTRS
        if tag not in tags:
            self.problems.append(f"tag <{tag}> at {where}: {self.get_starttag_text()!r}")
        if tag == "svg":
            self.svg = 1
        if tag == "style" and self.svg:
            self.style = []
        for name, value in attrs:
            if name not in names:
                self.problems.append(f"attribute {name!r} at {where}: "
                                     f"{self.get_starttag_text()!r}")
            if name in _URL_ATTRS and value and _BAD_SCHEME.match(_scheme_of(value)):
                self.problems.append(f"{name}={value!r} at {where}")
            if name == "style" and value and (CANARY in value or "url(" in value):
                self.problems.append(f"style={value!r} at {where}")
        if tag == "img":
            src = dict(attrs).get("src") or ""
            if not re.fullmatch(r"(\.\./)*_static/[\w.-]+\.png", src):
                self.problems.append(f"image at {where}: {self.get_starttag_text()!r}")
        if tag == "script":
            src = dict(attrs).get("src")
            if src is not None and not re.fullmatch(
                r"(\.\./)*(_static/[\w./-]+|searchindex)\.js(\?v=[0-9a-f]+)?"
                r"|https://cdn\.jsdelivr\.net/npm/"
                r"[\w@./-]+", src
            ):
                self.problems.append(f"script at {where}: {self.get_starttag_text()!r}")
            self.script = []
            self.script_type = (dict(attrs).get("type") or "").lower()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs)
        if tag == "script":
            self.script = None
        if tag == "style":
            self.style = None

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self.script is not None:
            code = "".join(self.script)
            if self.script_type == "application/json":
                # data (the index's rows): JSON, with no "<" that could
                # end the script or open a comment
                try:
                    json.loads(code)
                except ValueError:
                    self.problems.append(f"a JSON script that is no JSON at {self.getpos()}")
                if "<" in code:
                    self.problems.append(f"a '<' in a JSON script at {self.getpos()}")
            elif CANARY in code:
                self.problems.append(f"user text in a script at {self.getpos()}")
            self.script = None
        if tag == "style" and self.style is not None:
            if "".join(self.style) not in svg_vocabulary()[2]:
                self.problems.append(f"a graph's style sheet changed at {self.getpos()}")
            self.style = None
        if self.svg:
            self.svg -= 1

    def handle_data(self, data: str) -> None:
        if self.script is not None:
            self.script.append(data)
        if self.style is not None:
            self.style.append(data)

    def handle_comment(self, data: str) -> None:
        self.problems.append(f"comment at {self.getpos()}: {data[:80]!r}")

    def handle_decl(self, decl: str) -> None:
        if decl.lower() != "doctype html":
            self.problems.append(f"declaration at {self.getpos()}: {decl[:80]!r}")

    def unknown_decl(self, data: str) -> None:
        self.problems.append(f"declaration at {self.getpos()}: {data[:80]!r}")

    def handle_pi(self, data: str) -> None:
        self.problems.append(f"processing instruction at {self.getpos()}: {data[:80]!r}")


_MERMAID = re.compile(
    r'<div class="rfc-graph[^"]*">\s*<pre\s+class="mermaid">(.*?)</pre>', re.DOTALL
)
_LABEL = r'(?:[A-Za-z0-9 _\-.,/]|#\d+;|[^\x00-\x7f])*'
_MERMAID_LINES = [
    re.compile(p)
    for p in (
        r"flowchart (?:LR|TD|TB|RL|BT)",
        rf'    n\d+\["(?P<a>{_LABEL})<br>(?P<b>{_LABEL})"\]',
        rf'    m\d+\{{\{{"(?P<a>{_LABEL})"\}}\}}',
        rf"    n\d+ (?:-->|==>|-\.->)\|(?P<a>{_LABEL})\| n\d+",
        r"    n\d+ --- m\d+",
        r"    classDef rfc_[a-z0-9_]+ [a-z0-9:#,.\- ]+",
        r"    class [nm]\d+ rfc_[a-z0-9_]+",
        r"    style n\d+ stroke-width:3px",
        r'    click n\d+ href "(?![A-Za-z][A-Za-z0-9+.-]*:)[A-Za-z0-9/#?=&%.\-_~+:]*"',
    )
]
#: What Markdown reads as whitespace after a delimiter: nothing can open there.
_NO_MARKUP = " \n\ufeff"


def _label_problem(label: str) -> str | None:
    """Why a Mermaid label is not plain text: a symbol left as itself, or,
    once Mermaid has decoded its entity codes, a Markdown delimiter that could
    open emphasis or escape (Mermaid up to 11.12 reads labels as Markdown)."""
    for char in label:
        if ord(char) > 127 and not char.isalnum() and char not in "\ufeff\n":
            return f"the symbol {char!r} as itself"
    text = re.sub(r"#(\d+);", lambda m: chr(int(m.group(1))), label)
    for i, char in enumerate(text):
        intraword = char == "_" and 0 < i < len(text) - 1 and text[i - 1].isalnum() \
            and text[i + 1].isalnum()
        if char in "*_\\" and not intraword and text[i + 1:i + 2] not in ("", *_NO_MARKUP):
            return f"Markdown {text[max(0, i - 10):i + 10]!r}"
    return None


def check_mermaid(page: str, text: str) -> list[str]:
    """The Mermaid code of every ``rfc-graph``: known lines only, labels of
    letters, digits and entity codes (:func:`~sphinx_rfc.render.graph.escape_label`)
    that Mermaid reads as text."""
    problems = []
    for block in _MERMAID.findall(text):
        for line in html.unescape(block).strip("\n").split("\n"):
            line = line.rstrip()
            if not line.strip():
                continue
            if line.strip().startswith("flowchart"):
                line = line.strip()
            match = next((m for p in _MERMAID_LINES if (m := p.fullmatch(line))), None)
            if match is None:
                problems.append(f"{page}: Mermaid line {line!r}")
                continue
            # a node's ID and title are one text, a line break between them
            label = "\n".join(v for v in match.groupdict().values() if v is not None)
            why = _label_problem(label)
            if why:
                problems.append(f"{page}: Mermaid label with {why}: {line[:300]!r}")
    return problems


def check_page(page: str, text: str, srcdir: Path) -> list[str]:
    checker = _PageChecker()
    checker.feed(text)
    checker.close()
    problems = [f"{page}: {p}" for p in checker.problems]
    if str(srcdir) in text:
        problems.append(f"{page}: holds the project's absolute path")
    if SYSTEM_MESSAGE.search(text):
        problems.append(f"{page}: holds a docutils system message: "
                        f"{SYSTEM_MESSAGE.search(text).group(0)!r}")  # type: ignore[union-attr]
    return problems + check_mermaid(page, text)


_SCHEMA: list[Any] = []


def _validator() -> Any:
    if not _SCHEMA:
        import jsonschema

        import sphinx_rfc

        schema_path = Path(sphinx_rfc.__file__).parent / "schema" / "rfcs.schema.json"
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        _SCHEMA.append(jsonschema.Draft202012Validator(schema))
    return _SCHEMA[0]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def check_json(out: Output) -> list[str]:
    path = out.outdir / "rfcs.json"
    if not path.is_file():
        return ["no rfcs.json"]
    raw = path.read_bytes()
    try:
        data = json.loads(raw)
    except ValueError as exc:
        return [f"rfcs.json is not JSON: {exc}"]
    problems = [f"rfcs.json: {e.message[:300]} at {list(e.absolute_path)}"
                for e in _validator().iter_errors(data)]
    for root in {str(out.srcdir), str(out.srcdir.resolve())}:
        if root.encode() in raw:
            problems.append("rfcs.json holds the project's absolute path")
    for text in _strings(data):
        found = SYSTEM_MESSAGE.search(text)
        if found:
            problems.append(f"rfcs.json holds a docutils system message: {text[:300]!r}")
    for record in data.get("rfcs", []):
        for problem in record.get("problems", []):
            if problem.get("line") is None or not problem.get("source"):
                problems.append(f"rfcs.json: problem without a location: {problem}")
    return problems


def html_pages(out: Output, all_pages: bool) -> list[str]:
    """The pages to check: those this build wrote (and the pages Sphinx
    writes every time), or every page."""
    if all_pages:
        return sorted(p.relative_to(out.outdir).as_posix() for p in out.outdir.rglob("*.html"))
    return [*(f"{d}.html" for d in out.written), "rfc-rfcs.html", "rfc-modules.html",
            "genindex.html"]


def check_build(out: Output, all_pages: bool = False) -> list[str]:
    """Every property of one build's output (an empty list: all hold)."""
    if out.error is not None:
        return [f"the build crashed:\n{out.error}"]
    problems = []
    if "Traceback" in out.warnings or "Exception occurred" in out.warnings:
        problems.append("a traceback in the log")
    problems += check_warnings(out)
    problems += check_json(out)
    for page in html_pages(out, all_pages):
        path = out.outdir / page
        if path.is_file():
            problems += check_page(page, path.read_text(encoding="utf-8"), out.srcdir)
    return problems


# --------------------------------------------------------------------------
# Comparisons


def page_bodies(out: Output, files: dict[str, str]) -> dict[str, str]:
    """The body of each page a source or the domain writes."""
    pages = {}
    docnames = [re.sub(r"\.(rst|md)$", "", f) for f in files if f.endswith((".rst", ".md"))]
    for docname in [*docnames, "rfc-rfcs", "rfc-modules"]:
        path = out.outdir / f"{docname}.html"
        text = path.read_text(encoding="utf-8") if path.is_file() else "(missing)"
        start, end = text.find('<div class="body"'), text.find('<div class="sphinxsidebar"')
        pages[docname] = text[start:end]
    return pages


def rfc_warnings(out: Output) -> list[str]:
    """The ``rfc`` warnings, sorted, their locations relative to the project."""
    text = out.warnings.replace(str(out.srcdir) + os.sep, "")
    return sorted(line for line in text.splitlines() if "[rfc." in line)


def compare_builds(incremental: Output, serial: Output, parallel: Output,
                   files: dict[str, str]) -> list[str]:
    """The incremental build equals the clean one (``rfcs.json`` bytes, page
    bodies), and ``-j 2`` equals ``-j 1`` (``rfcs.json`` bytes, warnings)."""
    for out in (incremental, serial, parallel):
        if out.error is not None:
            return [f"a build crashed:\n{out.error}"]

    def data(out: Output) -> str:
        path = out.outdir / "rfcs.json"
        return path.read_text(encoding="utf-8") if path.is_file() else "(missing)"

    problems = []
    pairs = [("rfcs.json", "the incremental build", incremental, serial, data),
             ("rfcs.json", "the -j 2 build", parallel, serial, data)]
    inc_pages, clean_pages = page_bodies(incremental, files), page_bodies(serial, files)
    for page in clean_pages:
        pairs.append((f"page {page}", "the incremental build", incremental, serial,
                      lambda out, page=page: (inc_pages if out is incremental
                                              else clean_pages)[page]))
    pairs.append(("the rfc warnings", "the -j 2 build", parallel, serial,
                  lambda out: "\n".join(rfc_warnings(out))))
    for what, which, out, clean, text in pairs:
        a, b = text(clean), text(out)
        if a == b:
            continue
        a_, b_ = a.replace(str(clean.srcdir), "<srcdir>"), b.replace(str(out.srcdir), "<srcdir>")
        if a_ == b_:
            problems.append(f"{what} of {which} differs from the clean -j 1 build's only in "
                            "the build folder's path")
        else:
            problems.append(f"{what} of {which} differs from the clean -j 1 build's:\n"
                            + _diff(a_, b_))
    return problems


def _diff(a: str, b: str) -> str:
    import difflib

    lines = list(difflib.unified_diff(a.splitlines(), b.splitlines(), "clean", "other",
                                      lineterm="", n=1))
    return "\n".join(line[:300] for line in lines[:40])
