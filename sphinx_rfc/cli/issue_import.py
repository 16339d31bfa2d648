"""``sphinx-rfc import``: forge issues (RFCs written as issues) to Markdown RFCs.

SOURCE: a JSON file (``-``: standard input) of one issue or a list, in the gh
CLI's shape (``author.login``, ``createdAt``, ``url``) or a forge's REST shape
(``user``, ``created_at``, ``html_url``: GitHub, Gitee, GitCode); or a
Markdown file holding one issue body, with ``--number`` and ``--title``
(:mod:`sphinx_rfc.cli.issue_source` reads them).

Each issue becomes ``DIR/<digits>-<slug>.md``, a template-native RFC: MyST
front matter, a ``# title`` heading (unless the body starts with one), the
body as written (line endings made ``\\n``).  ``<digits>`` are those of the
ID ``rfc_id_format`` makes of the number (#42, ``RFC-{:04d}``: ``0042``), so
file name and ID agree; ``<slug>``: the title's words, as ``new`` makes
it (:mod:`sphinx_rfc.spec.slug`, ``rfc_slug``), or nothing (``0042.md``).

The front matter holds the fields the import owns; a re-import keeps the
ones a person edited, and a body a person edited: it is not overwritten
without ``--force`` (:mod:`sphinx_rfc.cli.front_matter`).  A file is found
again by its number, not its slug (a renamed issue keeps its file), through
an index of the folder read once (:class:`FolderIndex`).  A file of the
same number or ID without ``imported_from`` is never overwritten.  An
unchanged file is not written; a changed one is written whole or not at
all (:mod:`sphinx_rfc._atomic`).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, TextIO

from sphinx_rfc import _lazy_re
from sphinx_rfc._atomic import clean_leftovers, sync_folder
from sphinx_rfc._atomic import write_text as write_atomic
from sphinx_rfc.cli.conf import find_conf, project_settings
from sphinx_rfc.cli.front_matter import (
    MARK,
    body_edit,
    read_front_matter,
    render,
)
from sphinx_rfc.cli.issue_body import basic_info_rows, shift_headings
from sphinx_rfc.cli.issue_source import (
    MARKDOWN_SUFFIXES,
    Issue,
    IssueImportError,
    load_source,
    parse_issue,
)
from sphinx_rfc.spec.fields import issue_items
from sphinx_rfc.spec.file_names import name_number
from sphinx_rfc.spec.forge import (
    DEFAULT_FORGE_STATUS_MAP,
    forge_state_key,
    forge_status,
    label_status,
    quoted_status,
    read_title,
    title_tags,
)
from sphinx_rfc.spec.id_space import id_parts, key_id
from sphinx_rfc.spec.messages import N_, _
from sphinx_rfc.spec.sections import SECTIONS
from sphinx_rfc.spec.slug import SlugStyle, slugify
from sphinx_rfc.spec.template import SectionSpec
from sphinx_rfc.spec.text import clean_title as document_title_of
from sphinx_rfc.spec.vocabulary import STATUSES, Vocabulary

__all__ = [
    "Issue", "IssueImportError", "add_parser", "clean_title", "import_issue", "label_status",
    "load_source", "owned_fields", "parse_issue", "read_front_matter", "rfc_id_digits", "run",
    "run_import", "slug", "write_atomic",
]

_DIRECTIVE_ID = _lazy_re.compile(r"^[^\S\n]*(?:\.\.\s+rfc::|[`~:]{3,}\s*\{rfc\})\s*(\S+)", re.MULTILINE)


# --------------------------------------------------------------------------
# What is written


def clean_title(title: str) -> str:
    """The issue's title, its whitespace collapsed, without the tags an
    issue title carries before or after it (:func:`sphinx_rfc.spec.forge.title_tags`)."""
    return document_title_of(title_tags(title)[0])


def slug(title: str, style: SlugStyle = "unicode") -> str:
    """The file-name slug of *title*, as ``new`` makes it
    (:func:`sphinx_rfc.spec.slug.slugify`)."""
    return slugify(title, style)


def rfc_id_digits(number: int, id_format: str) -> tuple[str, str]:
    """The ID of issue *number* and the digits the file name starts with."""
    rfc_id = id_format.format(number)
    runs = [m.group() for m in re.finditer(r"\d+", rfc_id) if int(m.group()) == number]
    return rfc_id, runs[-1] if runs else f"{number:04d}"


def issue_id(issue: Issue, id_format: str) -> tuple[str, str]:
    """The ID of *issue* and what its file name starts with: its number
    through *id_format* (#42: ``RFC-0042``, ``0042``), or its identifier in
    the number's place (Gitee's I7ABCD: ``RFC-I7ABCD``, ``I7ABCD``)."""
    if issue.number is not None:
        return rfc_id_digits(issue.number, id_format)
    return key_id(id_format, issue.ident), issue.ident


def _wider_pattern(id_format: str) -> str:
    """``rfc_id_pattern = r"^RFC-(?:[0-9]+|[A-Z][0-9A-Z]+)$"``: the IDs of
    *id_format* and those of identifiers such as Gitee's ``I7ABCD``."""
    before, after = id_parts(id_format)

    def plain(text: str) -> str:
        return "".join("\\" + c if c in ".^$*+?{}[]\\|()" else c for c in text)

    return f'rfc_id_pattern = r"^{plain(before)}(?:[0-9]+|[A-Z][0-9A-Z]+){plain(after)}$"'


def forge_history(
    issue: Issue, status_map: Mapping[str, str], statuses: Vocabulary = STATUSES,
) -> list[str] | None:
    """The statuses the issue went through on the forge, oldest first, each
    ``YYYY-MM-DD status who``: opened on its creation date by its author,
    then each change its label and state events make (the status of its
    state and labels then, as :func:`~sphinx_rfc.spec.forge.forge_status`
    reads them now).  None without a creation date."""
    if not issue.created:
        return None
    who = issue.author_name or issue.author or ""
    state, labels = "open", list[str]()
    steps = [(issue.created, forge_status(state, None, labels, status_map, statuses), who)]
    last_state = max((i for i, e in enumerate(issue.events) if e.kind == "state"), default=-1)
    for index, event in enumerate(issue.events):
        if event.kind == "labeled" and event.value not in labels:
            labels.append(event.value)
        elif event.kind == "unlabeled" and event.value in labels:
            labels.remove(event.value)
        elif event.kind == "state":
            state = event.value
        reason = issue.state_reason if index == last_state else None
        status = forge_status(state, reason, labels, status_map, statuses)
        if status != steps[-1][1]:
            steps.append((event.date, status, event.actor or who))
    return [" ".join(part for part in step if part) for step in steps]


def owned_fields(
    issue: Issue, *, id_format: str, issue_url: str | None, statuses: Vocabulary = STATUSES,
    status_map: Mapping[str, str] = DEFAULT_FORGE_STATUS_MAP,
    sections: Sequence[SectionSpec] = SECTIONS,
) -> dict[str, Any]:
    """The owned front-matter values of *issue* (None: not written).

    The body is the author's statement (docs/reference/import.md): a field
    its basic-information table states is not written (the front matter
    would contradict it), but ``issues``, which holds the table's items and
    the issue's own; what the forge says is kept beside it as provenance
    (``reporter``, ``source_issue``, ``forge_state``).  The author is the
    forge's display name when it gives one, else the login."""
    rfc_id, _digits = issue_id(issue, id_format)
    ref = issue.ref
    mark = issue.url or (issue_url.format(issue.ident) if issue_url else ref)
    stated = basic_info_rows(issue.body, sections)
    title, wip, titled = read_title(issue.title, statuses)
    own_ref = ref if issue_url or not issue.url else issue.url
    issues = [own_ref]
    if "issues" in stated:
        # (references and links: not the template's `xxx` left in the row)
        items = [item for item, _label in issue_items(stated["issues"])
                 if re.search(r"[#!]\d|://|\w-\d", item)]
        issues = [*dict.fromkeys([*items, own_ref])]
    return {
        "rfc": rfc_id,
        "title": None if "title" in stated else document_title_of(title),
        # (a status stated in a quote above the body is the author's too, and
        # one in the title's tags: "… (withdrawn)", "【已撤回】…")
        "status": None if "status" in stated else quoted_status(issue.body, statuses)
        or titled
        or forge_status(issue.state, issue.state_reason, issue.labels, status_map, statuses),
        # (an empty row is reported as such; the record still has an author)
        "authors": [issue.author_name or issue.author]
        if issue.author and not stated.get("authors", "").strip() else None,
        "created": None if "created" in stated else issue.created,
        "issues": issues,
        "reporter": issue.author,
        "source_issue": mark,
        "forge_state": forge_state_key(issue.state, issue.state_reason),
        "forge_history": forge_history(issue, status_map, statuses),
        "wip": True if wip else None,
        "imported_from": mark,
    }


# --------------------------------------------------------------------------
# Writing


class FolderIndex:
    """The source files of the import's folder, read once per import: each
    file's text, and which files hold each issue number (the first number
    of the name, as the native reader makes the ID) and each RFC ID (the
    front matter's ``rfc``, an ``rfc`` directive's), kept up to date as the
    import writes.  Finding an issue's file is then a look-up, not a
    search of every file (2,000 issues: 7 s to re-import)."""

    def __init__(self, folder: Path) -> None:
        self.texts: dict[Path, str] = {}
        self._order: dict[Path, int] = {}
        self._meta: dict[Path, dict[str, Any] | None] = {}
        self._numbers: dict[int, set[Path]] = {}
        self._ids: dict[str, set[Path]] = {}
        self._held: dict[Path, set[str]] = {}
        try:
            # (the directory entries know which are files: no stat per name)
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:  # no folder yet: the import makes it
            return
        for entry in entries:
            path = Path(folder, entry.name)
            if entry.is_file() and path.suffix.lower() in (*MARKDOWN_SUFFIXES, ".rst"):
                try:
                    text = path.read_text(encoding="utf-8-sig")
                except (OSError, UnicodeDecodeError):
                    continue
                self.put(path, text)

    def put(self, path: Path, text: str) -> None:
        """Record *path*'s (new) text."""
        self._order.setdefault(path, len(self._order))
        self.texts[path] = text
        self._meta.pop(path, None)
        number = name_number(path.name)
        if number is not None:
            self._numbers.setdefault(number, set()).add(path)
        for rfc_id in self._held.pop(path, set()):
            self._ids[rfc_id].discard(path)
        held = set(_DIRECTIVE_ID.findall(text))
        if text.startswith("---"):  # (else it has no front matter: no YAML read)
            held.add(str((self.meta(path) or {}).get("rfc", "")))
        self._held[path] = held
        for rfc_id in held:
            self._ids.setdefault(rfc_id, set()).add(path)

    def meta(self, path: Path) -> dict[str, Any] | None:
        """*path*'s front matter (parsed once)."""
        if path not in self._meta:
            self._meta[path] = read_front_matter(self.texts[path])
        return self._meta[path]

    def declared(self, path: Path) -> set[str]:
        """The RFC IDs *path* declares (front matter, ``rfc`` directives)."""
        return {rfc_id for rfc_id in self._held.get(path, ()) if rfc_id}

    def holding(self, number: int | None, rfc_id: str) -> list[Path]:
        """The files of issue *number* or of ID *rfc_id*, in name order."""
        found = (self._numbers.get(number, set()) if number is not None else set()
                 ) | self._ids.get(rfc_id, set())
        return sorted(found, key=self._order.__getitem__)


def find_target(
    index: FolderIndex, folder: Path, issue: Issue, fields: Mapping[str, Any], digits: str,
    style: SlugStyle = "unicode",
) -> Path:
    """Where *issue* goes: the file already imported from it, else a new
    ``<digits>-<slug>.md``.  Raises when another file has its number or ID."""
    target: Path | None = None
    rfc_id = str(fields["rfc"])
    for path in index.holding(issue.number, rfc_id):
        meta = index.meta(path) or {}
        mark = meta.get(MARK)
        declared = index.declared(path)
        if mark is None and declared and rfc_id not in declared:
            continue  # (its name has the number, its ID is another: RFC-L0003, zero-3.md)
        if mark is None:
            raise IssueImportError(clash(path, issue, rfc_id))
        if str(mark).startswith("http") and str(fields[MARK]).startswith("http") and (
            str(mark) != str(fields[MARK])
        ):
            raise IssueImportError(_("{path} was imported from {source}, not {url}").format(
                path=path, source=mark, url=fields[MARK]))
        if target is not None:
            raise IssueImportError(_("{first} and {second} both hold issue {ref}").format(
                first=target, second=path, ref=issue.ref))
        target = path
    if target is not None:
        return target
    words = slug(str(fields.get("title") or issue.title), style)
    path = folder / (f"{digits}-{words}.md" if words else f"{digits}.md")
    if path in index.texts:  # (a file of that name holds another RFC: never written over)
        raise IssueImportError(clash(path, issue, rfc_id))
    return path


def clash(path: Path, issue: Issue, rfc_id: str) -> str:
    """What to do when *path*, not made by import, has the number or the
    ID issue *issue* would get: nothing is written, and the message says
    how to make room (docs/howto/forge-workflow.md)."""
    return _(
        "{path} already holds {id} or number {number} and was not made by import (no {mark}: "
        "in its front matter); nothing written. If it is an RFC written here (sphinx-rfc new), "
        "the forge has since given issue {ref} the same number: give the local RFC another ID "
        "(rename the file, change its ID), and set rfc_new_ids in conf.py ({prefix} or "
        "{range}) so that new RFCs never take a number the forge hands out; then import again. "
        "If it is issue {ref}'s own RFC written by hand, add {mark}: {url} to its front matter "
        "and import again").format(
            path=path, id=rfc_id, number=issue.ident, mark=MARK, ref=issue.ref,
            prefix='{"prefix": "L"}', range='{"range": [9000, 9999]}', url=issue.url or issue.ref)


#: How to write anyway, said by the messages that refuse to (translated there).
_FORCE = N_("--force writes the issue's body over the file's")

#: What :func:`import_issue` did to a file.
State = Literal["created", "updated", "unchanged", "kept"]
#: How the output names a state, translated where it is printed.
_STATE_WORDS = {"created": N_("created"), "updated": N_("updated"), "unchanged": N_("unchanged")}


def import_issue(
    issue: Issue, folder: Path, *, id_format: str, issue_url: str | None,
    statuses: Vocabulary = STATUSES, index: FolderIndex | None = None, force: bool = False,
    slug_style: SlugStyle = "unicode",
    status_map: Mapping[str, str] = DEFAULT_FORGE_STATUS_MAP,
    sections: Sequence[SectionSpec] = SECTIONS, id_pattern: re.Pattern[str] | None = None,
) -> tuple[Path, State]:
    """Write one issue; ``(path, state)``, ``kept`` when the file's body
    was edited since it was imported and the issue's body was not (the
    body stays as edited; the front matter follows the issue as usual).
    When both were, nothing is written (:class:`IssueImportError`) unless
    *force*: then the issue's body replaces the file's.
    *index*: the :class:`FolderIndex` of *folder*, kept up to date here."""
    index = FolderIndex(folder) if index is None else index
    fields = owned_fields(issue, id_format=id_format, issue_url=issue_url, statuses=statuses,
                          status_map=status_map, sections=sections)
    rfc_id, digits = issue_id(issue, id_format)
    if id_pattern is not None and not id_pattern.match(rfc_id):
        raise IssueImportError(_(
            "its ID {id} does not match rfc_id_pattern ({pattern}); nothing written. Widen the "
            "pattern in conf.py for the forge's identifiers, e.g. {example}").format(
                id=rfc_id, pattern=id_pattern.pattern, example=_wider_pattern(id_format)))
    path = find_target(index, folder, issue, fields, digits, slug_style)
    existing = index.texts.get(path)
    title = clean_title(issue.title)
    body = shift_headings(issue.body.replace("\r\n", "\n").replace("\r", "\n"), issue.title)
    text = render(existing, fields, body, title=title)
    state: State = "created" if existing is None else "updated"
    if existing is not None and not force:
        edit = body_edit(existing, text)
        if edit == "kept":
            text = render(existing, fields, body, keep_body=True, title=title)
            state = "kept"
        elif edit == "edited":
            raise IssueImportError(_(
                "{path} was edited since import and the body of issue {ref} changed too; not "
                "overwriting ({force})").format(path=path, ref=issue.ref, force=_(_FORCE)))
        elif edit == "unknown":
            raise IssueImportError(_(
                "{path} holds no hash of the body it was imported with (an older version "
                "imported it) and its body is not that of issue {ref}; not overwriting "
                "({force})").format(path=path, ref=issue.ref, force=_(_FORCE)))
    if text == existing:
        return path, "kept" if state == "kept" else "unchanged"
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text, sync=False)  # (the folder is synced once, by run_import)
    index.put(path, text)
    return path, state


def run_import(
    sources: Sequence[str], folder: str | Path, *, id_format: str = "RFC-{:04d}",
    issue_url: str | None = None, number: int | None = None, title: str | None = None,
    statuses: Vocabulary = STATUSES, out: TextIO | None = None, err: TextIO | None = None,
    force: bool = False, slug_style: SlugStyle = "unicode",
    status_map: Mapping[str, str] = DEFAULT_FORGE_STATUS_MAP,
    sections: Sequence[SectionSpec] = SECTIONS, id_pattern: re.Pattern[str] | None = None,
) -> int:
    """The whole command with plain values: 0 when every issue was written
    (or already up to date, or kept), 1 when one could not be (the others are)."""
    out = out or sys.stdout
    err = err or sys.stderr
    markdown = [s for s in sources if Path(s).suffix.lower() in MARKDOWN_SUFFIXES]
    if (number is not None or title is not None) and len(markdown) != 1:
        err.write(_("sphinx-rfc import: --number and --title go with one Markdown SOURCE")
                  + "\n")
        return 2
    failed = 0
    done: set[str] = set()
    clean_leftovers(Path(folder))  # (what a killed import left)
    index = FolderIndex(Path(folder))
    for source in sources:
        for item in load_source(source, number=number, title=title):
            if isinstance(item, Issue) and item.ident in done:
                item = _("issue {ref} is given twice; the first one was imported").format(
                    ref=item.ref)
            if isinstance(item, str):
                failed += 1
                err.write(_("sphinx-rfc import: {source}: {error}").format(source=source, error=item)
                          + "\n")
                continue
            done.add(item.ident)
            try:
                path, state = import_issue(
                    item, Path(folder), id_format=id_format, issue_url=issue_url,
                    statuses=statuses, index=index, force=force, slug_style=slug_style,
                    status_map=status_map, sections=sections, id_pattern=id_pattern,
                )
            except (IssueImportError, OSError) as exc:
                failed += 1
                err.write(_("sphinx-rfc import: {source}: issue {ref}: {error}").format(
                    source=source, ref=item.ref, error=exc) + "\n")
                continue
            if state == "kept":
                out.write(_("kept: edited since import: {path}").format(path=path) + "\n")
            else:
                out.write(_("{state} {path}").format(state=_(_STATE_WORDS[state]), path=path) + "\n")
    # each file was synced before its rename: the renames once, at the end
    # (10,000 issues: one folder sync per file was 9 s of waiting)
    sync_folder(Path(folder))
    return 1 if failed else 0


# --------------------------------------------------------------------------
# The command line


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``import`` and its options."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "import", help="write Markdown RFCs from forge issues (JSON exports or a Markdown body)"
    )
    parser.add_argument("source", nargs="+",
                        help="a JSON file of one issue or a list ('-': standard input), "
                             "or a Markdown file holding one issue body")
    parser.add_argument("--dir", default=".", help="the folder to write into (default: .)")
    parser.add_argument("--number", type=int, help="the issue number of a Markdown SOURCE")
    parser.add_argument("--title", help="the issue title of a Markdown SOURCE")
    parser.add_argument("--force", action="store_true",
                        help="write the issue's body over a file's body edited since import")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """The command: the settings from the ``conf.py`` above DIR (the
    defaults when there is none), then :func:`run_import`."""
    from sphinx.errors import ConfigError

    folder = Path(args.dir)
    confdir = find_conf(folder if folder.exists() else folder.parent)
    id_format, issue_url, statuses = "RFC-{:04d}", None, STATUSES
    slug_style: SlugStyle = "unicode"
    status_map: Mapping[str, str] = DEFAULT_FORGE_STATUS_MAP
    sections: Sequence[SectionSpec] = SECTIONS
    id_pattern: re.Pattern[str] | None = None
    if confdir is None:
        print(_("sphinx-rfc import: no conf.py above {folder}; using {id_format}").format(
            folder=folder, id_format=id_format), file=sys.stderr)
    else:
        try:
            settings, config = project_settings(confdir)
        except ConfigError as exc:
            print(_("sphinx-rfc import: {error}").format(error=exc), file=sys.stderr)
            return 2
        id_format, issue_url, statuses = settings.id_format, settings.issue_url, settings.statuses
        slug_style = "ascii" if settings.slug == "ascii" else "unicode"
        status_map, sections = settings.forge_status_map, settings.sections
        id_pattern = settings.id_pattern
        _explain_place(folder, confdir, list(config.extensions))
    return run_import(
        args.source, folder, id_format=id_format, issue_url=issue_url,
        number=args.number, title=args.title, statuses=statuses, force=args.force,
        slug_style=slug_style, status_map=status_map, sections=sections, id_pattern=id_pattern,
    )


def _explain_place(folder: Path, confdir: Path, extensions: Sequence[str]) -> None:
    """Say when the files written will not be read as RFCs (no
    ``rfc_documents`` is needed: their front matter names their ID)."""
    try:
        folder.resolve().relative_to(confdir)
    except ValueError:
        print(_("sphinx-rfc import: note: {folder} is outside the project {confdir}").format(
            folder=folder, confdir=confdir), file=sys.stderr)
        return
    if "myst_parser" not in extensions and "myst_nb" not in extensions:
        print(_("sphinx-rfc import: note: conf.py does not enable myst_parser; "
                "the Markdown files are not read"), file=sys.stderr)
