"""The code of the dataclasses' generated methods, kept between builds.

``dataclasses`` writes each class's ``__init__``, ``__repr__``, ``__eq__``
(and ``__hash__``, ``__setattr__``, ``__delattr__`` of a frozen one) as
source text and runs ``exec`` on it: Python parses and compiles some 450
small functions every time the package is imported, about a third of the
import and most of what the parser and the compiler do in a no-change
rebuild (benchmarks/README.md, "Sixth pass (import floor)").

:func:`kept_code` is the block ``setup()`` imports the package in: while it
runs, ``dataclasses`` calls :func:`exec` with the code object compiled from
the same text (``compile(text, "<string>", "exec", dont_inherit=True)``, what
``exec(text)`` compiles there), read back from
``<doctrees>/sphinx-rfc-dataclass-code.marshal`` when the last build of the
project wrote it under this Python (its magic number), compiled otherwise.
The classes are the ones ``dataclasses`` makes: same text, same code.  The
file holds the texts the last import used, written (whole or not at all)
when one was missing; a file that cannot be read is compiled past, one that
cannot be written is not kept.  ``devices.DATACLASS_CODE_KEPT`` off: no file,
``exec`` of the text as always.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import marshal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType
from typing import Any

from sphinx_rfc import _atomic

FILENAME = "sphinx-rfc-dataclass-code.marshal"

#: The file starts with this: the code of another Python is not read.
_HEADER = importlib.util.MAGIC_NUMBER + marshal.version.to_bytes(4, "little")


def _read(path: Path) -> dict[str, CodeType]:
    try:
        data = path.read_bytes()
        if not data.startswith(_HEADER):
            return {}
        kept = marshal.loads(data[len(_HEADER):])
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(kept, dict):
        return {}
    return {text: code for text, code in kept.items()
            if isinstance(text, str) and isinstance(code, CodeType)}


@contextmanager
def kept_code(folder: str | Path | None) -> Iterator[None]:
    """``dataclasses``' generated methods compiled once per project (in
    *folder*, the doctree folder) while the block runs; None: as always."""
    if folder is None or "exec" in vars(dataclasses):
        yield
        return
    path = Path(folder) / FILENAME
    kept = _read(path)
    used: dict[str, CodeType] = {}

    def exec_kept(source: Any, globals: Any = None, locals: Any = None) -> None:
        if globals is None:  # (what exec uses when called in dataclasses)
            globals = vars(dataclasses)
        if isinstance(source, str):
            code = used.get(source) or kept.get(source)
            if code is None:
                code = compile(source, "<string>", "exec", dont_inherit=True)
            used[source] = code
            source = code
        exec(source, globals, locals)  # (what dataclasses runs)

    dataclasses.exec = exec_kept  # type: ignore[attr-defined]
    try:
        yield
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
    if used and used.keys() != kept.keys():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _atomic.write_bytes(path, _HEADER + marshal.dumps(used), sync=False)
        except (OSError, ValueError):
            pass
