"""``sphinx-rfc export`` (docs/reference/cli.md): ``rfcs.json``
(docs/reference/export.md) without building HTML, into a file or onto
standard output."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.project import default_jobs, find_sourcedir, read_project
from sphinx_rfc.spec.messages import _


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``export`` and its options."""
    export = subparsers.add_parser("export", help="write rfcs.json without building HTML")
    export.add_argument("sourcedir", nargs="?")
    export.add_argument("-o", "--output", default="rfcs.json", metavar="FILE",
                        help="the file to write (default: rfcs.json; '-': standard output)")
    export.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Read the project (the kept environment, every CPU) and write its
    export; print the file's path, or the export itself for ``-o -``."""
    from sphinx_rfc.write.export import write_export

    srcdir = find_sourcedir(args.sourcedir)
    target = None if args.output == "-" else Path(args.output)
    if target is not None and target.is_dir():
        # said before the read, which may take a while
        raise CliError(_("sphinx-rfc: {path} is a folder; give the file to write (-o FILE)")
                       .format(path=target))
    with read_project(srcdir, jobs=default_jobs(), cache=True) as project:
        if target is None:
            # write_export writes a file: write it aside and copy it out
            with tempfile.TemporaryDirectory(prefix="sphinx-rfc-") as tmp:
                written = Path(write_export(project.app, Path(tmp) / "rfcs.json"))
                sys.stdout.write(written.read_text(encoding="utf-8"))
        else:
            try:
                written = write_export(project.app, target)
            except OSError as exc:  # a folder in the way, no permission, a full disk
                raise CliError.from_os_error("write", target, exc) from None
            print(written)
    return 0
