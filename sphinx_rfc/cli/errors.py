"""The command line's one error: a usage or configuration problem.

Its own module because every command and the project reader raise it and
``main()`` catches it: in the package's ``__init__`` it would make each
command module import the package that imports it (a cycle).
"""

from __future__ import annotations

import os


class CliError(Exception):
    """A usage or configuration error: printed, exit code 2 (or *code*)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code

    @classmethod
    def from_os_error(cls, verb: str, target: str | os.PathLike[str], exc: OSError) -> CliError:
        """The CliError for an OSError while doing *verb* to *target*: one line
        saying what, where and why (``sphinx-rfc: cannot write out/rfcs.json:
        out: Not a directory``; the file the error names is left out when it is
        *target*), rather than a traceback."""
        why = exc.strerror or str(exc)
        named = exc.filename is not None and os.fspath(exc.filename) != os.fspath(target)
        where = f"{os.fspath(exc.filename)}: " if named else ""
        return cls(f"sphinx-rfc: cannot {verb} {os.fspath(target)}: {where}{why}")
