"""``sphinx-rfc template`` (docs/reference/cli.md): the schema in force in
a project — its sections (required or optional, level, titles), table
kinds (columns with every header accepted, allowed values), test levels,
fields with every word accepted, the values of each value kind with their
words (built-in, template and ``rfc_aliases``, Chinese and English),
checked sub-sections and placeholders — as text, or as JSON for tools.

It reads ``conf.py`` alone (:mod:`sphinx_rfc.cli.conf`): the schema is
what ``rfc_template`` and the ``rfc_*`` overrides make of it, nothing of
the documents is read.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from sphinx.errors import ConfigError

from sphinx_rfc.check.placeholders import own_texts
from sphinx_rfc.check.sections import successors
from sphinx_rfc.cli.conf import project_settings
from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.project import find_sourcedir
from sphinx_rfc.read.subsections import subsections_of
from sphinx_rfc.spec.aliases import field_words
from sphinx_rfc.spec.fields import FIELDS
from sphinx_rfc.spec.messages import N_, _, series, translating
from sphinx_rfc.spec.table_kinds import NOTE_HEADERS
from sphinx_rfc.spec.vocabulary import STATUSES, Vocabulary

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings


# (argparse's registration, the shape of every command's: listing's too)
def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``template`` and its options."""
    cmd = subparsers.add_parser(
        "template", help="print the schema in force: sections, tables, test levels, fields"
    )
    cmd.add_argument("sourcedir", nargs="?")
    cmd.add_argument("--format", choices=("text", "json"), default="text",
                     help="text: for reading (default); json: for tools")
    cmd.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the schema of the project in *args.sourcedir*."""
    srcdir = find_sourcedir(args.sourcedir)
    try:
        settings, _config = project_settings(srcdir)
    except ConfigError as exc:
        raise CliError(str(exc)) from None
    data = schema_of(settings)
    if args.format == "json":
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(as_text(data))
    return 0


def schema_of(settings: RfcSettings) -> dict[str, Any]:
    """The schema in force, as JSON-able data."""
    template = settings.template
    own = own_texts(settings)
    return {
        "template": template.path if template is not None else None,
        "depth": template.depth if template is not None else 2,
        "title": template.title if template is not None else None,
        "levels_shifted": template.shift if template is not None else 0,
        "sections": _sections_of(settings),
        "tables": _tables_of(settings),
        "generic_tables": _generic_tables_of(settings),
        "note_headers": list(NOTE_HEADERS),
        "test_levels": list(settings.required_test_levels),
        "sub_sections": {key: list(subs.values()) for key, subs in subsections_of(settings).items()},
        "fields": _fields_of(settings),
        "values": {v.name: _words_of(v) for v in (
            settings.statuses, settings.types, *_value_vocabularies(settings))},
        "placeholders": list(settings.placeholders),
        "own_text": {"titles": list(own.titles), "values": list(own.values),
                     "leads": list(own.leads), "notes": list(own.notes)},
        "metadata": _metadata_of(settings),
        "history": [{"template": e.name, "since": e.since, "required": list(e.required),
                     **({"documents": list(e.documents)} if e.documents else {})}
                    for e in (template.history if template is not None else ())],
    }


def _sections_of(settings: RfcSettings) -> list[dict[str, Any]]:
    template = settings.template
    levels: dict[str, int] = {}
    parents: dict[str, str | None] = {}
    titles: dict[str, str] = {}
    since: dict[str, str | None] = {}
    headings: dict[str, str] = {}
    written: dict[str, int] = {}
    versions = successors(settings)
    if template is not None:
        headings = {s.key: s.heading for s in template.sections if s.heading}
        written = {s.key: s.written for s in template.sections if s.written}
        since = {s.key: s.since for s in template.sections}
        levels = {s.key: s.level for s in template.sections}
        parents = {s.key: s.parent for s in template.sections}
        titles = {s.key: s.title for s in template.sections}
    return [
        {
            "key": spec.key,
            "title": titles.get(spec.key, spec.label),
            "label": spec.label,
            "label_zh": spec.label_zh,
            "titles": list(spec.titles),
            "required": spec.key in settings.required_sections,
            "level": levels.get(spec.key, 2),
            "parent": parents.get(spec.key),
            # (its heading as the template writes it, and that heading's own
            # level: one less than "level" when the template's sections are
            # headings of its title's level)
            "heading": headings.get(spec.key),
            "template_level": written.get(spec.key),
            "directive": spec.directive,
            # (when the section joined the template: only on those that say)
            **({"since": since[spec.key]} if since.get(spec.key) else {}),
            # (the same section in the template's other version: rfc_template
            # as a list, docs/reference/templates.md)
            **({"other_version": versions[spec.key]} if spec.key in versions else {}),
        }
        for spec in settings.sections
    ]


def _tables_of(settings: RfcSettings) -> list[dict[str, Any]]:
    return [
        {
            "kind": spec.kind,
            "section": spec.section,
            "directive": spec.directive,
            "columns": [
                {
                    "key": col.key,
                    "label": col.label,
                    "headers": list(col.aliases),
                    "required": col.required,
                    "allowed": list(col.vocabulary.keys()) if col.vocabulary else [],
                    "values": _words_of(col.vocabulary) if col.vocabulary else {},
                }
                for col in spec.columns
            ],
        }
        for spec in settings.tables
    ]


def _generic_tables_of(settings: RfcSettings) -> list[dict[str, Any]]:
    """The template's tables of no table kind."""
    template = settings.template
    if template is None:
        return []
    return [
        {
            "section": table.section,
            "line": table.line,
            "columns": [{"header": c.header, "allowed": list(c.allowed)}
                        for c in table.columns],
        }
        for table in template.tables if table.kind is None
    ]


def _fields_of(settings: RfcSettings) -> list[dict[str, Any]]:
    template = settings.template
    fields: list[dict[str, Any]]
    if template is not None and template.fields:
        fields = [{"name": f.name, "key": f.key, "allowed": list(f.allowed)}
                  for f in template.fields]
    else:
        fields = [{"name": f.label, "key": f.key, "allowed": []} for f in FIELDS]
    words = {f.key: list(dict.fromkeys(field_words(f, settings.aliases))) for f in FIELDS}
    for entry in fields:
        entry["words"] = words.get(entry["key"], [entry["name"]])
    known = {f["name"] for f in fields}
    fields += [{"name": name, "key": None, "allowed": list(allowed)}
               for name, allowed in settings.extra_fields.items() if name not in known]
    return fields


def _metadata_of(settings: RfcSettings) -> dict[str, Any]:
    """Where documents write their metadata, by the template's
    ``rfc-metadata`` comment, and the statuses by place
    (``rfc_default_status`` first)."""
    template = settings.template
    rule = template.metadata if template is not None else None
    places = [*(settings.default_status or ()), *(rule.status if rule is not None else ())]
    return {
        "from": list(rule.sources) if rule is not None else ["front-matter", "table"],
        "fields": dict(rule.fields) if rule is not None else {},
        "title": list(rule.title) if rule is not None else [],
        "status": [{"glob": glob, "status": status} for glob, status in places],
        "check_since": _since_text(settings),
        "required": rule.required if rule is not None else False,
    }


def _since_text(settings: RfcSettings) -> str | None:
    since = settings.check_since
    if since is None:
        return None
    return since.date or f"number {since.number}"


def _words_of(vocabulary: Vocabulary) -> dict[str, list[str]]:
    """Each value key -> every word accepted for it (key, label, aliases)."""
    return {c.key: list(dict.fromkeys(c.all_names())) for c in vocabulary.choices}


def _value_vocabularies(settings: RfcSettings) -> list[Vocabulary]:
    """The table columns' value kinds in force (yes/no, strength, affects),
    each once, with ``rfc_aliases``'s words."""
    found: dict[str, Vocabulary] = {}
    for spec in settings.tables:
        for col in spec.columns:
            if col.vocabulary is not None:
                found.setdefault(col.vocabulary.name, col.vocabulary)
    return list(found.values())


#: How a column is required, in the text output (``Parameter (yes)``).
_COLUMN_NEED = {
    "yes": N_("{label} (yes)"), "no": N_("{label} (no)"), "column": N_("{label} (column)"),
    "when-verified": N_("{label} (when-verified)"), "when-chosen": N_("{label} (when-chosen)"),
}
#: The value kinds, as the text output names them.
_VALUE_KINDS = {
    "status": N_("status:"), "type": N_("type:"), "yes/no": N_("yes/no:"),
    "strength": N_("strength:"), "affects": N_("affects:"), "verdict": N_("verdict:"),
}
#: Where metadata is read from (``from`` of ``rfc-metadata``).
_SOURCES = {"front-matter": N_("front-matter"), "list": N_("list"), "table": N_("table")}


def _value_word(values: dict[str, list[str]], key: str) -> str:
    """A value as the text output shows it: its key; translating (zh_CN),
    its first word in the project's language (``strong`` -> ``强``), as
    :meth:`Vocabulary.shown` names a status."""
    if not translating():
        return key
    return next((n for n in values.get(key, ()) if not n.isascii()), key)


def as_text(data: dict[str, Any]) -> str:
    """The schema for reading, in the project's language: its own words
    (the template's headings, headers and values) as written, the labels
    of the built-in schema and of this output translated; keys (what
    ``conf.py`` names) stay keys."""
    out = _sections_text(data)
    out += _tables_text(data)
    out += _fields_text(data)
    out += _values_text(data)
    out += _metadata_text(data)
    return "\n".join(out)


def _sections_text(data: dict[str, Any]) -> list[str]:
    out = [_("template: {template}").format(
        template=data["template"] or _("(built-in hyper-parallel template)"))]
    if data.get("title"):
        out.append(_("title: {title}").format(title=data["title"]))
    out += ["", _("sections (level 2 to {depth}):").format(depth=data["depth"])]
    if data.get("levels_shifted"):
        out[-1] = _("sections (level 2 to {depth}; the template's sections are headings of "
                    "its title's level, each read one level down):").format(depth=data["depth"])
    for s in data["sections"]:
        title = _(s["label"]) if s["title"] == s["label"] else s["title"]
        need = _("{title} [{key}, required]") if s["required"] else _(
            "{title} [{key}, optional]")
        indent = "  " * (s["level"] - 1)
        others = [t for t in s["titles"] if t not in (s["title"], title)]
        # (a full-width parenthesis needs no space before it)
        gap = "" if translating() else "  "
        also = gap + _("(also: {titles})").format(titles=series(others)) if others else ""
        written = s.get("heading")
        shown = "  " + _("<- {heading!r}").format(heading=written) if (
            written and written != s["title"]) else ""
        other = gap + _("(another version of {section})").format(
            section=s["other_version"]) if s.get("other_version") else ""
        out.append(indent + need.format(title=title, key=s["key"]) + " "
                   + _("level {level}").format(level=s["level"]) + also + shown + other)
    return out


def _tables_text(data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    out += ["", _("tables:")]
    for t in data["tables"]:
        out.append("  " + _("{kind} (section {section}, directive {directive})").format(
            kind=t["kind"], section=t["section"], directive=t["directive"]))
        for c in t["columns"]:
            allowed = " = " + " / ".join(_value_word(c["values"], v) for v in c["allowed"]) \
                if c["allowed"] else ""
            column_need = _COLUMN_NEED.get(c["required"])
            shown = _(column_need).format(label=_(c["label"])) if column_need else \
                f"{_(c['label'])} ({c['required']})"
            out.append(f"    {shown}{allowed}")
            out.append("      " + _("headers: {headers}").format(headers=series(c["headers"])))
    out.append("  " + _("every table: notes ({headers})").format(
        headers=series(data["note_headers"])))
    for g in data["generic_tables"]:
        cols = series(_("{header} = {values} (closed)").format(
            header=c["header"], values=" / ".join(c["allowed"])) if c["allowed"] else c["header"]
            for c in g["columns"])
        out.append("  " + _("generic (section {section}, line {line}): {columns}").format(
            section=g["section"], line=g["line"], columns=cols))
    return out


def _fields_text(data: dict[str, Any]) -> list[str]:
    builtin_fields = {(f.key, f.label) for f in FIELDS}
    out: list[str] = []
    out += ["", _("test levels: {levels}").format(
        levels=series(data["test_levels"]) or _("(none)")), "", _("fields:")]
    for f in data["fields"]:
        allowed = f" = {' / '.join(f['allowed'])}" if f["allowed"] else ""
        name = _(f["name"]) if (f["key"], f["name"]) in builtin_fields else f["name"]
        line = _("{name} ({key})").format(name=name, key=f["key"]) if f["key"] else _(
            "{name} (extra)").format(name=name)
        out.append(f"  {line}{allowed}")
        others = [w for w in f["words"] if w not in (f["name"], name)]
        if others:
            out.append("    " + _("words: {words}").format(words=series(others)))
    return out


def _values_text(data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    if data["sub_sections"]:
        out += ["", _("sub-sections (checked when present):")]
        for key, titles in data["sub_sections"].items():
            out.append("  " + _("{key}: {words}").format(key=key, words=series(titles)))
    out += ["", _("values:")]
    for name, choices in data["values"].items():
        kind = _VALUE_KINDS.get(name)
        out.append("  " + (_(kind) if kind else _("{key}:").format(key=name)))
        for key, names in choices.items():
            out.append("    " + _("{key}: {words}").format(key=key, words=series(names)))
    out += ["", _("placeholders: {words}").format(words=series(data["placeholders"]))]
    own = data["own_text"]
    if own["titles"] or own["values"]:
        out.append(_("the template's own text (kept in an RFC: rfc.placeholder): {words}").format(
            words=series(repr(t) for t in (
                *own["titles"], *own["notes"], *own["values"], *own["leads"]))))
    return out


def _metadata_text(data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    meta = data["metadata"]
    out += ["", _("metadata: from {sources}").format(sources=series(
        _(_SOURCES[m]) if m in _SOURCES else m for m in meta["from"]))]
    for key, name in meta["fields"].items():
        out.append("  " + _("{key} -> {field}").format(key=key, field=name))
    if meta["title"]:
        out.append("  " + _("untitled: {places}").format(places=_(", then ").join(meta["title"])))
    for place in meta["status"]:
        out.append("  " + _("{glob}: {status}").format(
            glob=place["glob"], status=STATUSES.shown(place["status"])))
    if meta["check_since"]:
        since = str(meta["check_since"])
        if since.startswith("number "):
            since = _("number {number}").format(number=since.removeprefix("number "))
        out.append("  " + _("sections checked from {since}").format(since=since))
    if meta["required"]:
        out.append("  " + _("required: a document with none is warned (rfc.missing-preamble)"))
    later = [_("{section} ({since})").format(
        section=_(s["label"]) if s["title"] == s["label"] else s["title"], since=s["since"])
        for s in data["sections"] if s.get("since")]
    if later or data["history"]:
        out += ["", _("history:")]
        for era in data["history"]:
            when = series(era["documents"]) if era.get("documents") else (
                era["since"] or _("first"))
            out.append("  " + _("{since}: {template}").format(since=when, template=era["template"]))
        out += ["  " + _("added: {section}").format(section=text) for text in later]
    return out
