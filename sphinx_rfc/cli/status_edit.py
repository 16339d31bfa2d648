"""``sphinx-rfc status [DOCS] RFC-ID STATUS``: change an RFC's status in its file.

The status is edited where the RFC declares it, and nowhere else:

* an ``rfc`` directive: its ``:status:`` option (rST, or MyST ``:key: value``
  lines or a YAML block);
* a template-native RFC: its front-matter ``status`` and/or the
  ``状态`` / ``Status`` row of its basic-information pipe table (both, when
  both declare it, so they keep agreeing), or the field list before the
  title of an rST one.  With no declaration, a ``status`` is added: to the
  directive, else the front matter, else the table, else a new front matter
  (an rST file without a directive or field list is refused: its table
  may declare the status, and rST tables are not edited).

A value keeps its author's language: a Chinese value (``评审中``) or a new
row of a Chinese table gets the first Chinese alias (``已接受``), an English
label (``Review``) gets a label, anything else the key.  ``updated`` is set
where it is declared; if it is not but ``created`` is, it is added right
after ``created``; an RFC that declares no date gets none (its dates come
from git).  No other byte of the file changes, line endings included.

With ``rfc_approvers``, a move to ``accepted`` (or later) is refused when
a module the RFC touches lacks an approval in its reviews table
(:mod:`sphinx_rfc.check.approvals`); only then is the project read, as
``sphinx-rfc list`` reads it.  ``--force`` skips both checks.

The RFC's file is found by :mod:`sphinx_rfc.cli.status_scan`; where the
file declares its fields, by :mod:`sphinx_rfc.check.field_places`.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sphinx_rfc._atomic import clean_leftovers
from sphinx_rfc._atomic import write_text as write_atomic
from sphinx_rfc.check.approvals import approval_message, missing_approvals, needs_approval
from sphinx_rfc.check.field_places import CJK, Place, find_places, reads_list
from sphinx_rfc.cli.conf import project_settings
from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.listing import printable
from sphinx_rfc.cli.project import add_sourcedir_argument, find_sourcedir
from sphinx_rfc.cli.status_scan import FoundRfc, not_found, scan
from sphinx_rfc.spec.globs import docname_glob_match
from sphinx_rfc.spec.lifecycle import SUPERSEDED, check_transition, refusal
from sphinx_rfc.spec.messages import _, clauses
from sphinx_rfc.spec.preamble import split_status
from sphinx_rfc.spec.sections import SECTIONS, SectionSpec
from sphinx_rfc.spec.vocabulary import STATUSES, Vocabulary

__all__ = [
    "FoundRfc", "Place", "StatusEditError", "add_parser", "find_places", "run", "scan",
    "set_status", "spell",
]

#: The labels of a new row of a basic-information table (Chinese, English).
_ROW_KEYS = {"status": ("状态", "Status"), "updated": ("更新时间", "Updated")}


class StatusEditError(Exception):
    """The status cannot be written into this file."""



def spell(key: str, old: str | None, statuses: Vocabulary, *, cjk: bool = False) -> str:
    """How to write status *key* in place of *old*: in its language."""
    choice = next((c for c in statuses.choices if c.key == key), None)
    if choice is None:
        return key
    if (old and CJK.search(old)) or (not old and cjk):
        return next((a for a in choice.aliases if CJK.search(a)), choice.label)
    old_key = statuses.lookup(old) if old else None
    if old and old_key is not None and old.strip() == statuses.label(old_key) != old_key:
        return choice.label
    return key


#: Words of a status clause naming the RFCs that supersede this one, and
#: those this one supersedes (MADR's ``superseded by ADR-0057``,
#: ``accepted; supersedes ADR-0045``: :func:`sphinx_rfc.spec.preamble.split_status`).
_SUCCESSOR_WORDS = ("superseded by", "replaced by")
_PREDECESSOR_WORDS = ("supersedes", "replaces")
#: Statuses under which an RFC supersedes nothing: it never came into force.
_NOT_IN_FORCE = ("withdrawn", "rejected")


def status_with_targets(
    old: str, new_status: str, statuses: Vocabulary = STATUSES, *, cjk: bool = False,
) -> tuple[str, list[str]]:
    """The status value that replaces *old* when the status becomes
    *new_status* (a key), and the clauses of *old* that are dropped.

    A status that names its target keeps it while the new status keeps its
    meaning: ``superseded by ADR-0057`` only under ``superseded`` (a
    withdrawn record has no successor), ``supersedes ADR-0045`` under any
    status but ``withdrawn`` and ``rejected`` (``accepted; supersedes
    ADR-0045`` -> ``implemented; supersedes ADR-0045``).  Each clause kept
    is kept as written (a Markdown link in it too)."""
    parts = [p.strip() for p in old.replace("；", ";").split(";") if p.strip()]
    if not parts or not any(w in old.casefold() for w in (*_SUCCESSOR_WORDS,
                                                         *_PREDECESSOR_WORDS)):
        return spell(new_status, old, statuses, cjk=cjk), []
    kept: list[str] = []
    dropped: list[str] = []
    first, rest = parts[0], parts[1:]
    status_word = first
    lowered = first.casefold()
    at = min((i for i in (lowered.find(w) for w in _SUCCESSOR_WORDS) if i >= 0), default=-1)
    if at >= 0:
        # "superseded by X": the status is in the clause ("deprecated, superseded by X")
        status_word = first[:at].strip().rstrip(",").strip()
        rest = [first[at:].strip(), *rest]
    for clause in rest:
        folded = clause.casefold()
        if any(w in folded for w in _SUCCESSOR_WORDS):
            (kept if new_status == SUPERSEDED else dropped).append(clause)
        elif any(w in folded for w in _PREDECESSOR_WORDS):
            (dropped if new_status in _NOT_IN_FORCE else kept).append(clause)
        else:
            kept.append(clause)
    word = spell(new_status, status_word or None, statuses, cjk=cjk)
    if not status_word and first[:1].isupper() and word.isascii():
        word = word[:1].upper() + word[1:]  # ("Superseded by X" -> "Withdrawn")
    if kept and kept[0].casefold().startswith(_SUCCESSOR_WORDS) and word.casefold() == SUPERSEDED:
        # "superseded by X" says the status itself
        return "; ".join([kept[0][:1].upper() + kept[0][1:] if first[:1].isupper()
                          else kept[0], *kept[1:]]), dropped
    return "; ".join([word, *kept]), dropped


def set_status(
    text: str, suffix: str, new_status: str, date: str | None, *,
    statuses: Vocabulary = STATUSES, sections: Sequence[SectionSpec] = SECTIONS,
    dropped: list[str] | None = None, rst_list: bool = False,
) -> str:
    """*text* with its status set to *new_status* (a key) and ``updated``
    set to *date* where dates are declared (None: leave them).  A status
    that names its target keeps the target while it keeps its meaning
    (:func:`status_with_targets`); the clauses dropped are added to
    *dropped*.  *rst_list*: an rST file's leading list declares fields too
    (the template reads one)."""
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = text[len(bom):].splitlines(keepends=True)
    places = find_places(text[len(bom):], suffix, sections, rst_list=rst_list)
    directives = [p for p in places if p.kind == "directive"]
    places = directives[:1] or places
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    edits: dict[int, tuple[int, int, str]] = {}
    inserts: list[tuple[int, str]] = []

    def put(place: Place, name: str, value: str, after: int) -> None:
        if place.style == "row":
            key = _ROW_KEYS[name][0 if place.cjk else 1]
            line = f"| {key} | {value} |" + " |" * (place.columns - 2)
        elif place.style == "item":
            line = f"{place.indent}{name.capitalize()}: {value}"
        else:
            line = f"{place.indent}:{name}: {value}" if place.style == "option" else (
                f"{place.indent}{name}: {value}")
        inserts.append((after, line + newline))

    def set_value(place: Place, name: str, make: Any) -> None:
        row, start, end = place.spots[name]
        raw = lines[row][start:end]
        old = raw.strip("'\"")
        value = make(old)
        if (raw[:1] in ("'", '"') and raw[-1:] == raw[:1] and len(raw) > 1
                and ";" in value and raw[:1] not in value):
            value = raw[:1] + value + raw[:1]  # (a quoted YAML value with its targets)
        if start == end and not lines[row][:start].endswith((" ", "\t")):
            value = " " + value
        edits[row] = (start, end, value)

    declaring = [p for p in places if "status" in p.spots]
    lost: list[str] = []

    def status_value(old: str, place: Place) -> str:
        value, gone = status_with_targets(old, new_status, statuses, cjk=place.cjk)
        lost.extend(g for g in gone if g not in lost)
        return value

    for place in declaring:
        set_value(place, "status", lambda old, p=place: status_value(old, p))
    if dropped is not None:
        dropped.extend(lost)
    if not declaring:
        if not places:
            if suffix.lower() in (".rst", ".txt"):
                raise StatusEditError(_(
                    "no rfc directive and no field list before the title declare its "
                    "status; add ':status:' by hand")
                )
            lines.insert(0, f"---{newline}status: {new_status}{newline}---{newline}")
            return bom + "".join(lines)
        target = next((p for p in places if p.kind == "front-matter"), places[0])
        put(target, "status", spell(new_status, None, statuses, cjk=target.cjk), target.last)
    if date is not None:
        dated = [p for p in places if "updated" in p.spots]
        for place in dated:
            set_value(place, "updated", lambda _old: date)
        created = next((p for p in places if "created" in p.spots), None)
        if not dated and created is not None:
            put(created, "updated", date, created.spots["created"][0])
    _apply(lines, edits, inserts, newline)
    return bom + "".join(lines)


def _apply(lines: list[str], edits: dict[int, tuple[int, int, str]],
           inserts: list[tuple[int, str]], newline: str) -> None:
    """*edits* (line -> the span replaced and its new text) and *inserts*
    (a line after line N, in the order given) made on *lines*."""
    for row, (start, end, value) in edits.items():
        lines[row] = lines[row][:start] + value + lines[row][end:]
    order = sorted(enumerate(inserts), key=lambda item: (item[1][0], item[0]), reverse=True)
    for _seq, (after, line) in order:
        if not lines[after].endswith(("\n", "\r")):
            lines[after] += newline
        lines.insert(after + 1, line)



# --------------------------------------------------------------------------
# The command line


def _date(text: str) -> str:
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date YYYY-MM-DD: {text!r}") from None


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``status`` and its options."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "status", help="change an RFC's status (and its updated date) in its source file"
    )
    # (positionals named as check's are: the usage line and the docs show the names)
    add_sourcedir_argument(parser)
    parser.add_argument("rfc_id", help="the RFC whose status changes (RFC-0042)")
    parser.add_argument("status",
                        help="the new status: a key or any alias (accepted, 已接受)")
    parser.add_argument("--force", action="store_true",
                        help="set the status even when the lifecycle table does not allow it, "
                             "or when an approver of rfc_approvers has not approved it")
    parser.add_argument("--date", type=_date, metavar="YYYY-MM-DD",
                        help="the updated date written where dates are declared "
                             "(default: today)")
    parser.set_defaults(func=run)
    return parser


def _missing_approvals(
    srcdir: Path, rfc_id: str, approvers: Mapping[str, Sequence[str]]
) -> list[tuple[str, tuple[str, ...]]]:
    """The modules of *rfc_id* whose approvers have not approved it, from
    the project as the build reads it (its reviews table and the modules of
    its changes table need the reader; the kept environment makes a second
    read cheap): what ``rfc.missing-approval`` would say once accepted."""
    from sphinx_rfc.cli.project import read_project
    from sphinx_rfc.store.domain import get_domain

    with read_project(srcdir, cache=True) as project:
        records = get_domain(project.app.env).snapshot().records()
        record = next((r for r in records if r.id == rfc_id), None)
        return missing_approvals(record, approvers) if record is not None else []


def run(args: argparse.Namespace) -> int:
    """Find the RFC, check the transition, edit its file: 0 done (or
    nothing to do), 1 refused, 2 usage or configuration error."""
    from sphinx.errors import ConfigError

    def fail(message: str, code: int) -> int:
        # (what a file holds is quoted: no control character reaches the terminal)
        print(printable(_("sphinx-rfc status: {message}").format(message=message)), file=sys.stderr)
        return code

    def say(message: str) -> None:
        print(printable(message))

    try:
        srcdir = find_sourcedir(args.sourcedir)
    except CliError as exc:
        return fail(str(exc).removeprefix("sphinx-rfc: "), 2)
    try:
        settings, config = project_settings(srcdir)
    except ConfigError as exc:
        return fail(str(exc), 2)
    new = settings.statuses.lookup(args.status)
    if new is None:
        return fail(_("unknown status {status!r}; known: {known}").format(
            status=args.status, known=settings.statuses.choice_names()), 2)
    found = _the_rfc(args, srcdir, settings, config)
    if isinstance(found, str):
        return fail(found, 2)
    rfc, rfcs = found
    # a folder found above: its file as seen from here (0042-x.md, not ../rfcs/0042-x.md)
    shown = rfc.path if args.sourcedir is not None else Path(os.path.relpath(rfc.path))
    # (what a killed status or import left, beside the file a link points to too)
    clean_leftovers(Path(os.path.realpath(rfc.path)).parent)
    # (a status naming its target, "superseded by ADR-0057", is its status word;
    # none stated: the status of its place, a Rust RFC's under text/ accepted)
    stated = split_status(rfc.status)[0] if rfc.status else None
    current = (settings.statuses.lookup(rfc.status) or settings.statuses.lookup(stated or "")
               if rfc.status else _placed_status(rfc.path, srcdir, settings) or "draft")
    verdict = check_transition(
        current or str(rfc.status), new,
        successors=lambda: [r.rfc_id for r in rfcs if args.rfc_id in r.supersedes],
    )
    if verdict.unchanged:
        say(_("{path}: {rfc_id} is already {status}; nothing changed").format(
            path=shown, rfc_id=args.rfc_id, status=settings.statuses.shown(new)))
        return 0
    if not verdict.allowed and not args.force:
        return fail(f"{args.rfc_id}: {refusal(verdict)}", 1)
    if not args.force and settings.approvers and needs_approval(new):
        refused = _approval_refusal(srcdir, args.rfc_id, settings.statuses.shown(new),
                                    settings.approvers)
        if refused is not None:
            return fail(*refused)
    try:
        with rfc.path.open(encoding="utf-8", newline="") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        return fail(_("{path}: cannot read it: {error}").format(path=shown, error=exc), 1)
    date = args.date or dt.date.today().isoformat()
    dropped: list[str] = []
    try:
        updated = set_status(text, rfc.path.suffix, new, date,
                             statuses=settings.statuses, sections=settings.sections,
                             dropped=dropped, rst_list=_reads_list(settings))
    except StatusEditError as exc:
        return fail(f"{shown}: {exc}", 1)
    try:
        # (a symlinked RFC: its target is written, the link stays a link)
        write_atomic(Path(os.path.realpath(rfc.path)), updated)
    except OSError as exc:
        return fail(_("{path}: not changed, cannot write it: {error}").format(
            path=shown, error=exc), 1)
    say(f"{shown}: {args.rfc_id} {settings.statuses.shown(verdict.current)} -> "
        f"{settings.statuses.shown(new)}")
    for clause in dropped:
        say(_("{path}: {rfc_id}: dropped {clause!r} from its status "
              "(a {status} {noun} {why})").format(
            path=shown, rfc_id=args.rfc_id, clause=clause, status=settings.statuses.shown(new),
            noun=settings.noun(), why=_why_dropped(clause)))
    return 0


def _the_rfc(args: argparse.Namespace, srcdir: Path, settings: Any,
             config: Any) -> tuple[Any, list[Any]] | str:
    """The one RFC of the source folder with ``args.rfc_id``, and every RFC
    found; or why there is not one."""
    unreadable: list[tuple[Path, str]] = []
    rfcs = scan(srcdir, documents=settings.documents, id_format=settings.id_format,
                exclude=list(config.exclude_patterns), sections=settings.sections,
                rst_list=_reads_list(settings), unreadable=unreadable)
    mine = [r for r in rfcs if r.rfc_id == args.rfc_id]
    if not mine:
        return not_found(args.rfc_id, rfcs, unreadable, args.sourcedir)
    if len(mine) > 1:
        return _("{rfc_id} is declared in {files}; fix that first").format(
            rfc_id=args.rfc_id, files=_(" and ").join(str(r.path) for r in mine))
    return mine[0], rfcs


def _approval_refusal(srcdir: Path, rfc_id: str, new: str,
                      approvers: Any) -> tuple[str, int] | None:
    """Why the RFC cannot go to status *new* without approval, and the exit
    code; None when it may."""
    try:
        missing = _missing_approvals(srcdir, rfc_id, approvers)
    except CliError as exc:
        return str(exc).removeprefix("sphinx-rfc: "), 2
    if not missing:
        return None
    why = clauses(approval_message(module, people) for module, people in missing)
    return (_("{rfc_id}: cannot go to {status} without approval: {why} "
              "(--force to set it anyway)").format(rfc_id=rfc_id, status=new, why=why), 1)


def _reads_list(settings: Any) -> bool:
    """Whether the template reads a leading list (``from="list"``)."""
    return reads_list(settings)


def _placed_status(path: Path, srcdir: Path, settings: Any) -> str | None:
    """The status of an RFC that states none, by where it is, as the build
    gives it: ``rfc_default_status``, then the template's ``status=`` rule."""
    try:
        docname = path.resolve().relative_to(srcdir.resolve()).with_suffix("").as_posix()
    except ValueError:
        return None
    rule = settings.template.metadata if settings.template is not None else None
    pairs = (*(settings.default_status or ()), *(rule.status if rule is not None else ()))
    for glob, status in pairs:
        if docname_glob_match(glob, docname) and (key := settings.statuses.lookup(status)):
            return str(key)
    return None


def _why_dropped(clause: str) -> str:
    if any(w in clause.casefold() for w in _SUCCESSOR_WORDS):
        return _("has no successor")
    return _("supersedes nothing")
