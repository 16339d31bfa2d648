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


class Build:
    """The result of :func:`sphinx_build`."""

    def __init__(self, app, status: str, warnings: str) -> None:  # type: ignore[no-untyped-def]
        self.app = app
        self.outdir = Path(app.outdir)
        self.status = ANSI.sub("", status)
        self.warnings = ANSI.sub("", warnings)
        #: docnames written by this build, in order
        self.written = re.findall(r"writing output\.\.\. \[\s*\d+%\] (\S+)", self.status)

    def rfc_warnings(self) -> list[tuple[str, int | None, str, str]]:
        return [w for w in parse_warnings(self.warnings) if w[2].startswith("rfc.")]


def sphinx_build(srcdir: Path, builder: str = "html", parallel: int = 0, **kwargs) -> Build:  # type: ignore[no-untyped-def]
    """Build *srcdir* into ``srcdir/_build/<builder>`` the way ``sphinx-build``
    does, keeping the environment between calls (incremental builds).

    Uses ``sphinx.application.Sphinx`` directly: Sphinx 8.1's SphinxTestApp
    reports a changed ``html_theme`` on every rebuild and so rewrites every
    page, which would hide what an incremental build really rewrites.
    """
    from io import StringIO

    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    status, warning = StringIO(), StringIO()
    with patch_docutils(srcdir), docutils_namespace():
        app = Sphinx(
            str(srcdir),
            str(srcdir),
            str(srcdir / "_build" / builder),
            str(srcdir / "_build" / ".doctrees"),
            builder,
            status=status,
            warning=warning,
            parallel=parallel,
            **kwargs,
        )
        app.build()
    return Build(app, status.getvalue(), warning.getvalue())


def build_app(srcdir: Path, builder: str = "html", **kwargs):  # type: ignore[no-untyped-def]
    """Build *srcdir* with ``SphinxTestApp`` (quiet streams kept for the
    assertions) and clean up docutils' global registries afterwards, so
    that later in-process builds are not affected."""
    from io import StringIO

    from sphinx.testing.util import SphinxTestApp

    kwargs.setdefault("status", StringIO())
    kwargs.setdefault("warning", StringIO())
    app = SphinxTestApp(builder, srcdir=srcdir, **kwargs)
    try:
        app.build()
    finally:
        app.cleanup()
    return app
