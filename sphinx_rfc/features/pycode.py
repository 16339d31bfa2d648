"""The code's side of the interface-drift check (:mod:`sphinx_rfc.features.signatures`):
a dotted name imported as autodoc would, and the parameters of what it names.

Nothing raises but :class:`SignatureImportError`, with a message for the
user: whatever the import raises, ``SystemExit`` included, becomes one.  A
module whose file changed since it was imported is reloaded (long-running
processes: sphinx-autobuild, tests).
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import os
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from sphinx_rfc.i18n import _

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


def describe(exc: BaseException) -> str:
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
        raise SignatureImportError(
            _("{target!r} is not a dotted Python name (package.module.callable)")
            .format(target=target))
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
            raise SignatureImportError(
                _("importing {name!r} failed: {error}").format(name=name, error=describe(exc))
            ) from None
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # the user's module may raise anything, SystemExit included
            raise SignatureImportError(
                _("importing {name!r} failed: {error}").format(name=name, error=describe(exc))
            ) from None
    if module is None:
        raise SignatureImportError(
            _("no module {name!r} can be imported (check sys.path in conf.py)")
            .format(name=parts[0]))
    obj: Any = module
    for depth, attr in enumerate(parts[index:], start=index):
        owner = ".".join(parts[:depth])
        try:
            obj = getattr(obj, attr)
        except AttributeError:
            raise SignatureImportError(
                _("{owner!r} has no attribute {attr!r}").format(owner=owner, attr=attr), module
            ) from None
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            raise SignatureImportError(
                _("looking up {attr!r} on {owner!r} failed: {error}").format(
                    attr=attr, owner=owner, error=describe(exc)), module
            ) from None
    return obj, module


@contextlib.contextmanager
def mocked(names: list[str]) -> Iterator[None]:
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
        if written is None or canonical(written) == canonical(shown):
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
    except KeyboardInterrupt:
        raise
    except BaseException:
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
        raise SignatureImportError(
            _("it is a {kind}, not a callable").format(kind=type(obj).__name__))
    try:
        signature = inspect.signature(obj)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:
        raise SignatureImportError(
            _("its signature cannot be read: {error}").format(error=describe(exc))
        ) from None
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


def canonical(text: str) -> str | None:
    """An expression's canonical source text (quotes, spacing), or None."""
    try:
        return ast.unparse(ast.parse(text.strip(), mode="eval").body)
    except KeyboardInterrupt:
        raise
    except BaseException:
        return None


def files_of(obj: Any, module: ModuleType) -> list[str]:
    """The source files of *obj* and of *module* (the document depends on them)."""
    found: list[str] = []
    for candidate in (module, obj):
        if candidate is None:
            continue
        try:
            path = inspect.getsourcefile(candidate) or inspect.getfile(candidate)
        except KeyboardInterrupt:
            raise
        except BaseException:
            continue
        if path and os.path.isfile(path) and path not in found:
            found.append(os.path.abspath(path))
    return found
