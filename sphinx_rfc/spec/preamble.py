"""How a template's documents carry their metadata, and what a document
with no title is called (docs/reference/templates.md, "Metadata").

A template declares it in one comment before its first section::

    <!-- rfc-metadata: from="list; front-matter"
         fields="Start Date=created; RFC PR=issues; Rust Issue=tracking;
                 Feature Name=feature"
         title="feature; file-name" status="text/*=accepted" -->

``from``: where the fields are written, in the order they are read —
``front-matter`` (YAML, or an rST field list), ``list`` (a leading list of
``Key: value`` items, the Rust RFCs' preamble and MADR 2.x's
``* Status: accepted``), ``table`` (the basic-information table) or
``sidecar:NAME`` (a YAML file beside the document: a KEP's ``kep.yaml``).
``fields``: the author's key -> the field it gives (a name that is no
built-in field becomes an extra field of that name).  ``title``: where the
title of a document with no title heading comes from: a field's value
(``feature``) or ``file-name`` (the file name's slug), humanized.
``status``: docname globs -> the status of a document that states none.
``required="yes"``: a document must give its metadata (the Rust RFCs'
preamble is in every one of them; MADR's is optional).

Pure text in, data out: no Sphinx, no docutils.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sphinx_rfc.spec.messages import _
from sphinx_rfc.spec.text import fold_header

__all__ = [
    "SOURCES", "MetadataRule", "PreambleItem", "Since", "humanize", "identifier",
    "leading_list", "parse_rule", "parse_since", "split_status", "stated", "top_line",
]

#: Where a template's documents may write their metadata.
SOURCES = ("front-matter", "list", "table")
#: The prefix of a sidecar source (``sidecar:kep.yaml``).
SIDECAR = "sidecar:"


class RuleError(ValueError):
    """An ``rfc-metadata`` comment that cannot be read."""


@dataclass(frozen=True)
class MetadataRule:
    """What a template's ``rfc-metadata`` comment declares."""

    sources: tuple[str, ...] = ("front-matter", "table")
    #: author key, as the template writes it -> field name
    fields: tuple[tuple[str, str], ...] = ()
    #: where a document without a title heading takes its title from
    title: tuple[str, ...] = ()
    #: docname glob -> status of a document that states none
    status: tuple[tuple[str, str], ...] = ()
    #: whether a document must give its metadata (``required="yes"``): one
    #: with no list, no front matter and no other field of the rule is
    #: warned (``rfc.missing-preamble``)
    required: bool = False

    @property
    def sidecar(self) -> str | None:
        """The file name of the sidecar source, if any (``kep.yaml``)."""
        return next((s[len(SIDECAR):] for s in self.sources if s.startswith(SIDECAR)), None)

    def field_for(self, key: str) -> str | None:
        """The field an author's *key* gives, by this rule, or None."""
        folded = fold_header(key)
        return next((f for k, f in self.fields if fold_header(k) == folded), None)


def _pairs(text: str, what: str) -> tuple[tuple[str, str], ...]:
    found = []
    for part in text.split(";"):
        if not part.strip():
            continue
        key, sep, value = part.rpartition("=")
        if not sep or not key.strip() or not value.strip():
            raise RuleError(_("rfc-metadata {what}=: write 'key=value; key=value' (got {part!r})")
                            .format(what=what, part=part))
        found.append((key.strip(), value.strip()))
    return tuple(found)


def parse_rule(values: Mapping[str, str]) -> MetadataRule:
    """The rule of an ``rfc-metadata`` comment's fields; raises
    :class:`RuleError`."""
    unknown = set(values) - {"from", "fields", "title", "status", "required"}
    if unknown:
        raise RuleError(_(
            "unknown rfc-metadata field {name!r}; use from=, fields=, title=, status= or "
            "required=").format(name=sorted(unknown)[0]))
    required = values.get("required", "no").strip().casefold()
    if required not in ("yes", "no"):
        raise RuleError(_("rfc-metadata required=: write 'yes' or 'no' (got {value!r})").format(
            value=required))
    sources = tuple(s.strip() for s in values.get("from", "front-matter; table").split(";")
                    if s.strip())
    for source in sources:
        if source not in SOURCES and not (source.startswith(SIDECAR) and source[len(SIDECAR):]):
            raise RuleError(_(
                "rfc-metadata from=: unknown source {source!r}; use front-matter, list, table or "
                "sidecar:FILE").format(source=source))
    fields = _pairs(values.get("fields", ""), "fields")
    title = tuple(s.strip() for s in values.get("title", "").split(";") if s.strip())
    status = _pairs(values.get("status", ""), "status")
    return MetadataRule(sources, fields, title, status, required == "yes")


# --------------------------------------------------------------------------
# The leading list


@dataclass(frozen=True)
class PreambleItem:
    key: str
    value: str
    #: 1-based line in the file
    line: int


def _item(line: str) -> tuple[str, str] | None:
    """``- Key: value`` / ``* Key: value``: the key and the value."""
    text = line.strip()
    if len(text) < 2 or text[0] not in "-*+" or text[1] not in " \t":
        return None
    key, sep, value = text[2:].partition(":")
    key = key.strip().strip("*_").strip()
    if not sep or not key or len(key) > 40 or "[" in key or "`" in key:
        return None
    return key, value.strip()


def _field(line: str) -> tuple[str, str] | None:
    """``:Key: value`` (an rST field): the key and the value."""
    text = line.strip()
    if len(text) < 3 or text[0] != ":":
        return None
    close = text.find(":", 1)
    key = text[1:close].strip() if close > 0 else ""
    if not key or len(key) > 40 or "`" in key or text[close + 1:close + 2] not in ("", " ", "\t"):
        return None
    return key, text[close + 1:].strip()


def _adornment(text: str) -> bool:
    """An rST section title's under- or overline: one punctuation character
    repeated (``=====``, ``-----``), three or more."""
    return (len(text) >= 3 and text[0].isascii() and not text[0].isalnum()
            and not text[0].isspace() and text == text[0] * len(text))


def _rst_title(lines: Sequence[str], i: int) -> int:
    """How many lines the rST section title at line *i* takes (2 or 3), 0
    when there is none."""
    n = len(lines)
    first = lines[i].strip()
    if _adornment(first):
        if i + 2 < n and lines[i + 1].strip() and lines[i + 2].strip() == first:
            return 3
        return 0
    if i + 1 < n and _adornment(lines[i + 1].strip()) and not lines[i][:1].isspace():
        return 2
    return 0


def top_line(lines: Sequence[str], *, markdown: bool = True) -> int:
    """The index of the first line of a document where its preamble list
    would start: after its front matter (Markdown), blank lines, comments
    (``<!-- -->``; rST ``..`` comments) and one title (``# Title``; an rST
    title with its underline); ``len(lines)`` when nothing follows."""
    i, n = 0, len(lines)
    if markdown and n and lines[0].strip() == "---":
        end = next((k for k in range(1, n) if lines[k].strip() in ("---", "...")), None)
        i = end + 1 if end is not None else n
    title_seen = False
    while i < n:
        text = lines[i].strip()
        if not text:
            i += 1
            continue
        if markdown:
            if text.startswith("<!--"):
                while i < n and "-->" not in lines[i]:
                    i += 1
                i += 1
                continue
            if text.startswith("# ") and not title_seen:
                title_seen = True
                i += 1
                continue
            return i
        if text == ".." or (text.startswith(".. ") and "::" not in text.split(None, 2)[1]):
            # a comment (or a target) and the indented lines it holds
            i += 1
            while i < n and (not lines[i].strip() or lines[i][:1] in (" ", "\t")):
                i += 1
            continue
        if not title_seen and (taken := _rst_title(lines, i)):
            title_seen = True
            i += taken
            continue
        return i
    return n


def leading_list(lines: Sequence[str], *, markdown: bool = True) -> list[PreambleItem]:
    """The ``Key: value`` items of the list a document starts with, after
    its front matter, blank lines, comments and a title (:func:`top_line`):
    a Rust RFC's ``- Start Date: 2014-03-11``, a MADR 2.x record's
    ``* Status: accepted``; in reStructuredText a bullet list as well, or
    a field list (``:Start Date: 2014-03-11``); [] when it starts
    otherwise."""
    i, n = top_line(lines, markdown=markdown), len(lines)
    found: list[PreambleItem] = []
    while i < n:
        text = lines[i].strip()
        if not text:
            break
        item = _item(lines[i]) or (None if markdown else _field(lines[i]))
        if item is None:
            if found and lines[i][:1] in (" ", "\t"):
                i += 1  # a wrapped value or a nested item
                continue
            break
        found.append(PreambleItem(item[0], item[1], i + 1))
        i += 1
    return found


# --------------------------------------------------------------------------
# Titles

#: Values that say "none" (a Rust RFC's ``Feature Name: N/A``), folded.
_NONE = frozenset({"n/a", "na", "none", "not applicable", "-", "—", "tbd", "todo", "无", "不涉及"})


def stated(text: str) -> str:
    """*text* as a value, or "" when it says there is none: ``N/A``,
    ``none?``, ``(not applicable)``, ``N/A (part of other unstable
    features)``, a template's ``(fill me in with …)``.  Markdown escapes
    (``slice\\_copy``) and footnote marks (``[^plural]``) are dropped."""
    value = _without_footnotes(text.replace("\\_", "_").replace("\\*", "*")).strip()
    bare = value.strip("()").strip().rstrip("?").strip().casefold()
    first = bare.split(" (", 1)[0].strip()
    if bare in _NONE or first in _NONE or "fill me in" in bare or not bare:
        return ""
    return value


def _without_footnotes(text: str) -> str:
    """*text* without its ``[^note]`` marks, in one pass."""
    parts = []
    start = 0
    while (at := text.find("[^", start)) >= 0 and (end := text.find("]", at)) > at:
        parts.append(text[start:at])
        start = end + 1
    parts.append(text[start:])
    return "".join(parts)


def identifier(text: str) -> str:
    """*text* when it is one name (``let_else``, `` `label_break_value` ``,
    ``ptr-meta``): the name without its code marks; else "" (a phrase, a
    list of names: no title)."""
    value = stated(text).strip("`").strip()
    if value and all(c.isalnum() or c in "_-." for c in value):
        return value
    return ""


def humanize(text: str) -> str:
    """A feature name or a file name as a title: ``private_fields`` and
    ``0001-private-fields.md`` give ``Private fields``; "" when nothing is
    left (a file named by its number alone)."""
    name = text.strip().strip("`").strip()
    if "/" in name:
        name = name.rsplit("/", 1)[1]
    for suffix in (".md", ".markdown", ".rst", ".txt", ".myst"):
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
            break
    name = name.lstrip("0123456789").lstrip("-_. ")
    words = name.replace("_", " ").replace("-", " ").split()
    if not words:
        return ""
    title = " ".join(words)
    return title[0].upper() + title[1:]


# --------------------------------------------------------------------------
# Statuses with a target, as MADR records write them


def split_status(text: str) -> tuple[str, list[str], list[str]]:
    """A status value as MADR records write it in the wild: the status, the
    records it supersedes, the records that supersede it.

    ``superseded by ADR-0057`` gives ``("superseded", [], ["ADR-0057"])``;
    ``accepted; supersedes ADR-0045`` gives ``("accepted", ["ADR-0045"], [])``;
    ``accepted`` gives ``("accepted", [], [])``.  A target may be a Markdown
    link (``[ADR-0057](0057-x.md)``): its text is the target."""
    parts = [p.strip() for p in text.replace("；", ";").split(";") if p.strip()]
    if not parts:
        return text, [], []
    status = parts[0]
    supersedes: list[str] = []
    superseded_by: list[str] = []
    clauses = [status, *parts[1:]]
    rest: list[str] = []
    for k, clause in enumerate(clauses):
        lowered = clause.casefold()
        for words, into in (("superseded by", superseded_by), ("replaced by", superseded_by),
                            ("supersedes", supersedes), ("replaces", supersedes)):
            at = lowered.find(words)
            if at < 0:
                continue
            before = clause[:at].strip().rstrip(",").strip()
            into.extend(_targets(clause[at + len(words):]))
            if k == 0:
                # "superseded by X": the status is what the words say
                status = before or ("superseded" if into is superseded_by else "")
            break
        else:
            if k:
                rest.append(clause)
    if not status:
        status = "; ".join(rest) or text
    return status, supersedes, superseded_by


def _targets(text: str) -> list[str]:
    found = []
    for part in text.replace(" and ", ",").replace("，", ",").split(","):
        item = part.strip()
        if item.startswith("[") and "]" in item:
            item = item[1:item.index("]")]
        item = item.strip().strip("`").strip()
        if item:
            found.append(item.split()[0])
    return found


# --------------------------------------------------------------------------
# Since: a date or an ID


@dataclass(frozen=True)
class Since:
    """A point in a template's history: a date (``2017-07-12``) or an RFC
    number (``RFC-2000``: the number is compared)."""

    date: str | None = None
    number: int | None = None

    def before(self, created: str | None, number: int | None) -> bool | None:
        """Whether an RFC created on *created* / numbered *number* comes
        before this point; None when it cannot be told."""
        if self.date is not None:
            return None if created is None else created < self.date
        if self.number is not None and number is not None:
            return number < self.number
        return None


def parse_since(text: str) -> Since | None:
    """``2017-07-12`` or ``RFC-2000`` (any ID: its last run of digits);
    None when *text* is neither."""
    value = text.strip()
    if len(value) == 10 and value[4] == value[7] == "-" and value.replace("-", "").isdigit():
        return Since(date=value)
    digits = rfc_number(value)
    return Since(number=digits) if digits is not None else None


def rfc_number(rfc_id: str) -> int | None:
    """The last run of ASCII digits in *rfc_id* (``RFC-0042`` -> 42); None
    for none, and for 0: a draft's ``0000`` has no number yet (the newest
    template is its)."""
    end = len(rfc_id)
    while end and not (rfc_id[end - 1].isascii() and rfc_id[end - 1].isdigit()):
        end -= 1
    start = end
    while start and rfc_id[start - 1].isascii() and rfc_id[start - 1].isdigit():
        start -= 1
    return (int(rfc_id[start:end]) or None) if end > start else None
