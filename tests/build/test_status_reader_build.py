"""The status the one reader of declared fields gives (the history,
``sphinx-rfc status``, ``diff``: tests/unit/test_status_reader.py) is the
status the build gives the same files, in rfcs.json."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import sphinx_build, write_project
from declared_fields import FILES

from sphinx_rfc.check.changes import structured_data
from sphinx_rfc.read.history import status_in_text
from sphinx_rfc.spec.vocabulary import STATUSES

CONF = (
    'rfc_documents = ["rfcs/*"]\n'
    'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n'
)
INDEX = "Index\n=====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n"
#: a leading ``Key: value`` list the build reads with the template that
#: has one (``madr``, ``rust-rfc``) only: not in this default-template project
LISTS = {"madr list", "rust preamble"}


#: the cases this default-template project builds
CASES = [case for case in FILES if case not in LISTS]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """rfcs.json's records of one build of every case, by docname."""
    files = {f"rfcs/{FILES[case][0]}": FILES[case][1] for case in CASES}
    docs = write_project(tmp_path_factory.mktemp("status") / "docs",
                         {"index.rst": INDEX, **files}, CONF)
    build = sphinx_build(docs)
    exported = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    by_doc = {r["docname"]: r for r in exported["rfcs"]}
    assert len(by_doc) == len(files)
    return by_doc


def _record(by_doc: dict[str, dict[str, Any]], case: str) -> dict[str, Any]:
    return by_doc["rfcs/" + FILES[case][0].rpartition(".")[0]]


def test_the_build_reads_the_status_the_reader_reads(built: dict[str, dict[str, Any]]) -> None:
    assert len(CASES) > 5
    for case in CASES:
        name, text, status, _fields = FILES[case]
        suffix = "." + name.rpartition(".")[2]
        record = _record(built, case)
        assert record["status"] == status, case
        assert status_in_text(text, STATUSES, suffix=suffix) == record["status"], case
        assert structured_data(text, suffix).status == record["status"], case


def test_the_build_reads_the_fields_diff_reads(built: dict[str, dict[str, Any]]) -> None:
    """The declared fields beyond the status: what ``sphinx-rfc diff``
    reads from the text (check/field_places) is what the build's docutils
    reader gives the record (read/frontmatter, read/basic_info), for every
    way of declaring them."""
    cases = [case for case in CASES if FILES[case][3]]
    assert len(cases) > 5
    for case in cases:
        name, text, _status, fields = FILES[case]
        record = _record(built, case)
        read = structured_data(text, "." + name.rpartition(".")[2]).fields
        assert {k: read.get(k) for k in fields} == fields, case
        given = {k: ", ".join(v) if isinstance(v, list) else v
                 for k, v in record.items() if k in fields}
        assert given == fields, case
