"""``rfc_aliases``: a team's own words for the vocabulary, added to the
built-in words, never in place of them (docs/reference/config.md,
"rfc_aliases").

The mapping has four keys, each keyed by canonical names:

- ``sections``: section key -> more titles;
- ``columns``: table kind -> column key -> more headers;
- ``fields``: field key -> more basic-information keys;
- ``values``: value kind (``status``, ``type``, ``yes/no``, ``strength``,
  ``affects``) -> value key -> more words.

The same mapping may be written in a template document, as JSON in a
comment (``<!-- rfc-aliases: {...} -->``, in reStructuredText
``.. rfc-aliases: {...}``); ``conf.py``'s words are added to the
template's.  :func:`parse_aliases` checks a mapping against the names in
force and says which are valid when one is not.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from sphinx_rfc.spec.fields import FIELDS, FieldSpec
from sphinx_rfc.spec.folding import fold_key
from sphinx_rfc.spec.messages import N_, _, series
from sphinx_rfc.spec.table_kinds import ColumnSpec, TableSpec
from sphinx_rfc.spec.template import SectionSpec
from sphinx_rfc.spec.vocabulary import Choice, Vocabulary

#: The keys of ``rfc_aliases``, in the order they are documented.
ALIAS_KEYS: tuple[str, ...] = ("sections", "columns", "fields", "values")

Words = tuple[str, ...]


#: A value kind as an alias error names it (``the status 'review'``).
_KIND_WORDS = {"status": N_("status"), "type": N_("type"), "yes/no": N_("yes/no"),
               "strength": N_("strength"), "affects": N_("affects"), "verdict": N_("verdict")}


class AliasError(ValueError):
    """A mapping that is not an ``rfc_aliases`` value; the message says
    which name is wrong and which are valid."""


@dataclass(frozen=True)
class Aliases:
    """A validated ``rfc_aliases`` (the template's and ``conf.py``'s)."""

    sections: dict[str, Words] = field(default_factory=dict)
    columns: dict[str, dict[str, Words]] = field(default_factory=dict)
    fields: dict[str, Words] = field(default_factory=dict)
    values: dict[str, dict[str, Words]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.sections or self.columns or self.fields or self.values)

    def __hash__(self) -> int:
        return hash(json.dumps(self.as_data(), sort_keys=True, ensure_ascii=False))

    def as_data(self) -> dict[str, object]:
        return {"sections": self.sections, "columns": self.columns, "fields": self.fields,
                "values": self.values}

    def field_key(self, folded: str) -> str | None:
        """The field key whose configured word folds to *folded*."""
        for key, words in self.fields.items():
            if any(fold_key(w) == folded for w in words):
                return key
        return None


def _words(value: object, where: str) -> Words:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(
        isinstance(v, str) and v.strip() for v in value
    ):
        raise AliasError(_("{where} must be a list of non-empty strings; got {value!r}").format(
            where=where, value=value))
    return tuple(value)


def _mapping(value: object, where: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise AliasError(_("{where} must be a dict; got {value!r}").format(where=where, value=value))
    return value


def _known(key: str, valid: Iterable[str], where: str) -> None:
    names = list(valid)
    if key not in names:
        raise AliasError(_("{where}: unknown key {key!r}; valid keys: {keys}").format(
            where=where, key=key, keys=series(names)))


def parse_aliases(
    value: object,
    *,
    sections: Sequence[SectionSpec],
    tables: Sequence[TableSpec],
    vocabularies: Sequence[Vocabulary],
    extra_fields: Iterable[str] = (),
) -> Aliases:
    """Check *value* against the names in force; raise :class:`AliasError`."""
    top = _mapping(value, "rfc_aliases")
    for key in top:
        _known(key, ALIAS_KEYS, "rfc_aliases")
    found = Aliases()
    for key, words in _mapping(top.get("sections", {}), "rfc_aliases['sections']").items():
        _known(key, [s.key for s in sections], "rfc_aliases['sections']")
        found.sections[key] = _words(words, f"rfc_aliases['sections'][{key!r}]")
    kinds = {t.kind: t for t in tables}
    _nested(top, "columns", kinds, lambda kind: [c.key for c in kinds[kind].columns],
            found.columns)
    field_keys = [f.key for f in FIELDS] + list(extra_fields)
    for key, words in _mapping(top.get("fields", {}), "rfc_aliases['fields']").items():
        _known(key, field_keys, "rfc_aliases['fields']")
        found.fields[key] = _words(words, f"rfc_aliases['fields'][{key!r}]")
    vocab = {v.name: v for v in vocabularies}
    _nested(top, "values", vocab, lambda name: vocab[name].keys(), found.values)
    for name, by_key in found.values.items():
        _no_taken_word(vocab[name], by_key)
    return found


def _no_taken_word(vocabulary: Vocabulary, by_key: Mapping[str, Words]) -> None:
    """An alias adds a word to a value: it may not be a word that already
    names another value (``draft: ['accepted']`` would read every accepted
    RFC as a draft), nor one given to two values."""
    where = f"rfc_aliases['values'][{vocabulary.name!r}]"
    given: dict[str, str] = {}
    for key, words in by_key.items():
        for word in words:
            taken = vocabulary.lookup(word)
            if taken is not None and taken != key:
                raise AliasError(_(
                    "{where}[{key!r}]: {word!r} already names the {kind} {taken!r}; an alias "
                    "adds a word, it cannot take one from another value").format(
                        where=where, key=key, word=word, taken=taken,
                        kind=_(_KIND_WORDS.get(vocabulary.name, vocabulary.name))))
            other = given.setdefault(fold_key(word), key)
            if other != key:
                raise AliasError(_("{where}: {word!r} is given to both {first!r} and {second!r}")
                                 .format(where=where, word=word, first=other, second=key))


def _nested(
    top: Mapping[str, object],
    part: str,
    outer: Iterable[str],
    inner: Callable[[str], Iterable[str]],
    found: dict[str, dict[str, Words]],
) -> None:
    """Check ``rfc_aliases[part]``, a mapping of mappings whose outer keys
    are of *outer* and whose inner keys are of ``inner(outer key)``, into
    *found*."""
    label = f"rfc_aliases[{part!r}]"
    for key, words_by in _mapping(top.get(part, {}), label).items():
        _known(key, outer, label)
        where = f"{label}[{key!r}]"
        for sub, words in _mapping(words_by, where).items():
            _known(sub, inner(key), where)
            found.setdefault(key, {})[sub] = _words(words, f"{where}[{sub!r}]")


def column_words(*values: object) -> Aliases:
    """The ``columns`` of each mapping in *values*, what is well-formed of
    them, unchecked: the words a template's tables are matched with before
    the whole mapping can be checked (:func:`parse_aliases` checks it)."""
    found = Aliases()
    for value in values:
        columns = value.get("columns") if isinstance(value, Mapping) else None
        if not isinstance(columns, Mapping):
            continue
        for kind, cols in columns.items():
            if not isinstance(cols, Mapping):
                continue
            for col, words in cols.items():
                try:
                    added = _words(words, "")
                except AliasError:
                    continue
                have = found.columns.setdefault(str(kind), {})
                have[str(col)] = (*have.get(str(col), ()), *added)
    return found


def merged(first: Aliases, second: Aliases) -> Aliases:
    """*first*'s words, then *second*'s."""
    out = Aliases()
    for one in (first, second):
        for key, words in one.sections.items():
            out.sections[key] = (*out.sections.get(key, ()), *words)
        for key, words in one.fields.items():
            out.fields[key] = (*out.fields.get(key, ()), *words)
        for kind, cols in one.columns.items():
            for col, words in cols.items():
                have = out.columns.setdefault(kind, {})
                have[col] = (*have.get(col, ()), *words)
        for name, keys in one.values.items():
            for key, words in keys.items():
                have = out.values.setdefault(name, {})
                have[key] = (*have.get(key, ()), *words)
    return out


# --------------------------------------------------------------------------
# The vocabulary with the words added


def with_section_aliases(specs: Sequence[SectionSpec], aliases: Aliases) -> tuple[SectionSpec, ...]:
    return tuple(
        replace(s, titles=(*s.titles, *aliases.sections[s.key])) if s.key in aliases.sections
        else s
        for s in specs
    )


def with_value_aliases(vocabulary: Vocabulary, aliases: Aliases) -> Vocabulary:
    added = aliases.values.get(vocabulary.name)
    if not added:
        return vocabulary
    return replace(vocabulary, choices=tuple(
        Choice(c.key, c.label, (*c.aliases, *added.get(c.key, ()))) for c in vocabulary.choices
    ))


def strict_vocabulary(
    vocabulary: Vocabulary, words: Iterable[str], aliases: Aliases
) -> Vocabulary:
    """``rfc_template_strict``: *vocabulary* whose values are named only by
    their key, their label, the *words* a template writes for them (each
    read with *vocabulary*'s words) and ``rfc_aliases``'s."""
    own: dict[str, list[str]] = {}
    for word in words:
        key = vocabulary.lookup(word)
        if key is not None:
            own.setdefault(key, []).append(word)
    narrowed = replace(vocabulary, choices=tuple(
        Choice(c.key, c.label, tuple(dict.fromkeys(own.get(c.key, ()))))
        for c in vocabulary.choices
    ))
    return with_value_aliases(narrowed, aliases)


def _column(col: ColumnSpec, words: Words, aliases: Aliases, own: Words | None,
            own_values: Mapping[str, Words] | None) -> ColumnSpec:
    base = col.aliases if own is None else own
    vocabulary = col.vocabulary
    if vocabulary is not None and own_values is not None:
        vocabulary = strict_vocabulary(vocabulary, own_values.get(vocabulary.name, ()), aliases)
    elif vocabulary is not None:
        vocabulary = with_value_aliases(vocabulary, aliases)
    return replace(col, aliases=tuple(dict.fromkeys((*base, *words))), vocabulary=vocabulary)


def with_column_aliases(
    tables: Sequence[TableSpec],
    aliases: Aliases,
    own_headers: Mapping[tuple[str, str], Words] | None = None,
    own_values: Mapping[str, Words] | None = None,
) -> tuple[TableSpec, ...]:
    """The table kinds with the configured headers and values added; with
    *own_headers* (``rfc_template_strict``: (kind, column) -> the headers
    the template writes), a column keeps only those besides the configured
    ones, and with *own_values* (vocabulary name -> the values the template
    writes) a value only those (:func:`strict_vocabulary`)."""
    if not aliases and own_headers is None:
        return tuple(tables)
    found = []
    for spec in tables:
        added = aliases.columns.get(spec.kind, {})
        found.append(replace(spec, columns=tuple(
            _column(
                col, added.get(col.key, ()), aliases,
                None if own_headers is None else own_headers.get((spec.kind, col.key), ()),
                own_values,
            )
            for col in spec.columns
        )))
    return tuple(found)


def field_words(spec: FieldSpec, aliases: Aliases) -> Words:
    """Every word a basic-information key may be for *spec*."""
    return (spec.key, *spec.aliases, *aliases.fields.get(spec.key, ()))


# --------------------------------------------------------------------------
# The mapping written in a template document

_MARKERS = ("<!-- rfc-aliases:", ".. rfc-aliases:")


def template_aliases(text: str) -> tuple[object, int] | None:
    """The JSON value of a template's ``rfc-aliases`` comment and its line,
    or None; raises :class:`AliasError` for JSON that does not parse."""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        marker = next((m for m in _MARKERS if stripped.startswith(m)), None)
        if marker is None:
            continue
        rest = text.split("\n", number - 1)[-1].lstrip()[len(marker):]
        if marker.startswith("<!--"):
            end = rest.find("-->")
            rest = rest[:end] if end >= 0 else rest
        else:
            rest = rest.split("\n\n", 1)[0]
        try:
            return json.loads(rest), number
        except ValueError as exc:
            raise AliasError(_("line {number}: the rfc-aliases comment is no JSON ({error})").format(
                number=number, error=exc)) from None
        except RecursionError:  # (arrays or objects some thousands deep)
            raise AliasError(_("line {number}: the rfc-aliases comment is JSON nested too deeply "
                               "to read").format(number=number)) from None
    return None
