"""Shared fixtures and helpers.

Every test that builds does it one way: sphinx.testing's ``make_app``
(Sphinx's ``SphinxTestApp``), through the ``build`` fixture, on a project
folder: a copy of a root under ``tests/roots`` (``copy_root``, the one
helper that copies roots), or files written by ``write_project``.  (The
``app`` fixture of ``@pytest.mark.sphinx(testroot=...)`` is make_app too;
``rootdir`` points it at ``tests/roots``.)  Builds that many tests only
read are made once per session (``shared_build``).

Building the same folder again is an incremental build: the environment
is kept in its ``_build``, and ``SphinxTestApp`` reads and writes only what
``sphinx-build`` would (checked with Sphinx 8.1 and 9.0), so there is no
separate helper for incremental builds.

``SphinxTestApp`` renders with the ``basic`` theme where a project leaves
``html_theme`` at its default ``alabaster``; compare HTML with
``page_body`` where the navigation around the body may differ.

Sphinx compiles its HTML templates again for every build; the compiled
templates are kept between the builds of the session
(``_keep_compiled_templates``), which takes about a fifth off each build.
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jinja2
import pytest
from sphinx.config import Config
from sphinx.testing.util import SphinxTestApp

from sphinx_rfc.cli.project import keep_sphinx_defaults

pytest_plugins = ("sphinx.testing.fixtures",)

ROOTS = Path(__file__).parent / "roots"
WARNING_RE = re.compile(
    r"^(?P<path>[^\n]*?):(?P<line>\d+)?:? ?WARNING: (?P<message>.*?) \[(?P<type>[\w.-]+)\]$",
    re.MULTILINE,
)
ANSI = re.compile(r"\x1b\[[0-9;]*m")
BODY_START = '<div class="body" role="main">'
#: what follows the body in the themes used here (sidebar, navigation bar, footer)
BODY_ENDS = ('<div class="sphinxsidebar"', '<div class="related"', '<div class="footer"')


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist (``-n``), the worker process has execnet's I/O
    thread, and Python 3.12+ warns at every ``fork()`` of a threaded process
    (the ``-j`` builds of the tests fork): that thread is the runner's, not
    the package's, so the warning is left out there.  A serial run
    (``python -m pytest``) still shows it, should the package ever start a
    thread before Sphinx forks."""
    import os

    if os.environ.get("PYTEST_XDIST_WORKER"):
        config.addinivalue_line(
            "filterwarnings",
            "ignore:This process .* is multi-threaded, use of fork\\(\\) may lead to deadlocks"
            ":DeprecationWarning",
        )


@pytest.fixture(scope="session")
def rootdir() -> Path:
    """Where ``@pytest.mark.sphinx(testroot=...)`` finds its roots."""
    return ROOTS


class _CompiledTemplates(jinja2.BytecodeCache):
    """jinja2's cache of compiled templates, in memory; a template whose
    source changed is compiled again (jinja2 checks a checksum)."""

    def __init__(self) -> None:
        self.store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.store:
            bucket.bytecode_from_string(self.store[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.store[bucket.key] = bucket.bytecode_to_string()


@pytest.fixture(scope="session", autouse=True)
def _keep_compiled_templates() -> Iterator[None]:
    """Give the template environment Sphinx makes for each build one
    cache of compiled templates for the whole session (Sphinx's own
    template loader, every HTML theme; not the LaTeX renderer)."""
    from sphinx.jinja2glue import BuiltinTemplateLoader

    cache = _CompiledTemplates()
    init = BuiltinTemplateLoader.init

    def init_with_cache(self: BuiltinTemplateLoader, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        self.environment.bytecode_cache = cache

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(BuiltinTemplateLoader, "init", init_with_cache)
        yield


@pytest.fixture(scope="session", autouse=True)
def _private_cli_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The CLI keeps its environments under ``$XDG_CACHE_HOME``: the tests'
    go to a folder of this session, never into the user's own cache.
    (Subprocesses inherit the variable.)"""
    folder = tmp_path_factory.mktemp("xdg-cache")
    folder.chmod(0o700)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder))
        yield


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


def page_body(html: str) -> str:
    """The document's own part of an HTML page: its body ``div``, without
    the sidebar, navigation bars and footer around it (which Sphinx leaves
    as they were on pages an incremental build does not rewrite)."""
    start = html.index(BODY_START)
    ends = [i for marker in BODY_ENDS if (i := html.find(marker, start)) >= 0]
    return html[start : min(ends, default=len(html))]


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


def copy_root(name: str, dest: Path) -> Path:
    """Copy the root ``tests/roots/test-<name>`` to *dest*; return the
    project folder.  *name* may name a project inside a root
    (``native-pair/native``): the whole root is copied, as its projects
    share files."""
    top, _, inner = name.partition("/")
    shutil.copytree(
        ROOTS / f"test-{top}", dest, ignore=shutil.ignore_patterns("_build", "__pycache__")
    )
    return dest / inner if inner else dest


class Build:
    """A finished build: the application, its folders and what it logged."""

    def __init__(self, app: SphinxTestApp) -> None:
        self.app = app
        self.env = app.env
        self.srcdir = Path(app.srcdir)
        self.outdir = Path(app.outdir)
        self.status = ANSI.sub("", app.status.getvalue())
        self.warnings = ANSI.sub("", app.warning.getvalue())
        # the documents read and written, in order (a parallel build logs
        # chunks, "first .. last", of which these keep the first names)
        self.read = re.findall(r"reading sources\.\.\. \[\s*\d+%\] (\S+)", self.status)
        self.written = re.findall(r"writing output\.\.\. \[\s*\d+%\] (\S+)", self.status)

    def rfc_warnings(self) -> list[tuple[str, int | None, str, str]]:
        return [w for w in parse_warnings(self.warnings) if w[2].startswith("rfc.")]

    def rfcs(self) -> dict[str, dict[str, Any]]:
        """The records of the build's ``rfcs.json``, by ID."""
        data = json.loads((self.outdir / "rfcs.json").read_text(encoding="utf-8"))
        return {r["id"]: r for r in data["rfcs"]}


BuildFn = Callable[..., Build]


#: Sphinx's default source_suffix before any app of the tests added to it.
_SOURCE_SUFFIX = dict(Config.config_values["source_suffix"].default)


@pytest.fixture(autouse=True)
def _sphinx_defaults() -> None:
    """Each test starts with Sphinx's default ``source_suffix`` as Sphinx
    ships it, whatever app an earlier test or fixture made (MyST adds
    ``.md`` to that one dictionary: see keep_sphinx_defaults)."""
    default = Config.config_values["source_suffix"].default
    default.clear()
    default.update(_SOURCE_SUFFIX)


@pytest.fixture(autouse=True)
def _projects_import_their_own_code(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """What a test's projects imported from their folders (``conf.py``
    puts a ``code`` folder on ``sys.path``; ``rfc_check_signatures``
    imports from it) is forgotten after the test, and ``sys.path`` is as
    it was: two projects of the suite ship a package of the same name
    (``sigpkg``), and a later test must import its own project's copy,
    not one a test before it left in ``sys.modules``."""
    path = list(sys.path)
    before = set(sys.modules)
    yield
    sys.path[:] = path
    base = str(tmp_path_factory.getbasetemp())
    for name in set(sys.modules) - before:
        module = sys.modules[name]
        files = [getattr(module, "__file__", None) or "", *(getattr(module, "__path__", None) or [])]
        if any(str(file).startswith(base) for file in files):
            del sys.modules[name]
    importlib.invalidate_caches()


def _build(make_app: Callable[..., SphinxTestApp], srcdir: Path, builder: str,
           **kwargs: Any) -> Build:
    # (MyST's ".md" added to Sphinx's one default source_suffix: removed after)
    with keep_sphinx_defaults():
        app = make_app(builder, srcdir=srcdir, **kwargs)
        try:
            app.build()
        finally:
            # docutils' global registries back as they were at once (make_app
            # does it only after the test), so that the next build in the same
            # test is not told that its directives are already registered
            app.cleanup()
    return Build(app)


def sphinx_build(srcdir: Path, builder: str = "html", **kwargs: Any) -> Build:
    """Build *srcdir* where no fixture reaches (a test's helper function):
    the same build as the ``build`` fixture's, by ``SphinxTestApp``, into
    ``srcdir/_build`` (a second call builds incrementally)."""
    return _build(SphinxTestApp, srcdir, builder, **kwargs)


@pytest.fixture
def build(make_app: Callable[..., SphinxTestApp], tmp_path: Path) -> BuildFn:
    """``build(project, builder="html", **kwargs) -> Build``: build a
    project.  *project* is a folder; or the name of a root, copied into a
    fresh folder under ``tmp_path`` first; or the files of a project
    (path -> text), written there by ``write_project`` (with ``conf=`` for
    its ``conf.py``).  Other *kwargs* go to ``SphinxTestApp``
    (``parallel``, ``confoverrides``, ``freshenv``...)."""

    def fresh(name: str) -> Path:
        dest, n = tmp_path / name, 1
        while dest.exists():
            n += 1
            dest = tmp_path / f"{name}-{n}"
        return dest

    def run(project: Path | str | dict[str, str], builder: str = "html", *, conf: str = "",
            **kwargs: Any) -> Build:
        if isinstance(project, dict):
            project = write_project(fresh("src"), project, conf)
        elif isinstance(project, str):
            project = copy_root(project, fresh(project.replace("/", "-")))
        return _build(make_app, project, builder, **kwargs)

    return run


_SHARED: dict[str, Build] = {}


@pytest.fixture
def shared_build(
    make_app: Callable[..., SphinxTestApp], tmp_path_factory: pytest.TempPathFactory
) -> BuildFn:
    """``shared_build(root, builder="html", **kwargs) -> Build``: the one
    build of a root with these arguments in this session, made the first
    time a test asks for it.  With ``files=`` (and ``conf=``), *root* only
    names a generated project written by ``write_project``.  For tests that
    only read a build: never write into its folders."""

    def run(root: str, builder: str = "html", *, files: dict[str, str] | None = None,
            conf: str = "", **kwargs: Any) -> Build:
        key = f"{root} {builder} {sorted(kwargs.items())!r}"
        if key not in _SHARED:
            folder = tmp_path_factory.mktemp(f"shared-{root.replace('/', '-')}") / "src"
            srcdir = copy_root(root, folder) if files is None else write_project(folder, files, conf)
            _SHARED[key] = _build(make_app, srcdir, builder, **kwargs)
        return _SHARED[key]

    return run


@pytest.fixture
def git_user_name(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[[str | None], None]:
    """``git_user_name(name)``: what ``git config user.name`` says from here
    on in this test (None: git has no name), whatever the machine's own git
    configuration says (``sphinx-rfc new`` takes its default author there)."""

    def set_name(name: str | None) -> None:
        config = tmp_path / "gitconfig-of-the-test"
        config.write_text("" if name is None else f"[user]\n\tname = {name}\n", encoding="utf-8")
        monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
        monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")

    return set_name
