"""The command line's one error: a usage or configuration problem.

Its own module because every command and the project reader raise it and
``main()`` catches it: in the package's ``__init__`` it would make each
command module import the package that imports it (a cycle).
"""

from __future__ import annotations


class CliError(Exception):
    """A usage or configuration error: printed, exit code 2 (or *code*)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code
