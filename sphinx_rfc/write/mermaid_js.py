"""Mermaid's JavaScript: only on pages that draw a diagram, and from a
local build (``rfc_mermaid_js``) instead of the CDN when one is named.

sphinxcontrib-mermaid adds its script in an ``html-page-context`` handler,
``install_js``: an inline ``<script type="module">`` that starts with
``import mermaid from "<URL>"`` (a CDN URL unless ``mermaid_use_local``).
It skips documents without a ``mermaid`` node but not pages without a
document (``genindex``, ``search``, the domain indices), which all got the
script.  This module puts a wrapper in its place:

- a page gets Mermaid's script only when its document holds a ``mermaid``
  node (the directive's, or a template-native RFC's fenced block that
  ``resolve/mermaid`` turned into one), found in one walk that also tells
  whether one zooms (upstream then walks the page only for those); a graph
  drawn as SVG (``rfc-graph``'s default) holds no such node and gets none;
- with ``rfc_mermaid_js``, the build copies the file (an ES module: with
  the chunks it imports) into ``_static`` before any page is written, and
  rewrites that import line: a classic build (``mermaid.min.js``, which
  sets ``globalThis.mermaid``) is loaded by a deferred ``<script>`` just
  before the module, which then reads the global — the one way that works
  from ``file://`` too, where browsers refuse module imports; an ES module
  build (``mermaid.esm.min.mjs``) is imported from ``_static`` instead of
  the CDN (over HTTP only).

Everything else of sphinxcontrib-mermaid's script (themes, fullscreen,
``mermaid_init_config``) stays as it is.  The seam is the one the plugin
offers: its ``install_js``, a module-level handler of ``html-page-context``,
wrapped in its place (:func:`replace_install_js`), and only under the
versions this module was written against (:data:`ADAPTED`, checked by
``wiring.py`` before any of these handlers is connected).  One speed
device rides on it (``devices.MERMAID_TEMPLATES``): the plugin's Jinja
templates compiled once per process instead of once per page
(:func:`compile_templates_once`).  Its HTML visitor is no longer wrapped
(``MERMAID_MARKS`` bought under 2 %: benchmarks/README.md).
A build that writes pages which would load Mermaid from the CDN says so
once, at the end; to count them (in the main process, also under ``-j``),
only the pages whose source names a diagram (``mermaid``,
``autoclasstree``, ``rfc-graph``, in the file or a file it includes) are
looked at after resolving.  How to get the file:
``docs/howto/offline-diagrams.md``.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from functools import partial
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.errors import ConfigError
from sphinx.util import logging

from sphinx_rfc import _lazy_re, devices
from sphinx_rfc._atomic import clean_leftovers, copy_file
from sphinx_rfc.config import settings
from sphinx_rfc.i18n import __
from sphinx_rfc.resolve.mermaid import may_draw
from sphinx_rfc.spec.subtypes import WARNING_TYPE

if TYPE_CHECKING:
    from sphinx.application import Sphinx

logger = logging.getLogger(__name__)

#: The line of sphinxcontrib-mermaid's module scripts (1.x and 2.x) that loads Mermaid.
IMPORT_MERMAID = _lazy_re.compile(r"""import\s+mermaid\s+from\s*(["'])(?P<url>[^"']+)\1\s*;?""")
#: Relative module specifiers in an ES module build: ``from"./x.mjs"``,
#: ``import"./x.mjs"``, ``import("./x.mjs")``.
_RELATIVE_IMPORT = _lazy_re.compile(r"""(?:\bfrom|\bimport)\s*+\(?\s*+(["'])(?P<spec>\.{1,2}/[^"']+)\1""")

#: Per build: the pages written with a ``mermaid`` node (for the CDN line),
#: and whether the "script not recognised" warning was given.
_PAGES: weakref.WeakKeyDictionary[Sphinx, set[str]] = weakref.WeakKeyDictionary()
_WARNED: weakref.WeakSet[Sphinx] = weakref.WeakSet()

InstallJs = Callable[[Any, str, str, dict[str, Any], Any], None]


def _mermaid_node() -> type[nodes.Element]:
    from sphinxcontrib.mermaid import mermaid

    return mermaid  # type: ignore[no-any-return]


def draws_diagram(doctree: nodes.document | None) -> bool:
    """Whether a page's document holds a Mermaid diagram (pages without a
    document — ``genindex``, ``search``, domain indices — never do)."""
    return doctree is not None and doctree.next_node(_mermaid_node()) is not None


def drew_diagram(doctree: nodes.document | None) -> tuple[bool, bool]:
    """Whether a page's document holds a Mermaid diagram (which the HTML
    writer draws: sphinxcontrib-mermaid's visitor draws every one), and
    whether one of them zooms (the directive's ``:zoom:``): one walk."""
    if doctree is None:
        return False, False
    found = list(doctree.findall(_mermaid_node()))
    return bool(found), any("zoom_id" in node for node in found)


def is_module(path: str | PurePosixPath) -> bool:
    """An ES module build (``.mjs``), imported; otherwise a classic script."""
    return PurePosixPath(path).suffix == ".mjs"


def module_files(entry: Path) -> list[Path]:
    """*entry* and every file it imports by a relative specifier, directly
    or not (``mermaid.esm.min.mjs`` imports ~100 chunks), relative to the
    entry's folder; raises ConfigError for an import that is missing or
    outside that folder."""
    base = entry.parent.resolve()
    seen: dict[Path, None] = {}
    todo = [entry.resolve()]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        if not path.is_relative_to(base) or not path.is_file():
            raise ConfigError((
                __("sphinx_rfc: rfc_mermaid_js: {entry} imports {path}, which is not in its "
                   "folder") if not path.is_relative_to(base) else
                __("sphinx_rfc: rfc_mermaid_js: {entry} imports {path}, which is missing")
            ).format(entry=entry.name, path=path)
            )
        seen[path] = None
        text = path.read_text(encoding="utf-8", errors="replace")
        todo.extend((path.parent / m.group("spec")).resolve()
                    for m in _RELATIVE_IMPORT.finditer(text))
    return list(seen)


def copy_local_build(app: Sphinx) -> None:
    """Copy the ``rfc_mermaid_js`` file (and an ES module's chunks) into
    ``_static`` of an HTML build, before pages are written (their
    ``?v=`` checksums need the file there); a file already the same is left."""
    local = settings(app.config).mermaid_js
    if local is None or app.builder.format != "html":
        return
    source = Path(app.confdir) / local
    if not source.is_file():
        raise ConfigError(__(
            "sphinx_rfc: rfc_mermaid_js: no file {path} (the path is relative to conf.py)"
        ).format(path=source))
    files = module_files(source) if is_module(local) else [source]
    base = source.parent.resolve()
    static = Path(app.outdir) / "_static"
    folders: set[Path] = set()
    for path in files:
        target = static / path.relative_to(base)
        if target.parent not in folders:
            target.parent.mkdir(parents=True, exist_ok=True)
            clean_leftovers(target.parent)
            folders.add(target.parent)
        copy_file(path, target)  # (unless it is the same; whole or not at all)


def _static_url(context: dict[str, Any], name: str) -> str:
    """*name* in ``_static`` as a module specifier relative to the page."""
    url = str(context["pathto"]("_static/" + name, resource=True))
    return url if url.startswith(("./", "../", "/")) else "./" + url


def use_local_build(app: Sphinx, context: dict[str, Any], local: str) -> bool:
    """Point the page's Mermaid module scripts at the local build; return
    whether there was an import to rewrite."""
    files = context.get("script_files")
    if not isinstance(files, list):
        return False
    name = PurePosixPath(local).name
    module = is_module(local)
    found: list[str] = []
    rewritten: list[Any] = []
    for js in files:
        body = getattr(js, "attributes", {}).get("body") or ""
        match = IMPORT_MERMAID.search(body)
        if match is None:
            rewritten.append(js)
            continue
        found.append(match.group("url"))
        line = (f'import mermaid from "{_static_url(context, name)}";' if module
                else "const mermaid = globalThis.mermaid;")
        attributes = {**js.attributes, "body": body[:match.start()] + line + body[match.end():]}
        if not module and len(found) == 1:
            # deferred scripts and modules run in document order: this one first
            rewritten.append(type(js)(f"_static/{name}", priority=js.priority,
                                      defer="defer"))
        rewritten.append(type(js)(js.filename, priority=js.priority, **attributes))
    # 1.x also links the CDN module itself: no longer needed
    files[:] = [js for js in rewritten if getattr(js, "filename", None) not in found]
    return bool(found)


def install_js(upstream: InstallJs, app: Sphinx, pagename: str, templatename: str,
               context: dict[str, Any], doctree: nodes.document | None) -> None:
    """sphinxcontrib-mermaid's ``install_js``, on pages that draw a diagram
    only, pointed at ``rfc_mermaid_js`` when it is set.

    Upstream walks the page's document twice: for a diagram (known here
    already) and for diagrams that zoom (known from the writer's marks).
    It is given the document only when a drawn diagram zooms; otherwise it
    gets none, as for a page without a document, and walks nothing."""
    drawn, zoomed = drew_diagram(doctree)
    if not drawn:
        return
    upstream(app, pagename, templatename, context, doctree if zoomed else None)
    local = settings(app.config).mermaid_js
    if local is None or app.config.mermaid_output_format != "raw":
        return
    if "script_files" not in context:
        return  # the json and pickle builders: a page's data, no scripts to point
    if not use_local_build(app, context, local) and app not in _WARNED:
        _WARNED.add(app)
        logger.warning(
            __("sphinx_rfc: rfc_mermaid_js: sphinxcontrib-mermaid's script on %s has no "
               "'import mermaid from' line to point at %s; its diagrams load Mermaid "
               "as sphinxcontrib-mermaid says"), pagename, local,
            type=WARNING_TYPE, subtype="mermaid-script",
        )


def compile_templates_once() -> None:
    """sphinxcontrib-mermaid's ``install_js`` compiles its three Jinja
    templates (the module script and two style sheets, constants of the
    package) from source for every page that draws a diagram: about 10 ms
    a page (3 G of the 40 G instructions of the benchmark's build at 60
    RFCs).  One compiled template per source serves every page (a Jinja
    template renders with no state of its own).  The name is replaced only
    while it is still Jinja's own ``Template``, and a call with anything
    more than a source string gets a new template, as before."""
    import sphinxcontrib.mermaid as upstream
    from jinja2 import Template

    if not devices.MERMAID_TEMPLATES or getattr(upstream, "Template", None) is not Template:
        return

    @functools.lru_cache(maxsize=8)
    def compiled(source: str) -> Any:
        return Template(source)

    def template(source: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or not isinstance(source, str):
            return Template(source, *args, **kwargs)
        return compiled(source)

    upstream.Template = template


def replace_install_js(app: Sphinx) -> bool:
    """Put :func:`install_js` in the place of sphinxcontrib-mermaid's own
    handler (same priority); False if that handler is not found."""
    from sphinxcontrib.mermaid import install_js as upstream

    for listener in list(app.events.listeners.get("html-page-context", [])):
        if listener.handler is upstream:
            app.disconnect(listener.id)
            app.connect("html-page-context", partial(install_js, upstream),
                        priority=listener.priority)
            return True
    return False


def note_diagram_page(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved`` (main process, also under ``-j``): remember the
    pages written with a diagram (only pages whose source names one are
    looked at)."""
    if app.builder.format == "html" and may_draw(app.env, docname) and draws_diagram(doctree):
        _PAGES.setdefault(app, set()).add(docname)


def cdn_line(app: Sphinx) -> str | None:
    """The one info line of a build whose pages load Mermaid from a CDN, or None."""
    pages = _PAGES.get(app, set())
    config = app.config
    if (not pages or settings(config).mermaid_js is not None
            or config.mermaid_output_format != "raw" or config.mermaid_use_local):
        return None
    return __(
        "sphinx_rfc: {count} page(s) load Mermaid's JavaScript from a CDN "
        "(cdn.jsdelivr.net) to draw their diagrams; with no network they show the "
        "diagram code. Set rfc_mermaid_js to a local mermaid.min.js to serve it from "
        "_static (how-to: Draw diagrams with no network)"
    ).format(count=len(pages))


def say_not_adapted(app: Sphinx) -> None:
    """Under a sphinxcontrib-mermaid this module does not know, a project
    that set ``rfc_mermaid_js`` is told once that it is not applied."""
    if settings(app.config).mermaid_js is None or app.builder.format != "html":
        return
    version = upstream_version()
    shown = ".".join(map(str, version)) if version else "unknown"
    logger.warning(
        __("sphinx_rfc: rfc_mermaid_js is not applied: sphinxcontrib-mermaid %s is not a "
           "version sphinx_rfc knows (%s to %s); its diagrams load Mermaid as "
           "sphinxcontrib-mermaid says"), shown, ".".join(map(str, ADAPTED[0])),
        __("before %s") % ".".join(map(str, ADAPTED[1])),
        type=WARNING_TYPE, subtype="mermaid-script",
    )


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    line = cdn_line(app) if exception is None else None
    _PAGES.pop(app, None)
    if line:
        logger.info(line)


#: The sphinxcontrib-mermaid versions whose ``install_js`` (its signature,
#: its module script's ``import mermaid from`` line) and module level
#: ``Template`` this module was written against and is tested with: from
#: 2.1 (the oldest-Sphinx tox leg installs 2.1.0, the others the newest)
#: up to, not including, 3.  Older releases load d3 (2.0) or the elk
#: layouts (1.x) from a CDN on every page whatever is set here; they are
#: below the package's floor.  Under any other version nothing of
#: sphinxcontrib-mermaid is replaced: every page gets its script as
#: upstream decides, and ``rfc_mermaid_js`` is not applied (said once,
#: when the builder starts: :func:`say_not_adapted`).
ADAPTED = ((2, 1), (3,))


def upstream_version() -> tuple[int, ...] | None:
    """The installed sphinxcontrib-mermaid's version as numbers (``2.1.1``
    → ``(2, 1, 1)``), or None when it cannot be told."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        text = version("sphinxcontrib-mermaid")
    except PackageNotFoundError:
        return None
    numbers: list[int] = []
    for part in text.split("."):
        digits = ""
        for char in part:
            if not char.isdigit():
                break
            digits += char
        if not digits:
            break
        numbers.append(int(digits))
        if len(digits) != len(part):
            break  # 2.0.0rc1: the numbers up to the letters
    return tuple(numbers) or None


def adapts(version: tuple[int, ...] | None) -> bool:
    """Whether sphinxcontrib-mermaid *version* is one this module adapts."""
    low, high = ADAPTED
    return version is not None and low <= version < high


def adapted() -> bool:
    """Whether the installed sphinxcontrib-mermaid is one this module adapts
    (its handlers are wired only then: ``sphinx_rfc/wiring.py``)."""
    return adapts(upstream_version())


def take_install_js_place(app: Sphinx) -> None:
    """:func:`install_js` in the place of sphinxcontrib-mermaid's own
    handler, and its templates compiled once a process."""
    if replace_install_js(app):
        compile_templates_once()
