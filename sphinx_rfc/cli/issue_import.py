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
file name and ID agree; ``<slug>``: the title's ASCII words, or ``rfc``.

The front matter holds the fields the import owns; a re-import keeps the
ones a person edited (:mod:`sphinx_rfc.cli.front_matter`).  A file is found
again by its number, not its slug (a renamed issue keeps its file).  A file
of the same number or ID without ``imported_from`` is never overwritten.  An
unchanged file is not written; a changed one goes through a temporary file
and a rename (:func:`sphinx_rfc.cli.files.write_atomic`).
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import re
import sys
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from sphinx_rfc.cli.conf import find_conf, project_settings
from sphinx_rfc.cli.files import write_atomic
from sphinx_rfc.cli.front_matter import MARK, read_front_matter, render
from sphinx_rfc.cli.issue_source import (
    MARKDOWN_SUFFIXES,
    Issue,
    IssueImportError,
    load_source,
    parse_issue,
)
from sphinx_rfc.spec.text import clean_title as document_title_of
from sphinx_rfc.spec.vocabulary import STATUSES, Vocabulary

__all__ = [
    "Issue", "IssueImportError", "add_parser", "clean_title", "import_issue", "label_status",
    "load_source", "owned_fields", "parse_issue", "read_front_matter", "rfc_id_digits", "run",
    "run_import", "slug", "write_atomic",
]

_DIRECTIVE_ID = re.compile(r"^[^\S\n]*(?:\.\.\s+rfc::|[`~:]{3,}\s*\{rfc\})\s*(\S+)", re.MULTILINE)


# --------------------------------------------------------------------------
# What is written


def clean_title(title: str) -> str:
    """The issue's title, its whitespace collapsed, without the tags an
    issue title starts with (:func:`sphinx_rfc.spec.text.clean_title`)."""
    return document_title_of(" ".join(title.split()))


def slug(title: str, limit: int = 60) -> str:
    """The ASCII words of *title*, lower case, joined by ``-`` (``rfc`` if none)."""
    ascii_text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", title))
    words = re.findall(r"[a-z0-9]+", ascii_text.encode("ascii", "ignore").decode().lower())
    text = ""
    for word in words:
        if text and len(text) + 1 + len(word) > limit:
            break
        text = f"{text}-{word}" if text else word[:limit]
    return text or "rfc"


def rfc_id_digits(number: int, id_format: str) -> tuple[str, str]:
    """The ID of issue *number* and the digits the file name starts with."""
    rfc_id = id_format.format(number)
    runs = [m.group() for m in re.finditer(r"\d+", rfc_id) if int(m.group()) == number]
    return rfc_id, runs[-1] if runs else f"{number:04d}"


def label_status(labels: Sequence[str], statuses: Vocabulary = STATUSES) -> str | None:
    """The status the first label naming one names (``review``, ``评审中``,
    ``status: accepted``, ``RFC/已接受``)."""
    for label in labels:
        for text in (label, re.split(r"[:：/]", label)[-1]):
            key = statuses.lookup(text.strip()) if text.strip() else None
            if key is not None:
                return key
    return None


def owned_fields(
    issue: Issue, *, id_format: str, issue_url: str | None, statuses: Vocabulary = STATUSES
) -> dict[str, Any]:
    """The owned front-matter values of *issue* (None: not written)."""
    rfc_id, _digits = rfc_id_digits(issue.number, id_format)
    ref = f"#{issue.number}"
    mark = issue.url or (issue_url.format(issue.number) if issue_url else ref)
    return {
        "rfc": rfc_id,
        "title": clean_title(issue.title),
        "status": label_status(issue.labels, statuses) or "draft",
        "authors": [issue.author] if issue.author else None,
        "created": issue.created,
        "issues": [ref if issue_url or not issue.url else issue.url],
        "imported_from": mark,
    }


# --------------------------------------------------------------------------
# Writing


def folder_texts(folder: Path) -> dict[Path, str]:
    """The text of each source file of *folder* (read once per import)."""
    texts: dict[Path, str] = {}
    try:
        # (the directory entries know which are files: no stat per name)
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:  # no folder yet: the import makes it
        return texts
    for entry in entries:
        path = Path(folder, entry.name)
        if entry.is_file() and path.suffix.lower() in (*MARKDOWN_SUFFIXES, ".rst"):
            try:
                texts[path] = path.read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError):
                continue
    return texts


def find_target(
    texts: Mapping[Path, str], folder: Path, issue: Issue, fields: Mapping[str, Any], digits: str
) -> Path:
    """Where *issue* goes: the file already imported from it, else a new
    ``<digits>-<slug>.md``.  Raises when another file has its number or ID."""
    target: Path | None = None
    for path, text in texts.items():
        number = re.search(r"\d+", path.name)  # what the native reader makes the ID of
        if (int(number.group()) if number else None) != issue.number and (
            fields["rfc"] not in text  # (the cheap test first: YAML is slow)
            or fields["rfc"] not in {str((read_front_matter(text) or {}).get("rfc", "")),
                                     *_DIRECTIVE_ID.findall(text)}
        ):
            continue
        meta = read_front_matter(text) or {}
        mark = meta.get(MARK)
        if mark is None:
            raise IssueImportError(
                f"{path} exists and was not made by import (no {MARK}: in its front "
                f"matter); it has number {issue.number} or ID {fields['rfc']}; not overwriting"
            )
        if str(mark).startswith("http") and str(fields[MARK]).startswith("http") and (
            str(mark) != str(fields[MARK])
        ):
            raise IssueImportError(f"{path} was imported from {mark}, not {fields[MARK]}")
        if target is not None:
            raise IssueImportError(f"{target} and {path} both hold issue #{issue.number}")
        target = path
    return target or folder / f"{digits}-{slug(fields['title'])}.md"


def import_issue(
    issue: Issue, folder: Path, *, id_format: str, issue_url: str | None,
    statuses: Vocabulary = STATUSES, texts: dict[Path, str] | None = None,
) -> tuple[Path, str]:
    """Write one issue; ``(path, "created" | "updated" | "unchanged")``.
    *texts*: :func:`folder_texts` of *folder*, kept up to date here."""
    texts = folder_texts(folder) if texts is None else texts
    fields = owned_fields(issue, id_format=id_format, issue_url=issue_url, statuses=statuses)
    _id, digits = rfc_id_digits(issue.number, id_format)
    path = find_target(texts, folder, issue, fields, digits)
    existing = texts.get(path)
    text = render(existing, fields, issue.body)
    if text == existing:
        return path, "unchanged"
    write_atomic(path, text)
    texts[path] = text
    return path, "created" if existing is None else "updated"


def run_import(
    sources: Sequence[str], folder: str | Path, *, id_format: str = "RFC-{:04d}",
    issue_url: str | None = None, number: int | None = None, title: str | None = None,
    statuses: Vocabulary = STATUSES, out: TextIO | None = None, err: TextIO | None = None,
) -> int:
    """The whole command with plain values: 0 when every issue was written
    (or already up to date), 1 when one could not be (the others are)."""
    out = out or sys.stdout
    err = err or sys.stderr
    markdown = [s for s in sources if Path(s).suffix.lower() in MARKDOWN_SUFFIXES]
    if (number is not None or title is not None) and len(markdown) != 1:
        err.write("sphinx-rfc import: --number and --title go with one Markdown SOURCE\n")
        return 2
    failed = 0
    done: set[int] = set()
    texts = folder_texts(Path(folder))
    for source in sources:
        for item in load_source(source, number=number, title=title):
            if isinstance(item, Issue) and item.number in done:
                item = f"issue #{item.number} is given twice; the first one was imported"
            if isinstance(item, str):
                failed += 1
                err.write(f"sphinx-rfc import: {source}: {item}\n")
                continue
            done.add(item.number)
            try:
                path, state = import_issue(
                    item, Path(folder), id_format=id_format, issue_url=issue_url,
                    statuses=statuses, texts=texts,
                )
            except (IssueImportError, OSError) as exc:
                failed += 1
                err.write(f"sphinx-rfc import: {source}: issue #{item.number}: {exc}\n")
                continue
            out.write(f"{state} {path}\n")
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
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """The command: the settings from the ``conf.py`` above DIR (the
    defaults when there is none), then :func:`run_import`."""
    from sphinx.errors import ConfigError

    folder = Path(args.dir)
    confdir = find_conf(folder if folder.exists() else folder.parent)
    id_format, issue_url, statuses = "RFC-{:04d}", None, STATUSES
    if confdir is None:
        print(f"sphinx-rfc import: no conf.py above {folder}; using {id_format}", file=sys.stderr)
    else:
        try:
            settings, config = project_settings(confdir)
        except ConfigError as exc:
            print(f"sphinx-rfc import: {exc}", file=sys.stderr)
            return 2
        id_format, issue_url, statuses = settings.id_format, settings.issue_url, settings.statuses
        _explain_place(folder, confdir, settings.documents, list(config.extensions))
    return run_import(
        args.source, folder, id_format=id_format, issue_url=issue_url,
        number=args.number, title=args.title, statuses=statuses,
    )


def _explain_place(
    folder: Path, confdir: Path, patterns: Sequence[str], extensions: Sequence[str]
) -> None:
    """Say when the files written will not be read as RFCs."""
    try:
        relative = folder.resolve().relative_to(confdir).as_posix()
    except ValueError:
        print(f"sphinx-rfc import: note: {folder} is outside the project {confdir}",
              file=sys.stderr)
        return
    docname = f"{relative}/0001-rfc" if relative != "." else "0001-rfc"
    if not any(fnmatch.fnmatchcase(docname, p) for p in patterns):
        wanted = f"{relative}/*" if relative != "." else "*"
        print(f"sphinx-rfc import: note: {folder} is not under rfc_documents "
              f"({', '.join(patterns) or 'empty'}); add {wanted!r} to it in conf.py, "
              "or the files are not read as RFCs", file=sys.stderr)
    if "myst_parser" not in extensions and "myst_nb" not in extensions:
        print("sphinx-rfc import: note: conf.py does not enable myst_parser; "
              "the Markdown files are not read", file=sys.stderr)
