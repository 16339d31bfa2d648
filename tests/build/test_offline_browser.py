"""Mermaid diagrams with no network (``rfc_mermaid_js``, issue 14), and
Mermaid's script only on the pages that draw one.

The project: a directive RFC in MyST and one in rST (the ``mermaid``
directive), a template-native Markdown RFC (a fenced ``mermaid`` block),
a page that is no RFC with sphinxcontrib-mermaid's own directive, and a
page with no diagram.

- What the build writes is checked in the HTML, with a stand-in Mermaid
  (a few lines that "draw" an empty ``<svg>``): no browser, no npm.
- Real headless Chromium with networking disabled (a proxy that does not
  exist, loopback included: only ``file://`` loads) opens the pages: with
  the stand-in, then with Mermaid's real build, obtained once with
  ``npm pack mermaid@11`` and kept in pytest's cache folder.  Every
  diagram must be an SVG and no diagram code visible; without
  ``rfc_mermaid_js`` the same pages show the code (the control: the
  browser really is offline).  The ES module build is served over HTTP on
  loopback (browsers refuse module imports from ``file://``).

Skipped: the browser tests without ``/usr/bin/chromium``; those with the
real Mermaid without ``npm`` (or when the registry cannot be reached).
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import subprocess
import tarfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOTS, write_project
from headless import CHROMIUM, Browser, Site, build_site
from sphinx.errors import ConfigError

from sphinx_rfc.write.mermaid_js import IMPORT_MERMAID, module_files

pytestmark = pytest.mark.slow  # headless Chromium on built pages

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="headless Chromium (/usr/bin/chromium) is not installed"
)

#: The Mermaid release line the tests draw with (``npm pack mermaid@11``).
MERMAID = "11"

#: page -> how many diagrams it draws
DIAGRAM_PAGES = {
    "rfcs/0010-optimizer-state-offload": 2,  # MyST, {mermaid} directive
    "rfcs/0012-fused-attention-kernels": 2,  # rST, .. mermaid::
    "native/0042-optimizer-offload": 1,  # template-native, fenced ```mermaid
    "diagram": 1,  # no RFC: sphinxcontrib-mermaid's own directive
}
NO_DIAGRAM_PAGES = ["index", "plain", "genindex", "search", "rfc-rfcs", "rfc-modules"]
#: words of the diagrams' code that must not be visible once drawn
CODE_WORDS = ["flowchart", "sequenceDiagram", "-->", "participant"]

STUB_CLASSIC = """\
/* a stand-in for mermaid.min.js: sets the global, "draws" an empty SVG */
globalThis.mermaid = {
  initialize: function () {},
  registerLayoutLoaders: function () {},
  run: async function (options) {
    var found = (options && options.nodes) || document.querySelectorAll(".mermaid");
    found.forEach(function (el) {
      el.innerHTML = '<svg class="stub" width="10" height="10"></svg>';
      el.setAttribute("data-processed", "true");
    });
  }
};
"""
STUB_MODULE = 'import {run} from "./chunks/stub/run.mjs";\n' \
    "export default {initialize() {}, registerLayoutLoaders() {}, run};\n"
STUB_CHUNK = """\
import "./side.mjs";
export async function run(options) {
  const found = (options && options.nodes) || document.querySelectorAll(".mermaid");
  found.forEach((el) => {
    el.innerHTML = '<svg class="stub" width="10" height="10"></svg>';
    el.setAttribute("data-processed", "true");
  });
}
"""


def make_project(root: Path, conf: str = "", files: dict[str, str] | None = None) -> Path:
    clean = ROOTS / "test-checks-clean" / "rfcs"
    native = ROOTS / "test-native-corpus" / "rfcs" / "0042-optimizer-offload.md"
    pages = {
        "index.rst": "Offline diagrams\n================\n\n.. toctree::\n   :glob:\n\n"
                     "   rfcs/*\n   native/*\n   diagram\n   plain\n",
        "rfcs/0010-optimizer-state-offload.md":
            (clean / "0010-optimizer-state-offload.md").read_text(encoding="utf-8"),
        "rfcs/0012-fused-attention-kernels.rst":
            (clean / "0012-fused-attention-kernels.rst").read_text(encoding="utf-8"),
        "native/0042-optimizer-offload.md": native.read_text(encoding="utf-8"),
        "diagram.rst": "A diagram\n=========\n\n.. mermaid::\n\n   flowchart LR\n"
                       "       start --> finish\n",
        "plain.rst": "No diagram\n==========\n\nText only.\n",
        **(files or {}),
    }
    return write_project(root, pages, 'rfc_documents = ["native/*"]\n' + conf)


def html(build: Site, page: str) -> str:
    return (build.outdir / f"{page}.html").read_text(encoding="utf-8")


def module_scripts(text: str) -> list[str]:
    return re.findall(r'<script type="module">(.*?)</script>', text, re.S)


@pytest.fixture(scope="module")
def cdn_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """No rfc_mermaid_js: the CDN, as sphinxcontrib-mermaid does it."""
    return build_site(make_project(tmp_path_factory.mktemp("cdn") / "src"))


@pytest.fixture(scope="module")
def stub_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    src = make_project(tmp_path_factory.mktemp("stub") / "src",
                       'rfc_mermaid_js = "vendor/mermaid.min.js"\n',
                       {"vendor/mermaid.min.js": STUB_CLASSIC})
    return build_site(src, parallel=2)


# -- what the build writes -------------------------------------------------


def test_only_pages_with_a_diagram_get_mermaids_script(cdn_site: Site) -> None:
    for page in DIAGRAM_PAGES:
        scripts = [s for s in module_scripts(html(cdn_site, page)) if IMPORT_MERMAID.search(s)]
        assert len(scripts) == 1, page
        assert "cdn.jsdelivr.net/npm/mermaid" in scripts[0]
    for page in NO_DIAGRAM_PAGES:
        text = html(cdn_site, page)
        assert "mermaid" not in text.split("</head>")[0].lower(), page


def test_a_build_that_needs_the_cdn_says_so_once(cdn_site: Site, stub_site: Site,
                                                 tmp_path: Path) -> None:
    lines = [line for line in cdn_site.status.splitlines() if "rfc_mermaid_js" in line]
    assert len(lines) == 1, cdn_site.status
    assert lines[0].startswith(f"sphinx_rfc: {len(DIAGRAM_PAGES)} page(s) load Mermaid's")
    assert "rfc_mermaid_js" not in cdn_site.warnings  # an info line, not a warning
    # not with a local build, nor when no page draws a diagram
    assert "rfc_mermaid_js" not in stub_site.status + stub_site.warnings
    none = build_site(write_project(tmp_path / "src", {"index.rst": "I\n=\n\nText.\n"}))
    assert "rfc_mermaid_js" not in none.status


def test_a_classic_build_is_copied_and_loaded_before_the_module(stub_site: Site) -> None:
    assert (stub_site.outdir / "_static" / "mermaid.min.js").read_text() == STUB_CLASSIC
    for page in DIAGRAM_PAGES:
        head = html(stub_site, page).split("</head>")[0]
        assert "cdn.jsdelivr" not in head, page
        depth = "../" * page.count("/")
        tag = f'<script defer="defer" src="{depth}_static/mermaid.min.js?v='
        assert head.count(tag) == 1, page
        # a deferred script runs before the module scripts after it
        assert head.index(tag) < head.index('<script type="module">'), page
        (script,) = module_scripts(head)
        assert script.startswith("const mermaid = globalThis.mermaid;"), page
        assert "import mermaid" not in script
    for page in NO_DIAGRAM_PAGES:
        assert "mermaid" not in html(stub_site, page).split("</head>")[0].lower(), page


def test_an_es_module_build_is_copied_with_its_chunks(tmp_path: Path) -> None:
    src = make_project(tmp_path / "src", 'rfc_mermaid_js = "vendor/esm/mermaid.esm.min.mjs"\n', {
        "vendor/esm/mermaid.esm.min.mjs": STUB_MODULE,
        "vendor/esm/chunks/stub/run.mjs": STUB_CHUNK,
        "vendor/esm/chunks/stub/side.mjs": "export const side = 1;\n",
        "vendor/esm/chunks/stub/unused.mjs": "export const unused = 1;\n",
    })
    build = build_site(src)
    static = build.outdir / "_static"
    assert (static / "mermaid.esm.min.mjs").read_text() == STUB_MODULE
    assert (static / "chunks" / "stub" / "run.mjs").is_file()
    assert (static / "chunks" / "stub" / "side.mjs").is_file()
    assert not (static / "chunks" / "stub" / "unused.mjs").exists()  # imported by nothing
    (script,) = module_scripts(html(build, "native/0042-optimizer-offload"))
    assert script.startswith('import mermaid from "../_static/mermaid.esm.min.mjs";')
    (script,) = module_scripts(html(build, "diagram"))
    assert script.startswith('import mermaid from "./_static/mermaid.esm.min.mjs";')


def test_the_setting_is_checked(tmp_path: Path) -> None:
    for value in ("5", '"mermaid.css"', '""'):
        with pytest.raises(ConfigError, match="'rfc_mermaid_js' must be None or the path"):
            build_site(make_project(tmp_path / f"bad{len(value)}", f"rfc_mermaid_js = {value}\n"))
    missing = make_project(tmp_path / "missing", 'rfc_mermaid_js = "vendor/mermaid.min.js"\n')
    with pytest.raises(ConfigError, match=r"no file .*mermaid\.min\.js \(the path is relative"):
        build_site(missing)
    # only HTML builds need the file
    assert build_site(missing, "text").app.statuscode == 0


def test_module_files_stay_in_the_entry_folder(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "outside.mjs").write_text("export const x = 1;\n")
    entry = tmp_path / "lib" / "m.mjs"
    entry.write_text('import "../outside.mjs";\n')
    with pytest.raises(ConfigError, match="not in its folder"):
        module_files(entry)
    entry.write_text('import {a} from "./gone.mjs";\n')
    with pytest.raises(ConfigError, match="missing"):
        module_files(entry)


# -- in a browser with no network ------------------------------------------

DRAWN = r"""
(function () {
  var all = Array.prototype.slice.call(document.querySelectorAll(".mermaid"));
  return {
    diagrams: all.length,
    svgs: all.filter(function (el) { return el.querySelector("svg"); }).length,
    codeShown: all.filter(function (el) {
      return Array.prototype.some.call(el.childNodes, function (n) {
        return n.nodeType === 3 && n.textContent.trim();
      });
    }).length,
    text: document.body.innerText
  };
})()
"""
ALL_DRAWN = ("(function () { var all = document.querySelectorAll('.mermaid');"
             " return all.length > 0 && Array.prototype.every.call(all,"
             " function (el) { return el.querySelector('svg'); }); })()")


def assert_all_drawn(browser: Browser, page_url: str, expected: int) -> None:
    browser.open(page_url)
    browser.wait_for(ALL_DRAWN, timeout=20)
    seen = browser.evaluate(DRAWN)
    assert seen["diagrams"] == expected and seen["svgs"] == expected, (page_url, seen)
    assert seen["codeShown"] == 0, page_url
    for word in CODE_WORDS:
        assert word not in seen["text"], (page_url, word)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip("headless Chromium (/usr/bin/chromium) is not installed")
    chromium = Browser()  # no network at all, loopback included
    yield chromium
    chromium.close()


def offline(browser: Browser) -> None:
    """Only files were asked for: the page needed no network."""
    remote = [url for url in browser.requests if not url.startswith(("file:", "data:"))]
    assert remote == [], remote


@needs_chromium
def test_offline_with_no_local_build_the_code_shows(browser: Browser, cdn_site: Site) -> None:
    """The control: the browser really is offline."""
    browser.open((cdn_site.outdir / "diagram.html").as_uri())
    assert not browser.wait_for(ALL_DRAWN, timeout=3)
    assert "start --> finish" in browser.evaluate("document.body.innerText")


@needs_chromium
def test_offline_the_stand_in_draws_every_diagram(browser: Browser, stub_site: Site) -> None:
    for page, count in DIAGRAM_PAGES.items():
        assert_all_drawn(browser, (stub_site.outdir / f"{page}.html").as_uri(), count)
        offline(browser)


# -- with Mermaid's real build (npm pack) ----------------------------------


@pytest.fixture(scope="session")
def mermaid_dist(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Mermaid's ``dist`` folder (``npm pack mermaid@11``), kept in pytest's
    cache folder between sessions; skip without npm or the registry."""
    cache = getattr(request.config, "cache", None)
    folder = (Path(cache.mkdir("sphinx-rfc-mermaid")) if cache is not None
              else tmp_path_factory.mktemp("mermaid"))
    dist = folder / "package" / "dist"
    if (dist / "mermaid.min.js").is_file() and (dist / "mermaid.esm.min.mjs").is_file():
        return dist
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: no Mermaid build to draw with (npm pack mermaid)")
    run = subprocess.run([npm, "pack", f"mermaid@{MERMAID}", "--pack-destination", str(folder)],
                         capture_output=True, text=True, timeout=300, check=False)
    if run.returncode != 0 or not run.stdout.strip():
        pytest.skip(f"npm pack mermaid@{MERMAID} failed: {run.stderr.strip()[-300:]}")
    tgz = folder / run.stdout.strip().splitlines()[-1]
    wanted = re.compile(r"package/(package\.json|LICENSE|dist/mermaid\.min\.js"
                        r"|dist/mermaid\.esm\.min\.mjs|dist/chunks/mermaid\.esm\.min/[^/]+\.mjs)$")
    with tarfile.open(tgz) as tar:
        members = [m for m in tar.getmembers() if m.isfile() and wanted.match(m.name)]
        tar.extractall(folder, members=members, filter="data")
    tgz.unlink()
    return dist


@pytest.fixture(scope="module")
def real_site(tmp_path_factory: pytest.TempPathFactory, mermaid_dist: Path) -> Site:
    src = make_project(tmp_path_factory.mktemp("real") / "src",
                       'rfc_mermaid_js = "_static/mermaid.min.js"\n')
    (src / "_static").mkdir()
    shutil.copy(mermaid_dist / "mermaid.min.js", src / "_static")
    return build_site(src)


@needs_chromium
def test_offline_real_mermaid_draws_every_diagram(browser: Browser, real_site: Site) -> None:
    for page, count in DIAGRAM_PAGES.items():
        assert_all_drawn(browser, (real_site.outdir / f"{page}.html").as_uri(), count)
        offline(browser)
    svg = browser.evaluate("document.querySelector('.mermaid svg').outerHTML")
    assert "flowchart" in svg and "<g" in svg  # Mermaid's own drawing, not a stand-in


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@needs_chromium
def test_offline_real_es_module_over_http(tmp_path: Path, mermaid_dist: Path) -> None:
    src = make_project(tmp_path / "src", 'rfc_mermaid_js = "mermaid/mermaid.esm.min.mjs"\n')
    shutil.copytree(mermaid_dist, src / "mermaid",
                    ignore=shutil.ignore_patterns("mermaid.min.js"))
    build = build_site(src)
    handler = functools.partial(_Quiet, directory=str(build.outdir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    chromium = Browser(loopback=True)  # loopback only: the test server
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        assert_all_drawn(chromium, f"{base}/native/0042-optimizer-offload.html", 1)
        remote = [u for u in chromium.requests if not u.startswith((base, "data:"))]
        assert remote == []
    finally:
        chromium.close()
        server.shutdown()
        server.server_close()
