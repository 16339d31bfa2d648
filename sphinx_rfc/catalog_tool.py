"""Refresh the message catalogs: ``python -m sphinx_rfc.catalog_tool``.

1. Collects every label the extension renders: the literal ``_("...")``
   calls in the package (extracted with Babel, which Sphinx depends on) and
   the labels kept as data — vocabulary and column labels in
   :mod:`sphinx_rfc.spec`, and every module-level ``*_LABELS`` mapping or
   ``NO_MATCH`` string in the package, which the code passes to ``_()``
   at render time.
2. Writes the template ``locale/sphinx_rfc.pot``.
3. Merges it into each ``locale/<lang>/LC_MESSAGES/sphinx_rfc.po`` (new
   msgids arrive untranslated, vanished ones are dropped).
4. Compiles each ``.po`` into its ``.mo``.

``--check`` changes nothing and exits 1 when a msgid is missing from a
catalog, untranslated, or when a ``.mo`` does not match its ``.po``; and
when a message a user reads bypasses the catalog (:func:`bypasses`: an
f-string or a literal as a problem's message, a log line, a CLI error or
a line the command line prints, or an English fragment glued into a
translated message).  Tests and CI run it.  Translate new entries by
editing the ``.po`` and run the command again.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import io
import pkgutil
import re
import sys
from collections.abc import Iterable, Sequence
from itertools import pairwise
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

import sphinx_rfc
from sphinx_rfc import _lazy_re
from sphinx_rfc.i18n import CATALOG, LOCALE_DIR
from sphinx_rfc.spec.fields import FIELDS
from sphinx_rfc.spec.sections import SECTIONS
from sphinx_rfc.spec.settings import SETTINGS
from sphinx_rfc.spec.subtypes import SUBTYPES
from sphinx_rfc.spec.table_kinds import TABLES
from sphinx_rfc.spec.vocabulary import AFFECTS, STATUSES, STRENGTHS, TYPES, VERDICTS, YES_NO

PACKAGE_DIR = Path(sphinx_rfc.__file__).parent
LANGUAGES: tuple[str, ...] = ("zh_CN",)
#: Modules never scanned for labels (this one, the command line).
_SKIP = ("sphinx_rfc.catalog_tool", "sphinx_rfc.cli")


def _package_modules() -> list[str]:
    names = ["sphinx_rfc"]
    for info in pkgutil.walk_packages([str(PACKAGE_DIR)], prefix="sphinx_rfc."):
        if not info.name.startswith(_SKIP):
            names.append(info.name)
    return sorted(names)


#: A msgid: a text, or the singular and plural of
#: :func:`sphinx_rfc.i18n.ngettext`.
MsgId = str | tuple[str, str]


def literal_msgids() -> dict[MsgId, set[str]]:
    """msgid -> files, from ``_("...")`` (text in documents),
    ``__("...")`` (console messages: one catalog holds both, as Sphinx's
    does), ``N_("...")`` (a label kept as data, translated where it is
    shown) and ``ngettext("...", "...", n)`` calls."""
    found: dict[MsgId, set[str]] = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        rel = path.relative_to(PACKAGE_DIR.parent).as_posix()
        if rel.endswith("catalog_tool.py"):
            continue
        for _lineno, message, _comments, _context in extract_from_file(
            "python", path, keywords={"_": None, "__": None, "N_": None, "ngettext": (1, 2),
                                      # (Setting.shaped: a config value's shape with a detail)
                                      "shaped": None}
        ):
            if isinstance(message, str) and message:
                found.setdefault(message, set()).add(rel)
            elif isinstance(message, tuple) and len(message) == 2 and all(message):
                found.setdefault((str(message[0]), str(message[1])), set()).add(rel)
    return found


def _hashable(value: object) -> object:
    """A message's id or string (a list for plural forms) as a dict key."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


def _sort_key(msgid: MsgId) -> str:
    return (msgid if isinstance(msgid, str) else msgid[0]).casefold()


def data_msgids() -> dict[str, set[str]]:
    """msgid -> origin, from the labels kept as data."""
    found: dict[str, set[str]] = {}

    def add(items: Iterable[str], origin: str) -> None:
        for item in items:
            if item:
                found.setdefault(item, set()).add(origin)

    for vocab in (STATUSES, TYPES, YES_NO, STRENGTHS, AFFECTS, VERDICTS):
        add((c.label for c in vocab.choices), "sphinx_rfc/spec/vocabulary.py")
    for table in TABLES:
        add((c.label for c in table.columns), "sphinx_rfc/spec/table_kinds.py")
    add((f.label for f in FIELDS), "sphinx_rfc/spec/fields.py")
    add((s.label for s in SECTIONS), "sphinx_rfc/spec/sections.py")
    add(SUBTYPES.values(), "sphinx_rfc/spec/subtypes.py")  # (SARIF's rule texts)
    add((s.shape for s in SETTINGS), "sphinx_rfc/spec/settings.py")  # (a config value's error)
    for name in _package_modules():
        try:
            module = importlib.import_module(name)
        except Exception:  # a module that needs an optional dependency
            continue
        origin = name.replace(".", "/") + ".py"
        for attr, value in vars(module).items():
            if attr.endswith("_LABELS") and isinstance(value, dict):
                add((v for v in value.values() if isinstance(v, str)), origin)
            elif attr == "NO_MATCH" and isinstance(value, str):
                add([value], origin)
    return found


#: Labels passed to ``_()`` through a variable that neither of the above
#: finds (the literals of a header tuple, the first row of the basic table).
EXTRA_MSGIDS: tuple[str, ...] = ("ID", "RFC", "Relation", "Changes", "From", "To")


def all_msgids() -> dict[MsgId, set[str]]:
    found: dict[MsgId, set[str]] = literal_msgids()
    for msgid, origins in data_msgids().items():
        found.setdefault(msgid, set()).update(origins)
    for msgid in EXTRA_MSGIDS:
        found.setdefault(msgid, set()).add("sphinx_rfc/catalog_tool.py")
    return found


def template() -> Catalog:
    catalog = Catalog(project="sphinx_rfc", version=sphinx_rfc.__version__,
                      charset="utf-8", fuzzy=False)
    for msgid, origins in sorted(all_msgids().items(), key=lambda kv: _sort_key(kv[0])):
        catalog.add(msgid, locations=[(o, 0) for o in sorted(origins)])
    return catalog


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, include_lineno=False,
             sort_output=False)
    # no timestamps: the same sources give the same bytes
    lines = [line for line in out.getvalue().split(b"\n")
             if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date'))]
    return b"\n".join(lines)


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{CATALOG}.po"


def load_po(language: str) -> Catalog:
    path = po_path(language)
    if path.exists():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
    else:
        catalog = Catalog(locale=language, charset="utf-8")
    catalog.project = "sphinx_rfc"
    catalog.version = sphinx_rfc.__version__
    catalog.copyright_holder = "sphinx_rfc developers"
    catalog.last_translator = "sphinx_rfc developers"
    catalog.language_team = language
    catalog.msgid_bugs_address = ""
    catalog.fuzzy = False
    return catalog


def problems(language: str) -> list[str]:
    """What ``--check`` reports for one language."""
    found: list[str] = []
    catalog = load_po(language)
    wanted = all_msgids()
    for msgid in sorted(wanted, key=_sort_key):
        message = catalog.get(msgid)
        if message is None or (message.id != msgid and not isinstance(msgid, str)):
            found.append(f"{language}: missing msgid {msgid!r}")
        elif (not message.string or message.fuzzy
              or (isinstance(message.string, tuple) and not all(message.string))):
            found.append(f"{language}: untranslated msgid {msgid!r}")
    mo = po_path(language).with_suffix(".mo")
    if not mo.exists():
        found.append(f"{language}: {mo.name} is missing")
    else:
        with mo.open("rb") as handle:
            compiled = read_mo(handle)
        pairs = {_hashable(m.id): _hashable(m.string)
                 for m in catalog if m.id and m.string and not m.fuzzy}
        if {_hashable(m.id): _hashable(m.string) for m in compiled if m.id} != pairs:
            found.append(f"{language}: {mo.name} does not match the .po (run the command)")
    return found


#: The calls whose text a user reads, and which of their arguments:
#: ``Problem(subtype, message, ...)``, a logger's ``warning`` / ``error`` /
#: ``info``, ``CliError(message)`` and, in the command line, ``print``.
_LOG_METHODS = ("warning", "error", "info", "critical")
#: Calls that put a text through the catalog.
_CATALOG_CALLS = ("_", "__", "ngettext")
_WORD = _lazy_re.compile(r"[A-Za-z]{2,}")

#: Files whose messages do not all go through the catalog yet, with how
#: many do not.  A count that grows or shrinks fails ``--check``: wrap the
#: new message in ``_()``, or lower the count.  (Empty: every message a
#: user reads goes through the catalog.)
NOT_YET_IN_CATALOG: dict[str, int] = {}


def _literal(node: ast.expr) -> str | None:
    """The text of a literal, an f-string (its fields as ``{}``), their
    ``+`` / ``%`` / ``.format()`` / ``.join()``; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}"
                       for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        left, right = _literal(node.left), _literal(node.right)
        if left is not None or right is not None:
            return (left or "{}") + (right or "{}")
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("format", "join")):
        return _literal(node.func.value)
    return None


def _through_catalog(node: ast.expr) -> bool:
    """``_("...")``, ``str(_(...))``, ``_(...).format(...)`` and the like."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Name):
        if func.id in _CATALOG_CALLS:
            return True
        return func.id == "str" and bool(node.args) and _through_catalog(node.args[0])
    return isinstance(func, ast.Attribute) and func.attr == "format" and _through_catalog(
        func.value)


def _message_arguments(node: ast.Call, command_line: bool) -> list[ast.expr]:
    """The arguments of *node* a user reads, if it is a call that shows one."""
    func = node.func
    name = func.id if isinstance(func, ast.Name) else (
        func.attr if isinstance(func, ast.Attribute) else None)
    found: list[ast.expr] = []
    if name == "Problem":
        found += node.args[1:2] + [k.value for k in node.keywords if k.arg == "message"]
    elif name in _SHOWN_ERRORS or (command_line and name is not None and name.endswith("Error")
                                   and name[:1].isupper() and name not in _NOT_SHOWN_ALONE):
        # (an error the command line raises is printed: IssueImportError …)
        found += node.args[:1]
    elif name == "print" and command_line:
        found += node.args
    elif (name in ("write", "error", "exit") and command_line
          and isinstance(func, ast.Attribute) and isinstance(func.value, (ast.Name, ast.Attribute))
          and _stream_name(func.value) in _STREAMS):
        # out.write / sys.stderr.write / parser.error / sys.exit: a line shown
        found += node.args[:1]
    elif (name in _LOG_METHODS and isinstance(func, ast.Attribute)
          and isinstance(func.value, ast.Name) and "log" in func.value.id.lower()):
        found += node.args[:1]
    if isinstance(func, ast.Attribute) and func.attr == "format" and _through_catalog(func.value):
        found += [k.value for k in node.keywords]  # a fragment glued into a message
    return found


#: Errors shown as they are, wherever raised: the command line's, a config
#: value's or a template's (Sphinx prints a ConfigError's text).
_SHOWN_ERRORS = ("CliError", "SettingError", "ConfigError", "TemplateError")
#: Errors whose text is not a message of its own: argparse puts an
#: ``ArgumentTypeError``'s inside its usage error, in argparse's language.
_NOT_SHOWN_ALONE = ("ArgumentTypeError",)
#: What a command line writes its lines to (``out.write``, ``sys.stderr.write``),
#: or ends with (``parser.error``, ``sys.exit``).
_STREAMS = ("out", "err", "stdout", "stderr", "stream", "parser", "sys")


def _stream_name(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else (
        node.attr if isinstance(node, ast.Attribute) else "")


def _hidden_in_fstrings(tree: ast.AST) -> list[tuple[int, str]]:
    """``_("...")`` written inside an f-string's field: Babel does not
    extract it, so the catalog never has it and it is never translated."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)
                        and inner.func.id in _CATALOG_CALLS and inner.args
                        and isinstance(inner.args[0], ast.Constant)
                        and isinstance(inner.args[0].value, str)):
                    found.append((inner.lineno, inner.args[0].value))
    return found


#: What is no letter nor space (splits a text into runs of words).
_NOT_WORDS = _lazy_re.compile(r"[^A-Za-z ]")


def _has_phrase(text: str) -> bool:
    """Two English words in a row (``no token``): a sentence, not a name
    or a piece of syntax."""
    for run in _NOT_WORDS.split(text):
        words = run.split(" ")
        if any(len(a) >= 2 and len(b) >= 2 for a, b in pairwise(words)):
            return True
    return False
#: Calls whose f-strings are no message of the command line's own: the
#: catalog's, argparse's (its help and usage, in argparse's language), debug logs.
_NOT_MESSAGES = ("_", "__", "N_", "ngettext", "ArgumentTypeError", "debug", "add_argument",
                 "add_parser", "ArgumentParser", "add_argument_group")


def _loose_phrases(tree: ast.AST) -> list[tuple[int, str]]:
    """f-strings of the command line that hold an English phrase outside
    the catalog, wherever they go (a plan's error, a note, a list of
    reasons printed later): the command line shows its strings."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else "")
            if name in _NOT_MESSAGES:
                inside.update(id(n) for n in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in inside:
            text = _literal(node) or ""
            # (``::notice file=…``: a GitHub workflow command's syntax)
            if _has_phrase(text.replace("{}", " ")) and not text.startswith("::"):
                found.append((node.lineno, text))
    return found


def _assignments(scope: ast.AST) -> dict[str, list[ast.expr]]:
    """name -> the values assigned to it in *scope* (a function)."""
    found: dict[str, list[ast.expr]] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(
                node.target, ast.Name) and node.value is not None:
            found.setdefault(node.target.id, []).append(node.value)
    return found


def bypasses(paths: Iterable[Path] | None = None) -> list[tuple[str, int, str]]:
    """``(file, line, text)`` of each message a user reads that bypasses the
    catalog: an English literal or f-string where a call shows a message
    (:func:`_message_arguments`), directly or through a variable of the
    same function; a message with no English word (``{path}: {error}``)
    is none."""
    found: list[tuple[str, int, str]] = []
    for path in sorted(paths if paths is not None else PACKAGE_DIR.rglob("*.py")):
        rel = path.relative_to(PACKAGE_DIR.parent).as_posix() if path.is_relative_to(
            PACKAGE_DIR.parent) else path.name
        tree = ast.parse(path.read_text(encoding="utf-8"))
        scopes = [tree, *(n for n in ast.walk(tree)
                          if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]
        owner: dict[int, dict[str, list[ast.expr]]] = {}
        for scope in scopes:  # (innermost last: a function's own names win)
            names = _assignments(scope)
            for node in ast.walk(scope):
                owner[id(node)] = names
        command_line = rel.startswith("sphinx_rfc/cli/")
        found += [(rel, line, text) for line, text in _hidden_in_fstrings(tree)]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            for argument in _message_arguments(node, command_line):
                values = (owner[id(node)].get(argument.id, []) if isinstance(argument, ast.Name)
                          else [argument.body, argument.orelse] if isinstance(argument, ast.IfExp)
                          else [argument])
                for value in values:
                    text = None if _through_catalog(value) else _literal(value)
                    # (a text with no space is a name or code: rfc_aliases['values'][{}])
                    if (text is not None and _WORD.search(re.sub(r"\{[^{}]*\}", "", text))
                            and " " in text.strip()):
                        found.append((rel, node.lineno, text))
        if command_line:  # (what the calls above did not report already)
            reported = {text for file, _line, text in found if file == rel}
            found += [(rel, line, text) for line, text in _loose_phrases(tree)
                      if text not in reported]
    return found


def bypass_problems() -> list[str]:
    """What ``--check`` reports of :func:`bypasses`."""
    counts: dict[str, int] = {}
    lines = []
    for rel, line, text in bypasses():
        counts[rel] = counts.get(rel, 0) + 1
        if rel not in NOT_YET_IN_CATALOG:
            lines.append(f"{rel}:{line}: a message bypasses the catalog: {text!r}")
    for rel, expected in NOT_YET_IN_CATALOG.items():
        if counts.get(rel, 0) != expected:
            lines.append(f"{rel}: {counts.get(rel, 0)} messages bypass the catalog, "
                         f"NOT_YET_IN_CATALOG says {expected}")
    return lines


def refresh(languages: Sequence[str] = LANGUAGES) -> list[Path]:
    """Write the .pot, merge each .po, compile each .mo; return paths written."""
    written: list[Path] = []
    pot = template()
    pot_path = LOCALE_DIR / f"{CATALOG}.pot"
    pot_path.parent.mkdir(parents=True, exist_ok=True)
    pot_path.write_bytes(_po_bytes(pot))
    written.append(pot_path)
    for language in languages:
        catalog = load_po(language)
        catalog.update(pot, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_po_bytes(catalog))
        path.with_suffix(".mo").write_bytes(_mo_bytes(catalog))
        written += [path, path.with_suffix(".mo")]
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sphinx_rfc.catalog_tool",
        description="Refresh sphinx_rfc's message catalogs (.pot, .po, .mo).",
    )
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a catalog is incomplete or stale")
    args = parser.parse_args(argv)
    if args.check:
        found = [p for language in LANGUAGES for p in problems(language)] + bypass_problems()
        for line in found:
            print(line)
        return 1 if found else 0
    for path in refresh():
        print(path.relative_to(PACKAGE_DIR.parent))
    for line in [p for language in LANGUAGES for p in problems(language)] + bypass_problems():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
