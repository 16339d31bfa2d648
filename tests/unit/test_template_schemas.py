"""The template reader gives what it gave: every shipped template's and test
root template's schema, and the parts of every document of the test roots,
equal to ``tests/data/template_schemas.json`` (written by
``tools/template_schemas.py`` before the reader moved onto markdown-it-py and
docutils).  After a deliberate change, write the snapshot again and review
its diff."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("template_schemas",
                                                  ROOT / "tools/template_schemas.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
BEFORE = json.loads(TOOL.SNAPSHOT.read_text(encoding="utf-8"))
NOW = json.loads(json.dumps(TOOL.dump()))


def test_the_snapshot_covers_templates_and_documents() -> None:
    assert len(BEFORE["schemas"]) >= 15
    assert any(k.endswith(".rst@2") for k in BEFORE["schemas"])
    assert len(BEFORE["documents"]) > 150
    assert sum(1 for k in BEFORE["documents"] if k.endswith(".rst")) > 30
    assert set(NOW["schemas"]) == set(BEFORE["schemas"])
    assert set(NOW["documents"]) == set(BEFORE["documents"])


@pytest.mark.parametrize("key", sorted(BEFORE["schemas"]))
def test_schema_unchanged(key: str) -> None:
    assert "error" not in NOW["schemas"][key]
    assert NOW["schemas"][key] == BEFORE["schemas"][key]


@pytest.mark.parametrize("key", sorted(BEFORE["documents"]))
def test_document_parts_unchanged(key: str) -> None:
    assert NOW["documents"][key] == BEFORE["documents"][key]
