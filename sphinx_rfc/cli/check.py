"""``sphinx-rfc check`` (docs/reference/cli.md): every RFC problem of a
project, as text lines and a summary line, as JSON, or as GitHub Actions
annotations (:mod:`sphinx_rfc.cli.annotations`), or as a SARIF log
(:mod:`sphinx_rfc.cli.sarif`).

With FILE arguments (a pre-commit hook passes the changed files), only the
problems of those files are printed; the whole project is still read (with
the kept environment, only what changed), since the cross-RFC checks need
every RFC.

Beside the RFC problems, the build's other warnings of RFC documents
(docutils, MyST, Sphinx: what ``sphinx-build -W`` fails on) are listed
with their own type (:class:`LoggedProblem`), from the kept environment
(:mod:`sphinx_rfc.read.build_log`), so the check and ``-W`` agree.

Exit code 1 when there is any problem, or, with ``--strict``, any other
Sphinx warning (printed on standard error); else 0.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from sphinx_rfc import _lazy_re
from sphinx_rfc.cli.annotations import annotation, annotation_path
from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.project import default_jobs, find_sourcedir, read_project
from sphinx_rfc.i18n import _

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.model.problems import Problem


@dataclass(frozen=True, slots=True)
class LoggedProblem:
    """A warning of the build log (not of type ``rfc``) in an RFC document,
    shown as problems are: ``source:line: [myst.directive_comments] RFC-ID: message``."""

    type: str
    subtype: str
    message: str
    source: str
    line: int | None
    rfc_id: str | None

    @property
    def qualified_subtype(self) -> str:
        return f"{self.type}.{self.subtype}" if self.subtype else self.type

    def sort_key(self) -> tuple[str, int, str, str]:
        return (self.source, self.line or 0, self.qualified_subtype, self.message)

    def as_text(self) -> str:
        where = f"{self.source}:{self.line}" if self.line else self.source
        prefix = f"{self.rfc_id}: " if self.rfc_id else ""
        return f"{where}: [{self.qualified_subtype}] {prefix}{self.message}"

    def as_json(self) -> dict[str, Any]:
        return {
            "type": self.type, "subtype": self.subtype, "message": self.message,
            "source": self.source, "line": self.line, "rfc": self.rfc_id,
        }


def logged_problems(app: Sphinx) -> list[LoggedProblem]:
    """The build's other warnings kept for the RFC documents."""
    from sphinx_rfc._compat import source_path
    from sphinx_rfc.store.domain import get_domain

    domain = get_domain(app.env)
    found = []
    for docname, warnings in domain.log_warnings(set(domain.rfcs)).items():
        source = source_path(app.env, docname)
        rfc_id = domain.rfcs[docname].id
        found += [LoggedProblem(w.type, w.subtype, w.message, source, w.line, rfc_id)
                  for w in warnings]
    return found


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``check`` and its options."""
    check = subparsers.add_parser(
        "check", help="report every RFC problem; exit 1 if there is any"
    )
    check.add_argument("sourcedir", nargs="?", help="the Sphinx source folder (with conf.py)")
    check.add_argument("files", nargs="*",
                       help="report only the problems of these files (the whole project is "
                            "still read, for the checks across RFCs)")
    check.add_argument("--format", choices=("text", "json", "github", "sarif"), default="text",
                       help="text lines and a summary; a JSON list; GitHub Actions annotations; "
                            "or a SARIF 2.1.0 log for code scanning")
    check.add_argument("--strict", action="store_true",
                       help="also fail on any other Sphinx warning")
    check.add_argument("-j", "--jobs", type=_jobs, default=default_jobs(), metavar="N",
                       help="processes reading the sources (default: the number of CPUs)")
    check.add_argument("--no-cache", action="store_true",
                       help="read every document again (by default the environment is "
                            "kept in the temporary folder and only changed documents are read)")
    check.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Read the project (the whole dummy build with ``--strict``, so every
    warning a real build gives is seen) and print its problems (those of
    the FILEs, when given).

    With the kept environment (not ``--strict``, not ``--no-cache``), the
    output of a check is kept too (:func:`~sphinx_rfc.cli.cache.keep_replay`):
    the same check again, with nothing changed in the project, the
    repository or the files it read outside the project, prints it again
    without starting Sphinx."""
    if args.sourcedir is not None and Path(args.sourcedir).is_file():
        # (in English: the project's language is not known yet)
        raise CliError(_("sphinx-rfc check: {path} is a file; the Sphinx source "
                         "folder comes first: sphinx-rfc check DOCS [FILE...]").format(
            path=args.sourcedir))
    srcdir = find_sourcedir(args.sourcedir)
    if args.strict or args.no_cache:
        return _check(args, srcdir, [])
    from sphinx_rfc.cli import cache

    command = [str(srcdir.resolve()), *sorted(str(Path(f).resolve()) for f in args.files),
               args.format]
    key = cache.replay_key(srcdir, command)
    kept = cache.replayed(srcdir, key) if key is not None else None
    if kept is not None:
        sys.stdout.write(kept["stdout"])
        sys.stderr.write(kept["stderr"])
        return int(kept["code"])
    out, err = io.StringIO(), io.StringIO()
    read: list[str] = []
    with redirect_stdout(_Tee(sys.stdout, out)), redirect_stderr(_Tee(sys.stderr, err)):
        code = _check(args, srcdir, read)
    # (a file changed while it was read: the output may be of neither state)
    if key is not None and read and cache.replay_key(srcdir, command) == key:
        cache.keep_replay(srcdir, key, read[1:], (out.getvalue(), err.getvalue(), code))
    return code


class _Tee(io.TextIOBase):
    """Writes to each of its streams."""

    def __init__(self, *streams: TextIO) -> None:
        self.streams = streams

    def write(self, text: str) -> int:
        for stream in self.streams:
            stream.write(text)
        return len(text)

    def flush(self) -> None:
        # (also called when the object is collected: by then a stream, a
        # test's captured output say, may be closed)
        for stream in self.streams:
            if not stream.closed:
                stream.flush()


def _read_outside(app: Sphinx) -> list[str] | None:
    """The files the read depends on besides the project's (included
    files, literal includes, the ``rfc_template`` file); None when what it reads cannot be told by
    files alone: result files found by patterns (a new file may match
    them), code imported for signatures (a module that failed to import
    may be installed since)."""
    from sphinx_rfc import config as rfc_config

    settings = rfc_config.settings(app.config)
    if settings.test_results or settings.check_signatures:
        return None
    found = {str((Path(app.srcdir) / path).resolve())
             for paths in app.env.dependencies.values() for path in paths}
    if settings.template is not None:  # (rfc_template: it may lie outside the project)
        found.add(str((Path(app.confdir) / settings.template.path).resolve()))
    return sorted(found)


def _check(args: argparse.Namespace, srcdir: Path, read: list[str]) -> int:
    """The check itself; *read* gets the files it read outside the
    project and, first, the marker that the output may be kept."""
    from sphinx_rfc.write.summary import visible_problems

    wanted = {Path(f).resolve() for f in args.files}
    with read_project(
        srcdir, full=args.strict, jobs=args.jobs, cache=not args.no_cache
    ) as project:
        outside = _read_outside(project.app)
        if outside is not None:
            read += ["", *outside]
        found: list[Problem | LoggedProblem] = [*visible_problems(project.app),
                                                *logged_problems(project.app)]
        problems = sorted(found, key=lambda p: p.sort_key())
        base = srcdir.resolve()
        if wanted:
            problems = [p for p in problems if (base / p.source).resolve() in wanted]
        _print_problems(project.app, problems, args.format, base)
        # the RFC problems are the lines tagged [rfc.<subtype>]; the others
        # of RFC documents are listed among them already
        listed = {(str((base / p.source).resolve()), p.line, p.message)
                  for p in problems if isinstance(p, LoggedProblem)}
        others = [w for w in project.warnings if "[rfc." not in w
                  and not _listed(w, listed)] if args.strict else []
        if wanted:
            others = [w for w in others if _warning_file(w) in wanted]
        _print_other_warnings(others)
    return 1 if problems or others else 0


#: (atomic: the file and line part is not tried again when the message part
#: fails -- on a line of the log, with no line break, it never does)
_WARNING_PLACE = _lazy_re.compile(r"^(?>(.+?):(\d*):?\s*(?:WARNING|ERROR|CRITICAL): )(.*?)(?: \[[\w.-]+\])?$")


def _listed(line: str, listed: set[tuple[str, int | None, str]]) -> bool:
    """Whether a warning line of the log is one of the *listed* build
    warnings (its file, line and first message line)."""
    match = _WARNING_PLACE.match(line)
    if match is None:
        return False
    path = str(Path(match.group(1)).resolve())
    number = int(match.group(2)) if match.group(2) else None
    text = match.group(3).strip()
    return any(p == path and n == number and m.startswith(text) for p, n, m in listed)


def _print_problems(
    app: Sphinx, problems: Sequence[Problem | LoggedProblem], fmt: str, base: Path
) -> None:
    """JSON: a list of problems; GitHub: one annotation each; SARIF: one
    log (for both, the summary on standard error, so that standard output
    holds only annotations or the log);
    text: one line each, then the summary."""
    from sphinx_rfc.write.summary import summary_line

    if fmt == "json":
        print(json.dumps([p.as_json() for p in problems], ensure_ascii=False, indent=2))
        return
    if fmt == "sarif":
        from sphinx_rfc.cli.sarif import sarif_log

        print(json.dumps(sarif_log(problems, base), ensure_ascii=False, indent=2))
        print(summary_line(app, problems), file=sys.stderr)
        return
    if fmt == "github":
        for problem in problems:
            print(annotation(problem, annotation_path(base / problem.source)))
        print(summary_line(app, problems), file=sys.stderr)
        return
    for problem in problems:
        print(problem.as_text())
    print(summary_line(app, problems))


_WARNING_FILE = _lazy_re.compile(r"^(.+?):(?:\d+:)?\s*(?:WARNING|ERROR|CRITICAL):")


def _warning_file(line: str) -> Path | None:
    """The file a Sphinx warning line names, or None."""
    match = _WARNING_FILE.match(line)
    return Path(match.group(1)).resolve() if match else None


def _print_other_warnings(others: Sequence[str]) -> None:
    """The warnings that fail ``--strict``, on standard error."""
    if not others:
        return
    for warning in others:
        print(warning, file=sys.stderr)
    print(_("sphinx-rfc: {count} other warning(s) (--strict)").format(count=len(others)),
          file=sys.stderr)


def _jobs(text: str) -> int:
    """The ``-j`` value: a number of processes, at least 1, or ``auto``."""
    if text == "auto":
        return default_jobs()
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("at least 1")
    return value
