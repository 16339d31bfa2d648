"""``sphinx-rfc diff [DOCS] RFC-ID [--from REV] [--to REV] [--format text|json]``
(docs/reference/cli.md): what changed in an RFC's structured data between
two revisions of its file, row by row (:mod:`sphinx_rfc.check.changes`).

The RFC's file is found as ``status`` finds it
(:mod:`sphinx_rfc.cli.status_scan`); only ``conf.py`` is executed, the
project is not read.  Its versions come from git in a few processes: the
file's ``git log`` (renames followed), one ``git cat-file --batch`` for
every version looked at (:func:`sphinx_rfc.read.git_log.read_blobs`), a
``git log -1`` for each revision given (and a ``git rev-list`` when the
file had another name at that revision).  Default ``--from``: the commit
that last accepted the RFC (the first of the last run of versions whose
status is ``accepted`` or ``implemented``: an amended RFC accepted again
is compared with its latest acceptance), else the file's first commit; default ``--to``: the
file as it is in the working tree.

Exit status: 0 no change, 1 changes (as ``diff`` and ``git diff
--exit-code``: a CI step fails when an RFC changed), 2 an error (no git,
an unknown RFC or revision, a file no revision holds, a shallow clone
whose history stops at the file's oldest commit there when ``--from`` is
not given): one line on standard error.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx_rfc.check.changes import (
    KIND_ORDER,
    Change,
    RfcData,
    diff,
    latest_accepted,
    structured_data,
)
from sphinx_rfc.cli.conf import project_settings
from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.listing import as_json, printable
from sphinx_rfc.cli.project import add_sourcedir_argument, find_sourcedir
from sphinx_rfc.cli.status_scan import not_found, scan
from sphinx_rfc.read.git_log import read_blobs, work_tree_top
from sphinx_rfc.spec.fields import FIELDS
from sphinx_rfc.spec.messages import N_, _, clauses, translating
from sphinx_rfc.spec.table_kinds import TABLES
from sphinx_rfc.spec.vocabulary import STATUSES

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings

#: Seconds one git process may take.
TIMEOUT = 60
#: The ``format`` of ``--format json``'s output (schema/rfc-diff.schema.json).
FORMAT = "sphinx-rfc-diff/1"

#: What the text output calls each kind of change.
KIND_TITLES: dict[str, str] = {
    "status": N_("status"),
    "field": N_("fields"),
    "interface": N_("interface parameters"),
    "dependency": N_("dependencies"),
    "changes": N_("code changes"),
    "levels": N_("test levels"),
    "interactions": N_("interaction tests"),
    "performance": N_("performance tests"),
    "alternatives": N_("alternatives"),
    "references": N_("related work"),
    "constraints": N_("constraints"),
}
_MARKS = {"added": "+", "removed": "-", "changed": "~"}
#: The change column of ``--format markdown``, translated where shown.
_CHANGE_WORDS = {"added": N_("added"), "removed": N_("removed"), "changed": N_("changed")}


@dataclass(frozen=True)
class Version:
    """One side of the comparison: a commit's version of the file, or the working tree's."""

    #: The revision as given (``HEAD~2``), None for the working tree.
    rev: str | None
    #: The full commit hash, None for the working tree.
    commit: str | None
    #: The commit's author date (``YYYY-MM-DD``).
    date: str | None
    #: Why this version: ``given``, ``accepted`` (the latest acceptance),
    #: ``first`` (the file's first commit), ``working-tree``.
    chosen: str
    data: RfcData
    #: The file's text (for the lines of ``--format github``).
    text: str = field(default="", repr=False, compare=False)

    def as_json(self) -> dict[str, Any]:
        return {"rev": self.rev, "commit": self.commit, "date": self.date,
                "chosen": self.chosen, "status": self.data.status}

    def describe(self) -> str:
        if self.chosen == "absent":
            return _("not in {rev}").format(rev=self.rev)
        if self.commit is None:
            return _("working tree")
        why = {"accepted": _(", the commit that last made it {status}").format(
                   status=STATUSES.shown(self.data.status or "")),
               "first": _(", the file's first commit: none shows it accepted")}.get(
            self.chosen, "")
        rev = f"{self.rev} = " if self.rev and self.rev != self.commit else ""
        return f"{rev}{self.commit[:12]} ({self.date}{why})"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``diff`` and its options."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "diff", help="what changed in an RFC's tables, fields and status between two revisions"
    )
    add_sourcedir_argument(parser)
    parser.add_argument("rfc_id", nargs="?",
                        help="the RFC to compare (RFC-0042); without it, every RFC whose file "
                             "changed between --from and --to")
    parser.add_argument("--from", dest="from_rev", metavar="REV",
                        help="the older revision (default: the commit that last accepted the "
                             "RFC, else the file's first commit)")
    parser.add_argument("--to", dest="to_rev", metavar="REV",
                        help="the newer revision (default: the working tree)")
    parser.add_argument("--format", choices=("text", "json", "markdown", "github"), default="text",
                        help="text: the changes grouped by kind, + / - / ~ lines (default); "
                             "json: one object, schema/rfc-diff.schema.json (a list of them "
                             "without RFC_ID); markdown: a table per RFC, for a pull request "
                             "comment; github: a GitHub Actions annotation per changed row")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Compare the two versions: 0 no change, 1 changes, 2 an error."""
    from sphinx.errors import ConfigError

    def fail(message: str) -> int:
        print(_("sphinx-rfc diff: {message}").format(message=printable(message)), file=sys.stderr)
        return 2

    try:
        srcdir = find_sourcedir(args.sourcedir)
        settings, config = project_settings(srcdir)
    except CliError as exc:
        return fail(str(exc).removeprefix("sphinx-rfc: "))
    except ConfigError as exc:
        return fail(str(exc))
    unreadable: list[tuple[Path, str]] = []
    rfcs = scan(srcdir, documents=settings.documents, id_format=settings.id_format,
                exclude=list(config.exclude_patterns), sections=settings.sections,
                unreadable=unreadable)
    if args.rfc_id is None:
        if not args.from_rev:
            return fail("give an RFC ID, or --from REV (and --to REV) for every RFC "
                        "a range of commits changed")
        try:
            compared = _range(srcdir, rfcs, args, settings)
        except CliError as exc:
            return fail(str(exc))
        print(_range_output(compared, args.format))
        return 1 if any(changes for *_, changes in compared) else 0
    mine = [r for r in rfcs if r.rfc_id == args.rfc_id]
    if not mine:
        return fail(not_found(args.rfc_id, rfcs, unreadable, args.sourcedir))
    if len(mine) > 1:
        return fail(_("{rfc_id} is declared in {files}; fix that first").format(
            rfc_id=args.rfc_id, files=_(" and ").join(str(r.path) for r in mine)))
    path = mine[0].path
    shown = path if args.sourcedir is not None else Path(os.path.relpath(path))
    try:
        git = _Git(path)
        old = git.version(args.from_rev, settings) if args.from_rev else git.accepted(settings)
        if args.to_rev:
            new = git.version(args.to_rev, settings)
        else:
            new = _working_tree(path, shown, settings)
    except CliError as exc:
        return fail(str(exc))
    changes = diff(old.data, new.data)
    print(_range_output([(args.rfc_id, shown, old, new, changes)], args.format, single=True))
    return 1 if changes else 0


def _working_tree(path: Path, shown: Path, settings: RfcSettings) -> Version:
    """The file as it is in the working tree, committed or not."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(_("{path}: cannot read it: {error}").format(path=shown, error=exc)) from None
    return Version(None, None, None, "working-tree",
                   structured_data(text, path.suffix, settings), text)


#: One RFC compared: its ID, its file as shown, the two versions, the changes.
Compared = tuple[str, Path, "Version", "Version", list[Change]]


def _range(srcdir: Path, rfcs: list[Any], args: argparse.Namespace,
           settings: RfcSettings) -> list[Compared]:
    """Every RFC whose file differs between ``--from`` and ``--to`` (the
    working tree without ``--to``), compared; an RFC the older revision
    lacks is compared with an empty one (every row added)."""
    by_path = {r.path.resolve(): r for r in rfcs}
    if not by_path:
        return []
    git = _Git(next(iter(by_path)))
    ends = [args.from_rev] + ([args.to_rev] if args.to_rev else [])
    for rev in ends:
        if rev.startswith("-"):
            raise CliError(_("{rev!r} is no revision").format(rev=rev))
    names = git._run("diff", "--name-only", "--no-renames", "-z", *ends, "--",
                     os.fspath(srcdir.resolve())).split("\0")
    top = git.top
    assert top is not None  # (_Git refuses a file outside a work tree)
    changed = sorted({(top / name).resolve() for name in names if name})
    compared: list[Compared] = []
    for path in changed:
        found = by_path.get(path)
        if found is None:
            continue
        one = _Git(path)
        try:
            old = one.version(args.from_rev, settings)
        except CliError:  # not there yet: the RFC is new
            old = Version(args.from_rev, None, None, "absent",
                          structured_data("", path.suffix, settings))
        if args.to_rev:
            new = one.version(args.to_rev, settings)
        shown = Path(os.path.relpath(path, srcdir.resolve())) if args.sourcedir else \
            Path(os.path.relpath(path))
        if not args.to_rev:
            new = _working_tree(path, shown, settings)
        compared.append((found.rfc_id, shown, old, new, diff(old.data, new.data)))
    return compared


def _range_output(compared: list[Compared], fmt: str, single: bool = False) -> str:
    """What is printed for the RFCs compared, in *fmt*."""
    if fmt == "json":
        documents = [as_document(*one) for one in compared]
        return as_json(documents[0] if single else documents)
    if fmt == "markdown":
        return as_markdown(compared)
    if fmt == "github":
        return "\n".join(line for one in compared for line in as_annotations(*one))
    if not compared:
        return _("no RFC changed")
    return "\n\n".join(as_text(*one) for one in compared)


def as_document(rfc_id: str, source: Path, old: Version, new: Version,
                changes: list[Change]) -> dict[str, Any]:
    """The ``--format json`` object (schema/rfc-diff.schema.json)."""
    return {
        "format": FORMAT,
        "rfc": rfc_id,
        "source": source.as_posix(),
        "from": old.as_json(),
        "to": new.as_json(),
        "changes": [c.as_json() for c in changes],
    }


def _cells(cells: dict[str, str], only: list[str] | None = None) -> str:
    return ", ".join(f"{_column(k)}={v}" for k, v in cells.items()
                     if v and (only is None or k in only))


def _column(key: str) -> str:
    """A column (or field) by its key; translating (zh_CN), by its label."""
    if not translating():
        return key
    label = next((c.label for t in TABLES for c in t.columns if c.key == key), None)
    label = label or next((f.label for f in FIELDS if f.key == key), None)
    return _(label) if label else key


def as_text(rfc_id: str, source: Path, old: Version, new: Version,
            changes: list[Change]) -> str:
    """The text output: a header, then the changes grouped by kind."""
    lines = [f"{rfc_id} ({source.as_posix()})",
             _("from {version}").format(version=old.describe()),
             _("to   {version}").format(version=new.describe())]
    if not changes:
        lines.append(_("no change in its status, fields or tables"))
        return printable_lines(lines)
    order = {kind: k for k, kind in enumerate(KIND_ORDER)}
    kinds = sorted(dict.fromkeys(c.kind for c in changes), key=lambda k: order.get(k, len(order)))
    for kind in kinds:
        lines.append("")
        lines.append(_("{kind}:").format(kind=_(KIND_TITLES.get(kind, kind))))
        for change in (c for c in changes if c.kind == kind):
            mark = _MARKS[change.change]
            if isinstance(change.old, dict) or isinstance(change.new, dict):
                if change.change == "changed":
                    assert isinstance(change.old, dict) and isinstance(change.new, dict)
                    empty = _("(empty)")
                    detail = clauses(
                        f"{_column(c)}: {change.old.get(c, '') or empty} -> "
                        f"{change.new.get(c, '') or empty}" for c in change.columns())
                else:
                    row = change.new if isinstance(change.new, dict) else change.old
                    assert isinstance(row, dict)
                    detail = _cells(row)
                lines.append(f"  {mark} {change.key}" + (f"  ({detail})" if detail else ""))
            elif kind == "status":
                before, after = _sides(change)
                none = _("(none)")
                lines.append(f"  {mark} {before or none} -> {after or none}")
            elif change.change == "changed":
                lines.append(f"  {mark} {_column(change.key)}: {change.old} -> {change.new}")
            else:
                lines.append(f"  {mark} {_column(change.key)}: {change.new or change.old}")
    return printable_lines(lines)


def _md_cell(text: str) -> str:
    """*text* safe in a Markdown table cell: one line, pipes escaped, no HTML."""
    text = printable(" ".join(str(text).split()))
    for char, escaped in (("\\", "\\\\"), ("|", "\\|"), ("<", "&lt;"), (">", "&gt;")):
        text = text.replace(char, escaped)
    return text


def _sides(change: Change) -> tuple[str, str]:
    """The before and after of a change as cell text."""
    if isinstance(change.old, dict) or isinstance(change.new, dict):
        old = change.old if isinstance(change.old, dict) else {}
        new = change.new if isinstance(change.new, dict) else {}
        if change.change == "changed":
            columns = change.columns()
            return (_cells(old, columns), _cells(new, columns))
        return (_cells(old), _cells(new))
    if change.kind == "status":  # (as the project's language writes it: 已接受)
        return (STATUSES.shown(str(change.old)) if change.old else "",
                STATUSES.shown(str(change.new)) if change.new else "")
    return (str(change.old or ""), str(change.new or ""))


def _item(change: Change) -> str:
    """What a change is about: a row's name, or a field by its label."""
    return _column(change.key) if change.kind in ("field", "status") else change.key


def as_markdown(compared: list[Compared]) -> str:
    """The changes of every RFC compared as Markdown, for a pull request
    comment: a heading and a table per RFC (``change | kind | item |
    before | after``); an RFC with no structured change says so."""
    if not compared:
        return _("No RFC changed.")
    order = {kind: k for k, kind in enumerate(KIND_ORDER)}
    parts = []
    for rfc_id, source, old, new, changes in compared:
        title = new.data.fields.get("title") or _title_of(new.text or old.text)
        head = f"### {_md_cell(rfc_id)}" + (f" {_md_cell(title)}" if title else "")
        lines = [head, "", f"`{_md_cell(source.as_posix())}`: {_md_cell(old.describe())} → "
                 f"{_md_cell(new.describe())}", ""]
        if not changes:
            lines.append(_("No change in its status, fields or tables."))
            parts.append("\n".join(lines))
            continue
        lines += [_("| change | kind | item | before | after |"), "|---|---|---|---|---|"]
        ranked = sorted(changes, key=lambda c: order.get(c.kind, len(order)))
        for change in ranked:
            before, after = _sides(change)
            lines.append("| " + " | ".join((
                _(_CHANGE_WORDS[change.change]), _md_cell(_(KIND_TITLES.get(change.kind, change.kind))),
                _md_cell(_item(change)), _md_cell(before), _md_cell(after))) + " |")
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def _title_of(text: str) -> str | None:
    """A document's title as a reader sees it first: its first ``#``
    heading, or an rST title (a line over a line of ``=`` as long)."""
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("# "):
            return line[2:].strip().strip("#").strip() or None
        under = lines[number + 1] if number + 1 < len(lines) else ""
        if line.strip() and under and set(under) == {"="} and len(under) >= len(line.strip()):
            return line.strip()
    return None


def _line_of(text: str, key: str) -> int:
    """The line of *key* in *text*: the first table row naming it, else the
    first line naming it, else 1 (a removed row's key is not there)."""
    lines = text.splitlines()
    if key:
        for number, line in enumerate(lines, 1):
            if line.lstrip().startswith(("|", "*", "-", "+")) and key in line:
                return number
        for number, line in enumerate(lines, 1):
            if key in line:
                return number
    return 1


def as_annotations(rfc_id: str, source: Path, old: Version, new: Version,
                   changes: list[Change]) -> list[str]:
    """One GitHub Actions ``::notice`` per change, at the changed row's line
    in the newer version (``--format github``)."""
    from sphinx_rfc.cli.annotations import escape_data, escape_property

    text = new.text
    out = []
    for change in changes:
        before, after = _sides(change)
        kind = _(KIND_TITLES.get(change.kind, change.kind))
        what = {"added": _("{kind} added: {key} ({after})"),
                "removed": _("{kind} removed: {key} ({before})")}.get(
            change.change, _("{kind} changed: {key}: {before} -> {after}")).format(
            kind=kind, key=_item(change), before=before, after=after)
        line = _line_of(text, change.key if change.kind != "status" else "")
        title = escape_property(f"{rfc_id} {kind}")
        out.append(f"::notice file={escape_property(source.as_posix())},line={line},"
                   f"title={title}::{escape_data(printable(what))}")
    return out


def printable_lines(lines: list[str]) -> str:
    """The lines without control characters (the values are the RFC's own)."""
    return "\n".join(printable(line) for line in lines)


# --------------------------------------------------------------------------
# git


class _Git:
    """The versions of one file in the git repository it is in."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.folder = path.parent
        self.top = work_tree_top(self.folder)
        if self.top is None:
            raise CliError(_("{path} is not in a git repository").format(path=path))
        #: the file's path from the work tree's top
        self.name = path.resolve().relative_to(self.top).as_posix()

    def _run(self, *args: str, check: bool = True) -> str:
        command = ["git", "-c", "log.showSignature=false", "-c", "core.quotePath=false",
                   "-c", "i18n.logOutputEncoding=UTF-8", "-C", os.fspath(self.folder), *args]
        try:
            done = subprocess.run(
                command, capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL,
                env={**os.environ, "LC_ALL": "C", "GIT_TERMINAL_PROMPT": "0"}, check=False,
            )
        except FileNotFoundError:
            raise CliError(_("git is not installed (or not on PATH)")) from None
        except (OSError, subprocess.SubprocessError) as exc:
            raise CliError(_("git failed: {error}").format(error=exc)) from None
        if check and done.returncode != 0:
            why = done.stderr.decode("utf-8", "replace").strip().splitlines()
            raise CliError(_("git {command}: {error}").format(
                command=args[0], error=why[-1] if why else _("failed")))
        return done.stdout.decode("utf-8", "replace")

    def _blobs(self, wanted: list[tuple[str, str]]) -> list[str | None]:
        """The text of each ``(commit, path)`` (None: missing, or not UTF-8):
        one ``git cat-file --batch`` (:func:`sphinx_rfc.read.git_log.read_blobs`)."""
        found = read_blobs(self.top, wanted)
        return [found[key] for key in wanted]

    def version(self, rev: str, settings: RfcSettings) -> Version:
        """The file as it is at *rev*."""
        if rev.startswith("-"):
            raise CliError(_("{rev!r} is no revision").format(rev=rev))
        found = self._run("log", "-1", "--no-color", "--format=%H %ad", "--date=short",
                          f"{rev}^{{commit}}", "--", check=False).split()
        if len(found) < 2:
            raise CliError(_("unknown revision {rev!r} (in {folder})").format(
                rev=rev, folder=self.folder))
        commit, date = found[0], found[1]
        text = self._blobs([(commit, self.name)])[0]
        if text is None:  # renamed since? its name then
            name = self._name_at(commit)
            text = self._blobs([(commit, name)])[0] if name is not None else None
        if text is None:
            raise CliError(_("{name} is not in {rev} ({commit}), or is not UTF-8 text").format(
                name=self.name, rev=rev, commit=commit[:12]))
        return Version(rev, commit, date, "given",
                       structured_data(text, self.path.suffix, settings), text)

    def _name_at(self, commit: str) -> str | None:
        """The file's name at *commit*, renames followed: that of the newest
        commit of its history that *commit* has (two more git processes,
        only for a file not under its name at a revision given)."""
        ancestors = set(self._run("rev-list", commit, "--").split())
        return next((name for sha, _, name in reversed(self._history()) if sha in ancestors),
                    None)

    def accepted(self, settings: RfcSettings) -> Version:
        """The commit that last accepted the RFC, else the file's first commit."""
        history = self._history()
        if not history:
            raise CliError(_("no commit holds {name}: commit it first, or give --from").format(
                name=self.name))
        if history[0][0] in self._shallow_boundary():
            # (its oldest commit here has no parent in this clone: the
            # version it was accepted with may lie before it)
            raise CliError(_(
                "{name}'s history is cut short: this is a shallow clone, whose history "
                "stops at {commit} ({date}); fetch the whole history "
                "(git fetch --unshallow; actions/checkout: fetch-depth: 0), or give --from").format(
                    name=self.name, commit=history[0][0][:12], date=history[0][1]))
        found = latest_accepted(self._blobs([(c, p) for c, _, p in history]),
                               self.path.suffix, settings)
        if found is None:
            raise CliError(_("no commit holds {name}: commit it first, or give --from").format(
                name=self.name))
        commit, date, _path = history[found.index]
        return Version(None, commit, date, found.chosen, found.data)

    def _shallow_boundary(self) -> frozenset[str]:
        """The commits a shallow clone's history stops at (empty: a whole clone)."""
        if self._run("rev-parse", "--is-shallow-repository", check=False).strip() != "true":
            return frozenset()
        name = self._run("rev-parse", "--git-path", "shallow", check=False).strip()
        try:
            text = (self.folder / name).read_text(encoding="ascii", errors="replace")
        except OSError:
            return frozenset()
        return frozenset(text.split())

    def _history(self) -> list[tuple[str, str, str]]:
        """(commit, date, the file's path then) of every commit of the file, oldest first."""
        out = self._run("log", "--follow", "--no-color", "--format=%x01%H %ad", "--date=short",
                        "--name-only", "-z", "--", self.path.name)
        history: list[tuple[str, str, str]] = []  # (commit, date, path), oldest first
        for record in out.split("\x01"):
            # "HASH DATE\0\nNAME\0": the header, then the file's name at that commit
            head, *names = record.split("\0")
            words = head.split()
            name = next((n.strip("\n") for n in names if n.strip("\n")), self.name)
            if len(words) >= 2:
                history.append((words[0], words[1], name))
        history.reverse()
        return history
