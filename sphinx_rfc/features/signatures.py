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
import contextlib
import enum
import importlib
import inspect
import os
import sys
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import source_path
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import Interface, Param, RfcRecord, TablePayload
from sphinx_rfc.read.collector import RECORD_READ

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx

#: Table cells that mean "no default" (the parameter is required).
NO_DEFAULT = frozenset({"", "-", "--", "—", "–", "/", "n/a", "无默认值"})
#: Table cells that mean ``None``.
NULLS = frozenset({"none", "null", "nil", "~", "无", "空"})

_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)


class SignatureImportError(Exception):
    """The target could not be imported or looked up (the message says why)."""

    def __init__(self, message: str, module: ModuleType | None = None) -> None:
        super().__init__(message)
        #: The module imported before the lookup failed, if any.
        self.module = module


# --------------------------------------------------------------------------
# Import


#: module name -> modification time of its file when we last used it
_MTIMES: dict[str, float] = {}


def _mtime(module: ModuleType) -> float | None:
    path = getattr(module, "__file__", None)
    try:
        return os.stat(path).st_mtime if path else None
    except (OSError, TypeError, ValueError):
        return None


def _import(name: str) -> ModuleType:
    """Import *name*, reloading it when its file changed since it was last
    used (long-running processes: sphinx-autobuild, tests)."""
    module = sys.modules.get(name)
    if module is not None and name in _MTIMES and _mtime(module) != _MTIMES[name]:
        module = importlib.reload(module)
    elif module is None:
        module = importlib.import_module(name)
    mtime = _mtime(module)
    if mtime is not None:
        _MTIMES[name] = mtime
    return module


def _describe(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    detail = text[0] if text else ""
    return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__


def resolve(target: str) -> tuple[Any, ModuleType]:
    """The object *target* names and the module it was found in.

    The longest importable prefix of *target* is imported, the rest looked
    up with ``getattr`` (``pkg.mod.Class.method``).  Raises
    :class:`SignatureImportError` with a message for the user; never anything else
    (except KeyboardInterrupt).
    """
    parts = target.split(".")
    if not target or not all(p.isidentifier() for p in parts):
        raise SignatureImportError(f"{target!r} is not a dotted Python name (package.module.callable)")
    module: ModuleType | None = None
    index = len(parts)
    while index > 0:
        name = ".".join(parts[:index])
        try:
            module = _import(name)
            break
        except ModuleNotFoundError as exc:
            missing = exc.name or ""
            if missing and (missing == name or name.startswith(missing + ".")):
                index -= 1  # this prefix is no module: try a shorter one
                continue
            raise SignatureImportError(f"importing {name!r} failed: {_describe(exc)}") from None
        except (Exception, SystemExit) as exc:  # the user's module may raise anything
            raise SignatureImportError(f"importing {name!r} failed: {_describe(exc)}") from None
    if module is None:
        raise SignatureImportError(f"no module {parts[0]!r} can be imported (check sys.path in conf.py)")
    obj: Any = module
    for depth, attr in enumerate(parts[index:], start=index):
        owner = ".".join(parts[:depth])
        try:
            obj = getattr(obj, attr)
        except AttributeError:
            raise SignatureImportError(f"{owner!r} has no attribute {attr!r}", module) from None
        except (Exception, SystemExit) as exc:
            raise SignatureImportError(
                f"looking up {attr!r} on {owner!r} failed: {_describe(exc)}", module
            ) from None
    return obj, module


@contextlib.contextmanager
def _mocked(names: list[str]) -> Iterator[None]:
    """autodoc's ``autodoc_mock_imports``, when autodoc is loaded."""
    if not names:
        yield
        return
    mock = importlib.import_module("sphinx.ext.autodoc.mock").mock
    with mock(names):
        yield


# --------------------------------------------------------------------------
# The code's side


@dataclass
class CodeParam:
    name: str
    kind: inspect._ParameterKind
    has_default: bool
    default: Any = None
    #: The default as written in the source (``ast.unparse``), when known.
    default_source: str | None = None

    @property
    def variadic(self) -> bool:
        return self.kind in _VARIADIC

    @property
    def required(self) -> bool:
        return not self.has_default and not self.variadic

    def shown_default(self) -> str:
        """The code's default for a message: as written, and its value when
        that differs (``DEFAULT_MODE (= 'cpu')``)."""
        shown = _safe_repr(self.default)
        written = self.default_source
        if written is None or _canonical(written) == _canonical(shown):
            return shown
        if " at 0x" in shown:  # object() sentinels: addresses are noise
            return written
        return f"{written} (= {shown})"


def _safe_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def _function_of(obj: Any) -> Any:
    """The function whose source holds *obj*'s defaults (``__init__`` for a class)."""
    if inspect.isclass(obj):
        obj = obj.__dict__.get("__init__") or getattr(obj, "__init__", None)
    obj = getattr(obj, "__func__", obj)  # bound or class methods
    try:
        return inspect.unwrap(obj)
    except Exception:
        return obj


def source_defaults(obj: Any) -> dict[str, str]:
    """Parameter name -> default expression as written (best effort)."""
    try:
        func = _function_of(obj)
        tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
    except (Exception, SystemExit):
        return {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            found: dict[str, str] = {}
            positional = [*args.posonlyargs, *args.args]
            for arg, default in zip(positional[len(positional) - len(args.defaults):],
                                    args.defaults, strict=True):
                found[arg.arg] = ast.unparse(default)
            for arg, kw_default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
                if kw_default is not None:
                    found[arg.arg] = ast.unparse(kw_default)
            return found
    return {}


def code_params(obj: Any) -> list[CodeParam]:
    """The parameters of *obj* as the table should list them.

    Raises :class:`SignatureImportError` when *obj* has no signature."""
    if not callable(obj):
        raise SignatureImportError(f"it is a {type(obj).__name__}, not a callable")
    try:
        signature = inspect.signature(obj)
    except (Exception, SystemExit) as exc:
        raise SignatureImportError(f"its signature cannot be read: {_describe(exc)}") from None
    sources = source_defaults(obj)
    params = []
    for position, param in enumerate(signature.parameters.values()):
        if position == 0 and param.name in ("self", "cls") and param.kind in (
            inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD
        ):
            continue
        has_default = param.default is not inspect.Parameter.empty
        params.append(CodeParam(
            param.name, param.kind, has_default,
            param.default if has_default else None,
            sources.get(param.name) if has_default else None,
        ))
    return params


# --------------------------------------------------------------------------
# Comparison


def table_name(name: str) -> str:
    """A table's parameter name as compared with the code: ``*args`` -> ``args``."""
    return name.strip().lstrip("*").strip()


def _canonical(text: str) -> str | None:
    """An expression's canonical source text (quotes, spacing), or None."""
    try:
        return ast.unparse(ast.parse(text.strip(), mode="eval").body)
    except (Exception, SystemExit):
        return None


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
        canonical = _canonical(text)
        if canonical is not None and canonical == _canonical(source):
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
            known = ", ".join(p.name for p in params) or "none"
            through = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params)
            hint = f"; {target} only takes it through **kwargs" if through else ""
            mismatch(
                f"parameter {param.name!r} is in the table but not in the signature of "
                f"{target} (its parameters: {known}){hint}",
                param.line,
            )
            continue
        if code.variadic:
            continue
        table_required = _table_required(param)
        if code.required and not table_required:
            mismatch(
                f"parameter {name!r} is optional in the table (default {param.default!r}) "
                f"but required in {target} (no default)",
                param.line,
            )
        elif table_required and not code.required:
            mismatch(
                f"parameter {name!r} is required in the table but optional in {target} "
                f"(default {code.shown_default()})",
                param.line,
            )
        elif (code.has_default and param.default.strip()
              and not defaults_equal(param.default, code.default, code.default_source)):
            mismatch(
                f"parameter {name!r} has default {param.default!r} in the table but "
                f"{code.shown_default()} in {target}",
                param.line,
            )
    for code in params:
        if code.name in listed or code.variadic:
            continue
        shown = f"default {code.shown_default()}" if code.has_default else "required"
        mismatch(
            f"parameter {code.name!r} of {target} ({shown}) is not in the table",
            interface.line,
        )
    return problems


@dataclass
class CheckResult:
    problems: list[Problem]
    #: Files of the imported code: the document depends on them.
    files: list[str]


def _files_of(obj: Any, module: ModuleType) -> list[str]:
    found: list[str] = []
    for candidate in (module, obj):
        if candidate is None:
            continue
        try:
            path = inspect.getsourcefile(candidate) or inspect.getfile(candidate)
        except (Exception, SystemExit):
            continue
        if path and os.path.isfile(path) and path not in found:
            found.append(os.path.abspath(path))
    return found


def check_interface(
    interface: Interface, *, source: str, line: int | None, mock_imports: list[str] | None = None
) -> CheckResult:
    """Import *interface*'s ``signature_of`` and compare.  *line* is where
    import problems are reported (the directive's line)."""
    target = interface.signature_of or ""
    obj: Any = None
    module: ModuleType | None = None
    try:
        with _mocked(list(mock_imports or [])):
            obj, module = resolve(target)
            params = code_params(obj)
    except SignatureImportError as exc:
        what = interface.name or target
        # fixing the code re-reads the RFC: depend on what was imported
        module = module or exc.module
        return CheckResult([Problem(
            "signature-import",
            f"cannot check the signature of interface {what!r}: "
            f":signature-of: {target}: {exc}",
            source, line,
        )], _files_of(obj, module) if module is not None else [])
    except (Exception, SystemExit) as exc:  # the mock machinery, a metaclass ...
        return CheckResult([Problem(
            "signature-import",
            f":signature-of: {target}: {_describe(exc)}", source, line,
        )], [])
    files = _files_of(obj, module) if module is not None else []
    if not interface.params:
        # no table (rfc.no-table says so): nothing to compare with
        return CheckResult([], files)
    return CheckResult(
        compare(interface, params, source=source, line=interface.line or line), files
    )


# --------------------------------------------------------------------------
# Sphinx


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


def setup(app: Sphinx) -> None:
    app.connect(RECORD_READ, on_record_read)
