"""The ``sphinx-rfc`` command (docs/reference/cli.md): ``check``, ``list``, ``new``
and ``export``.

``check``, ``list`` and ``export`` read the project in-process with Sphinx's
``dummy`` builder into a temporary folder: the reading phase runs every
directive and check, and nothing is written.  Exit codes: 0 fine, 1 RFC
problems (``check``) or a refused ``new``, 2 usage or configuration errors.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sphinx_rfc.cli import check, export, listing
from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.project import default_jobs, find_conf_upwards, read_project

TEMPLATES = Path(__file__).parent.parent / "templates"

_RFC_FENCE = re.compile(r"^\s*(?:\.\.\s+rfc::|[`~:]{3,}\s*\{rfc\})\s*(\S+)", re.MULTILINE)
_LEADING_NUMBER = re.compile(r"^(\d+)")
_CJK = re.compile(r"[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")


# --------------------------------------------------------------------------
# new


def slugify(title: str) -> str:
    """An ASCII file-name slug of *title* (``rfc`` when nothing is left)."""
    words = re.findall(r"[a-z0-9]+", title.lower())
    slug = "-".join(words)[:60].strip("-")
    return slug or "rfc"


def id_number(rfc_id: str) -> int | None:
    """The last run of digits of an ID (``RFC-0042`` -> 42)."""
    runs = re.findall(r"\d+", rfc_id)
    return int(runs[-1]) if runs else None


def scan_folder(folder: Path) -> tuple[set[str], set[int]]:
    """IDs declared by ``rfc`` directives in *folder*'s files, and the
    numbers that start its file names."""
    ids: set[str] = set()
    numbers: set[int] = set()
    if not folder.is_dir():
        return ids, numbers
    for path in folder.iterdir():
        if not path.is_file() or path.suffix not in (".md", ".rst", ".txt"):
            continue
        match = _LEADING_NUMBER.match(path.name)
        if match:
            numbers.add(int(match.group(1)))
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        ids.update(m.group(1) for m in _RFC_FENCE.finditer(text))
    return ids, numbers


@dataclass
class ProjectFacts:
    """What ``new`` needs to know of the project it writes into."""

    ids: set[str]
    #: Numbers that start file names of the target folder.
    numbers: set[int]
    id_format: str
    id_pattern: re.Pattern[str] | None
    modules: list[str]
    markdown: bool | None


def project_facts(folder: Path) -> ProjectFacts:
    """The project around *folder* (a quick dummy read when a ``conf.py``
    is found upwards), plus what *folder*'s own files say."""
    from sphinx_rfc import config as rfc_config
    from sphinx_rfc.resolve.domain import get_domain

    ids, numbers = scan_folder(folder)
    facts = ProjectFacts(ids, numbers, "RFC-{:04d}", None, [], None)
    confdir = find_conf_upwards(folder) if folder.exists() else None
    if confdir is None and folder.parent.exists():
        confdir = find_conf_upwards(folder.parent)
    if confdir is None:
        return facts
    try:
        with read_project(confdir, jobs=default_jobs(), cache=True) as project:
            settings = rfc_config.settings(project.app.config)
            facts.id_format = settings.id_format
            facts.id_pattern = settings.id_pattern
            facts.modules = list(settings.modules)
            facts.ids |= {r.id for r in get_domain(project.app.env).rfcs.values()}
            facts.markdown = any(
                ext in ("myst_parser", "myst_nb") for ext in project.app.config.extensions
            )
    except CliError:
        pass
    return facts


def next_id(facts: ProjectFacts) -> tuple[str, int]:
    numbers = [n for n in (id_number(i) for i in facts.ids) if n is not None]
    number = max([*numbers, *facts.numbers], default=0) + 1
    while True:
        candidate = facts.id_format.format(number)
        if candidate not in facts.ids:
            return candidate, number
        number += 1


def _rst_rule(title: str) -> str:
    from docutils.utils import column_width

    return "=" * max(column_width(title), 3)


def render_template(
    fmt: str,
    lang: str,
    *,
    title: str,
    rfc_id: str,
    authors: Sequence[str],
    modules: Sequence[str],
    change_modules: Sequence[str],
    created: str,
) -> str:
    text = (TEMPLATES / f"rfc.{lang}.{fmt}").read_text(encoding="utf-8")
    no = "否" if lang == "zh" else "no"
    rows_md = "\n".join(f"| `{m}` | xxx | {no} |" for m in change_modules) or f"| xxx | xxx | {no} |"
    rows_rst = "\n".join(
        f"      * - ``{m}``\n        - xxx\n        - {no}" for m in change_modules
    ) or f"      * - xxx\n        - xxx\n        - {no}"
    if lang == "zh":
        hint = "相关模块：在 rfc 指令中加上 :modules: 一行（逗号分隔）"
    else:
        hint = "Modules: add a :modules: line to the rfc directive (comma-separated)"
    if fmt == "md":
        module_comment = "" if modules else f"% {hint}"
        modules_option = f":modules: {', '.join(modules)}\n" if modules else ""
    else:
        module_comment = "" if modules else f"\n.. {hint}\n"
        modules_option = f"   :modules: {', '.join(modules)}\n" if modules else ""
    values = {
        "title": title,
        "title_over": _rst_rule(title),
        "id": rfc_id,
        "authors": ", ".join(authors) if authors else "xxx",
        "module_comment": module_comment,
        "modules_option": modules_option,
        "created": created,
        f"changes_rows_md_{lang}": rows_md,
        f"changes_rows_rst_{lang}": rows_rst,
    }
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


def cmd_new(args: argparse.Namespace) -> int:
    title = " ".join(args.title.split())
    if not title:
        raise CliError("sphinx-rfc: the title is empty")
    folder = Path(args.dir)
    facts = project_facts(folder)
    modules = list(dict.fromkeys(m for item in args.module for m in _split(item)))
    authors = list(dict.fromkeys(a for item in args.author for a in _split(item)))
    if args.id:
        rfc_id = args.id.strip()
        if facts.id_pattern is not None and not facts.id_pattern.match(rfc_id):
            raise CliError(
                f"sphinx-rfc: invalid RFC ID {rfc_id!r}; expected {facts.id_pattern.pattern}"
            )
        if rfc_id in facts.ids:
            print(f"sphinx-rfc: {rfc_id} is already used; not writing", file=sys.stderr)
            return 1
        number = id_number(rfc_id)
    else:
        rfc_id, number = next_id(facts)
    fmt = args.format or ("rst" if facts.markdown is False else "md")
    lang = args.lang or ("zh" if _CJK.search(title) else "en")
    stem = f"{number:04d}-{slugify(title)}" if number is not None else slugify(title)
    path = folder / f"{stem}.{fmt}"
    if path.exists():
        print(f"sphinx-rfc: {path} already exists; not overwriting", file=sys.stderr)
        return 1
    text = render_template(
        fmt, lang, title=title, rfc_id=rfc_id, authors=authors, modules=modules,
        change_modules=modules or facts.modules, created=dt.date.today().isoformat(),
    )
    folder.mkdir(parents=True, exist_ok=True)
    try:
        with path.open("x", encoding="utf-8") as handle:
            handle.write(text)
    except FileExistsError:
        print(f"sphinx-rfc: {path} already exists; not overwriting", file=sys.stderr)
        return 1
    print(path)
    return 0


def _split(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"[,，]", text) if p.strip()]


# --------------------------------------------------------------------------
# The command line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sphinx-rfc", description="Check, list, create and export RFCs of a Sphinx project."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    check.add_parser(sub)
    listing.add_parser(sub)

    new = sub.add_parser("new", help="write a new RFC from the template")
    new.add_argument("title")
    new.add_argument("--id", help="the RFC ID (default: the next free one)")
    new.add_argument("--dir", default=".", help="the folder to write into (default: .)")
    new.add_argument("--format", choices=("md", "rst"),
                     help="default: md, or rst in a project without myst_parser")
    new.add_argument("--lang", choices=("zh", "en"),
                     help="default: zh when the title has Chinese characters, else en")
    new.add_argument("--module", action="extend", nargs="+", default=[], metavar="NAME")
    new.add_argument("--author", action="extend", nargs="+", default=[], metavar="NAME")
    new.set_defaults(func=cmd_new)

    export.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except CliError as exc:
        print(str(exc), file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into head & co
        return 1


