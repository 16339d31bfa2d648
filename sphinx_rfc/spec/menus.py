"""What a template asks its author to fill in or choose, as the checks
compare an RFC's text with it (docs/reference/import.md, "Values"):

- the **fields** of its basic-information table whose value the author
  must write (the template's cell is a placeholder, a menu or empty): such
  a row left empty is a placeholder left;
- its **menus**: a value that offers the options to choose from, separated
  by ``/`` (``一致 / 不一致``, the module list ``model / distributed / …``),
  with the field, column or sentence it is the value of.  An RFC's value
  equal to the template's own menu, in the same place, is a menu left
  unchosen; a subset of the options (``PT / MS`` of ``PT / MS / PT + MS``)
  or a range that is a real answer (the template's own ``True / False``
  example) is not;
- its **guidance**: the sentences that tell the author what to write
  (``说明为什么要做。…``), which are a placeholder when left as written.

Compared folded (:func:`~sphinx_rfc.spec.folding.fold_key`: width, case,
spaces, backticks and separators do not matter).  No Sphinx, no docutils;
only str methods.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from sphinx_rfc.spec.fields import match_field
from sphinx_rfc.spec.folding import fold_key
from sphinx_rfc.spec.template import TemplateSchema, choices, default_schema


@dataclass(frozen=True)
class Menu:
    #: The field, column or sentence label it is the value of, folded;
    #: a basic-information field by its key (``modules``).
    labels: tuple[str, ...]
    #: The options, as the template lists them.
    options: tuple[str, ...]

    @property
    def text(self) -> str:
        return " / ".join(self.options)


#: The menus of the hyper-parallel template as its users write it (the
#: requirements-walkthrough issue form the built-in template condenses:
#: there its menus are filled with sample answers).  Menus in a column of
#: a closed set (``是 / 否``, ``强 / 弱 / 不涉及``) are left out: such a
#: cell is reported as a menu offering several choices already.
BUILTIN_MENUS: tuple[Menu, ...] = (
    Menu(("modules",), ("model", "distributed", "checkpoint", "optimizer", "trainer")),
    Menu(("和已有接口是否一致", "与已有接口是否一致", "consistent with existing interfaces",
          "consistency with existing interfaces"), ("一致", "不一致")),
    Menu(("来源", "source"), ("相关框架", "原生实现", "模型写法")),
)

#: The template's guidance left out of the built-in template's text (the
#: sentences of the issue form that tell what to write, and the
#: background table's "what to explain" cells).
BUILTIN_GUIDANCE: tuple[str, ...] = (
    "说明为什么要做。本节只保留和本特性直接相关的信息。",
    "说明为什么要做，只保留和本特性直接相关的信息。",
    "建议用架构图说明本特性和框架内核心模块的依赖关系，各种并行、swap、重计算等的边界。",
    "当前缺什么能力；影响什么场景",
    "哪个场景慢；当前指标；目标指标",
    "已有类似能力，但本 RFC 要增强什么",
    "已有类似能力，本 RFC 要增强什么",
    "用户怎么使用；当前阻塞点；完成后怎么验收",
    "用户怎么使用；阻塞点；完成后怎么验收",
)

#: Brackets a menu may be written in (``【一致 / 不一致】``).
_BRACKETS = ("()", "（）", "[]", "【】", "<>", "《》", "「」")
#: What may end a sentence's value.
_ENDS = "。.；;，,！!"
#: Tables whose rows are examples, not menus: a parameter's range
#: (``True / False``) is a real answer.
_EXAMPLE_KINDS = ("interface",)
#: The shortest guidance sentence compared (a short line is an answer).
_SHORTEST_GUIDANCE = 8


def label_key(label: str) -> str:
    """The key a field, column or sentence label is compared on: a
    basic-information field's key (``相关模块``, ``Related modules``:
    ``modules``), else the folded label."""
    spec = match_field(label) if len(label) <= 40 else None
    return spec.key if spec is not None else fold_key(label)


def _unwrapped(text: str) -> str:
    text = text.strip().rstrip(_ENDS).strip()
    for pair in _BRACKETS:
        if len(text) > 2 and text[0] == pair[0] and text[-1] == pair[1]:
            return text[1:-1].strip()
    return text


#: The characters whose NFKC form holds a ``/`` (``／``, ``℅`` …): a value
#: without any offers no options, and is not normalized to be asked.
_SLASHES = frozenset(map(chr, (0x2F, 0x2100, 0x2101, 0x2105, 0x2106, 0xFF0F)))


def may_offer_options(text: str) -> bool:
    """Whether *text* may offer options (:func:`options_of`): it holds a
    character whose NFKC form holds a ``/``."""
    return not _SLASHES.isdisjoint(text)


def options_of(value: str) -> tuple[str, ...]:
    """The options *value* offers, separated by ``/`` (two or more), or ()."""
    if _SLASHES.isdisjoint(value):
        return ()
    text = unicodedata.normalize("NFKC", _unwrapped(value)).replace("`", "")
    if "/" not in text:
        return ()
    parts = tuple(" ".join(p.split()) for p in text.split("/"))
    if len(parts) < 2 or any(not p or len(p) > 40 for p in parts):
        return ()
    return parts


def is_combination_menu(options: tuple[str, ...]) -> bool:
    """Whether *options* offer each of two or more choices and their
    combination (``PT / MS / PT + MS``): a list that names both alone and
    together is a menu to choose from, never an answer."""
    if len(options) < 3:
        return False
    *singles, last = options
    joined = [fold_key(p) for p in last.split("+")]
    return len(joined) >= 2 and sorted(joined) == sorted(fold_key(s) for s in singles)


def unchosen_menu(value: str, label: str, menus: tuple[Menu, ...]) -> str | None:
    """The menu *value* (the value of the field, column or sentence
    *label*) leaves unchosen, as the template writes it, or None."""
    options = options_of(value)
    if not options:
        return None
    if is_combination_menu(options):
        return " / ".join(options)
    folded = fold_key("".join(options))
    key = label_key(label) if label else ""
    for menu in menus:
        if fold_key("".join(menu.options)) == folded and key in menu.labels:
            return menu.text
    return None


def is_guidance(text: str, guidance: frozenset[str]) -> bool:
    """Whether *text* is one of the template's guidance sentences, folded."""
    folded = fold_key(text.strip())
    return len(folded) >= _SHORTEST_GUIDANCE and folded in guidance


def without_guidance(text: str, guidance: frozenset[str]) -> str:
    """*text* without its lines that are the template's guidance: what is
    left of a section whose only content is the guidance is empty."""
    if not guidance:
        return text
    return "\n".join(line for line in text.split("\n") if not is_guidance(line, guidance))


@dataclass(frozen=True)
class Asks:
    """What a template asks its author for (see the module's docstring)."""

    #: Basic-information fields the author must fill (``authors``, ``issues`` …).
    fields: tuple[str, ...]
    menus: tuple[Menu, ...]
    #: Guidance sentences and cells, folded.
    guidance: frozenset[str]


def template_asks(schema: TemplateSchema | None) -> Asks:
    """What *schema* (None: the built-in template) asks its author for."""
    return _asks(schema if schema is not None else default_schema())


_CACHE: dict[str, Asks] = {}


def _asks(schema: TemplateSchema) -> Asks:
    found = _CACHE.get(schema.digest)
    if found is not None:
        return found
    fields: list[str] = []
    menus: list[Menu] = list(BUILTIN_MENUS)
    guidance = {fold_key(g) for g in BUILTIN_GUIDANCE}
    for table in schema.tables:
        if table.kind == "basic-info":
            for row in table.rows:
                spec = match_field(row[0].replace("*", "")) if row and row[0].strip() else None
                if spec is None or len(row) < 2:
                    continue
                value = row[1]
                if not value.strip() or _placeholder_only(value, schema) or choices(value):
                    fields.append(spec.key)
                if choices(value):
                    menus.append(Menu((spec.key,), choices(value)))
            continue
        if table.kind in _EXAMPLE_KINDS:
            continue
        for column_at, column in enumerate(table.columns):
            if (column.key is not None and _closed(table.kind, column.key)) or not _asks_choice(
                    column.header):
                continue
            for row in table.rows:
                if column_at < len(row) and (offered := choices(row[column_at])):
                    labels: tuple[str, ...] = (label_key(column.header),)
                    if len(table.columns) == 2 and column_at == 1 and row[0].strip():
                        labels = (*labels, label_key(row[0]))
                    menus.append(Menu(labels, offered))
    for line in _prose(schema):
        label, colon, rest = _split_label(line)
        if colon and (offered := options_of(rest)) and _asks_choice(label):
            menus.append(Menu((label_key(label),), offered))
        elif not colon and line.endswith(("。", ".")) and "=" not in line and not any(
            p.casefold() in line.casefold() for p in schema.placeholders
        ):
            guidance.add(fold_key(line))
    asks = Asks(tuple(dict.fromkeys(fields)), tuple(dict.fromkeys(menus)),
                frozenset(g for g in guidance if len(g) >= _SHORTEST_GUIDANCE))
    _CACHE[schema.digest] = asks
    return asks


#: Words of a column header or a sentence's label that ask for a choice
#: (``是否影响已有行为``, ``和已有接口是否一致``, ``Consistent?``).
_QUESTION_WORDS = ("是否", "whether", "?", "？")


def _asks_choice(label: str) -> bool:
    """Whether *label* asks for one of several options: a question
    (``是否…``), or alternatives itself (``强依赖 / 弱依赖``).  Other cells
    of a template's tables (``TP / PP``, ``吞吐 / 显存峰值``) are examples
    of an answer, not menus."""
    folded = label.casefold()
    return any(word in folded for word in _QUESTION_WORDS) or bool(options_of(label))


def _closed(kind: str | None, key: str) -> bool:
    """Whether the column *key* of the table kind *kind* takes a value from
    a closed set (its menus are reported as invalid values)."""
    from sphinx_rfc.spec.table_kinds import TABLES, YESNO

    spec = next((t for t in TABLES if t.kind == kind), None)
    column = next((c for c in spec.columns if c.key == key), None) if spec else None
    return column is not None and (column.vocabulary is not None or column.kind == YESNO)


def _placeholder_only(text: str, schema: TemplateSchema) -> bool:
    rest = text
    for placeholder in schema.placeholders:
        rest = rest.replace(placeholder, "")
    return not any(c.isalnum() for c in rest)


def split_label(line: str) -> tuple[str, str, str]:
    """``label：value`` of a sentence (the first ``：`` or ``: ``), or
    ``("", "", line)``."""
    return _split_label(line)


def _split_label(line: str) -> tuple[str, str, str]:
    for colon in ("：", ": "):
        at = line.find(colon)
        if 0 < at <= 40:
            return line[:at].strip(), colon, line[at + len(colon):].strip()
    return "", "", line


#: What starts a line of a template that is no prose.
_NOT_PROSE = ("#", "|", "<!--", "-->", "```", "~~~", ":::", ">", "- ", "* ", "+ ")


def _prose(schema: TemplateSchema) -> list[str]:
    """The lines of *schema*'s text that are prose: not in code, a
    comment, a heading, a table, a list or a quote (Markdown only)."""
    if not schema.markdown:
        return []
    found: list[str] = []
    fence = ""
    comment = False
    for raw in schema.text.splitlines():
        line = raw.strip()
        if fence:
            if line.startswith(fence):
                fence = ""
            continue
        if comment:
            comment = "-->" not in line
            continue
        if line.startswith(("```", "~~~", ":::")):
            fence = line[:3]
            continue
        if line.startswith("<!--"):
            comment = "-->" not in line
            continue
        if not line or line.startswith(_NOT_PROSE) or (line[:1].isdigit() and ". " in line[:4]):
            continue
        found.append(line)
    return found
