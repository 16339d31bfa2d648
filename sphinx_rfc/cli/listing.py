"""``sphinx-rfc list`` (docs/reference/cli.md): one line per RFC (ID,
status, title), in columns, or a JSON list; optionally only some statuses.

The text goes to a terminal: what an RFC says (its title above all) is
shown without its control characters, so that an escape sequence in a
document cannot drive the terminal of whoever lists the project.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sphinx_rfc import _lazy_re
from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.project import default_jobs, find_sourcedir, read_project
from sphinx_rfc.spec.messages import _

if TYPE_CHECKING:
    from sphinx_rfc.model.records import RfcRecord
    from sphinx_rfc.spec.settings import RfcSettings
    from sphinx_rfc.spec.vocabulary import Vocabulary

#: The keys of each RFC in ``--format json``: those of ``rfcs.json``
#: (and ``invalid_status``, as there, only for an RFC that has one).
JSON_KEYS = ("id", "title", "status", "type", "docname", "source")

#: DEL and the C1 controls, which ``json.dumps`` leaves as they are.
_UNESCAPED_CONTROLS = _lazy_re.compile("[\x7f-\x9f]")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``list`` and its options."""
    lst = subparsers.add_parser("list", help="one line per RFC: ID, status, title")
    lst.add_argument("sourcedir", nargs="?")
    lst.add_argument("--status", help="only RFCs with this status (key or alias; comma list)")
    lst.add_argument("--format", choices=("text", "json"), default="text",
                     help="text: aligned columns (default); json: a list of the RFCs")
    lst.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Read the project (the kept environment, every CPU) and list its RFCs."""
    from sphinx_rfc import config as rfc_config
    from sphinx_rfc.store.domain import get_domain

    srcdir = find_sourcedir(args.sourcedir)
    with read_project(srcdir, jobs=default_jobs(), cache=True) as project:
        settings = rfc_config.settings(project.app.config)
        wanted = _wanted_statuses(args.status, settings) if args.status else None
        records = get_domain(project.app.env).snapshot().records()
        rows = [r for r in records if wanted is None or r.status in wanted]
        if args.format == "json":
            print(as_json([_json_row(r) for r in rows]))
        else:
            header = None
            if rows and sys.stdout.isatty():
                header = _header(settings, project.app.config.language)
            _print_rows(rows, header, settings.statuses)
            if not rows:
                _say_none(settings, project.app.config.language)
    return 0


def _say_none(settings: RfcSettings, language: str | None) -> None:
    """An empty list says so on standard error, with the template's noun
    ("no ADRs"): the project's documents may not be where it looks."""
    from sphinx_rfc.i18n import _

    nouns = settings.profile.noun.name(language, plural=True)
    print(str(_("sphinx-rfc list: no {nouns}")).format(nouns=nouns), file=sys.stderr)


def _wanted_statuses(text: str, settings: RfcSettings) -> set[str]:
    """The status keys named in *text*, a comma list (ASCII or full-width
    commas) of keys or aliases; an unknown one is a usage error."""
    wanted: set[str] = set()
    for item in re.split(r"[,，]", text):
        if not item.strip():
            continue
        key = settings.statuses.lookup(item.strip())
        if key is None:
            raise CliError(_("sphinx-rfc: unknown status {status!r}; expected one of {known}")
                           .format(status=item.strip(), known=settings.statuses.choice_names()))
        wanted.add(key)
    return wanted


def printable(text: str) -> str:
    """*text* without control characters (C0, DEL, C1): white space among
    them becomes a space, the others go; printable text (CJK included)
    stays as it is."""
    return "".join(
        (" " if char.isspace() else "") if unicodedata.category(char) == "Cc" else char
        for char in text
    )


def _header(settings: RfcSettings, language: str | None) -> tuple[str, str, str]:
    """The column names a terminal is shown above the rows: the template's
    noun (``ADR``, ``KEP``), status, title, in the project's language."""
    from sphinx_rfc.i18n import _

    return (settings.profile.noun.name(language), str(_("Status")), str(_("Title")))


def _width(text: str) -> int:
    """Terminal columns *text* takes (a wide CJK character takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def _print_rows(rows: Sequence[RfcRecord], header: tuple[str, str, str] | None = None,
                statuses: Vocabulary | None = None) -> None:
    """``ID  status  title``, the first two columns padded to line up (the
    status as the project's language writes it: ``已接受``); on a
    terminal, *header* above them (piped output is the rows alone)."""
    shown = [(printable(r.id), printable(_status_text(r, statuses)), printable(r.title))
             for r in rows]
    if header is not None:
        shown.insert(0, header)
    id_width = max((_width(rfc_id) for rfc_id, _, _ in shown), default=0)
    status_width = max((_width(status) for _, status, _ in shown), default=0)
    for rfc_id, status, title in shown:
        print(f"{_pad(rfc_id, id_width)}  {_pad(status, status_width)}  {title}")


def _status_text(record: RfcRecord, statuses: Vocabulary | None = None) -> str:
    """The status as the list shows it: as the project's language writes
    it (``已接受``), or the words written when they are none of the
    project's, said to be invalid (``审核中（无效状态）``: the RFC is read
    as draft, the reader is told)."""
    if record.invalid_status:
        return _("{words} (invalid status)").format(words=record.invalid_status)
    return statuses.shown(record.status) if statuses else record.status


def _json_row(record: RfcRecord) -> dict[str, Any]:
    found = {key: getattr(record, key) for key in JSON_KEYS}
    if record.invalid_status:
        found["invalid_status"] = record.invalid_status
    return found


def as_json(data: Any) -> str:
    """*data* as indented JSON, non-ASCII text as it is, but every control
    character escaped (``json.dumps`` leaves DEL and C1 raw): the values are
    the RFCs' own, and the terminal sees no control character."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    return _UNESCAPED_CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
