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

from sphinx_rfc.cli.conf import project_settings
from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.project import find_sourcedir
from sphinx_rfc.read.subsections import subsections_of
from sphinx_rfc.spec.aliases import field_words
from sphinx_rfc.spec.fields import FIELDS
from sphinx_rfc.spec.table_kinds import NOTE_HEADERS
from sphinx_rfc.spec.vocabulary import Vocabulary

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
    return {
        "template": template.path if template is not None else None,
        "depth": template.depth if template is not None else 2,
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
        "metadata": _metadata_of(settings),
        "history": [{"template": e.name, "since": e.since, "required": list(e.required)}
                    for e in (template.history if template is not None else ())],
    }


def _sections_of(settings: RfcSettings) -> list[dict[str, Any]]:
    template = settings.template
    levels: dict[str, int] = {}
    parents: dict[str, str | None] = {}
    titles: dict[str, str] = {}
    since: dict[str, str | None] = {}
    if template is not None:
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
            "directive": spec.directive,
            # (when the section joined the template: only on those that say)
            **({"since": since[spec.key]} if since.get(spec.key) else {}),
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


def as_text(data: dict[str, Any]) -> str:
    """The schema for reading."""
    out = [f"template: {data['template'] or '(built-in hyper-parallel template)'}", "",
           "sections:"]
    for s in data["sections"]:
        need = "required" if s["required"] else "optional"
        indent = "  " * (s["level"] - 1)
        others = [t for t in s["titles"] if t != s["title"]]
        also = f"  (also: {', '.join(others)})" if others else ""
        out.append(f"{indent}{s['title']} [{s['key']}, {need}]{also}")
    out += ["", "tables:"]
    for t in data["tables"]:
        out.append(f"  {t['kind']} (section {t['section']}, directive {t['directive']})")
        for c in t["columns"]:
            allowed = f" = {' / '.join(c['allowed'])}" if c["allowed"] else ""
            out.append(f"    {c['label']} ({c['required']}){allowed}")
            out.append(f"      headers: {', '.join(c['headers'])}")
    out.append(f"  every table: notes ({', '.join(data['note_headers'])})")
    for g in data["generic_tables"]:
        cols = ", ".join(c["header"] + (f" = {' / '.join(c['allowed'])} (closed)"
                                        if c["allowed"] else "") for c in g["columns"])
        out.append(f"  generic (section {g['section']}, line {g['line']}): {cols}")
    out += ["", "test levels: " + (", ".join(data["test_levels"]) or "(none)"), "", "fields:"]
    for f in data["fields"]:
        allowed = f" = {' / '.join(f['allowed'])}" if f["allowed"] else ""
        out.append(f"  {f['name']}" + (f" ({f['key']})" if f["key"] else " (extra)") + allowed)
        others = [w for w in f["words"] if w != f["name"]]
        if others:
            out.append(f"    words: {', '.join(others)}")
    if data["sub_sections"]:
        out += ["", "sub-sections (checked when present):"]
        for key, titles in data["sub_sections"].items():
            out.append(f"  {key}: {', '.join(titles)}")
    out += ["", "values:"]
    for name, choices in data["values"].items():
        out.append(f"  {name}:")
        for key, names in choices.items():
            out.append(f"    {key}: {', '.join(names)}")
    out += ["", "placeholders: " + ", ".join(data["placeholders"])]
    meta = data["metadata"]
    out += ["", "metadata: from " + ", ".join(meta["from"])]
    for key, name in meta["fields"].items():
        out.append(f"  {key} -> {name}")
    if meta["title"]:
        out.append("  untitled: " + ", then ".join(meta["title"]))
    for place in meta["status"]:
        out.append(f"  {place['glob']}: {place['status']}")
    if meta["check_since"]:
        out.append(f"  sections checked from {meta['check_since']}")
    if meta["required"]:
        out.append("  required: a document with none is warned (rfc.missing-preamble)")
    later = [f"{s['title']} ({s['since']})" for s in data["sections"] if s.get("since")]
    if later or data["history"]:
        out += ["", "history:"]
        for era in data["history"]:
            out.append(f"  {era['since'] or 'first'}: {era['template']}")
        out += [f"  added: {text}" for text in later]
    return "\n".join(out)
