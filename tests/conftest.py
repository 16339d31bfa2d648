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
        found.append(
            (
                Path(match.group("path")).name,
                int(line) if line else None,
                match.group("type"),
                match.group("message"),
            )
        )
    return found


def rfc_warnings(app) -> list[tuple[str, int | None, str, str]]:  # type: ignore[no-untyped-def]
    return [w for w in parse_warnings(app.warning.getvalue()) if w[2].startswith("rfc.")]


def write_project(root: Path, files: dict[str, str], conf: str = "") -> Path:
    """Write a Sphinx project: ``conf.py`` (with sphinx_rfc and myst_parser)
    plus *files* (path -> text)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinx_rfc"]\n'
        'exclude_patterns = ["_build"]\n'
        'suppress_warnings = ["toc.not_included"]\n' + conf,
        encoding="utf-8",
    )
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def build_project(tmp_path: Path, make_app):  # type: ignore[no-untyped-def]
    """``build_project(files, conf="", builder="html", **kwargs) -> app``:
    write a project into a fresh folder and build it."""

    def build(files: dict[str, str], conf: str = "", builder: str = "html", **kwargs):  # type: ignore[no-untyped-def]
        srcdir = write_project(tmp_path / kwargs.pop("name", "src"), files, conf)
        app = make_app(builder, srcdir=srcdir, **kwargs)
        app.build()
        return app

    return build
