"""The template's own text that an author writes over: its title, and the
cells of its record table that say what to write (``新增API名称``,
``此设计文档的版本号，如V1.0``), learned from the template document
(docs/reference/warnings.md, "The template's own text").  A cell that reads as an
example answer (a date, a version, names, ``develop``) is the team's to
keep and is not learned."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec.fields import match_field
from sphinx_rfc.spec.folding import CJK_LETTERS, fold_key

#: The marks that end a clause of Chinese writing: a cell holding one
#: between two runs of letters is a sentence, an instruction
#: (``如无特殊情况，都应基于develop版本开发``), not a value.
CLAUSE_MARKS = "，；。"
_CLAUSE = _lazy_re.compile(f"[{CLAUSE_MARKS}]")
#: Where a document's cell ends its first clause (a comma of either width).
_FIRST_CLAUSE = _lazy_re.compile(f"[{CLAUSE_MARKS},;]")
#: A letter of any script (a cell of digits and dots is a value).
_LETTER = _lazy_re.compile(rf"[A-Za-z{CJK_LETTERS}]")
#: The shortest key (folded) a cell is said to restate: ``版本号``, ``API名称``.
_SHORTEST_KEY = 2
#: A word: a Chinese letter, or two Latin letters or more (``v1.0`` holds none).
_WORD = _lazy_re.compile(rf"[{CJK_LETTERS}]|[A-Za-z]{{2,}}")
#: The letters of a list's item at most (``训练，推理，部署``): a clause
#: holds more.
_LONGEST_ITEM = 4


@dataclass(frozen=True)
class OwnTexts:
    """What a template writes that its documents must not keep: its title
    (*titles*), the cells of its record table that tell the author what
    to write (*values*), and the first clause of those that restate their
    key before an example (*leads*: ``此设计文档的版本号`` of
    ``此设计文档的版本号，如V1.0``), each as the template writes it."""

    titles: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    leads: tuple[str, ...] = ()
    #: the paragraphs under the title that tell how to write it
    #: (``标题如：paddle.io.dataset 设计文档``)
    notes: tuple[str, ...] = ()

    def __or__(self, other: OwnTexts) -> OwnTexts:
        return OwnTexts(*(tuple(dict.fromkeys((*a, *b))) for a, b in (
            (self.titles, other.titles), (self.values, other.values),
            (self.leads, other.leads), (self.notes, other.notes))))

    def note_left(self, text: str) -> str | None:
        """The template's note on its title, when *text* (a paragraph of a
        document) is it."""
        return _same(text, self.notes)

    def title_left(self, text: str) -> str | None:
        """The template's title, when *text* (a document's title) is it."""
        return _same(text, self.titles)

    def value_left(self, text: str) -> str | None:
        """The template's cell *text* (a cell or field value of a document)
        keeps: the whole cell, or its first clause when the document kept
        that and wrote its own example after it."""
        found = _same(text, self.values)
        if found is None and self.leads:
            found = _same(_FIRST_CLAUSE.split(text, maxsplit=1)[0], self.leads)
        return found


#: A template that writes none (an immutable value, shared).
NO_OWN_TEXT = OwnTexts()


def _same(text: str, texts: Sequence[str]) -> str | None:
    if not texts or not text.strip():
        return None
    key = fold_key(text)
    return next((t for t in texts if fold_key(t) == key), None)


def learn_title(title: str, section_titles: Iterable[str]) -> tuple[str, ...]:
    """The template's title as a text to write over (``标题``, ``任务名``):
    none when it has no title heading, or when its first heading is one of
    its sections (a template with no title of its own)."""
    if not title.strip() or not _LETTER.search(title):
        return ()
    if fold_key(title) in {fold_key(s) for s in section_titles}:
        return ()
    return (title,)


#: What a note on the title says after the title's words (and a space, a
#: comma or a bracket): an example (``标题如：…``, ``标题（例：…）``,
#: ``Title, e.g. …``) or a colon.
_EXAMPLE_STARTS = ("如", "例", "比如", "e.g.", "for example", ":", "：")


def learn_notes(titles: Sequence[str], paragraphs: Iterable[str]) -> tuple[str, ...]:
    """Of the *paragraphs* between a template's title and its first
    section, those that tell how to write the title (*titles*, learned
    by :func:`learn_title`): they start with its words, then an example
    or a colon (``标题如：paddle.io.dataset 设计文档``).  A caption
    (``RFC 文档相关记录信息``) or the team's rules for every document are
    no such note."""
    found = []
    for paragraph in paragraphs:
        text = " ".join(paragraph.split())
        if any(text.startswith(t) and text[len(t):].lstrip(" ,，(（").lower().startswith(
                _EXAMPLE_STARTS) for t in titles):
            found.append(text)
    return tuple(dict.fromkeys(found))


def is_record_table(keys: Sequence[str]) -> bool:
    """Whether a two-column table whose first column holds *keys* is a
    record table (key | value): one of its keys names a known field
    (``提交作者``, ``Status``)."""
    return any(match_field(k.replace("*", "")) is not None for k in keys if k.strip())


def tells_what_to_write(key: str, value: str) -> bool:
    """Whether *value*, the template's cell beside *key* in its record
    table, tells the author what to write: it restates its key with more
    words (``新增API名称`` beside ``API名称``) or is a sentence
    (``如无特殊情况，都应基于develop版本开发``).  A known field's cell is an
    example of its value, read and checked as such (``李强、张明``,
    ``2022-03-01``, ``draft``); so is a cell with no clause and not its key
    (``v1.0``, ``develop``)."""
    if not key.strip() or not _LETTER.search(value) or match_field(key.replace("*", "")):
        return False
    return _restates(key, value) or _sentence(value)


def _restates(key: str, text: str) -> bool:
    """*text* holds *key* and a word more (``新增API名称`` beside ``API名称``;
    not ``版本 1.0`` beside ``版本``: a version, an example answer)."""
    folded_key, folded = fold_key(key), fold_key(text)
    if len(folded_key) < _SHORTEST_KEY or folded_key not in folded:
        return False
    return bool(_WORD.search(folded.replace(folded_key, " ")))


def _sentence(text: str) -> bool:
    """Two clauses or more, one of them longer than a list's item
    (``如无特殊情况，都应基于develop版本开发``; not ``训练，推理``)."""
    clauses = [c for c in _CLAUSE.split(text) if c.strip()]
    return len(clauses) > 1 and all(_LETTER.search(c) for c in clauses) and max(
        len(_LETTER.findall(c)) for c in clauses) > _LONGEST_ITEM


def learn_values(rows: Iterable[Sequence[str]]) -> OwnTexts:
    """The cells of a record table's *rows* (key, value, …) that tell the
    author what to write, and their leads."""
    values: list[str] = []
    leads: list[str] = []
    for row in rows:
        if len(row) < 2 or not tells_what_to_write(row[0], row[1]):
            continue
        value = " ".join(row[1].replace("`", "").split())
        values.append(value)
        head = _CLAUSE.split(value, maxsplit=1)[0].strip()
        if head != value and _restates(row[0], head):
            leads.append(head)
    return OwnTexts((), tuple(dict.fromkeys(values)), tuple(dict.fromkeys(leads)))
