"""The ``rfc`` domain: roles, their warnings, objects.inv, Sphinx's own
``:rfc:`` role.  (``suppress_warnings`` per subtype: test_checks.py.)"""

from __future__ import annotations

import re

import pytest
from conftest import Build, BuildFn, parse_warnings
from sphinx.util.inventory import InventoryFile

FILES = {
    "index.rst": """\
Index
=====

See :rfc:ref:`RFC-0001`, :rfc:ref:`the offload RFC <RFC-0002>` and
:rfc:ref:`RFC-0404`.

Modules: :rfc:mod:`optimizer`, :rfc:mod:`trainer`, :rfc:mod:`nosuch`.

IETF: :rfc:`2119`.
""",
    "one.rst": "First\n=====\n\n.. rfc:: RFC-0001\n   :status: accepted\n   :modules: optimizer\n",
    "two.md": """\
# Second

```{rfc} RFC-0002
:status: draft
```

Back to {rfc:ref}`RFC-0001`, module {rfc:mod}`optimizer`, missing {rfc:ref}`RFC-0003`.
""",
}
CONF = 'rfc_modules = ["optimizer", "trainer"]\nrfc_required_sections = []\n'


@pytest.fixture
def app(build: BuildFn) -> Build:
    return build(FILES, conf=CONF)


def test_roles_resolve_with_title_and_status(app: Build) -> None:
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert re.search(
        r'<a class="reference internal" href="one.html" title="First \(Accepted\)">'
        r'<code[^>]*><span class="pre">RFC-0001</span>',
        html,
    )
    assert re.search(r'href="two.html" title="Second \(Draft\)"><code[^>]*>.*?the.*?offload', html)
    # IETF RFCs keep working through Sphinx's own role
    assert "https://datatracker.ietf.org/doc/html/rfc2119.html" in html
    md = (app.outdir / "two.html").read_text(encoding="utf-8")
    assert 'href="one.html" title="First (Accepted)"' in md


def test_unknown_targets_have_own_subtypes_and_lines(app: Build) -> None:
    found = {(f, line, sub) for f, line, sub, _ in app.rfc_warnings()}
    assert found == {
        ("index.rst", 4, "rfc.unknown-rfc"),
        ("index.rst", 7, "rfc.unknown-module"),
        ("two.md", 7, "rfc.unknown-rfc"),
    }
    # no generic missing-reference warnings for our roles
    assert not [w for w in parse_warnings(app.warnings) if w[2].startswith("ref.")]


def test_objects_inventory(app: Build) -> None:
    inv = InventoryFile.load(
        (app.outdir / "objects.inv").open("rb"), "https://x.example", lambda *a: "/".join(a)
    )
    data = inv if isinstance(inv, dict) else inv.data  # type: ignore[attr-defined]
    rfcs = data["rfc:rfc"]
    assert set(rfcs) == {"RFC-0001", "RFC-0002"}
    entry = rfcs["RFC-0001"]
    uri = entry[2] if isinstance(entry, tuple) else entry.uri
    assert uri.endswith("one.html")
    assert {"optimizer", "trainer"} <= set(data["rfc:module"])


def test_navigation_directive_problems_are_kept_with_the_rfc(build: BuildFn) -> None:
    """A bad option of rfc-index / rfc-graph / rfc-module is warned once and
    kept: in domain.problems() (so in rfcs.json and sphinx-rfc check), with
    the RFC of the page when there is one."""
    import json

    app = build({
        "index.rst": "I\n=\n\n.. rfc-index::\n   :sort: sideways\n",
        "one.rst": "One\n===\n\n.. rfc:: RFC-0001\n\n.. rfc-graph::\n   :direction: up\n",
    }, conf=CONF)
    warned = {(f, line, sub) for f, line, sub, _ in app.rfc_warnings()}
    assert warned == {("index.rst", 4, "rfc.invalid-value"), ("one.rst", 6, "rfc.invalid-value")}
    kept = {(p.source, p.line, p.subtype, p.rfc_id) for p in app.env.get_domain("rfc").problems()}
    assert kept == {("index.rst", 4, "invalid-value", None), ("one.rst", 6, "invalid-value", "RFC-0001")}
    data = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))
    (rfc,) = data["rfcs"]
    assert [(p["source"], p["line"], p["subtype"]) for p in rfc["problems"]] == [
        ("one.rst", 6, "invalid-value")
    ]
    # warned once, not once per write
    assert app.warnings.count("rfc.invalid-value") == 2
