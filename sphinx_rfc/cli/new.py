"""``sphinx-rfc new`` (docs/reference/cli.md): a new RFC from the bundled
template (``sphinx_rfc/templates/rfc.<lang>.<format>``), with the next free
ID of the project it is written into, never overwriting a file.

What the project says (its ID format, its RFCs and modules, Markdown or
not) comes from a quick read of the project around the target folder, when
a ``conf.py`` is found upwards; the target folder's own files are scanned
too, for IDs not yet in the project and for the numbers that start their
names.

What the command line gives goes into a document that is then parsed: a
value with a line break would add lines of its own (an option of the
``rfc`` directive), so control characters are refused, the ID must match
the project's ``rfc_id_pattern`` (the default one outside a project), and
the template is filled in one pass, never looking into the values.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx_rfc import _lazy_re
from sphinx_rfc._atomic import clean_leftovers, write_text
from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.id_space import next_new_id
from sphinx_rfc.cli.project import default_jobs, find_conf_upwards, read_project
from sphinx_rfc.spec import front_matter
from sphinx_rfc.spec.fields import match_field
from sphinx_rfc.spec.file_names import dated_name
from sphinx_rfc.spec.messages import _
from sphinx_rfc.spec.nouns import profile_of
from sphinx_rfc.spec.slug import SlugStyle, slugify

if TYPE_CHECKING:
    from sphinx_rfc.spec.id_space import NewIds
    from sphinx_rfc.spec.template import TemplateSchema

TEMPLATES = Path(__file__).parent.parent / "templates"

_RFC_FENCE = _lazy_re.compile(r"^[^\S\n]*(?:\.\.\s+rfc::|[`~:]{3,}\s*\{rfc\})\s*(\S+)", re.MULTILINE)
_LEADING_NUMBER = _lazy_re.compile(r"^(\d+)")
_CJK = _lazy_re.compile(r"[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")
_PLACEHOLDER = _lazy_re.compile(r"\{\{(\w+)\}\}")
#: Unicode categories of characters that never belong in a value: control
#: characters (C0, DEL, C1) and the line and paragraph separators, which
#: docutils splits lines at.
_FORBIDDEN = frozenset({"Cc", "Zl", "Zp"})


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``new`` and its options."""
    new = subparsers.add_parser("new", help="write a new RFC from the template")
    new.add_argument("title")
    new.add_argument("--id", help="the RFC ID (default: the next free one)")
    new.add_argument("--slug", help="the file name after the ID's digits "
                     "(default: the title's words, as rfc_slug says)")
    new.add_argument("--dir", default=".", help="the folder to write into (default: .)")
    new.add_argument("--format", choices=("md", "rst"),
                     help="default: md, or rst in a project without myst_parser")
    new.add_argument("--lang", choices=("zh", "en"),
                     help="default: zh in a project whose language is Chinese (zh_CN), "
                     "else zh when the title has Chinese characters, else en")
    new.add_argument("--module", action="extend", nargs="+", default=[], metavar="NAME")
    new.add_argument("--author", action="extend", nargs="+", default=[], metavar="NAME",
                     help="default: git config user.name, when git has one")
    new.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Write the new RFC and print its path.  A used ID or an existing
    file is refused (exit 1); an empty title, an ID the project's pattern
    rejects, a control character in a value, or a folder that cannot be
    written into is a usage error (exit 2)."""
    # runs of white space (line breaks included) are one space in a title
    title = " ".join(args.title.split())
    if not title:
        raise CliError(_("sphinx-rfc: the title is empty"))
    folder = Path(args.dir)
    if folder.exists() and not folder.is_dir():
        raise CliError(_("sphinx-rfc: {folder} is not a folder (--dir)").format(folder=folder))
    modules = _unique_items(args.module)
    authors = _unique_items(args.author)
    _check_one_line("title", [title])
    _check_one_line("--id", [args.id.strip()] if args.id else [])
    given_slug = _given_slug(args.slug)
    _check_one_line("--module", modules)
    _check_one_line("--author", authors)
    facts = project_facts(folder)
    rfc_id, number = _choose_id(args.id, facts) if args.id else next_new_id(facts, folder)
    fmt = args.format or ("rst" if facts.markdown is False else "md")
    lang = args.lang or _language(title, facts)
    authors = authors or git_user_name(folder)
    slug = given_slug if given_slug is not None else slugify(title, facts.slug)
    stem = _stem(rfc_id, number, slug)
    if facts.template is not None:
        # the configured template document is the scaffold
        fmt = "md" if facts.template.markdown else "rst"
    path = folder / f"{stem}.{fmt}"
    if path.exists():
        raise _not_overwriting(path)
    if facts.template is not None:
        text = render_from_template(
            facts.template, title=title, rfc_id=rfc_id, authors=authors, modules=modules,
            created=dt.date.today().isoformat(),
        )
    else:
        text = render_template(
            fmt, lang, title=title, rfc_id=rfc_id, authors=authors, modules=modules,
            change_modules=modules or facts.modules, created=dt.date.today().isoformat(),
        )
    _write_new_file(folder, path, text)
    print(f"{rfc_id}: {path}")
    if not slug:
        note = _("sphinx-rfc: note: the title has no ASCII word (rfc_slug = 'ascii'): the file "
                 "is named by its ID alone (--slug gives it a name)") if facts.slug == "ascii" \
            else _("sphinx-rfc: note: the title has no word: the file is named by its ID alone "
                   "(--slug gives it a name)")
        print(note, file=sys.stderr)
    return 0


def _language(title: str, facts: ProjectFacts) -> str:
    """The bundled template's language: Chinese in a project whose
    ``language`` is Chinese (``zh_CN``), whatever the title's script;
    elsewhere Chinese when the title has Chinese characters."""
    if (facts.language or "").lower().replace("-", "_").startswith("zh"):
        return "zh"
    return "zh" if _CJK.search(title) else "en"


def git_user_name(folder: Path) -> list[str]:
    """The author an RFC written into *folder* defaults to: ``git config
    user.name`` there (the repository's, else the user's); none when git is
    missing, has no name, or gives one that is no single printable line."""
    import subprocess

    start = next((f for f in (folder, *folder.absolute().parents) if f.is_dir()), None)
    if start is None:  # pragma: no cover - the root folder exists
        return []
    try:
        done = subprocess.run(
            ["git", "-C", str(start), "config", "--get", "user.name"],
            capture_output=True, timeout=10, stdin=subprocess.DEVNULL, check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    try:
        name = done.stdout.decode("utf-8").strip()
    except UnicodeDecodeError:
        return []
    if done.returncode != 0 or not name or any(
        unicodedata.category(c) in _FORBIDDEN for c in name
    ):
        return []
    return [name]


def _given_slug(given: str | None) -> str | None:
    """``--slug``, checked: a file name's part, no folder in it."""
    if given is None:
        return None
    slug = given.strip()
    if not slug or slug in (".", "..") or any(c in slug for c in "/\\:") or any(
        unicodedata.category(c) in _FORBIDDEN for c in slug
    ):
        raise CliError(_("sphinx-rfc: --slug {slug!r} is no file name's part (empty, or a / \\ : "
                         "or control character in it)").format(slug=given))
    return slug


def _stem(rfc_id: str, number: int | None, slug: str) -> str:
    """The file name without its suffix: the ID's number and the slug; the
    number alone when there is no slug; the slug alone (or the ID) when the
    ID has no number."""
    if number is None:
        return slug or rfc_id
    return f"{number:04d}-{slug}" if slug else f"{number:04d}"


def _choose_id(given: str, facts: ProjectFacts) -> tuple[str, int | None]:
    """The RFC's ID and the number that starts its file name: *given*
    (``--id``), checked against the project (the next free one is
    :func:`sphinx_rfc.cli.id_space.next_new_id`'s)."""
    rfc_id = given.strip()
    if not facts.id_pattern.match(rfc_id):
        raise CliError(_("sphinx-rfc: invalid RFC ID {id!r}; expected {pattern}").format(
            id=rfc_id, pattern=facts.id_pattern.pattern))
    digits = _last_digits(rfc_id)
    if digits is not None and id_number(rfc_id) is None:
        raise CliError(_(
            "sphinx-rfc: the number of the RFC ID given with --id has {count} digits; an RFC "
            "number has at most {most}").format(count=len(digits), most=MAX_DIGITS))
    if rfc_id in facts.ids:
        # a refusal, not a usage error: exit 1
        raise CliError(_("sphinx-rfc: {id} is already used; not writing").format(id=rfc_id),
                       code=1)
    return rfc_id, id_number(rfc_id)


def _check_one_line(what: str, values: Sequence[str]) -> None:
    """Refuse a control character or line separator in any of *values*
    (they go into the new file as they are)."""
    for value in values:
        for char in value:
            if unicodedata.category(char) in _FORBIDDEN:
                raise CliError((_(
                    "sphinx-rfc: the title {value!r} holds {char!r}, a control character or "
                    "line break; give it on one line, printable characters only")
                    if what == "title" else _(
                    "sphinx-rfc: {option} {value!r} holds {char!r}, a control character or "
                    "line break; give it on one line, printable characters only")).format(
                        option=what, value=value, char=char))


def _write_new_file(folder: Path, path: Path, text: str) -> None:
    """Create *path* (and *folder*) with *text*; a file that appeared since
    it was looked for is left alone."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file in the way, no permission
        raise CliError.from_os_error("create the folder", folder, exc) from None
    clean_leftovers(folder)  # (what a killed new left)
    try:
        # whole or not at all, and linked to its name: never replacing a file
        write_text(path, text, replace=False)
    except FileExistsError:
        raise _not_overwriting(path) from None
    except OSError as exc:
        raise CliError.from_os_error("write", path, exc) from None


def _not_overwriting(path: Path) -> CliError:
    """The refusal to overwrite *path* (exit 1)."""
    return CliError(_("sphinx-rfc: {path} already exists; not overwriting").format(path=path),
                    code=1)


def _unique_items(values: Iterable[str]) -> list[str]:
    """The items of comma lists (``--module a,b c``), first seen first."""
    return list(dict.fromkeys(item for value in values for item in _split(value)))


def _split(text: str) -> list[str]:
    """The items of one comma list (ASCII or full-width commas)."""
    return [p.strip() for p in re.split(r"[,，]", text) if p.strip()]


#: The most digits an RFC number has (``new`` numbers files with it).
MAX_DIGITS = 18


def _last_digits(rfc_id: str) -> str | None:
    """The last run of digits of an ID, as written (None: it has none)."""
    runs = re.findall(r"\d+", rfc_id)
    return runs[-1] if runs else None


def id_number(rfc_id: str) -> int | None:
    """The last run of digits of an ID (``RFC-0042`` -> 42); None without
    one, or with more than :data:`MAX_DIGITS` (no RFC is numbered so)."""
    digits = _last_digits(rfc_id)
    if digits is None or len(digits.lstrip("0")) > MAX_DIGITS:
        return None
    return int(digits)


# --------------------------------------------------------------------------
# What the project says


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
        if match and not dated_name(path.name):
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
    #: The project's ``rfc_id_pattern``, or the default one.
    id_pattern: re.Pattern[str]
    modules: list[str]
    markdown: bool | None
    #: The project's ``rfc_template``: new RFCs are copies of it.
    template: TemplateSchema | None = None
    #: The project's ``rfc_slug``.
    slug: SlugStyle = "unicode"
    #: The project's ``language`` (None outside a project).
    language: str | None = None
    #: The project's ``rfc_new_ids`` (None: not read yet).
    new_ids: NewIds | None = None


def project_facts(folder: Path) -> ProjectFacts:
    """The project around *folder* (a quick dummy read when a ``conf.py``
    is found upwards), plus what *folder*'s own files say."""
    from sphinx_rfc import config as rfc_config
    from sphinx_rfc.i18n import speak
    from sphinx_rfc.store.domain import get_domain

    ids, numbers = scan_folder(folder)
    defaults = rfc_config.CONFIG_VALUES
    facts = ProjectFacts(
        ids, numbers, defaults["rfc_id_format"].default,
        re.compile(defaults["rfc_id_pattern"].default), [], None,
    )
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
            facts.template = settings.template
            facts.slug = "ascii" if settings.slug == "ascii" else "unicode"
            facts.language = project.app.config.language or None
            facts.new_ids = settings.new_ids
            facts.ids |= {r.id for r in get_domain(project.app.env).rfcs.values()}
            facts.markdown = any(
                ext in ("myst_parser", "myst_nb") for ext in project.app.config.extensions
            )
        speak(facts.language)  # (the refusals that follow, in the project's language)
    except CliError as exc:
        # the project's settings (template, ID format, modules) are unknown:
        # writing with the built-in ones would give a file the project rejects
        reason = str(exc).removeprefix("sphinx-rfc: ")
        raise CliError(_(
            "sphinx-rfc new: cannot read the project at {folder} (its conf.py or a document), "
            "so its settings are unknown; nothing written: {reason}").format(
                folder=confdir, reason=reason)) from None
    return facts


# --------------------------------------------------------------------------
# The template


def _rst_rule(title: str) -> str:
    """An over- and underline as wide as *title* is on screen (CJK: 2 each)."""
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
    """The template ``rfc.<lang>.<fmt>`` with its ``{{placeholders}}``
    filled in one pass (a value that holds ``{{id}}`` keeps it as it is):
    *modules* go into the directive's ``:modules:`` option (a hint when
    there are none), *change_modules* into the rows of the changes table."""
    text = (TEMPLATES / f"rfc.{lang}.{fmt}").read_text(encoding="utf-8")
    rows_md, rows_rst = _change_rows(lang, change_modules)
    module_comment, modules_option = _modules_lines(fmt, lang, modules)
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
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def _change_rows(lang: str, change_modules: Sequence[str]) -> tuple[str, str]:
    """The changes table's rows, Markdown and reST: one per module, or one
    row of placeholders."""
    no = "否" if lang == "zh" else "no"
    rows_md = "\n".join(f"| `{m}` | xxx | {no} |" for m in change_modules) or f"| xxx | xxx | {no} |"
    rows_rst = "\n".join(
        f"      * - ``{m}``\n        - xxx\n        - {no}" for m in change_modules
    ) or f"      * - xxx\n        - xxx\n        - {no}"
    return rows_md, rows_rst


def _modules_lines(fmt: str, lang: str, modules: Sequence[str]) -> tuple[str, str]:
    """``(comment, option)``: the directive's ``:modules:`` line when
    *modules* are given, else a comment saying how to add one."""
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
    return module_comment, modules_option


# --------------------------------------------------------------------------
# A configured template document as the scaffold


_H1 = _lazy_re.compile(r"^#[ \t]++.*$", re.MULTILINE)


def render_from_template(
    schema: TemplateSchema, *, title: str, rfc_id: str, authors: Sequence[str],
    modules: Sequence[str], created: str,
) -> str:
    """The template document itself with the new RFC's metadata: its title
    the new one; the ID, and every field its basic-information table has
    no row for, in the front matter (a field list in reStructuredText);
    the rows it has filled in."""
    values: dict[str, str] = {"status": profile_of(schema.path).first_status, "created": created}
    if authors:
        values["authors"] = ", ".join(authors)
    if modules:
        values["modules"] = ", ".join(modules)
    text = schema.text
    lines = text.splitlines()
    filled: set[str] = set()
    for first in _field_tables(schema, lines):
        for k in range(first, len(lines)):
            line = lines[k]
            if not line.strip().startswith("|"):
                break
            cells = line.strip().strip("|").split("|")
            spec = match_field(_key_text(cells[0])) if cells else None
            if spec is not None and spec.key in values and len(cells) > 1:
                value = values[spec.key]
                if spec.key == "status":
                    value = _status_word(cells[1], value)
                cells[1] = f" {value} "
                lines[k] = "|" + "|".join(cells) + "|"
                filled.add(spec.key)
    # (the title is written: the template's note on how to write it goes)
    text = "\n".join(_without_notes(lines, set(schema.own.notes))) + "\n"
    meta = {"rfc": rfc_id, **{k: v for k, v in values.items() if k not in filled}}
    if schema.markdown:
        import yaml  # type: ignore[import-untyped]

        kept: dict[str, object] = {}
        front, rest = front_matter.split(text)
        if front is not None:
            loaded = front_matter.load(front) or {}
            kept = {k: v for k, v in loaded.items() if k not in meta}
            text = rest
        heading = f"# {title}"
        text, count = _H1.subn(lambda _m: heading, text, count=1)
        if not count:
            text = f"{heading}\n\n{text}"
        dumped = yaml.safe_dump({**meta, **kept}, allow_unicode=True, sort_keys=False,
                                width=1 << 30)
        return f"---\n{dumped}---\n\n{text.lstrip()}"
    fields = "".join(f":{k}: {v}\n" for k, v in meta.items())
    rule = _rst_rule(title)
    body = text
    if schema.title:
        # the template's title with its adornment, replaced by the new title
        body = re.sub(
            rf"^(?:([=#*~-]{{3,}})\n)?{re.escape(_first_title_line(text, schema.title))}\n"
            r"([=#*~-]{3,})\n",
            f"{rule}\n{title}\n{rule}\n", text, count=1, flags=re.MULTILINE,
        )
    return f"{fields}\n{body.lstrip()}"


def _without_notes(lines: list[str], notes: set[str]) -> list[str]:
    """*lines* without the paragraphs that are one of the template's notes
    on the title (a paragraph's lines joined, as the note was learned:
    written over two lines, it goes too)."""
    if not notes:
        return lines
    kept: list[str] = []
    paragraph: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            paragraph.append(line)
            continue
        if " ".join(" ".join(paragraph).split()) not in notes:
            kept.extend(paragraph)
        paragraph = []
        kept.append(line)
    return kept[:-1]


def _field_tables(schema: TemplateSchema, lines: Sequence[str]) -> list[int]:
    """Where (0-based lines) the template's tables of fields start: its
    basic-information tables, and a table between the title and the first
    section (a metadata table right under the title, as the readers take it)."""
    starts = [t.line - 1 for t in schema.tables if t.kind == "basic-info"]
    end = min((s.line - 1 for s in schema.sections), default=len(lines))
    fence = None
    for k, line in enumerate(lines[:end]):
        stripped = line.strip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if marker is not None and (fence is None or stripped.startswith(fence)):
            fence = None if fence is not None else marker.group(1)
            continue
        if fence is None and stripped.startswith("|"):
            starts.append(k)
            break
    return sorted(set(starts))


def _key_text(cell: str) -> str:
    """A table cell's key as the readers read it: without the HTML an
    editor pasted into it (``提交作者<input …>``) or its bold marks."""
    from sphinx_rfc.spec.text import BREAK, markup_text

    return markup_text(cell).replace(BREAK, " ").replace("*", "").strip()


def _status_word(cell: str, status: str) -> str:
    """The word of the template's status cell that is *status*: its own
    word when the cell offers the statuses as a menu (``草稿 / 评审中``),
    else *status* as it is."""
    from sphinx_rfc.spec.text import RUN_START
    from sphinx_rfc.spec.vocabulary import STATUSES

    wanted = STATUSES.lookup(status)
    for word in re.split(RUN_START + r"\s*[/／|]\s*", _key_text(cell)):
        if word and wanted is not None and STATUSES.lookup(word) == wanted:
            return word
    return status


def _first_title_line(text: str, title: str) -> str:
    for line in text.splitlines():
        if title in line:
            return line
    return title
