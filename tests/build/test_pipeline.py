"""The read pipeline's contract (sphinx_rfc.read.collector): the collector is
the one ``doctree-read`` handler and emits ``rfc-record-read(app, doctree,
record, tables, rows)``; what a handler returns is stored and reported with
the record's problems, once."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import sphinx_build, write_project

from sphinx_rfc.store.domain import get_domain

# A subscriber as a third-party extension would write it: it records what
# it was given and returns one problem per verification row it can find.
PROBE = '''
from docutils import nodes
from sphinx_rfc.model.problems import Problem

SEEN = []


def on_record_read(app, doctree, record, tables, rows):
    rfc_rows = [*record.verification.levels, *record.verification.interactions] if record else []
    found = {id(r): rows.get(id(r)) for r in rfc_rows}
    SEEN.append({
        "docname": app.env.docname,
        "record": record.id if record else None,
        "tables": [t.directive for t in tables],
        "rows": len(rows),
        "found": all(isinstance(n, nodes.row) and n.document is doctree for n in found.values()),
        "stored": app.env.docname in app.env.get_domain("rfc").rfcs,
    })
    return [Problem("placeholder", f"probe saw row {r.level!r}", record.source, r.line)
            for r in record.verification.levels] if record else None


def setup(app):
    app.connect("rfc-record-read", on_record_read)
    return {"parallel_read_safe": True}
'''

VERIFICATION = (
    "   =====  =====  ========  =============  ======\n"
    "   Level  Count  Coverage  Pass criteria  Tests\n"
    "   =====  =====  ========  =============  ======\n"
    "   UT     1      API       all pass       test_a\n"
    "   IT     1      API       all pass       test_b\n"
    "   =====  =====  ========  =============  ======\n"
)
DIRECTIVE = "T\n=\n\n.. rfc:: RFC-0001\n\nVerification\n------------\n\n.. rfc-verification::\n\n"
NATIVE = """# RFC-0002: Native

| Field | Value |
|---|---|
| RFC | RFC-0002 |
| Status | draft |

## Verification

| Level | Count | Coverage | Pass criteria | Tests |
|---|---|---|---|---|
| UT | 1 | API | all pass | test_c |
"""
NOT_AN_RFC = "Notes\n=====\n\n.. rfc-verification::\n\n" + VERIFICATION
CONF = (
    "import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n"
    'extensions.append("rfc_pipeline_probe")\n'
    'rfc_documents = ["rfcs/*"]\n'
    "rfc_required_sections = []\nrfc_required_test_levels = []\n"
)


def test_subscribers_get_the_record_tables_and_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))  # (conf.py adds to it)
    src = write_project(tmp_path / "src", {
        "rfc_pipeline_probe.py": PROBE,
        "index.rst": DIRECTIVE + VERIFICATION + "\n.. toctree::\n\n   rfcs/0002-native\n   notes\n",
        "rfcs/0002-native.md": NATIVE,
        "notes.rst": NOT_AN_RFC,
    }, CONF)
    built = sphinx_build(src)
    seen = {s["docname"]: s for s in sys.modules.pop("rfc_pipeline_probe").SEEN}
    assert seen == {
        # before storing; every row found, in this doctree, through rows
        "index": {"docname": "index", "record": "RFC-0001", "tables": ["rfc-verification"],
                  "rows": 2, "found": True, "stored": False},
        # a template-native RFC: no directive, its rows all the same
        "rfcs/0002-native": {"docname": "rfcs/0002-native", "record": "RFC-0002", "tables": [],
                             "rows": 1, "found": True, "stored": False},
        # not an RFC, but it holds a table directive
        "notes": {"docname": "notes", "record": None, "tables": ["rfc-verification"],
                  "rows": 2, "found": True, "stored": False},
    }
    # returned problems: the record's ID, logged once, stored, exported
    probe_warnings = [w for w in built.rfc_warnings() if "probe saw" in w[3]]
    index = (src / "index.rst").read_text("utf-8").splitlines()
    assert sorted((w[0], w[1], w[3]) for w in probe_warnings) == [
        ("0002-native.md", NATIVE.splitlines().index("| UT | 1 | API | all pass | test_c |") + 1,
         "RFC-0002: probe saw row 'UT'"),
        ("index.rst", index.index("   UT     1      API       all pass       test_a") + 1,
         "RFC-0001: probe saw row 'UT'"),
        ("index.rst", index.index("   IT     1      API       all pass       test_b") + 1,
         "RFC-0001: probe saw row 'IT'"),
    ]
    stored = [p for p in get_domain(built.app.env).problems() if "probe saw" in p.message]
    assert {(p.rfc_id, p.docname) for p in stored} == {
        ("RFC-0001", "index"), ("RFC-0002", "rfcs/0002-native")}
    exported = json.loads((built.outdir / "rfcs.json").read_text("utf-8"))
    assert sum("probe saw" in p["message"] for r in exported["rfcs"] for p in r["problems"]) == 3


def test_the_collector_is_the_one_doctree_read_handler(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {"index.rst": DIRECTIVE + VERIFICATION})
    built = sphinx_build(src)
    listeners = built.app.events.listeners["doctree-read"]
    ours = [listener for listener in listeners if listener.handler.__module__.startswith("sphinx_rfc")]
    assert [f"{h.handler.__module__}.{h.handler.__name__}" for h in ours] == [
        "sphinx_rfc.read.collector.on_doctree_read"]
    subscribers = {f"{h.handler.__module__}.{h.handler.__name__}"
                   for h in built.app.events.listeners["rfc-record-read"]}
    assert subscribers == {"sphinx_rfc.features.signatures.on_record_read",
                           "sphinx_rfc.features.results.on_record_read",
                           "sphinx_rfc.features.commits.on_record_read"}
