"""Shared fixtures: Sphinx's own testing fixtures, roots under tests/roots."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest_plugins = ("sphinx.testing.fixtures",)

ROOTS = Path(__file__).parent / "roots"
WARNING_RE = re.compile(
    r"^(?P<path>[^\n]*?):(?P<line>\d+)?:? ?WARNING: (?P<message>.*?) \[(?P<type>[\w.-]+)\]$",
    re.MULTILINE,
)
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture(scope="session")
def rootdir() -> Path:
    return ROOTS


def parse_warnings(text: str) -> list[tuple[str, int | None, str, str]]:
    """``(file name, line, type.subtype, message)`` for each warning line."""
    found = []
    for match in WARNING_RE.finditer(ANSI.sub("", text)):
        line = match.group("line")
        found.append((
            Path(match.group("path")).name,
            int(line) if line else None,
            match.group("type"),
            match.group("message"),
        ))
    return found


def rfc_warnings(app) -> list[tuple[str, int | None, str, str]]:  # type: ignore[no-untyped-def]
    return [w for w in parse_warnings(app.warning.getvalue()) if w[2].startswith("rfc.")]
