"""The ``sphinx-rfc`` command (docs/reference/cli.md): ``check``, ``list``,
``new``, ``export``, ``import``, ``status``, ``diff``, ``sync`` and ``template``.

``check``, ``list`` and ``export`` read the project in-process with Sphinx's
``dummy`` builder into a temporary folder: the reading phase runs every
directive and check, and nothing is written.  ``import`` and ``status``
edit source files and read only ``conf.py`` (:mod:`sphinx_rfc.cli.conf`);
``diff`` reads ``conf.py`` and the RFC's file at two revisions from git.
Exit codes: 0 fine; 1 RFC problems (``check``), a change (``diff``), a
refused ``new`` or ``status``, an issue ``import`` could not write; 2 usage
or configuration errors.

Here only the parser and the entry point; each command is a module of its
own (``add_parser`` registers it, ``run`` runs it), and
:mod:`sphinx_rfc.cli.project` reads the project for them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sphinx_rfc import __version__
from sphinx_rfc.cli import (
    check,
    export,
    issue_import,
    listing,
    new,
    rfc_diff,
    status_edit,
    sync,
    template,
)
from sphinx_rfc.cli.errors import CliError

__all__ = ["CliError", "build_parser", "main"]

#: The commands, in the order the help lists them.
COMMANDS = (check, listing, new, export, issue_import, status_edit, rfc_diff, sync, template)


def build_parser() -> argparse.ArgumentParser:
    """The ``sphinx-rfc`` parser; each command's ``run`` is its ``func``."""
    parser = argparse.ArgumentParser(
        prog="sphinx-rfc",
        description="Check, list, create, export and import RFCs of a Sphinx project, "
        "move them through their lifecycle and compare their versions.",
    )
    parser.add_argument("--version", action="version", version=f"sphinx-rfc {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The console entry point: run one command, return its exit code."""
    from sphinx_rfc.i18n import translations_kept

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        with translations_kept():  # (a project's language, for this command only)
            return int(args.func(args))
    except CliError as exc:
        print(str(exc), file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into head & co
        return 1
