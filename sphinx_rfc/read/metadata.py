"""Basic information of an RFC: option or metadata values in, validated
fields out (docs/reference/rfc-directive.md).  Shared by the ``rfc`` directive and the
template-native reader; no Sphinx inside."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sphinx_rfc import _lazy_re
from sphinx_rfc.check.placeholders import (
    find_placeholders,
    is_placeholder,
    own_text_problem,
    own_texts,
    placeholder_problem,
)
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import BasicInfo, RfcRecord
from sphinx_rfc.model.relations import format_id
from sphinx_rfc.spec.cells import is_path, module_of_path, read_choice, read_date
from sphinx_rfc.spec.fields import issue_items
from sphinx_rfc.spec.file_names import dated_name
from sphinx_rfc.spec.messages import series
from sphinx_rfc.spec.nouns import DEFAULT_PROFILE, profile_of, status_words
from sphinx_rfc.spec.preamble import split_status, stated
from sphinx_rfc.spec.subtypes import Subtype, subtype_name
from sphinx_rfc.spec.text import RUN_START, fold_header, module_name_problem, split_list
from sphinx_rfc.spec.vocabulary import STATUSES

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings

LIST_FIELDS = (
    "authors", "modules", "issues", "supersedes", "requires", "reviewers", "approvers",
    "suppress_warnings",
)
TEXT_FIELDS = ("title", "status", "type", "created", "updated", "tracking", "feature")
KNOWN_FIELDS = TEXT_FIELDS + LIST_FIELDS
#: A slash with or without spaces: ``PT/MS`` names two values of a closed field.
_SLASH = _lazy_re.compile(RUN_START + r"\s*[/／]\s*")


@dataclass(slots=True, kw_only=True)
class Metadata(BasicInfo):
    """Basic information as parsed, before it becomes a record (the title
    only when an option or metadata field gives one)."""

    title: str | None = None


@dataclass
class RfcDeclaration:
    """What one ``rfc`` directive declared."""

    rfc_id: str
    meta: Metadata
    problems: list[Problem]
    line: int | None
    anchor: str


def as_list(value: str | Sequence[str]) -> list[str]:
    if isinstance(value, str):
        return flow_sequence(value) or split_list(value)
    items: list[str] = []
    for item in value:
        items.extend(split_list(str(item)))
    return items


def flow_sequence(text: str) -> list[str] | None:
    """The items of a YAML flow sequence of two or more, ``[Alice, 赵六]`` or
    ``["model", "trainer"]``, as MyST hands a directive's YAML option block
    over (the text, not a list); None for anything else.  One bracketed
    item, ``[FILL]`` or ``[作者]``, is the template's blank, left as written
    for the placeholder check."""
    inner = text.strip()
    if not (inner.startswith("[") and inner.endswith("]")):
        return None
    inner = inner[1:-1]
    depth = 0
    for char in inner:  # the outer brackets are one pair: "[a] [b]" is not a sequence
        depth += (char == "[") - (char == "]")
        if depth < 0:
            return None
    items = [item[1:-1].strip() if len(item) > 1 and item[0] == item[-1] and item[0] in "'\"" else item
             for item in split_list(inner)]
    items = [item for item in items if item]
    return items if len(items) > 1 else None


def as_text(value: str | Sequence[str]) -> str:
    if isinstance(value, str):
        return " ".join(value.split())
    return ", ".join(str(v) for v in value)


class _FieldsRead:
    """What the readers of one set of raw field values share: the metadata
    made, the problems found, where each field was written."""

    def __init__(self, settings: RfcSettings, rfc_id: str, source: str,
                 line_of: Callable[[str], int | None], source_of: Mapping[str, str],
                 written: Mapping[str, str]) -> None:
        self.meta = Metadata()
        self.problems: list[Problem] = []
        self.settings = settings
        self.rfc_id = rfc_id
        self.source = source
        self.line_of = line_of
        self.elsewhere = source_of
        self.keys = written
        #: the field being read when its value is nothing but a placeholder:
        #: the placeholder warning is its one warning
        self.quiet: str | None = None

    def source_of(self, name: str) -> str:
        return self.elsewhere.get(name, self.source)

    def shown(self, name: str) -> str:
        """The key the author wrote for field *name*."""
        return self.keys.get(name, name)

    def problem(self, subtype: Subtype, name: str, message: str) -> None:
        if name == self.quiet:
            return
        self.problems.append(Problem(
            subtype, message, self.source_of(name), self.line_of(name), self.rfc_id))

    def invalid(self, name: str, message: str) -> None:
        self.problem("invalid-value", name, message)


#: A reader of one field: (the read so far, the field's name, its raw
#: value, that value as one line of text).
_FieldReader = Callable[[_FieldsRead, str, "str | Sequence[str]", str], None]


def _title(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    read.meta.title = text or None


def _status(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    meta, settings = read.meta, read.settings
    # (a status in another file: later notes on the status go to the title)
    meta.status_line = read.line_of(name) if name not in read.elsewhere else None
    text, targets = _status_targets(text, settings, name, read.invalid)
    for key, ids in targets.items():
        setattr(meta, key, list(dict.fromkeys([*getattr(meta, key), *ids])))
    status = read_choice(settings.statuses, text) if text else None
    if status is None or not isinstance(status.value, str):
        read.invalid(name, _("invalid status {text!r}; expected one of {keys}").format(
            text=text, keys=_status_names(settings),
        ))
        meta.invalid_status = text or None  # (shown as written, marked invalid)
    else:
        meta.status = status.value
        add_note(meta.notes, name, status.note)


def _type(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    if not text:
        return
    kind = read_choice(read.settings.types, text)
    if not isinstance(kind.value, str):
        read.invalid(name, _("invalid type {text!r}; expected one of {keys}").format(
            text=text, keys=read.settings.types.choice_names(),
        ))
    else:
        read.meta.type = kind.value
        add_note(read.meta.notes, name, kind.note)


def _date(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    if not text:
        return
    # (written by hand: 2020/05/18, 2020.5.18, 2020年5月18日, (2016-06-17))
    if (date := read_date(text)) is not None:
        setattr(read.meta, name, date)
    else:
        read.invalid(name, _("invalid date {text!r} in {name!r}; expected YYYY-MM-DD").format(
            text=text, name=read.shown(name),
        ))


def _stated(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    # (N/A, "none": no value; a feature name written as code, `let_else`, is the name)
    stated_value = stated(text)
    stated_value = stated_value.strip("`").strip() if name == "feature" else stated_value
    if stated_value:
        setattr(read.meta, name, stated_value)


def _ids(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    settings = read.settings
    ids = []
    as_written: list[str] = []
    for item in as_list(value):
        target = relation_target(item, settings)
        if target:
            ids.append(target)
        elif target is None:
            read.invalid(name, _("invalid {noun} ID {item!r} in {name!r}; expected {pattern}"
                                 ).format(item=item, name=read.shown(name), noun=settings.noun(),
                                          pattern=settings.id_pattern.pattern))
        elif stated(item):
            as_written.append(item)
    setattr(read.meta, name, list(dict.fromkeys([*getattr(read.meta, name), *ids])))
    add_note(read.meta.notes, name, ", ".join(as_written))


def _modules(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    meta = read.meta
    # (``optimizer, xxx``: the placeholder is warned as one, not a module)
    items = [i for i in as_list(value) if not is_placeholder(i, read.settings.placeholders)]
    meta.modules, paths = module_items(items, read.settings)
    add_note(meta.notes, name, ", ".join(paths))
    for module in meta.modules:
        if why := read.settings.unknown_module(module):
            read.problem("unknown-module", name, why)
        elif why := module_name_problem(module):
            read.invalid(name, why)


def _issues(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    for item, label in (
        pair for part in ([value] if isinstance(value, str) else value)
        for pair in issue_items(str(part))
    ):
        read.meta.issues.append(item)
        if label:
            read.meta.issue_labels.setdefault(item, label)


def _suppressed(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    for item in as_list(value):
        subtype = subtype_name(item)
        if subtype is None:
            read.invalid(name, _("{item!r} in {name!r} is no warning subtype; expected "
                                 "rfc.<subtype>, such as rfc.changed-after-acceptance"
                                 ).format(item=item, name=read.shown(name)))
        elif subtype not in read.meta.suppress_warnings:
            read.meta.suppress_warnings.append(subtype)


def _people(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    setattr(read.meta, name, [person for item in as_list(value) for person in _persons(item)])


#: the end of a person's bracketed note with another name after it
#: (``叶青龙 (ye at x.org) 胡欣蔚 (hu at y.org)``)
_NOTE_THEN_NAME = _lazy_re.compile(r"[)）][ \t\u3000]+(?=[^\s(（])")


def _persons(item: str) -> list[str]:
    """The people of one list item: two names each with its note in
    brackets and only spaces between them are two people."""
    people, start = [], 0
    for m in _NOTE_THEN_NAME.finditer(item):
        people.append(item[start:m.start() + 1])
        start = m.end()
    people.append(item[start:])
    return [p.strip() for p in people if p.strip()]


def _extra(read: _FieldsRead, name: str, value: str | Sequence[str], text: str) -> None:
    """A declared extra field (``rfc_extra_fields``): its items, each one
    of the values it allows when it lists them."""
    allowed = read.settings.extra_fields[name]
    items = as_list(value)
    if allowed:
        # folded as headers are (``pt`` is ``PT``); written without
        # spaces around the slash, ``PT/MS`` is both
        folded = {fold_header(a): a for a in allowed}
        kept: list[str] = []
        for item in items:
            parts = [item] if fold_header(item) in folded else _SLASH.split(item)
            if not all(fold_header(p) in folded for p in parts):
                read.invalid(name, _("invalid value {item!r} for {name!r}; expected one of "
                                     "{allowed}").format(item=item, name=read.shown(name),
                                                         allowed=series(allowed)))
            else:
                kept.extend(folded[fold_header(p)] for p in parts)
        items = list(dict.fromkeys(kept))
    read.meta.extra[name] = items


#: The reader of each field name (before the declared extra fields: a
#: field of the package's own is read as it, whatever is declared).
_READERS: dict[str, _FieldReader] = {
    "title": _title,
    "status": _status,
    "type": _type,
    "created": _date, "updated": _date,
    "tracking": _stated, "feature": _stated,
    "supersedes": _ids, "requires": _ids, "superseded_by": _ids,
    "modules": _modules,
    "issues": _issues,
    "suppress_warnings": _suppressed, "suppress-warnings": _suppressed,
    "authors": _people, "reviewers": _people, "approvers": _people,
}


def parse_metadata(
    raw: Mapping[str, str | Sequence[str]],
    settings: RfcSettings,
    *,
    rfc_id: str,
    source: str,
    line_of: Callable[[str], int | None],
    unknown: str = "warn",
    source_of: Mapping[str, str] | None = None,
    written: Mapping[str, str] | None = None,
) -> tuple[Metadata, list[Problem]]:
    """Validate raw field values.

    *unknown* says what happens to a name that is neither a field nor a
    declared extra field: ``"warn"`` (an ``rfc`` option) or ``"extra"`` (a
    row of a basic-info table, kept as an extra field).  *source_of* names
    the file of a field written in another file than *source* (a KEP's
    ``kep.yaml``): its problems are that file's, at *line_of* its line there.
    *written* names the key its author wrote for a field a template's
    rule renamed (``creation-date`` for ``created``): messages quote it.
    Each field is read by its reader (:data:`_READERS`), after the
    placeholder check every field gets.
    """
    read = _FieldsRead(settings, rfc_id, source, line_of, source_of or {}, written or {})
    for name, value in raw.items():
        text = as_text(value)
        found = find_placeholders(text, settings.placeholders)
        if found:
            read.problems.append(placeholder_problem(
                found, _("field {name!r}").format(name=read.shown(name)), read.source_of(name),
                line_of(name), rfc_id))
        elif (own := own_texts(settings).value_left(text)) is not None:
            # (the template's instruction kept: ``此设计文档的版本号，如V1.0``)
            read.problems.append(own_text_problem(
                own, _("field {name!r}").format(name=read.shown(name)), read.source_of(name),
                line_of(name), rfc_id))
        reader = _READERS.get(name)
        # (a value that is nothing but a placeholder, ``xxx``: that warning
        # alone, not also an invalid status, type, date or ID)
        read.quiet = name if found and is_placeholder(text, settings.placeholders) else None
        if reader is not None:
            reader(read, name, value, text)
        elif name in settings.extra_fields:
            _extra(read, name, value, text)
        elif unknown == "extra":
            read.meta.extra[name] = text
        else:
            read.quiet = None  # (an unknown name is told whatever its value)
            read.invalid(name, _("unknown field {name!r}; declare it in rfc_extra_fields"
                                 ).format(name=name))
    return read.meta, read.problems


def _status_targets(
    text: str, settings: RfcSettings, name: str, invalid: Callable[[str, str], None],
) -> tuple[str, dict[str, list[str]]]:
    """A status that names its target, as MADR records write it
    (``superseded by ADR-0057``, ``accepted; supersedes ADR-0045``): the
    status alone, and the IDs it names by relation."""
    folded = text.casefold()
    if not any(w in folded for w in ("supersede", "replaced by", "replaces")):
        return text, {}
    status, supersedes, superseded_by = split_status(text)
    if settings.statuses.lookup(status) is None:
        return text, {}
    targets: dict[str, list[str]] = {}
    for key, items in (("supersedes", supersedes), ("superseded_by", superseded_by)):
        for item in items:
            found = relation_target(item, settings)
            if found:
                targets.setdefault(key, []).append(found)
            elif found is None:
                invalid(name, _("invalid {noun} ID {item!r} in {name!r}; expected {pattern}"
                                ).format(item=item, name=name, noun=settings.noun(),
                                         pattern=settings.id_pattern.pattern))
    return status, targets


#: A run of digits, then a slug: a folder or file named for an RFC
#: (``3456-replaced-kep``, ``0375-cpumanager.md``).
_NUMBERED_NAME = _lazy_re.compile(r"([0-9]+)[-_][^\W_]")


def relation_target(item: str, settings: RfcSettings) -> str | None:
    """The ID a ``supersedes`` / ``superseded_by`` / ``requires`` item
    names: an ID; a bare number (``6090``: the ID format's); a path or URL
    whose folder or file is named for an RFC (``/keps/sig-x/3456-name``).
    ``""`` when the item names no RFC of the project and says so plainly —
    none (``n/a``, ``none``), or another document's path or URL (a design
    proposal, a pull request): the author's words, kept as the field's
    note.  None: a word meant as an ID that is none (``RFC-12x``)."""
    text = item.strip().strip("<>").strip()
    if settings.id_pattern.match(text):
        return text
    if not stated(text):
        return ""
    if text.isdigit() and len(text) <= 18:
        candidate = format_id(settings.id_format, text)
        return candidate if settings.id_pattern.match(candidate) else None
    if "/" not in text:
        return None
    for part in reversed(text.split("?", 1)[0].split("#", 1)[0].split("/")):
        if (numbered := _NUMBERED_NAME.match(part)) and not dated_name(part):
            candidate = format_id(settings.id_format, numbered.group(1))
            if settings.id_pattern.match(candidate):
                return candidate
    return ""


def add_note(notes: dict[str, str], name: str, note: str) -> None:
    """Add *note* to field *name*'s note (``; `` between two)."""
    if note:
        notes[name] = f"{notes[name]}; {note}" if notes.get(name) else note


def module_items(items: Sequence[str], settings: RfcSettings) -> tuple[list[str], list[str]]:
    """The modules of a modules value, and the paths written in it: a path
    (``hyper_parallel/trainer/``) stands for the module it belongs to
    (``rfc_module_paths``, or a folder named like a module); a path that
    belongs to none is only kept as written (docs/reference/rfc-directive.md)."""
    modules: list[str] = []
    paths: list[str] = []
    for item in items:
        if item not in settings.modules and is_path(item, settings.modules):
            paths.append(item)
            module = module_of_path(item, settings.modules, settings.module_paths)
            if module is None:
                continue
            item = module
        modules.append(item)
    return list(dict.fromkeys(modules)), paths


def id_problems(rfc_id: str, settings: RfcSettings, source: str, line: int | None) -> list[Problem]:
    """``invalid-value`` when *rfc_id* does not match ``rfc_id_pattern``."""
    if settings.id_pattern.match(rfc_id):
        return []
    return [
        Problem(
            "invalid-value",
            _("invalid {noun} ID {rfc_id!r}; expected {pattern}").format(
                rfc_id=rfc_id, pattern=settings.id_pattern.pattern, noun=settings.noun(),
            ),
            source,
            line,
            rfc_id,
        )
    ]


def new_record(
    meta: Metadata,
    *,
    rfc_id: str,
    title: str,
    docname: str,
    source: str,
    line: int | None,
    anchor: str,
    native: bool = False,
    problems: Sequence[Problem] = (),
) -> RfcRecord:
    """The record of an RFC whose basic information is *meta*."""
    return RfcRecord(
        id=rfc_id,
        title=meta.title or title or rfc_id,
        docname=docname,
        source=source,
        line=line,
        anchor=anchor,
        native=native,
        problems=list(problems),
        **meta.basic_info(),
    )


def _status_names(settings: RfcSettings) -> str:
    """The statuses a message offers: a named template's own words (MADR's,
    in English) unless ``rfc_statuses`` gives others, else each key with
    its label."""
    profile = profile_of(settings.template.path if settings.template else None)
    if settings.statuses is STATUSES and profile is not DEFAULT_PROFILE:
        return status_words(profile)
    return settings.statuses.choice_names()
