"""``sphinx-rfc list`` (docs/reference/cli.md): one line per RFC (ID,
status, title), in columns, optionally only some statuses."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.project import default_jobs, find_sourcedir, read_project

if TYPE_CHECKING:
    from sphinx_rfc.config import RfcSettings
    from sphinx_rfc.model.records import RfcRecord


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``list`` and its options."""
    lst = subparsers.add_parser("list", help="one line per RFC: ID, status, title")
    lst.add_argument("sourcedir", nargs="?")
    lst.add_argument("--status", help="only RFCs with this status (key or alias; comma list)")
    lst.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Read the project (the kept environment, every CPU) and list its RFCs."""
    from sphinx_rfc import config as rfc_config
    from sphinx_rfc.resolve.domain import get_domain

    srcdir = find_sourcedir(args.sourcedir)
    with read_project(srcdir, jobs=default_jobs(), cache=True) as project:
        settings = rfc_config.settings(project.app.config)
        wanted = _wanted_statuses(args.status, settings) if args.status else None
        records = get_domain(project.app.env).snapshot().records()
        _print_rows([r for r in records if wanted is None or r.status in wanted])
    return 0


def _wanted_statuses(text: str, settings: RfcSettings) -> set[str]:
    """The status keys named in *text*, a comma list (ASCII or full-width
    commas) of keys or aliases; an unknown one is a usage error."""
    wanted: set[str] = set()
    for item in re.split(r"[,，]", text):
        if not item.strip():
            continue
        key = settings.statuses.lookup(item.strip())
        if key is None:
            raise CliError(
                f"sphinx-rfc: unknown status {item.strip()!r}; expected one of "
                + ", ".join(settings.statuses.keys())
            )
        wanted.add(key)
    return wanted


def _print_rows(rows: Sequence[RfcRecord]) -> None:
    """``ID  status  title``, the first two columns padded to line up."""
    id_width = max((len(r.id) for r in rows), default=0)
    status_width = max((len(r.status) for r in rows), default=0)
    for record in rows:
        print(f"{record.id:<{id_width}}  {record.status:<{status_width}}  {record.title}")
