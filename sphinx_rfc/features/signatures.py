"""Interfaces that cannot drift from the code (docs/howto/interface-drift.md).

With ``rfc_check_signatures = True`` every ``rfc-interface`` with a
``:signature-of: package.module.callable`` option has its target imported,
as autodoc would, and its signature compared with the parameter table:

* a parameter in the table but not in the code, or in the code but not in
  the table (``self`` / ``cls`` are ignored, and ``*args`` / ``**kwargs``
  unless the table lists them, as ``*args``, ``args``, ``**kwargs`` ...);
* required-ness: no default in the code vs the ``required`` column (when
  that cell is empty, a parameter with no default in the table counts as
  required);
* a different default, compared leniently (:func:`defaults_equal`).

Each difference is one ``rfc.signature-mismatch``; an import or lookup
failure is one ``rfc.signature-import``.  Nothing raises: whatever the
import raises, ``SystemExit`` included, becomes a warning.

The check runs on the collector's ``rfc-record-read`` event
(:mod:`sphinx_rfc.read.collector`), on the payloads the ``rfc-interface``
directives left; its problems go back to the collector, so they go the way
of every table problem (RFC ID, location, report, export).  The files
of the imported code become dependencies of the document: editing the code
re-reads the RFC in an incremental build, and a module whose file changed
since it was imported is reloaded.  Nothing is imported when the option is
off.
"""

from __future__ import annotations

import ast
import enum
import inspect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import source_path
from sphinx_rfc.features.pycode import (
    CodeParam,
    SignatureImportError,
    canonical,
    code_params,
    describe,
    files_of,
    mocked,
    resolve,
)
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import Interface, Param, RfcRecord, TablePayload
from sphinx_rfc.spec.messages import series

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx

#: Table cells that mean "no default" (the parameter is required).
NO_DEFAULT = frozenset({"", "-", "--", "—", "–", "/", "n/a", "无默认值"})
#: Table cells that mean ``None``.
NULLS = frozenset({"none", "null", "nil", "~", "无", "空"})

# --------------------------------------------------------------------------
# Comparison


def table_name(name: str) -> str:
    """A table's parameter name as compared with the code: ``*args`` -> ``args``."""
    return name.strip().lstrip("*").strip()


def _same_value(cell_value: Any, value: Any) -> bool:
    if isinstance(cell_value, bool) or isinstance(value, bool):
        return type(cell_value) is type(value) and cell_value == value
    if isinstance(cell_value, (list, tuple)) and isinstance(value, (list, tuple)):
        return len(cell_value) == len(value) and all(
            _same_value(a, b) for a, b in zip(cell_value, value, strict=True)
        )
    try:
        return bool(type(cell_value) is type(value) or (
            isinstance(cell_value, (int, float)) and isinstance(value, (int, float))
        )) and bool(cell_value == value)
    except Exception:
        return False


def defaults_equal(cell: str, value: Any, source: str | None = None) -> bool:
    """Whether the table's default *cell* says the code's default *value*
    (written *source* in the code).

    Equal when, backticks already dropped: the cell is the same expression
    as the source (``DEFAULT_MODE``, ``("a", "b")``); or it evaluates as a
    Python literal to an equal value (``'cpu'`` / ``"cpu"``, ``1e-3`` /
    ``0.001``, ``[1, 2]`` / ``(1, 2)``, but ``1`` is not ``True``); or it is
    the value's ``str()`` / ``repr()`` (``cpu`` for ``"cpu"``); ``None``,
    ``null``, ``nil``, ``~``, ``无`` and ``空`` stand for ``None``; ``true``
    and ``false`` in any case for booleans; ``Mode.FAST`` or ``FAST`` for an
    enum member.
    """
    text = " ".join(cell.split())
    folded = text.casefold()
    if source is not None:
        written = canonical(text)
        if written is not None and written == canonical(source):
            return True
    if value is None:
        return folded in NULLS
    if isinstance(value, bool):
        return folded == str(value).casefold()
    if isinstance(value, enum.Enum):
        names = {value.name, f"{type(value).__name__}.{value.name}"}
        if text in names or text.split(".")[-1] == value.name:
            return True
        value = value.value
    try:
        literal = ast.literal_eval(text)
    except (Exception, SystemExit):
        pass
    else:
        if _same_value(literal, value):
            return True
    try:
        return text in (str(value), repr(value))
    except Exception:
        return False


def _table_required(param: Param) -> bool:
    if param.required is not None:
        return param.required
    return param.default.strip().casefold() in NO_DEFAULT


def compare(
    interface: Interface, params: list[CodeParam], *, source: str, line: int | None
) -> list[Problem]:
    """``signature-mismatch`` problems between *interface*'s table and the
    code's *params* (one per difference, naming the parameter and both
    sides)."""
    target = interface.signature_of or ""
    problems: list[Problem] = []

    def mismatch(message: str, at: int | None) -> None:
        problems.append(Problem("signature-mismatch", message, source, at or line))

    by_name = {p.name: p for p in params}
    listed: set[str] = set()
    for param in interface.params:
        name = table_name(param.name)
        if not name or name in listed:
            continue  # empty or duplicate rows are the table check's business
        listed.add(name)
        code = by_name.get(name)
        if code is None:
            known = series(p.name for p in params) or str(_("none"))
            through = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params)
            hint = (_("; {target} only takes it through **kwargs").format(target=target)
                    if through else "")
            mismatch(
                _("parameter {name!r} is in the table but not in the signature of "
                  "{target} (its parameters: {known}){hint}").format(
                    name=param.name, target=target, known=known, hint=hint),
                param.line,
            )
            continue
        if code.variadic:
            continue
        table_required = _table_required(param)
        if code.required and not table_required:
            mismatch(
                _("parameter {name!r} is optional in the table (default {default!r}) "
                  "but required in {target} (no default)").format(
                    name=name, default=param.default, target=target),
                param.line,
            )
        elif table_required and not code.required:
            mismatch(
                _("parameter {name!r} is required in the table but optional in {target} "
                  "(default {default})").format(
                    name=name, target=target, default=code.shown_default()),
                param.line,
            )
        elif (code.has_default and param.default.strip()
              and not defaults_equal(param.default, code.default, code.default_source)):
            mismatch(
                _("parameter {name!r} has default {default!r} in the table but "
                  "{code_default} in {target}").format(
                    name=name, default=param.default, code_default=code.shown_default(),
                    target=target),
                param.line,
            )
    for code in params:
        if code.name in listed or code.variadic:
            continue
        shown = (_("default {default}").format(default=code.shown_default())
                 if code.has_default else str(_("required")))
        mismatch(
            _("parameter {name!r} of {target} ({shown}) is not in the table").format(
                name=code.name, target=target, shown=shown),
            interface.line,
        )
    return problems


@dataclass
class CheckResult:
    problems: list[Problem]
    #: Files of the imported code: the document depends on them.
    files: list[str]


def check_interface(
    interface: Interface, *, source: str, line: int | None, mock_imports: list[str] | None = None
) -> CheckResult:
    """Import *interface*'s ``signature_of`` and compare.  *line* is where
    import problems are reported (the directive's line)."""
    target = interface.signature_of or ""
    obj: Any = None
    module: ModuleType | None = None
    try:
        with mocked(list(mock_imports or [])):
            obj, module = resolve(target)
            params = code_params(obj)
    except SignatureImportError as exc:
        what = interface.name or target
        # fixing the code re-reads the RFC: depend on what was imported
        module = module or exc.module
        return CheckResult([Problem(
            "signature-import",
            _("cannot check the signature of interface {what!r}: "
              ":signature-of: {target}: {error}").format(what=what, target=target, error=exc),
            source, line,
        )], files_of(obj, module) if module is not None else [])
    except (Exception, SystemExit) as exc:  # the mock machinery, a metaclass ...
        return CheckResult([Problem(
            "signature-import",
            _(":signature-of: {target}: {error}").format(target=target, error=describe(exc)),
            source, line,
        )], [])
    files = files_of(obj, module) if module is not None else []
    if not interface.params:
        # no table (rfc.no-table says so): nothing to compare with
        return CheckResult([], files)
    return CheckResult(
        compare(interface, params, source=source, line=interface.line or line), files
    )


# --------------------------------------------------------------------------
# Sphinx


# (the parameters of every rfc-record-read handler: features/results' too)
def on_record_read(
    app: Sphinx,
    doctree: nodes.document,
    record: RfcRecord | None,
    tables: Sequence[TablePayload],
    rows: Mapping[int, nodes.row],
) -> list[Problem]:
    """``rfc-record-read``: check the interfaces of the document's
    ``rfc-interface`` payloads (whether or not the document is an RFC, as
    before the event existed); returns their problems."""
    if not rfc_config.settings(app.config).check_signatures:
        return []
    env = app.env
    source = source_path(env, env.docname)
    mock_imports = getattr(app.config, "autodoc_mock_imports", None) or []
    problems: list[Problem] = []
    for payload in tables:
        for interface in payload.records.get("interfaces", []):
            if not interface.signature_of:
                continue
            result = check_interface(
                interface, source=source, line=payload.line, mock_imports=list(mock_imports),
            )
            problems.extend(result.problems)
            for path in result.files:
                env.note_dependency(path)
    return problems
